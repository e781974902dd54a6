import { describe, expect, it } from 'vitest';
import { fetchBrand } from './helpers';

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

describe('proxy mode (a brand with upstream_api)', () => {
  it('forwards method, path, query, body and cookies, with forwarding headers', async () => {
    const res = await fetchBrand('proxied', '/api/user.php?push=1', {
      unchecked: true, // the fake upstream's echo, not a contract answer
      method: 'POST',
      country: 'GB',
      headers: { 'Content-Type': 'application/json', Cookie: 'auth=abc', 'CF-Connecting-IP': '203.0.113.7' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x' }),
    });
    expect(res.status).toBe(200);
    const echo = await res.json<Echo>();
    expect(echo.method).toBe('POST');
    expect(echo.url).toBe('/api/user.php?push=1');
    expect(JSON.parse(echo.body)).toEqual({ email: 'a@b.c', password: 'x' });
    expect(echo.headers.cookie).toBe('auth=abc');
    expect(echo.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(echo.headers['cf-ipcountry']).toBe('GB');
    expect(echo.headers['x-forwarded-host']).toBe('proxied.localhost');
  });

  it('forwards the live WebSocket (/api/live.php) to an upstream that offers one: handshake, cookies, frames both ways', async () => {
    const res = await fetchBrand('proxied', '/api/live.php', { country: 'GB', headers: { Upgrade: 'websocket', Cookie: 'auth=abc' } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const received: string[] = [];
    const two = new Promise<void>((resolve) => ws.addEventListener('message', (e) => received.push(String(e.data)) === 2 && resolve()));
    ws.accept();
    ws.send('hello from the member');
    await two;
    expect(JSON.parse(received[0])).toEqual({
      url: '/api/live.php',
      cookie: 'auth=abc',
      forwardedHost: 'proxied.localhost',
      country: 'GB',
    });
    expect(received[1]).toBe('echo:hello from the member');
    ws.close(1000);
  });

  it('does not upgrade any other path, nor live.php of a brand whose backend offers no live socket', async () => {
    // The fake upstream's echo, not a contract answer.
    const other = await fetchBrand('proxied', '/api/chats.php', { unchecked: true, headers: { Upgrade: 'websocket' } });
    expect(other.status).toBe(200);
    expect(other.webSocket).toBeNull();
    expect((await other.json<Echo>()).headers.upgrade).toBeUndefined();
    // proxypages' backend has no live socket (its tenant file: polling): a plain request, which it (the fake upstream,
    // not a contract answer) answers 404.
    const polling = await fetchBrand('proxypages', '/api/live.php', { unchecked: true, headers: { Upgrade: 'websocket' } });
    expect(polling.status).toBe(404);
    expect(polling.webSocket).toBeNull();
  });

  it("passes the upstream's own cookies back as host-only cookies and keeps its status", async () => {
    // A call the contract does not know, answered by the fake upstream.
    const res = await fetchBrand('proxied', '/api/missing.php', { unchecked: true });
    expect(res.status).toBe(404);
    const cookies = res.headers.getSetCookie();
    // upstream_session is one of the backend's own (its tenant file's upstream_cookies); `second` is not.
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^upstream_session=abc/);
    expect(cookies[0]).not.toMatch(/domain=/i);
  });

  it('answers the generic error (504) when the upstream does not answer in time', async () => {
    // A call the contract does not know: the proxy's own 504 is what is tested.
    const res = await fetchBrand('proxied', '/api/slow.php', { unchecked: true });
    expect(res.status).toBe(504);
    const body = await res.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('server_error');
    expect(body.error.message).toBe('An error occurred, please try again later.');
  });

  it('does not proxy pages, and brands without an upstream use the built-in API', async () => {
    // The Worker renders the page itself, from the backend's API (tests/integration/proxy-pages.test.ts).
    const page = await fetchBrand('proxypages', '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const builtIn = await fetchBrand('velvetnights', '/api/settings.php');
    expect((await builtIn.json<{ name: string }>()).name).toBe('Velvet Nights');
  });
});
