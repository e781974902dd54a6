import { describe, expect, it } from 'vitest';
import { fetchBrand, pageState } from './helpers';

declare const __TEST_UPSTREAM_PORT__: number;

/** How many calls the fake backend saw for a key (tests/integration/upstream-server.ts). */
async function upstreamCount(key: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${__TEST_UPSTREAM_PORT__}/__count?key=${encodeURIComponent(key)}`);
  return (await res.json<{ count: number }>()).count;
}

const page = (path: string, cookie: string, init: { country?: string; method?: string } = {}) =>
  fetchBrand('proxypages', path, { headers: { Cookie: cookie }, redirect: 'manual', ...init });

// Issue 16, item 2: a brand in proxy mode renders its pages from its backend's API, not from the built-in D1.
describe('pages of a brand in proxy mode', () => {
  it("knows the member from the backend's user.php, asked once per page however many parts need it", async () => {
    const res = await page('/chats/5', 'auth=member; test=identity');
    expect(res.status).toBe(200);
    const state = pageState(await res.text());
    expect(state.user.email).toBe('upstream-member@backend.example');
    expect(state.user.credits).toBe(77);
    // The guard, the conversation's loader and the page state all needed the member: one call.
    expect(await upstreamCount('/api/user.php|identity')).toBe(1);
    expect(await upstreamCount('/api/chat.php|identity')).toBe(1);
  });

  it("passes the backend's cookies to the browser host-only", async () => {
    const res = await page('/chats/5', 'auth=member; test=cookies');
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('upstream_session=fresh'))).toBe(true);
    expect(cookies.join('\n')).not.toMatch(/domain=/i);
  });

  it('sends a visitor, or a member the backend no longer knows, to the login page', async () => {
    const visitor = await page('/chats/5', 'test=visitor');
    expect(visitor.status).toBe(302);
    // The login returns to the page afterwards (issue 18 item 5).
    expect(visitor.headers.get('location')).toBe('/login?next=%2Fchats%2F5');
    const expired = await page('/chats/5', 'auth=expired; test=expired');
    expect(expired.status).toBe(302);
    expect(expired.headers.get('location')).toBe('/login?next=%2Fchats%2F5');
    // The backend's 401 on the page's own data is the login page too.
    const loader = await page('/chats/401', 'auth=member; test=loader401');
    expect(loader.status).toBe(302);
    expect(loader.headers.get('location')).toBe('/login?next=%2Fchats%2F401');
  });

  it("turns the backend's 404 into the 404 page", async () => {
    const res = await page('/chats/404', 'auth=member; test=nf');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This page could not be found');
  });

  it('answers a 5xx with the generic error page (502), without the backend text', async () => {
    const res = await page('/chats/500', 'auth=member; test=five');
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('An error occurred, please try again later.');
    expect(html).not.toContain('PDOException');
  });

  it('answers a backend that does not answer in time with the generic error page (504)', async () => {
    const res = await page('/chats/999', 'auth=member; test=slow');
    expect(res.status).toBe(504);
    expect(await res.text()).toContain('An error occurred, please try again later.');
  });

  it("shows the search page's region filter with the backend's regions, and the page without them if it has none", async () => {
    const res = await page('/members?region=SCT', 'auth=member; test=regions');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<option value="SCT" selected="">Scotland (backend)</option>');
    expect(await upstreamCount('/api/regions.php|regions')).toBe(1);
    const without = await page('/members?region=SCT', 'auth=member; test=noregions');
    expect(without.status).toBe(200);
    const state = pageState(await without.text());
    expect(state.fallback['/api/search.php?region=SCT'].filter.region).toBe('SCT');
    expect(Object.keys(state.fallback).some((url) => url.startsWith('/api/regions.php'))).toBe(false);
  });

  it("merges the backend's settings with what the tenant file owns, and keeps them a short while", async () => {
    const before = await upstreamCount('settings|IE');
    const first = pageState(await (await page('/', 'test=settings', { country: 'IE' })).text());
    const second = pageState(await (await page('/', 'test=settings', { country: 'IE' })).text());
    // The name is the backend's; how the brand looks and its languages are the tenant file's.
    expect(first.settings.name).toBe('Upstream Nights');
    expect(first.settings.geoip_country).toBe('IE');
    expect(first.settings.brand.id).toBe('proxypages');
    expect(first.settings.brand.live).toBe('polling');
    expect(second.settings.name).toBe('Upstream Nights');
    expect(await upstreamCount('settings|IE')).toBe(before + 1);
  });
});

// Issue 16, item 4.
describe('retries to the backend', () => {
  it('retries an idempotent GET once after a lost connection', async () => {
    // /api/flaky.php is the fake upstream's, not a contract call (so are the two below).
    const res = await fetchBrand('proxypages', '/api/flaky.php', { unchecked: true, headers: { Cookie: 'test=retry-get' } });
    expect(res.status).toBe(200);
    expect(await upstreamCount('/api/flaky.php|retry-get')).toBe(2);
  });

  it('never retries a POST', async () => {
    const res = await fetchBrand('proxypages', '/api/flaky.php', {
      unchecked: true,
      method: 'POST',
      headers: { Cookie: 'test=retry-post', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(502);
    expect(await upstreamCount('/api/flaky.php|retry-post')).toBe(1);
  });

  it('does not retry a 5xx answer', async () => {
    await page('/chats/500', 'auth=member; test=five-once');
    expect(await upstreamCount('/api/chat.php|five-once')).toBe(1);
  });
});

describe('loops', () => {
  it('refuses a call that another proxy already forwarded, instead of forwarding it again', async () => {
    const res = await fetchBrand('proxypages', '/api/flaky.php', {
      unchecked: true,
      headers: { Cookie: 'test=loop', 'X-Edge-Proxy': 'proxypages' },
    });
    expect(res.status).toBe(502);
    expect(await upstreamCount('/api/flaky.php|loop')).toBe(0);
  });
});

describe('the circuit breaker', () => {
  // Issue 42 item 4: one route of the backend, opened by failures that several clients saw; never the whole brand.
  const call = (path: string, client: string) =>
    fetchBrand('proxybreaker', path, { unchecked: true, headers: { 'CF-Connecting-IP': client } });

  it('short-circuits a route that failed 5 times for 3 or more clients: the generic error at once, no call', async () => {
    for (let i = 0; i < 5; i++) {
      // The fake upstream's deliberately broken answer, which the member gets as our own error.
      const res = await call('/api/chats.php', `198.51.100.${i + 1}`);
      expect(res.status).toBe(502);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe('server_error');
    }
    expect(await upstreamCount('breaker|/api/chats.php')).toBe(5);
    const api = await call('/api/chats.php', '198.51.100.77');
    expect(api.status).toBe(502);
    expect(await upstreamCount('breaker|/api/chats.php')).toBe(5);
  });

  it("keeps the brand's other routes and its pages up while one route is open", async () => {
    for (let i = 0; i < 5; i++) await call('/api/likes.php', `198.51.100.${i + 1}`);
    const likesCalls = await upstreamCount('breaker|/api/likes.php');
    expect(await call('/api/likes.php', '198.51.100.9').then((r) => r.status)).toBe(502);
    expect(await upstreamCount('breaker|/api/likes.php')).toBe(likesCalls);
    // Another failing route is still asked (not short-circuited by likes.php's breaker)...
    await call('/api/members.php', '198.51.100.1');
    expect(await upstreamCount('breaker|/api/members.php')).toBe(1);
    // ...and the home page, whose data comes from routes that work, is served.
    const home = await fetchBrand('proxybreaker', '/', { headers: { 'CF-Connecting-IP': '198.51.100.1' } });
    expect(home.status).toBe(200);
  });
});
