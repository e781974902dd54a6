import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fetchBrand } from './helpers';

describe('/media/', () => {
  it('draws seed portraits as immutable SVG', async () => {
    const res = await fetchBrand('flirtlokaal', '/media/seed/f/10000001-1-34-thumb.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const svg = await res.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<script|href=/);
    expect(await (await fetchBrand('flirtlokaal', '/media/seed/f/10000001-1-34-thumb.svg')).text()).toBe(svg);
  });

  // Members' uploaded photos (p/...) are checked per viewer: media-access.test.ts.
  it("serves other R2 files under the brand's own prefix only", async () => {
    await env.MEDIA.put('flirtlokaal/x/abc123.webp', new Uint8Array([1, 2, 3]), { httpMetadata: { contentType: 'image/webp' } });
    const own = await fetchBrand('flirtlokaal', '/media/x/abc123.webp');
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect((await fetchBrand('velvetnights', '/media/x/abc123.webp')).status).toBe(404);
  });

  it('answers 404 for unknown or malformed keys', async () => {
    for (const path of ['/media/p/missing.webp', '/media/../secret.txt', '/media/seed/x/1-1-30.svg', '/media/p/a.exe']) {
      expect((await fetchBrand('flirtlokaal', path)).status, path).toBe(404);
    }
  });
});
