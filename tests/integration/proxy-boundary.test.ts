import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { markLocalUpstream } from '../../worker/upstream/local-upstream';
import { fetchBrand } from './helpers';
import { createSignableStaff, staffCookieOf, staffLogin } from './staff-auth-helpers';
import { staffApi } from './staff-helpers';

declare const __TEST_UPSTREAM_PORT__: number;

// Issue 42: a brand's own backend in proxy mode is another party. It gets what the member's browser would send to that
// brand's API and nothing of the engine's; what it answers is untrusted input (docs/api/proxy-mode.md). The fake
// backend (tests/integration/upstream-server.ts) echoes what it received, or oversteps on purpose.

interface Echo {
  headers: Record<string, string>;
}

/** How many calls the fake backend saw for a key. */
async function upstreamCount(key: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${__TEST_UPSTREAM_PORT__}/__count?key=${encodeURIComponent(key)}`);
  return (await res.json<{ count: number }>()).count;
}

/** A call to the proxied brand's API, answered by the fake backend (not a contract answer). */
const proxied = (path: string, init: RequestInit = {}) => fetchBrand('proxied', path, { unchecked: true, ...init });

describe('what reaches the backend', () => {
  it("forwards the backend's own and the contract's cookies, never the engine's", async () => {
    const res = await proxied('/api/user.php', {
      headers: {
        Cookie: [
          'auth=member-session',
          'staff_session=STAFF-TOKEN',
          'known_device=KNOWN-PROOF',
          'd1b=BOOKMARK',
          'dev_country=DE',
          'entry_ok=1',
          'app_mode=1',
          'i18n_redirected=en',
          'ts=network%3Dx',
          'tracker=3rd-party',
        ].join('; '),
      },
    });
    const echo = await res.json<Echo>();
    expect(echo.headers.cookie).toBe('auth=member-session; i18n_redirected=en; ts=network%3Dx');
    expect(JSON.stringify(echo)).not.toMatch(/STAFF-TOKEN|KNOWN-PROOF|BOOKMARK/);
  });

  it('passes only the headers the contract needs; impersonating and rewriting headers are dropped', async () => {
    const spoofing = {
      Forwarded: 'for=10.0.0.1;host=admin.internal',
      'True-Client-IP': '10.0.0.1',
      'X-Client-IP': '10.0.0.1',
      'X-Original-URL': '/admin',
      'X-Rewrite-URL': '/admin',
      'X-HTTP-Method-Override': 'DELETE',
      'X-Forwarded-Port': '8443',
      'X-Forwarded-Server': 'internal',
      'X-Forwarded-Prefix': '/internal',
      'X-Forwarded-For': '10.0.0.1',
      'X-Real-IP': '10.0.0.1',
      Via: '1.1 internal',
      'X-Debug-Now': '2030-01-01T00:00:00Z',
      Authorization: 'Bearer not-for-the-backend',
      Origin: 'https://evil.example',
      Referer: 'https://evil.example/page',
    };
    const res = await proxied('/api/user.php', {
      headers: {
        ...spoofing,
        'CF-Connecting-IP': '203.0.113.9',
        'Accept-Language': 'en-GB',
        'User-Agent': 'Member browser',
        'Idempotency-Key': 'send-1',
        'X-Request-Type': 'client',
      },
    });
    const { headers } = await res.json<Echo>();
    for (const name of Object.keys(spoofing).filter((n) => !['X-Forwarded-For', 'X-Real-IP'].includes(n))) {
      expect(headers[name.toLowerCase()], name).toBeUndefined();
    }
    // The edge's own view of the client, not the visitor's claim.
    expect(headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(headers['x-real-ip']).toBe('203.0.113.9');
    expect(headers['accept-language']).toBe('en-GB');
    expect(headers['user-agent']).toBe('Member browser');
    // The contract's own headers: a paid send's idempotency key, the user refresh's mark (SPEC.md §7).
    expect(headers['idempotency-key']).toBe('send-1');
    expect(headers['x-request-type']).toBe('client');
    expect(headers['x-request-id']).toMatch(/\S/);
  });

  it("passes Origin and Referer only when they are the brand's own pages", async () => {
    const res = await proxied('/api/user.php', {
      headers: { Origin: 'https://proxied.localhost', Referer: 'https://proxied.localhost/members' },
    });
    const { headers } = await res.json<Echo>();
    expect(headers.origin).toBe('https://proxied.localhost');
    expect(headers.referer).toBe('https://proxied.localhost/members');
  });

  it('never hands a staff session to the backend, and the backend cannot replace it', async () => {
    const staff = await createSignableStaff([{ brand: 'proxied', role: 'owner' }]);
    const login = await staffLogin(staff, { host: 'proxied' });
    expect(login.status).toBe(200);
    const staffCookie = staffCookieOf(login);
    // The staff member, signed in on the proxied brand's host, uses the member site there too.
    const seen = await proxied('/api/user.php', { headers: { Cookie: `${staffCookie}; auth=member-session` } });
    expect((await seen.json<Echo>()).headers.cookie).toBe('auth=member-session');
    // The backend tries to set the engine's cookies: none reaches the browser.
    const overwrite = await proxied('/api/cookies.php', { headers: { Cookie: staffCookie } });
    const set = overwrite.headers.getSetCookie();
    expect(set.map((c) => c.split('=')[0])).toEqual(['auth']);
    expect(set[0]).not.toMatch(/domain=/i);
    // The session the engine set still opens the workspace.
    const me = await staffApi('proxied', 'GET', 'me.php', { cookie: staffCookie });
    expect(me.status).toBe(200);
  });
});

describe('what comes back from the backend', () => {
  it("passes status, body and named headers; drops CORS, Refresh, Link, a cross-site Location and the server's name", async () => {
    const res = await proxied('/api/cookies.php');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('etag')).toBe('"v1"');
    for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'refresh', 'link', 'location', 'x-powered-by']) {
      expect(res.headers.get(name), name).toBeNull();
    }
  });

  it("keeps a Location on the brand's own host", async () => {
    const res = await proxied(`/api/cookies.php?to=${encodeURIComponent('/members')}`);
    expect(res.headers.get('location')).toBe('/members');
  });

  it("answers a backend's 5xx with our own error in the member's language, without its internals", async () => {
    const res = await proxied('/api/crash.php', { headers: { Cookie: 'i18n_redirected=de', 'CF-Connecting-IP': '192.0.2.50' } });
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(text).not.toMatch(/PDOException|\/var\/www|Fatal error/);
    expect(JSON.parse(text)).toEqual({
      error: { code: 'server_error', message: 'Es ist ein Fehler aufgetreten. Bitte versuch es später noch einmal.' },
    });
  });

  it('honours Accept-Encoding: identity when the member asked for none, the coding the member asked for otherwise', async () => {
    const plain = await proxied('/api/gzip.php');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json<{ acceptEncoding: string }>()).acceptEncoding).toBe('identity');
    const gzip = await proxied('/api/gzip.php', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect((await gzip.json<{ acceptEncoding: string }>()).acceptEncoding).toBe('gzip');
  });
});

describe('one visitor cannot take a brand down', () => {
  it('20 requests that one client makes fail do not open the breaker: the next client still reaches the backend', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await proxied('/api/crash.php', { headers: { 'CF-Connecting-IP': '192.0.2.66' } });
      expect(res.status).toBe(502);
    }
    expect(await upstreamCount('boundary|/api/crash.php|192.0.2.66')).toBe(20);
    await proxied('/api/crash.php', { headers: { 'CF-Connecting-IP': '192.0.2.67' } });
    expect(await upstreamCount('boundary|/api/crash.php|192.0.2.67')).toBe(1);
    // And the brand's other calls were never touched.
    expect((await proxied('/api/user.php', { headers: { 'CF-Connecting-IP': '192.0.2.66' } })).status).toBe(200);
  });
});

describe('local mode does not widen what production allows', () => {
  it("never lets a request's Host header choose the local port a backend is called on", async () => {
    // proxydemo's backend is this server locally; a Host with the fake backend's port must not send the call there.
    const res = await exports.default.fetch(
      new Request(`https://proxydemo.localhost:${__TEST_UPSTREAM_PORT__}/api/user.php`, {
        headers: { Host: `proxydemo.localhost:${__TEST_UPSTREAM_PORT__}`, 'CF-Connecting-IP': '192.0.2.80' },
      }),
    );
    expect(res.status).toBe(502);
    expect(await upstreamCount('boundary|/api/user.php|192.0.2.80')).toBe(0);
  });

  it("lets the engine's own proven call choose the origin brand, and nobody else", async () => {
    const nameWith = async (headers: Headers) => {
      const res = await exports.default.fetch(new Request('https://flirtlokaal.localhost/api/settings.php', { headers }));
      return (await res.json<{ name: string }>()).name;
    };
    const forged = new Headers({ 'X-Local-Upstream-Host': 'origin.proxydemo.localhost', 'X-Forwarded-Host': 'flirtlokaal.localhost' });
    expect(await nameWith(forged)).toBe('Flirtlokaal');
    forged.set('X-Local-Upstream-Proof', 'bm90LXRoZS1wcm9vZg');
    expect(await nameWith(forged)).toBe('Flirtlokaal');
    // The engine's own call: its proof is made with APP_SECRET.
    const proven = new Headers({ 'X-Forwarded-Host': 'flirtlokaal.localhost' });
    await markLocalUpstream(env, proven, 'origin.proxydemo.localhost');
    expect(await nameWith(proven)).toBe('Proxy Demo');
  });

  it('renders a page with a moved clock (X-Debug-Now) for itself, never from or into the edge cache', async () => {
    const debug = await fetchBrand('flirtlokaal', '/pages/faq', { headers: { 'X-Debug-Now': '2030-06-01T12:00:00Z' } });
    expect(debug.headers.get('x-cache')).toBe('BYPASS');
    expect(debug.headers.get('x-cache-reason')).toBe('debug');
  });
});

