import { describe, expect, it } from 'vitest';
import { ImageRejected, exifOrientation, readImageHeader } from './image-header';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

/** An SOF0 segment for width x height. */
const sof = (w: number, h: number) => [0xff, 0xc0, 0, 11, 8, h >> 8, h & 255, w >> 8, w & 255, 1, 1, 0x11, 0];

/** An APP1 Exif segment, little-endian TIFF, with only the orientation tag. */
function app1(orientation: number): number[] {
  const payload = [...'Exif\0\0']
    .map((c) => c.charCodeAt(0))
    .concat([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0]);
  return [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255, ...payload];
}

const problem = (input: Uint8Array) => {
  try {
    readImageHeader(input);
    return 'accepted';
  } catch (error) {
    return error instanceof ImageRejected ? error.problem : String(error);
  }
};

describe('readImageHeader', () => {
  it('reads a JPEG frame size behind other segments and fill bytes, with its EXIF orientation', () => {
    const jpeg = bytes([0xff, 0xd8], app1(6), [0xff, 0xff], [0xff, 0xdb, 0, 4, 0, 0], sof(4032, 3024), [0xff, 0xd9]);
    expect(readImageHeader(jpeg)).toEqual({ kind: 'jpeg', width: 4032, height: 3024, orientation: 6 });
  });

  it('reads a PNG size from IHDR', () => {
    const png = bytes(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0, 0, 0, 13],
      'IHDR',
      [0, 0, 0x1f, 0x40, 0, 0, 0x0f, 0xa0, 8, 6, 0, 0, 0],
      [0, 0, 0, 0],
    );
    expect(readImageHeader(png)).toEqual({ kind: 'png', width: 8000, height: 4000, orientation: 1 });
  });

  it('refuses animated PNGs, WebP, GIF, HTML and anything else by its bytes', () => {
    const apng = bytes(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0, 0, 0, 13],
      'IHDR',
      [0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 8],
      'acTL',
      [0, 0, 0, 2, 0, 0, 0, 0],
      [0, 0, 0, 0],
    );
    for (const input of [apng, bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), bytes('GIF89a'), bytes('<!doctype html>'), bytes([])]) {
      expect(problem(input)).toBe('unsupported_type');
    }
  });

  it('calls JPEGs without a readable frame header unreadable', () => {
    expect(problem(bytes([0xff, 0xd8, 0xff, 0xd9]))).toBe('unreadable');
    expect(problem(bytes([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]))).toBe('unreadable'); // scan before frame
    expect(problem(bytes([0xff, 0xd8, 0xff, 0xe0, 0x7f, 0xff, 0]))).toBe('unreadable'); // segment past the end
    expect(problem(bytes([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 0, 0, 0, 1, 1, 0x11, 0]))).toBe('unreadable'); // 0 x 0
  });
});

describe('exifOrientation', () => {
  it('finds the tag in little- and big-endian EXIF, and ignores anything else', () => {
    expect(exifOrientation(new Uint8Array(app1(8).slice(4)))).toBe(8);
    const bigEndian = bytes('Exif\0\0', [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0, 0]);
    expect(exifOrientation(bigEndian)).toBe(3);
    expect(exifOrientation(bytes('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>'))).toBeNull();
    expect(exifOrientation(new Uint8Array(app1(9).slice(4)))).toBeNull();
  });
});
