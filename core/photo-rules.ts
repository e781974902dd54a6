// What the upload form needs to know (issue 4), apart from the photo calls' zod schemas (core/schemas/photos.ts), so
// the browser's photo code carries no classic zod.

/** What an upload may be. The client shows these; the worker enforces them (worker/photos/). */
export const PHOTO_RULES = {
  /** Bytes of the uploaded file. */
  maxBytes: 8 * 1024 * 1024,
  /**
   * Pixel limits read from the file's header before anything is decoded (decompression bombs and CPU). The
   * decode + downscale + re-encode runs inside the request (wasm codecs, JS resizing: worker/photos/), and one upload
   * must not stall the other requests of its isolate: ~150 ms of CPU. On the 2-core dev machine 640 x 480 takes
   * 70-90 ms of it, 1024 x 768 ~165 ms and 1600 x 1200 ~380 ms, most of it mozjpeg's encoder (docs/api/photos.md,
   * "CPU"). So the cap is 640 x 480 worth of pixels (0.3 MP); `npm run bench` measures the largest allowed JPEG and
   * PNG through the Worker (scripts/lib/bench-uploads.mjs). This cap is the re-encode path's only: the app's browser
   * uploads its own three sizes (SHARP_PHOTO below), which are checked and stored without a re-encode. Raising it
   * needs a faster encoder or Cloudflare Images, not a bigger number.
   */
  maxPixels: 640 * 480,
  /** The same cap as a picture size, for the error message ("at most 640 x 480 pixels or as many in another shape"). */
  maxFrame: { width: 640, height: 480 },
  /** The longest side: a 200 px high strip of maxPixels is 1536 wide, and the stored photo is at most fullSide. */
  maxSide: 1600,
  minSide: 200,
  /** Stored sizes: the full photo and its thumbnail, longest side in pixels. */
  fullSide: 1600,
  thumbSide: 320,
  /** What the file picker offers (WebP is redrawn as JPEG by the browser); the worker decides by magic bytes. */
  accept: 'image/jpeg,image/png,image/webp',
} as const;

/**
 * Sharp photos (docs/decisions/015-sharp-photos.md): the browser encodes the three stored sizes itself, and the Worker
 * checks, decodes (to prove them) and strips them without re-encoding, so no encode's CPU limits their size. The
 * re-encode path above keeps its 0.3 MP cap for every other upload.
 */
export const SHARP_PHOTO = {
  /** The full photo's longest side, and its pixels at most (1080 x 1440, a phone screen's width in portrait). */
  fullSide: 1080,
  maxPixels: 1080 * 1440,
  /** Cards and the profile page's column. */
  midSide: 640,
  thumbSide: 320,
  /** The multipart fields of a three-size upload (the full one is `photo`, as in every upload). */
  fields: { mid: 'photo_640', thumb: 'photo_320' },
} as const;

/** A picture scaled to fit `side` on its longest side (never enlarged), rounded as the Worker's resize rounds. */
export function fitSide(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The three stored sizes of a sharp upload of a `width` x `height` picture: the full one within fullSide and
 * maxPixels (rounded down, so it never passes them), and the middle and thumbnail sizes derived from the full one,
 * the way the Worker derives what each part must measure.
 */
export function sharpSizes(width: number, height: number) {
  const scale = Math.min(1, SHARP_PHOTO.fullSide / Math.max(width, height), Math.sqrt(SHARP_PHOTO.maxPixels / (width * height)));
  const full = { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
  return {
    full,
    mid: fitSide(full.width, full.height, SHARP_PHOTO.midSide),
    thumb: fitSide(full.width, full.height, SHARP_PHOTO.thumbSide),
  };
}
