import { describe, expect, it } from 'vitest';
import { decodeJpeg, encodeJpeg } from './codecs';
import { readImageHeader } from './image-header';
import { JpegStructureError, stripJpegMetadata } from './jpeg-strip';

// Issue 46, item 2: a JPEG the browser encoded is stored without its metadata and without a re-encode.

/** A w x h photo-like raster (gradients), RGBA. */
function raster(w: number, h: number) {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) data.set([(x * 255) / w, (y * 255) / h, ((x + y) * 127) / (w + h), 255], (y * w + x) * 4);
  return { width: w, height: h, data };
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
/** A segment: marker, length (counting itself) and payload. */
const segment = (marker: number, payload: number[]) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];

/** `jpeg` with EXIF (orientation 6 and a GPS-like text), XMP, a comment and a Adobe segment after SOI, and bytes after EOI. */
function withMetadata(jpeg: Uint8Array): Uint8Array {
  const exif = segment(0xe1, [
    ...ascii('Exif\0\0'),
    ...[
      0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0, 0, 0, 0, 0,
      0, 0, 0,
    ],
    ...ascii('GPS 52.37N 4.89E'),
  ]);
  const xmp = segment(0xe1, ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>secret</x:xmpmeta>'));
  const comment = segment(0xfe, ascii('shot at home, Keizersgracht'));
  const adobe = segment(0xee, [...ascii('Adobe'), 0, 100, 0, 0, 0, 0, 1]);
  return Uint8Array.from([
    ...jpeg.subarray(0, 2),
    ...exif,
    ...xmp,
    ...comment,
    ...adobe,
    ...jpeg.subarray(2),
    ...ascii('<?php trailing ?>'),
  ]);
}

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('stripping a JPEG to its pixels', () => {
  it('drops EXIF, XMP, comments and trailing bytes, keeps the Adobe colour segment, and decodes to the same pixels', async () => {
    const plain = await encodeJpeg(raster(320, 240), 85);
    const dressed = withMetadata(plain);
    expect(readImageHeader(dressed).orientation).toBe(6);
    const stripped = stripJpegMetadata(dressed);
    for (const hidden of ['GPS 52.37N', 'xmpmeta', 'Keizersgracht', '<?php', 'Exif']) expect(text(stripped)).not.toContain(hidden);
    expect(text(stripped)).toContain('Adobe');
    expect(readImageHeader(stripped)).toMatchObject({ kind: 'jpeg', width: 320, height: 240, orientation: 1 });
    expect(stripped.at(-2)).toBe(0xff);
    expect(stripped.at(-1)).toBe(0xd9);
    const before = await decodeJpeg(plain);
    const after = await decodeJpeg(stripped);
    expect(after.width).toBe(320);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
  });

  it('leaves a JPEG without metadata as it is, byte for byte', async () => {
    const plain = await encodeJpeg(raster(200, 300), 80);
    const stripped = stripJpegMetadata(plain);
    // mozjpeg writes a JFIF APP0 segment: the only bytes dropped.
    expect(stripped.length).toBeLessThanOrEqual(plain.length);
    expect(Buffer.from((await decodeJpeg(stripped)).data).equals(Buffer.from((await decodeJpeg(plain)).data))).toBe(true);
    expect(stripJpegMetadata(stripped)).toEqual(stripped);
  });

  it('refuses what is not a whole JPEG', async () => {
    const plain = await encodeJpeg(raster(200, 200), 80);
    expect(() => stripJpegMetadata(Uint8Array.from(ascii('GIF89a...')))).toThrow(JpegStructureError);
    expect(() => stripJpegMetadata(plain.subarray(0, plain.length - 40))).toThrow(JpegStructureError);
    const badLength = Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x00]);
    expect(() => stripJpegMetadata(badLength)).toThrow(JpegStructureError);
  });
});
