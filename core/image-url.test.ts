import { describe, expect, it } from 'vitest';
import { imageSrcSet } from './image-url';

describe('imageSrcSet', () => {
  const cdn = 'https://cdn.example/b';
  it('offers a three-size photo by each size’s real width', () => {
    const image = { filename: 'p/a.jpg', thumb_filename: 'p/a-t.jpg', mid_filename: 'p/a-640.jpg', width: 810, height: 1080 };
    expect(imageSrcSet(cdn, image)).toBe(`${cdn}/p/a-t.jpg 240w, ${cdn}/p/a-640.jpg 480w, ${cdn}/p/a.jpg 810w`);
  });

  it('offers an older photo’s two sizes when its size is known, and nothing when it is not', () => {
    expect(imageSrcSet(cdn, { filename: 'p/b.jpg', thumb_filename: 'p/b-t.jpg', width: 640, height: 480 })).toBe(
      `${cdn}/p/b-t.jpg 320w, ${cdn}/p/b.jpg 640w`,
    );
    expect(imageSrcSet(cdn, { filename: 'p/b.jpg', thumb_filename: 'p/b-t.jpg' })).toBeUndefined();
  });

  it('does not repeat a width when the photo is smaller than a size', () => {
    const image = { filename: 'p/c.jpg', thumb_filename: 'p/c-t.jpg', mid_filename: 'p/c-640.jpg', width: 600, height: 400 };
    expect(imageSrcSet(cdn, image)).toBe(`${cdn}/p/c-t.jpg 320w, ${cdn}/p/c-640.jpg 600w`);
  });
});
