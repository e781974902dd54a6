import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const get = (url: string, headers: Record<string, string> = {}) => exports.default.fetch(new Request(url, { headers }));

describe('host -> brand', () => {
  it('serves a brand on its production host and its www. variant', async () => {
    for (const url of [
      'https://flirtlokaal.nl/api/settings.php',
      'https://www.flirtlokaal.nl/api/settings.php',
      'https://reifekontakte.at/api/settings.php',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
    }
    expect((await (await get('https://reifekontakte.at/api/settings.php')).json<{ name: string }>()).name).toBe('ReifeKontakte');
  });

  it('answers an unknown host with a plain 404 page, not a crash or a brand', async () => {
    const res = await get('https://unknown.example/');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Unknown site');
    expect(html).not.toMatch(/Flirtlokaal|Velvet|Reife/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers an unknown host on the API the same way, and absurd Host values too', async () => {
    expect((await get('https://unknown.example/api/settings.php')).status).toBe(404);
    expect((await get('https://x.test/', { host: 'a'.repeat(5000) })).status).toBe(404);
    expect((await get('https://x.test/', { host: '%00<script>' })).status).toBe(404);
  });
});
