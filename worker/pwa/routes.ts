import { brandText } from '../../core/rules/brand-text';
import { Hono } from 'hono';
import type { Tenant } from '../../core/schemas/tenant';
import type { AppEnv } from '../context';
import { html, raw } from 'hono/html';
import { ICONS, iconPng, type IconKind } from './icons';

/** The installable app (SPEC.md §1): the brand's web app manifest, its icons, and the page shown offline. */
export const pwa = new Hono<AppEnv>();

export function manifestFor(tenant: Tenant) {
  const { settings, look } = tenant;
  return {
    id: '/?source=pwa',
    name: settings.name,
    short_name: look.short_name,
    // The manifest is the brand's, in its own language (it declares lang: domain_language).
    description: brandText(settings.description, settings.domain_language, settings.domain_language),
    lang: settings.domain_language,
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: look.colors.primary,
    background_color: look.colors.secondary,
    categories: ['social', 'lifestyle'],
    icons: (Object.keys(ICONS) as IconKind[]).map((kind) => ({
      src: `/icons/${kind}.png`,
      sizes: `${ICONS[kind].size}x${ICONS[kind].size}`,
      type: 'image/png',
      purpose: ICONS[kind].maskable ? 'maskable' : 'any',
    })),
  };
}

pwa.get('/manifest.webmanifest', (c) =>
  c.body(JSON.stringify(manifestFor(c.get('tenant'))), 200, {
    'Content-Type': 'application/manifest+json; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
  }),
);

pwa.get('/icons/:file{[a-z0-9-]+\\.png}', async (c, next) => {
  const kind = c.req.param('file').replace(/\.png$/, '') as IconKind;
  if (!Object.hasOwn(ICONS, kind)) return next();
  const png = await iconPng(c.get('tenant'), kind);
  return c.body(png.slice().buffer as ArrayBuffer, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' });
});

// Lucide's wifi-off (ISC licence), inline: the page has no stylesheet or icon font to draw it, and an emoji is a box
// on a phone without an emoji font.
const OFFLINE_ICON = raw(
  '<svg aria-hidden="true" width="48" height="48" viewBox="0 0 24 24" style="color:#6c757d;margin:0 0 8px"><path fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M12 20h.01M8.5 16.429a5 5 0 0 1 7 0M5 12.859a10 10 0 0 1 5.17-2.69m8.83 2.69a10 10 0 0 0-2.007-1.523M2 8.82a15 15 0 0 1 4.177-2.643M22 8.82a15 15 0 0 0-11.288-3.764M2 2l20 20"/></svg>',
);

/**
 * The page the service worker (public/sw.js) shows for a navigation without a network: self-contained (inline
 * styles, no script) in the visitor's language. The page stores it in the cache after a first visit. No Vary
 * header: the cache must find it by its URL alone.
 */
pwa.get('/offline', (c) => {
  const tenant = c.get('tenant');
  const t = c.get('t');
  const { primary, secondary } = tenant.look.colors;
  const page = html`<!doctype html>
<html lang="${c.get('language')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('offline.title')} · ${tenant.settings.name}</title><meta name="theme-color" content="${primary}">
<style>body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f6f3f5;color:#212529}
header{background:${primary};color:#fff;padding:12px 16px;font-size:1.25rem;font-weight:800}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:24px}
.card{max-width:420px;background:#fff;border-radius:16px;padding:28px;text-align:center;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{margin:0 0 12px;font-size:1.5rem;color:${secondary}}p{line-height:1.5;margin:0 0 20px}
a.btn{display:inline-block;background:${primary};color:#fff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:8px}</style>
</head><body><header>${tenant.look.logo_text}</header>
<main id="main"><div class="card" data-testid="offline-page">${OFFLINE_ICON}
<h1>${t('offline.title')}</h1><p>${t('offline.text')}</p><a class="btn" href="">${t('offline.retry')}</a></div></main>
</body></html>`;
  return c.body(page.toString(), 200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Language': c.get('language'),
    'Cache-Control': 'no-cache',
  });
});
