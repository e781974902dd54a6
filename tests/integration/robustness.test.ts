import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createMember, fetchBrand } from './helpers';

describe('bad input', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers malformed API query parameters with a 400 in the visitor language, changing nothing', async () => {
    const res = await fetchBrand('flirtlokaal', '/api/featured.php?min_age=abc&max_age=5000&gender=robot', { country: 'NL' });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: { code: string; message: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields.min_age).toBe('Kies een leeftijd tussen 18 en 99.');
    expect(body.error.fields.gender).toBe('Kies vrouwen of mannen.');
  });

  it('still renders the page for malformed page query parameters', async () => {
    const res = await fetchBrand('flirtlokaal', '/?min_age=%ZZ&gender[]=x&t=<script>', { country: 'NL' });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('<script>x');
  });

  it('survives absurd header values', async () => {
    const res = await fetchBrand('flirtlokaal', '/', {
      headers: {
        Cookie: `auth=${'x'.repeat(4000)}; i18n_redirected=${'z'.repeat(500)}`,
        'Accept-Language': '\u00ff'.repeat(200),
        'X-Debug-Country': '!!',
      },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a cross-site unsafe request (CSRF) without touching anything', async () => {
    const member = await createMember('flirtlokaal');
    const res = await fetchBrand('flirtlokaal', '/api/user.php', {
      method: 'PUT',
      headers: { Cookie: member.cookie, Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: 'de' }),
    });
    expect(res.status).toBe(403);
    const row = await env.DB.prepare('SELECT language FROM members WHERE id = ?').bind(member.memberId).first('language');
    expect(row).toBeNull();
  });

  it('answers a failing D1 call with the error page and a log line with the request id, no stack trace', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    // The table goes away for this test only: the session query reads photos too, so later tests need it back.
    await env.DB.exec('ALTER TABLE photos RENAME TO photos_away');
    onTestFinished(() => env.DB.exec('ALTER TABLE photos_away RENAME TO photos').then(() => undefined));
    // A page whose own data decides its status (a profile) answers 500 before anything has gone out.
    const profile = await fetchBrand('flirtlokaal', '/members/1', { country: 'NL' });
    expect(profile.status).toBe(500);
    expect(await profile.text()).toContain('data-testid="error-page"');
    // The home page's head (and its 200) goes out before its data (issue 20 item 4): the error page takes the
    // page's place, out of search engines, and the edge cache does not keep it.
    const page = await fetchBrand('flirtlokaal', '/?c=failing', { country: 'NL' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="error-page"');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toMatch(/no such table|at \w+ \(/);
    const id = page.headers.get('x-request-id')!;
    expect(errors.some((line) => line.includes(id) && line.includes('no such table'))).toBe(true);
    const again = await fetchBrand('flirtlokaal', '/?c=failing', { country: 'NL' });
    expect(again.headers.get('x-cache')).toBe('MISS');
    expect(await again.text()).toContain('data-testid="error-page"');

    const api = await fetchBrand('flirtlokaal', '/api/featured.php', { country: 'NL' });
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ error: { code: 'server_error', message: 'Er is een fout opgetreden, probeer het later opnieuw.' } });
  });
});

describe('oversized bodies', () => {
  it('refuses an API body over 64 KiB with 413 in the visitor language', async () => {
    const member = await createMember('velvetnights');
    const res = await fetchBrand('velvetnights', '/api/user.php', {
      method: 'PUT',
      headers: { Cookie: member.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: 'en', padding: 'x'.repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 'too_large', message: 'This request is too large.' } });
  });
});
