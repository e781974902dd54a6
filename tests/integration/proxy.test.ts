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

  it("passes the upstream's cookies back as host-only cookies and keeps its status", async () => {
    const res = await fetchBrand('proxied', '/api/missing.php');
    expect(res.status).toBe(404);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^upstream_session=abc/);
    expect(cookies[0]).not.toMatch(/domain=/i);
  });

  it('answers the generic error (504) when the upstream does not answer in time', async () => {
    const res = await fetchBrand('proxied', '/api/slow.php');
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
