import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, fetchBrand, pageState, seedProfiles } from './helpers';

// Issue 20, items 1-2: visitor pages from the edge cache (docs/edge-cache.md). Every test uses a query of its own,
// so that no test reads another's entry (a query is part of the key).

const get = (brand: string, path: string, headers: Record<string, string> = {}, country = 'NL') =>
  fetchBrand(brand, path, { country, headers, redirect: 'manual' });

/** A page, read whole: the cache stores a copy while the answer streams. */
async function load(brand: string, path: string, headers: Record<string, string> = {}, country = 'NL') {
  const res = await get(brand, path, headers, country);
  return { res, html: await res.text(), cache: res.headers.get('x-cache'), reason: res.headers.get('x-cache-reason') };
}

/** The nonce the CSP header allows, and every nonce the page's tags carry. */
function nonces(res: Response, html: string) {
  const csp = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  const inPage = [...html.matchAll(/\snonce="([^"]+)"/g)].map((m) => m[1]);
  return { csp, inPage };
}

const T0 = Date.parse('2026-06-01T12:00:00Z');
// The cache's clock alone (X-Debug-Now would change the page, and such a request bypasses the cache).
const at = (seconds: number) => ({ 'X-Debug-Cache-Clock': new Date(T0 + seconds * 1000).toISOString() });

