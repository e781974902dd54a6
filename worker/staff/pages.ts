import { Hono } from 'hono';
import type { Tenant } from '../../core/schemas/tenant';
import { staffLanguage, type StaffBoot, type StaffBrandInfo } from '../../core/staff-boot';
import { labelOf } from './answering/profiles';
import type { AppContext, AppEnv } from '../context';
import { knownTenants } from '../tenants';
import ASSETS from 'virtual:client-assets';
import { brandsOf } from '../auth/staff-session';
import { proxyBackendOf, staffBrandName } from './brand-name';
import { staffShell } from './shell';
import { siteOrigin } from '../brand-origin';

/** Pages a visitor without a staff session may open: everything else sends them to the login. */
const OPEN_PATHS = new Set(['/staff/login', '/staff/setup']);

function brandInfo(c: AppContext, tenant: Tenant, among: string[]): StaffBrandInfo {
  const origin = siteOrigin(c, tenant);
  const cdn = tenant.settings.cdn_prefix;
  return {
    id: tenant.id,
    name: staffBrandName(tenant, among),
    origin,
    // A path on another brand's site is not one on this host: its photos come through /staff/media/<brand>/ here
    // (worker/photos/media-route.ts), same-origin, so the staff cookie and the page's CSP allow them.
    cdn: cdn.startsWith('/') && tenant.id !== c.get('tenant').id ? `/staff/media/${tenant.id}/` : cdn,
    fictional: labelOf(tenant),
    countries: tenant.settings.countries,
    proxy_backend: proxyBackendOf(tenant),
  };
}

function page(c: AppContext): Response {
  const tenant = c.get('tenant');
  const staff = c.get('staff');
  const path = c.req.path.replace(/\/+$/, '') || '/staff';
  if (!staff && !OPEN_PATHS.has(path)) return c.redirect('/staff/login', 302);
  if (staff && path === '/staff/login') return c.redirect('/staff', 302);
  const brands = staff ? knownTenants().filter((t) => brandsOf(staff).includes(t.id)) : [tenant];
  const boot: StaffBoot = {
    brand: tenant.id,
    language: staffLanguage(tenant.settings.domain_language),
    brands: brands.map((b) =>
      brandInfo(
        c,
        b,
        brands.map((x) => x.id),
      ),
    ),
  };
  const html = staffShell({
    boot,
    title: `${tenant.settings.name} staff`,
    nonce: c.get('nonce'),
    primary: tenant.look.colors.primary,
    assets: ASSETS.staff,
    dev: ASSETS.dev,
  });
  return c.html(html, 200, { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', Vary: 'Cookie' });
}

/**
 * The staff workspace's pages (issue 14): one small shell for every path under /staff; the workspace's own client
 * (client/staff) renders the screen. Its data comes from /api/staff/*.php, which checks the session and role itself.
 */
export const staffPages = new Hono<AppEnv>();
staffPages.get('/staff', page);
staffPages.get('/staff/*', page);
