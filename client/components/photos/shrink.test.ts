import { describe, expect, it } from 'vitest';
import { PHOTO_RULES } from '../../../core/photo-rules';
import { uploadSize } from './shrink';

describe('uploadSize', () => {
  it('brings any photo within the server limits, keeping its shape', () => {
    for (const [w, h] of [
      [4032, 3024],
      [3024, 4032],
      [8000, 2000],
      [6000, 6000],
      [1081, 721],
      [12000, 300],
    ]) {
      const size = uploadSize(w, h);
      expect(size.width * size.height, `${w}x${h}`).toBeLessThanOrEqual(PHOTO_RULES.maxPixels);
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(PHOTO_RULES.maxSide);
      expect(Math.abs(size.width / size.height - w / h)).toBeLessThan(0.01 * (w / h));
    }
    expect(uploadSize(4032, 3024)).toEqual({ width: 640, height: 480 });
  });

  it('leaves photos within the limits as they are', () => {
    expect(uploadSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(uploadSize(300, 200)).toEqual({ width: 300, height: 200 });
  });
});
