import { describe, expect, it } from 'vitest';
import { TENANTS } from '../../worker/tenants';
import { fetchBrand } from './helpers';

const PRIMARY = TENANTS.find((t) => t.id === 'flirtlokaal')!.look.colors.primary;
const channel = (i: number) => parseInt(PRIMARY.slice(1 + 2 * i, 3 + 2 * i), 16);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngInfo(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    signature: [...bytes.subarray(0, 8)],
    chunk: String.fromCharCode(...bytes.subarray(12, 16)),
    width: view.getUint32(16),
    height: view.getUint32(20),
    depth: bytes[24],
    colourType: bytes[25],
  };
}

async function decodePixels(bytes: Uint8Array, size: number): Promise<Uint8Array> {
  // One IDAT chunk (our encoder writes one): inflate it and drop the filter byte of each row.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (type === 'IDAT') parts.push(bytes.slice(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = new Uint8Array(await new Response(new Blob(parts).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer());
  expect(raw.length).toBe((size * 4 + 1) * size);
  return raw;
}

describe('installable app', () => {
  it('serves a manifest per brand', async () => {
    const res = await fetchBrand('reifekontakte', '/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/manifest+json');
    const manifest = await res.json<Record<string, any>>();
    expect(manifest).toMatchObject({
      name: 'ReifeKontakte',
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      theme_color: '#c0392b',
      background_color: '#5b2c6f',
    });
    // The brand's own short name, never the long name cut off.
    expect(manifest.short_name).toBe('Reife');
    expect(manifest.icons.map((i: { src: string; purpose: string }) => `${i.src} ${i.purpose}`)).toEqual([
      '/icons/icon-192.png any',
      '/icons/icon-512.png any',
      '/icons/maskable-512.png maskable',
    ]);
    const other = await (await fetchBrand('velvetnights', '/manifest.webmanifest')).json<Record<string, any>>();
    expect(other.name).toBe('Velvet Nights');
    expect(other.short_name).toBe('Velvet');
  });

  it.each([
    ['icon-192', 192],
    ['icon-512', 512],
    ['maskable-512', 512],
  ] as const)('draws /icons/%s.png as a real PNG in the brand colour', async (name, size) => {
    const res = await fetchBrand('flirtlokaal', `/icons/${name}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(pngInfo(bytes)).toEqual({ signature: PNG_SIGNATURE, chunk: 'IHDR', width: size, height: size, depth: 8, colourType: 6 });
    const raw = await decodePixels(bytes, size);
    const pixel = (x: number, y: number) => [...raw.subarray(y * (size * 4 + 1) + 1 + x * 4, y * (size * 4 + 1) + 1 + x * 4 + 4)];
    // Near the top edge, in the middle: the brand's primary colour, opaque.
    const [r, g, b, a] = pixel(Math.floor(size / 2), 2);
    expect(Math.abs(r - channel(0))).toBeLessThan(30);
    expect(Math.abs(g - channel(1))).toBeLessThan(30);
    expect(Math.abs(b - channel(2))).toBeLessThan(30);
    expect(a).toBe(255);
    // The corner is transparent on the rounded icons, filled on the maskable one.
    expect(pixel(0, 0)[3]).toBe(name.startsWith('maskable') ? 255 : 0);
    // Some white ink of the letter F: its stem at the left of the glyph box.
    let white = 0;
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (pixel(x, y)[0] === 255 && pixel(x, y)[1] === 255) white++;
    expect(white).toBeGreaterThan(size * size * 0.02);
  });

  it('answers unknown icons with 404', async () => {
    expect((await fetchBrand('flirtlokaal', '/icons/other.png')).status).toBe(404);
  });

  it('links the manifest and the touch icon in every page head', async () => {
    const html = await (await fetchBrand('flirtlokaal', '/', { country: 'NL' })).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/icon-192.png">');
  });

  it('serves a self-contained offline page in the visitor language, without Vary', async () => {
    const nl = await fetchBrand('flirtlokaal', '/offline', { country: 'NL' });
    expect(nl.status).toBe(200);
    expect(nl.headers.get('Vary')).toBeNull();
    expect(nl.headers.get('Content-Language')).toBe('nl');
    const html = await nl.text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain('Je bent offline');
    expect(html).not.toContain('<script');
    // Its icon is drawn, not an emoji (a box on a phone without an emoji font).
    expect(html).toMatch(/<svg aria-hidden="true"[^>]*><path /);
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
    const de = await (await fetchBrand('flirtlokaal', '/offline', { country: 'NL', headers: { Cookie: 'i18n_redirected=de' } })).text();
    expect(de).toContain('Du bist offline');
  });
});
