import { describe, expect, it } from 'vitest';
import ASSETS from 'virtual:client-assets';
import nl from '../../locales/nl.json';
import en from '../../locales/en.json';
import type { Catalogue } from '../../core/state';
import { createMember, fetchBrand, pageState, seedProfiles } from './helpers';

// The home page carries only the entry bundle's catalogue keys; the rest comes from a versioned URL before any
// lazy code renders (docs/decisions/006-catalogue-splitting.md).

function flatten(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

const lookup = (catalogue: Catalogue, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);

/** Keys that only lazy code uses: the login screen, the signup flow, the information pages, the reminder. */
const LAZY_ONLY = [
  'login.title',
  'login.submit',
  'signup.steps.location',
  'complaints.title',
  'pages.version',
  'warnings.activate',
  'activation.modal_title',
];

describe('home page weight', () => {
  it('inlines only the keys the entry bundle uses, and says where the rest is', async () => {
    await seedProfiles('flirtlokaal', 'NL', 6);
    const state = pageState(await (await fetchBrand('flirtlokaal', '/', { country: 'NL' })).text());
    const keys = flatten(state.catalogue);
    for (const key of LAZY_ONLY) expect(keys, key).not.toContain(key);
    for (const key of ['home.cta_signup', 'nav.login', 'footer.terms', 'search.submit', 'common.loading', 'entry_warning.title']) {
      expect(lookup(state.catalogue, key), key).toBe(lookup(nl, key));
    }
    expect(keys.length).toBeLessThan(flatten(nl).length / 4);
    expect(state.catalogueUrl).toMatch(/^\/i18n\/nl\.[a-z0-9]+\.json$/);
  });

  it('inlines every key the entry sources name', async () => {
    const state = pageState(await (await fetchBrand('flirtlokaal', '/', { country: 'NL' })).text());
    const named = ASSETS.entryKeys.keys.filter((key) => typeof lookup(nl, key) === 'string');
    expect(named.length).toBeGreaterThan(30);
    for (const key of named) expect(lookup(state.catalogue, key), key).toBe(lookup(nl, key));
  });

  it('serves the whole catalogue at that URL, cached for a year; an old version is gone', async () => {
    const state = pageState(await (await fetchBrand('velvetnights', '/', { country: 'GB' })).text());
    expect(state.catalogueUrl).toMatch(/^\/i18n\/en\./);
    const res = await fetchBrand('velvetnights', state.catalogueUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.json()).toEqual(en);
    expect((await fetchBrand('velvetnights', '/i18n/en.0000.json')).status).toBe(404);
    expect((await fetchBrand('velvetnights', state.catalogueUrl.replace('/en.', '/xx.'))).status).toBe(404);
  });

  it('renders a lazy screen translated and in place, sending only the entry keys (the browser loads the rest before hydrating)', async () => {
    for (const [path, key] of [
      ['/login', 'login.title'],
      ['/pages/terms', 'pages.version'],
    ] as const) {
      const html = await (await fetchBrand('flirtlokaal', path, { country: 'NL' })).text();
      const state = pageState(html);
      expect(state.catalogueUrl, path).toMatch(/^\/i18n\/nl\./);
      expect(lookup(state.catalogue, key), path).toBeUndefined();
      expect(html, path).not.toContain('<!--$?-->');
    }
    const login = await (await fetchBrand('flirtlokaal', '/login', { country: 'NL' })).text();
    expect(login).toContain(lookup(nl, 'login.title') as string);
  });

  it('sends the home page complete, not a loading fallback swapped in by a script', async () => {
    const html = await (await fetchBrand('flirtlokaal', '/', { country: 'NL' })).text();
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toMatch(/<div hidden id="S:/);
    expect(html).not.toContain(`>${lookup(nl, 'common.loading')}<`);
    expect(html).toContain('data-testid="cta-signup"');
  });

  it('renders a lazy part of the layout translated on the server (the activation reminder)', async () => {
    const { cookie } = await createMember('flirtlokaal', { status: 'not_confirmed' });
    const html = await (await fetchBrand('flirtlokaal', '/members', { country: 'NL', headers: { Cookie: cookie } })).text();
    expect(html).toContain(lookup(nl, 'warnings.activate') as string);
    const state = pageState(html);
    expect(lookup(state.catalogue, 'warnings.activate')).toBeUndefined();
    expect(state.catalogueUrl).toMatch(/^\/i18n\/nl\./);
  });

  it("fetches the first row's photos first and the cards below the first screen only when near it", async () => {
    await seedProfiles('flirtlokaal', 'NL', 6);
    const { cookie } = await createMember('flirtlokaal');
    const html = await (await fetchBrand('flirtlokaal', '/members', { country: 'NL', headers: { Cookie: cookie } })).text();
    const grid = /data-testid="result-cards"(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
    const photos = [...grid.matchAll(/<img [^>]*>/g)].map(([img]) => [
      /loading="(\w+)"/.exec(img)?.[1],
      /fetchpriority="(\w+)"/i.exec(img)?.[1],
    ]);
    expect(photos.length).toBeGreaterThanOrEqual(5);
    expect(photos.slice(0, 5)).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', undefined],
      ['eager', undefined],
      ['lazy', undefined],
    ]);
    expect(photos.slice(5).every(([loading, priority]) => loading === 'lazy' && priority === undefined)).toBe(true);
  });

  it('gives the 404 page the entry keys too', async () => {
    const res = await fetchBrand('flirtlokaal', '/no-such-page', { country: 'NL' });
    expect(res.status).toBe(404);
    const state = pageState(await res.text());
    expect(lookup(state.catalogue, 'error.not_found')).toBe(lookup(nl, 'error.not_found'));
    expect(state.catalogueUrl).toMatch(/^\/i18n\/nl\./);
  });
});