describe('the edge cache of visitor pages', () => {
  beforeAll(async () => {
    await seedProfiles('flirtlokaal', 'NL', 6);
    await seedProfiles('reifekontakte', 'DE', 6);
  });

  it('renders a visitor page once (MISS), then serves it from the cache (HIT) with the same content', async () => {
    const first = await load('flirtlokaal', '/?c=hit');
    expect(first.res.status).toBe(200);
    expect(first.cache).toBe('MISS');
    const second = await load('flirtlokaal', '/?c=hit');
    expect(second.cache).toBe('HIT');
    expect(second.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The browser is told to keep nothing: the edge cache is ours, a shared cache would ignore our key's cookies.
    expect(second.res.headers.get('cache-control')).toBe('private, no-store');
    expect(pageState(second.html)).toEqual(pageState(first.html));
    // Byte for byte the page the render sent (the render hands its HTML to the cache), each with its own nonce.
    const withoutNonces = (html: string) => html.replace(/\snonce="[^"]+"/g, '');
    expect(withoutNonces(second.html)).toBe(withoutNonces(first.html));
  });

  it('writes a page to the shared cache when it is asked for again, and another isolate is served from it', async () => {
    // `X-Debug-Page-Cache: shared` looks in the Cache API alone, as another isolate or location would.
    const shared = { 'X-Debug-Page-Cache': 'shared' };
    const path = '/?c=shared';
    const first = await load('flirtlokaal', path);
    expect(first.cache).toBe('MISS');
    // Asked for once, the page stays in this isolate: a URL that comes once (a paid click's) costs no cache write.
    expect((await load('flirtlokaal', path, shared)).cache).toBe('MISS');
    expect((await load('flirtlokaal', path)).cache).toBe('HIT');
    // Asked for again, it is written to the Cache API after the answer; there it has the same page and, read back,
    // still gets each answer's own nonce.
    const elsewhere = await vi.waitFor(
      async () => {
        const next = await load('flirtlokaal', path, shared);
        expect(next.cache).toBe('HIT');
        return next;
      },
      { timeout: 4000, interval: 100 },
    );
    expect(pageState(elsewhere.html)).toEqual(pageState(first.html));
    const { csp, inPage } = nonces(elsewhere.res, elsewhere.html);
    expect(inPage.length).toBeGreaterThan(0);
    expect(new Set(inPage)).toEqual(new Set([csp]));
    expect(csp).not.toBe(nonces(first.res, first.html).csp);
    expect(elsewhere.res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('gives every HIT a fresh nonce that matches its own CSP header, never the stored one', async () => {
    const first = await load('flirtlokaal', '/pricing?c=nonce');
    const stored = nonces(first.res, first.html);
    expect(stored.inPage.length).toBeGreaterThan(0);
    const seen = new Set([stored.csp]);
    for (let i = 0; i < 3; i++) {
      const hit = await load('flirtlokaal', '/pricing?c=nonce');
      expect(hit.cache).toBe('HIT');
      const { csp, inPage } = nonces(hit.res, hit.html);
      expect(csp).toBeTruthy();
      expect(seen.has(csp)).toBe(false);
      seen.add(csp);
      expect(inPage).toHaveLength(stored.inPage.length);
      for (const nonce of inPage) expect(nonce).toBe(csp);
      expect(hit.res.headers.get('content-security-policy')).not.toContain("unsafe-inline'; script");
      expect(hit.res.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    }
  });

  it('keeps one entry per language: a German visitor never gets the cached Dutch page', async () => {
    const dutch = await load('flirtlokaal', '/?c=lang');
    expect(dutch.cache).toBe('MISS');
    expect(pageState(dutch.html).language).toBe('nl');
    const german = await load('flirtlokaal', '/?c=lang', { Cookie: 'i18n_redirected=de' });
    expect(german.cache).toBe('MISS');
    expect(pageState(german.html).language).toBe('de');
    expect(german.html).toContain('lang="de"');
    expect((await load('flirtlokaal', '/?c=lang', { Cookie: 'i18n_redirected=de' })).cache).toBe('HIT');
    const dutchAgain = await load('flirtlokaal', '/?c=lang');
    expect(dutchAgain.cache).toBe('HIT');
    expect(pageState(dutchAgain.html).language).toBe('nl');
  });

  it('keeps one entry per country', async () => {
    const nl = await load('reifekontakte', '/?c=country', {}, 'DE');
    const at = await load('reifekontakte', '/?c=country', {}, 'AT');
    expect(nl.cache).toBe('MISS');
    expect(at.cache).toBe('MISS');
    expect(pageState(at.html).country).toBe('AT');
    expect((await load('reifekontakte', '/?c=country', {}, 'AT')).cache).toBe('HIT');
  });

  it("never serves one brand's page to another", async () => {
    const a = await load('flirtlokaal', '/pages/terms?c=tenant');
    expect(a.cache).toBe('MISS');
    const b = await load('reifekontakte', '/pages/terms?c=tenant', {}, 'DE');
    expect(b.cache).toBe('MISS');
    expect(pageState(b.html).settings.brand.id).toBe('reifekontakte');
    expect(pageState((await load('flirtlokaal', '/pages/terms?c=tenant')).html).settings.brand.id).toBe('flirtlokaal');
  });

  it('bypasses the cache for a member, and never stores their page for visitors (nor a visitor page for them)', async () => {
    const member = await createMember('flirtlokaal');
    const visitor = await load('flirtlokaal', '/pricing?c=member');
    expect(visitor.cache).toBe('MISS');
    const asMember = await load('flirtlokaal', '/pricing?c=member', { Cookie: member.cookie });
    expect(asMember.cache).toBe('BYPASS');
    expect(asMember.reason).toBe('session');
    expect(pageState(asMember.html).user.id).toBe(member.memberId);
    const search = await load('flirtlokaal', '/members?c=member', { Cookie: member.cookie });
    expect(search.cache).toBe('BYPASS');
    // The visitor's next request is the stored visitor page, without the member.
    const after = await load('flirtlokaal', '/members?c=member');
    expect(after.cache).toBe('MISS');
    expect(pageState(after.html).user).toBeNull();
    // An expired or foreign session cookie is still a session's: bypassed, not the cached visitor page.
    expect((await load('flirtlokaal', '/members?c=member', { Cookie: 'auth=not-a-session' })).cache).toBe('BYPASS');
  });

  it('does not store an answer that sets a cookie', async () => {
    // A brand in proxy mode passes its backend's cookies on; this backend refreshes one on every page.
    const first = await load('proxypages', '/?c=cookie', {}, 'GB');
    expect(first.res.status).toBe(200);
    expect(first.res.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(first.cache).toBe('BYPASS');
    expect(first.reason).toBe('set-cookie');
    const second = await load('proxypages', '/?c=cookie', {}, 'GB');
    expect(second.cache).toBe('BYPASS');
    expect(second.res.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it('renders a URL with a traffic source every time, so its cookie is always set', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('flirtlokaal', '/landers/gallery?network=adnet&ref=c1');
      await res.text();
      expect(res.headers.get('x-cache')).toBe('BYPASS');
      expect(res.headers.get('x-cache-reason')).toBe('traffic-source');
      expect(res.headers.getSetCookie().some((c) => c.startsWith('ts='))).toBe(true);
    }
  });

  it('does not store a 404, a redirect or a member-only page', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await load('flirtlokaal', '/pages/no-such-page?c=404');
      expect(missing.res.status).toBe(404);
      expect(missing.cache).toBe('BYPASS');
      expect(missing.reason).toBe('status');
    }
    // Visitor search is off at reifekontakte: the login page instead, never stored.
    for (let i = 0; i < 2; i++) {
      const redirect = await load('reifekontakte', '/members?c=redirect', {}, 'DE');
      expect(redirect.res.status).toBe(302);
      expect(redirect.cache).toBe('BYPASS');
    }
    const login = await load('flirtlokaal', '/chats?c=member-page');
    expect(login.cache).toBe('BYPASS');
    expect(login.reason).toBe('route');
  });

  it('shows the entry warning to a visitor without the cookie, and not with it, from the cache too', async () => {
    const path = '/?c=entry';
    for (let i = 0; i < 2; i++) {
      const without = await load('flirtlokaal', path);
      expect(without.cache).toBe(i === 0 ? 'MISS' : 'HIT');
      expect(without.html).toContain('data-testid="entry-warning"');
      const skipped = await load('flirtlokaal', path, { Cookie: 'entry_ok=1' });
      expect(skipped.cache).toBe(i === 0 ? 'MISS' : 'HIT');
      expect(skipped.html).not.toContain('data-testid="entry-warning"');
    }
    // The lander's own warning (no app bundle) likewise.
    const lander = await load('flirtlokaal', '/landers/gallery?c=entry');
    const landerHit = await load('flirtlokaal', '/landers/gallery?c=entry');
    expect(landerHit.cache).toBe('HIT');
    const noNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(noNonce(landerHit.html)).toBe(noNonce(lander.html));
    expect(landerHit.html).toContain('class="ew-open"');
    expect((await load('flirtlokaal', '/landers/gallery?c=entry', { Cookie: 'entry_ok=1' })).cache).toBe('MISS');
  });

  it('serves a stale page after a minute while it renders a new one once; after the stale window it renders anew', async () => {
    const path = '/pricing?c=stale';
    expect((await load('flirtlokaal', path, at(0))).cache).toBe('MISS');
    const fresh = await load('flirtlokaal', path, at(30));
    expect(fresh.cache).toBe('HIT');
    expect(fresh.reason).toBe('fresh');
    expect(fresh.res.headers.get('age')).toBe('30');
    // Ninety seconds on: the stored page at once, and a new one rendered in the background.
    const stale = await load('flirtlokaal', path, at(90));
    expect(stale.cache).toBe('HIT');
    expect(stale.reason).toBe('stale');
    expect(stale.res.headers.get('age')).toBe('90');
    // The revalidation (in waitUntil, after the stale answer) stores a page made at 90 s: fresh again. A busy
    // machine may answer the next request before it lands; until then the same stale entry comes back, and only
    // one revalidation runs for it.
    const renewed = await vi.waitFor(
      async () => {
        const next = await load('flirtlokaal', path, at(100));
        expect(next.reason).toBe('fresh');
        return next;
      },
      { timeout: 4000, interval: 100 },
    );
    expect(renewed.cache).toBe('HIT');
    expect(renewed.res.headers.get('age')).toBe('10');
    // Past the stale window (60 + 240 s) an entry is not served.
    expect((await load('flirtlokaal', path, at(100 + 301))).cache).toBe('MISS');
  });

  it('stores a page the same for 30 visitors at once, and serves all of them', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => load('flirtlokaal', '/pages/faq?c=crowd')));
    for (const a of answers) {
      expect(a.res.status).toBe(200);
      expect(['MISS', 'HIT']).toContain(a.cache);
    }
    const after = await load('flirtlokaal', '/pages/faq?c=crowd');
    expect(after.cache).toBe('HIT');
    expect(pageState(after.html)).toEqual(pageState(answers[0].html));
  });

  it('gives every kind of answer an explicit Cache-Control (issue 20 item 3)', async () => {
    const expected: [string, string, string | RegExp][] = [
      ['flirtlokaal', '/healthz', 'private, no-store'],
      ['flirtlokaal', '/chats', 'private, no-store'], // a redirect to the login page
      ['flirtlokaal', '/no-such-path', 'private, no-store'],
      ['flirtlokaal', '/favicon.svg', 'public, max-age=86400'],
      ['flirtlokaal', '/manifest.webmanifest', 'public, max-age=3600'],
      ['flirtlokaal', '/icons/icon-192.png', 'public, max-age=86400'],
      ['flirtlokaal', '/offline', 'no-cache'],
      ['flirtlokaal', '/api/user.php', 'private, no-store'],
      ['no-such-brand', '/', 'private, no-store'],
    ];
    for (const [brand, path, cacheControl] of expected) {
      const res = await get(brand, path);
      await res.arrayBuffer();
      expect(res.headers.get('cache-control'), path).toBe(cacheControl);
    }
    const state = pageState((await load('flirtlokaal', '/?c=catalogue')).html);
    expect((await get('flirtlokaal', state.catalogueUrl)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
