import { describe, expect, it } from 'vitest';
import { downscale, fitWithin, orient, type Raster } from './resize';

/** A w x h raster whose red channel numbers the pixels 0, 1, 2, ... row by row. */
function numbered(w: number, h: number): Raster {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([i, 0, 0, 255], i * 4);
  return { width: w, height: h, data };
}
const reds = (img: Raster) => [...img.data].filter((_, i) => i % 4 === 0);

describe('fitWithin', () => {
  it('keeps the aspect ratio and never enlarges', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1000, 8000, 1600)).toEqual({ width: 200, height: 1600 });
    expect(fitWithin(300, 200, 1600)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(10_000, 1, 320)).toEqual({ width: 320, height: 1 });
  });
});

describe('downscale', () => {
  it('averages the source pixels each output pixel covers', () => {
    // 4 x 2, two 2 x 2 blocks: black and white.
    const data = new Uint8Array(4 * 2 * 3);
    for (const [x, y] of [
      [2, 0],
      [3, 0],
      [2, 1],
      [3, 1],
    ])
      data.fill(255, (y * 4 + x) * 3, (y * 4 + x) * 3 + 3);
    const out = downscale({ width: 4, height: 2, data, channels: 3 }, 2, 1);
    expect([...out.data]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
  });

  it('puts transparent pixels on white', () => {
    const data = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 128]);
    const out = downscale({ width: 2, height: 1, data, channels: 4 }, 2, 1);
    expect([...out.data]).toEqual([255, 255, 255, 255, 127, 127, 127, 255]);
  });

  it('at the same size keeps the pixels, as the box filter would', () => {
    const rgb = new Uint8Array([10, 20, 30, 200, 100, 50]);
    expect([...downscale({ width: 2, height: 1, data: rgb, channels: 3 }, 2, 1).data]).toEqual([10, 20, 30, 255, 200, 100, 50, 255]);
    // Each pixel of a 2 x 1 RGBA source, and the same source drawn twice as large (2 x 2 boxes of it), come out alike.
    const small = new Uint8Array([200, 40, 90, 77, 13, 250, 128, 201]);
    const large = new Uint8Array(4 * 2 * 4);
    for (let y = 0; y < 2; y++) for (let x = 0; x < 4; x++) large.set(small.subarray((x >> 1) * 4, (x >> 1) * 4 + 4), (y * 4 + x) * 4);
    const direct = downscale({ width: 2, height: 1, data: small, channels: 4 }, 2, 1);
    const boxed = downscale({ width: 4, height: 2, data: large, channels: 4 }, 2, 1);
    expect([...direct.data]).toEqual([...boxed.data]);
  });
});

describe('orient', () => {
  // 3 x 2:   0 1 2
  //          3 4 5
  const cases: [number, number, number, number[]][] = [
    [1, 3, 2, [0, 1, 2, 3, 4, 5]],
    [2, 3, 2, [2, 1, 0, 5, 4, 3]],
    [3, 3, 2, [5, 4, 3, 2, 1, 0]],
    [4, 3, 2, [3, 4, 5, 0, 1, 2]],
    [5, 2, 3, [0, 3, 1, 4, 2, 5]],
    [6, 2, 3, [3, 0, 4, 1, 5, 2]], // a quarter turn clockwise
    [7, 2, 3, [5, 2, 4, 1, 3, 0]],
    [8, 2, 3, [2, 5, 1, 4, 0, 3]], // a quarter turn anticlockwise
  ];
  for (const [orientation, w, h, expected] of cases) {
    it(`turns EXIF orientation ${orientation} upright`, () => {
      const out = orient(numbered(3, 2), orientation);
      expect([out.width, out.height]).toEqual([w, h]);
      expect(reds(out)).toEqual(expected);
    });
  }
});
