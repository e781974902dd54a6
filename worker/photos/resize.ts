// Pixel work for uploads between the wasm codecs (./codecs.ts), in plain JS: a box-filter downscale that also flattens
// transparency onto white (JPEG has no alpha), and the EXIF orientation turns.

export interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel (the layout the JPEG encoder takes). */
  data: Uint8Array;
}

export interface SourcePixels {
  width: number;
  height: number;
  data: Uint8Array;
  /** 3 (RGB) or 4 (RGBA). */
  channels: 3 | 4;
}

/** The size that fits `maxSide` on the longest side, keeping the aspect ratio; never larger than the source. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Area-average (box) downscale to width x height. Every source pixel is read once and each output row keeps
 * only one row of accumulators, so memory stays at the output's size however large the source is. A box filter
 * is the right one for shrinking photos several times (no aliasing, no ringing); it is never used to enlarge.
 */
export function downscale(src: SourcePixels, width: number, height: number): Raster {
  if (width === src.width && height === src.height) return onWhite(src);
  const { channels } = src;
  const out = new Uint8Array(width * height * 4);
  const xStart = new Int32Array(width);
  const xEnd = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    xStart[x] = Math.floor((x * src.width) / width);
    xEnd[x] = Math.max(xStart[x] + 1, Math.floor(((x + 1) * src.width) / width));
  }
  const acc = new Float64Array(width * 3);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * src.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * src.height) / height));
    acc.fill(0);
    for (let sy = y0; sy < y1; sy++) {
      const row = sy * src.width * channels;
      for (let x = 0; x < width; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let sx = xStart[x]; sx < xEnd[x]; sx++) {
          const i = row + sx * channels;
          if (channels === 4) {
            // Transparent pixels become white: a = 0 gives 255, a = 255 keeps the colour.
            const a = src.data[i + 3];
            const white = 255 - a;
            r += (src.data[i] * a) / 255 + white;
            g += (src.data[i + 1] * a) / 255 + white;
            b += (src.data[i + 2] * a) / 255 + white;
          } else {
            r += src.data[i];
            g += src.data[i + 1];
            b += src.data[i + 2];
          }
        }
        acc[x * 3] += r;
        acc[x * 3 + 1] += g;
        acc[x * 3 + 2] += b;
      }
    }
    for (let x = 0; x < width; x++) {
      const n = (y1 - y0) * (xEnd[x] - xStart[x]);
      const o = (y * width + x) * 4;
      out[o] = Math.round(acc[x * 3] / n);
      out[o + 1] = Math.round(acc[x * 3 + 1] / n);
      out[o + 2] = Math.round(acc[x * 3 + 2] / n);
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/** The pixels at their own size as RGBA on white: what the box filter gives for boxes of one pixel, in half the time. */
function onWhite(src: SourcePixels): Raster {
  const { data, channels } = src;
  const out = new Uint8Array(src.width * src.height * 4);
  for (let i = 0, o = 0; o < out.length; i += channels, o += 4) {
    const a = channels === 4 ? data[i + 3] : 255;
    const white = 255 - a;
    out[o] = Math.round((data[i] * a) / 255 + white);
    out[o + 1] = Math.round((data[i + 1] * a) / 255 + white);
    out[o + 2] = Math.round((data[i + 2] * a) / 255 + white);
    out[o + 3] = 255;
  }
  return { width: src.width, height: src.height, data: out };
}

/**
 * Turns a raster the way EXIF orientation 1..8 says, so the stored photo stands upright without the tag (which
 * the re-encode drops with every other piece of metadata).
 */
export function orient(img: Raster, orientation: number): Raster {
  if (orientation <= 1 || orientation > 8) return img;
  const { width: w, height: h, data } = img;
  const swap = orientation >= 5;
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let sx: number;
      let sy: number;
      switch (orientation) {
        case 2:
          sx = w - 1 - x;
          sy = y;
          break; // mirrored
        case 3:
          sx = w - 1 - x;
          sy = h - 1 - y;
          break; // upside down
        case 4:
          sx = x;
          sy = h - 1 - y;
          break; // mirrored vertically
        case 5:
          sx = y;
          sy = x;
          break; // transposed
        case 6:
          sx = y;
          sy = h - 1 - x;
          break; // needs a quarter turn clockwise
        case 7:
          sx = w - 1 - y;
          sy = h - 1 - x;
          break; // transversed
        default:
          sx = w - 1 - y;
          sy = x; // 8: needs a quarter turn anticlockwise
      }
      const s = (sy * w + sx) * 4;
      const o = (y * ow + x) * 4;
      out[o] = data[s];
      out[o + 1] = data[s + 1];
      out[o + 2] = data[s + 2];
      out[o + 3] = data[s + 3];
    }
  }
  return { width: ow, height: oh, data: out };
}
