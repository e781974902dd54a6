// What the upload form needs to know (issue 4), apart from the photo calls' zod schemas (core/schemas/photos.ts), so
// the browser's photo code carries no classic zod.

/** What an upload may be. The client shows these; the worker enforces them (worker/photos/). */
export const PHOTO_RULES = {
  /** Bytes of the uploaded file. */
  maxBytes: 8 * 1024 * 1024,
  /**
   * Pixel limits read from the file's header before anything is decoded (decompression bombs and CPU). The
   * decode + downscale + re-encode runs in plain JS (jpeg-js, upng-js) inside the request, and one upload must not
   * stall the other requests of its isolate: measured on the 2-core dev machine (node 22, the code of
   * worker/photos/process.ts, photo-like content at JPEG quality 90), 640 x 480 took 120-210 ms of CPU, 1000 x 750
   * 210-310 ms, 2048 x 1536 about 1.1 s and 8 MP about 2 s. So the cap is 640 x 480 worth of pixels (0.3 MP), what
   * keeps one upload near the ~150 ms budget; `npm run bench` measures the largest allowed JPEG and PNG through
   * the Worker (scripts/lib/bench-uploads.mjs). The browser shrinks any bigger photo to this before uploading it
   * (client/components/photos/shrink.ts), so members can still pick any photo. Raising it needs a faster codec
   * (a wasm JPEG codec or Cloudflare Images), not a bigger number: docs/api/photos.md.
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