describe('the boundary can be seen: /dev/upstream.json of the demo backend', () => {
  it("records what the engine sent, cookie values masked and names kept; a visitor's forged call is not recorded", async () => {
    const headers = new Headers({
      'X-Forwarded-Host': 'proxydemo.localhost',
      Cookie: 'auth=secret-session; i18n_redirected=nl',
      'X-Request-Id': 'boundary-recorded',
    });
    await markLocalUpstream(env, headers, 'origin.proxydemo.localhost');
    const call = await exports.default.fetch(new Request('http://127.0.0.1/api/settings.php?x=1', { headers }));
    expect(call.status).toBe(200);
    const forged = new Headers({
      'X-Forwarded-Host': 'proxydemo.localhost',
      'X-Local-Upstream-Host': 'origin.proxydemo.localhost',
      'X-Local-Upstream-Proof': 'Zm9yZ2Vk',
      'X-Request-Id': 'boundary-forged',
    });
    await exports.default.fetch(new Request('https://origin.proxydemo.localhost/api/settings.php', { headers: forged }));

    let requests: { method: string; path: string; headers: Record<string, string> }[] = [];
    // The record is written after the answer (waitUntil): look until it is there.
    for (let i = 0; i < 50 && !requests.some((r) => r.headers['x-request-id'] === 'boundary-recorded'); i++) {
      const log = await fetchBrand('proxydemo-origin', '/dev/upstream.json');
      requests = (await log.json<{ requests: typeof requests }>()).requests;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const recorded = requests.find((r) => r.headers['x-request-id'] === 'boundary-recorded');
    expect(recorded).toMatchObject({ method: 'GET', path: '/api/settings.php?x=1' });
    expect(recorded!.headers.cookie).toBe('auth=•••; i18n_redirected=•••');
    expect(JSON.stringify(recorded)).not.toMatch(/secret-session|x-local-upstream-proof/i);
    expect(requests.some((r) => r.headers['x-request-id'] === 'boundary-forged')).toBe(false);
  });
});
