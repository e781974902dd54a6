import { describe, expect, it } from 'vitest';
import { fitSide, SHARP_PHOTO, sharpSizes } from '../../../core/photo-rules';

// The sizes the browser draws before a three-size upload (shrink.ts prepareUpload). The Worker derives the sizes the
// smaller parts must have from the full part's header with the same rule (worker/photos/process.ts), so a mismatch
// here would refuse every upload.
describe('sharpSizes', () => {
  it('brings any photo within the sharp limits, keeping its shape', () => {
    for (const [w, h] of [
      [4032, 3024],
      [3024, 4032],
      [8000, 2000],
      [6000, 6000],
      [1081, 721],
      [12000, 300],
    ]) {
      const { full } = sharpSizes(w, h);
      expect(full.width * full.height, `${w}x${h}`).toBeLessThanOrEqual(SHARP_PHOTO.maxPixels);
      expect(Math.max(full.width, full.height)).toBeLessThanOrEqual(SHARP_PHOTO.fullSide);
      expect(Math.abs(full.width / full.height - w / h)).toBeLessThan(0.01 * (w / h));
    }
  });

  it('gives a phone photo 1080 px on its long side, and 640 px and 320 px sizes of the same shape', () => {
    expect(sharpSizes(3024, 4032)).toEqual({
      full: { width: 810, height: 1080 },
      mid: { width: 480, height: 640 },
      thumb: { width: 240, height: 320 },
    });
    expect(sharpSizes(4032, 3024).full).toEqual({ width: 1080, height: 810 });
    // A square is limited by its side, not by the pixel cap (1080 x 1080 < 1080 x 1440).
    expect(sharpSizes(6000, 6000).full).toEqual({ width: 1080, height: 1080 });
  });

  it('derives the smaller sizes from the full one, as the Worker checks them', () => {
    for (const [w, h] of [
      [1999, 1333],
      [777, 1201],
      [4000, 3001],
    ]) {
      const size = sharpSizes(w, h);
      expect(size.mid).toEqual(fitSide(size.full.width, size.full.height, SHARP_PHOTO.midSide));
      expect(size.thumb).toEqual(fitSide(size.full.width, size.full.height, SHARP_PHOTO.thumbSide));
    }
  });

  it('never enlarges a small photo', () => {
    expect(sharpSizes(600, 400)).toEqual({
      full: { width: 600, height: 400 },
      mid: { width: 600, height: 400 },
      thumb: { width: 320, height: 213 },
    });
  });
});
