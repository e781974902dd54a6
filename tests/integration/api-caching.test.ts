import { describe, expect, it } from 'vitest';
import { call } from './account-helpers';
import { createMember, fetchBrand } from './helpers';

const BRAND = 'flirtlokaal';
const NO_STORE = 'private, no-store';

/** Every answer that depends on the session: it must never sit in a browser's or a proxy's cache. */
const PERSONAL: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/user.php'],
  ['GET', '/api/chats.php'],
  ['GET', '/api/chat.php?id=1'],
  ['GET', '/api/orders.php'],
  ['GET', '/api/order.php?id=1'],
  ['GET', '/api/my-profile.php'],
  ['GET', '/api/notifications.php'],
  ['GET', '/api/likes.php'],
  ['GET', '/api/swipe.php'],
  ['GET', '/api/match-finder.php'],
  ['GET', '/api/photos.php'],
  ['GET', '/api/discountcode.php?welcome=true'],
  ['GET', '/api/search.php'],
  ['GET', '/api/profile.php?id=1'],
  ['GET', '/api/featured.php'],
  ['GET', '/api/auto-like.php'],
  ['PUT', '/api/notifications.php', { email: { messages: true } }],
  ['POST', '/api/user.php', { email: 'nobody@example.com', password: 'wrong-password-1' }],
  ['GET', '/api/logout.php'],
];

describe('Cache-Control of /api answers', () => {
  it('marks every personal answer private, no-store (as a member and as a visitor)', async () => {
    const member = await createMember(BRAND, { credits: 10 });
    for (const [method, path, body] of PERSONAL) {
      for (const cookie of [member.cookie, undefined]) {
        const res = await call(BRAND, method, path, body, cookie, { 'X-Request-Type': 'client' });
        await res.body?.cancel();
        expect(res.headers.get('Cache-Control'), `${method} ${path} ${cookie ? 'member' : 'visitor'} (${res.status})`).toBe(NO_STORE);
      }
    }
  });

  it('says what may be cached of the public reference data', async () => {
    const member = await createMember(BRAND);
    const expectations: [path: string, cacheControl: string, vary?: string][] = [
      ['/api/settings.php', 'private, max-age=300', 'Cookie'],
      ['/api/packages.php', 'private, max-age=300', 'Cookie'],
      ['/api/regions.php', 'public, max-age=86400'],
      ['/api/companyinfo.php', 'public, max-age=3600'],
      ['/api/interests.php', 'private, max-age=86400', 'Cookie'],
      ['/api/pages.php?page=terms', 'private, max-age=600', 'Cookie'],
    ];
    for (const [path, cacheControl, vary] of expectations) {
      const res = await call(BRAND, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toBe(cacheControl);
      if (vary) expect(res.headers.get('Vary'), path).toContain(vary);
    }
    // A member's packages carry the member's mandate and last package: personal.
    expect((await call(BRAND, 'GET', '/api/packages.php', undefined, member.cookie)).headers.get('Cache-Control')).toBe(NO_STORE);
  });

  it('never lets an error be cached', async () => {
    for (const path of ['/api/regions.php?country=ZZ', '/api/geocode.php?lat=x', '/api/nothing-here.php', '/api/pages.php?page=nope']) {
      // An unknown call has no contract: its 404 is checked by pages.test.ts.
      const res = path === '/api/nothing-here.php' ? await fetchBrand(BRAND, path, { unchecked: true }) : await call(BRAND, 'GET', path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('Cache-Control'), path).toBe(NO_STORE);
    }
    // A refusal of the CSRF check, before any route.
    const csrf = await fetchBrand(BRAND, '/api/complaints.php', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
    });
    expect(csrf.status).toBe(403);
    expect(csrf.headers.get('Cache-Control')).toBe(NO_STORE);
  });

  it("holds a brand's own backend (proxy mode) to the same rule", async () => {
    // The upstream marks its personal answer cacheable: that cannot reach the browser.
    // The fake upstream's echo, not a contract answer (so are the answers below).
    const personal = await fetchBrand('proxied', '/api/user.php?cache=public,max-age=600', { unchecked: true });
    expect(personal.headers.get('Cache-Control')).toBe(NO_STORE);
    const missing = await fetchBrand('proxied', '/api/missing.php?cache=public,max-age=600&nocookie=1', { unchecked: true });
    expect(missing.headers.get('Cache-Control')).toBe(NO_STORE);
    // On the allow-list the upstream decides, unless it sets a cookie.
    const settings = await fetchBrand('proxied', '/api/settings.php?cache=private,max-age=60&nocookie=1', { unchecked: true });
    expect(settings.headers.get('Cache-Control')).toBe('private,max-age=60');
    const withCookie = await fetchBrand('proxied', '/api/settings.php?cache=private,max-age=60', { unchecked: true });
    expect(withCookie.headers.get('Cache-Control')).toBe(NO_STORE);
  });
});
