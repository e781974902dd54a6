import { z } from 'zod';

// The member photos contract (issue 4, SPEC.md §5/§6/§9: free 3, premium 25, 'Foto-limiet bereikt').
// GET    /api/photos.php                      -> PhotosResponse (own photos, every status)
// POST   /api/photos.php  multipart "photo"    -> 201 PhotosResponse with `uploaded`
// PUT    /api/photos.php  PhotoUpdate          -> PhotosResponse
// DELETE /api/photos.php  { id }               -> PhotosResponse
// docs/api/photos.md describes the calls and their errors.

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

export const PHOTO_STATUSES = ['pending', 'active', 'rejected'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

export const REJECT_REASONS = ['quality', 'explicit', 'not_you', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** One of the member's own photos. filename and thumb_filename are paths below the brand's cdn_prefix. */
export const OwnPhotoSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(PHOTO_STATUSES),
  private: z.boolean(),
  main: z.boolean(),
  position: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  reject_reason: z.enum(REJECT_REASONS).nullable(),
});
export type OwnPhoto = z.infer<typeof OwnPhotoSchema>;

export const PhotosResponseSchema = z.object({
  photos: z.array(OwnPhotoSchema),
  /** The member's limit (3 free, 25 premium) and what counts toward it (pending + active). */
  limit: z.number().int(),
  used: z.number().int(),
  /** The id of the photo just uploaded (POST only). */
  uploaded: z.number().int().optional(),
});
export type PhotosResponse = z.infer<typeof PhotosResponseSchema>;

const photoId = z.coerce
  .number({ message: 'photos.errors.not_found' })
  .int('photos.errors.not_found')
  .positive('photos.errors.not_found')
  .max(Number.MAX_SAFE_INTEGER);

/** PUT /api/photos.php: one change to the member's photos. */
export const PhotoUpdateSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('main'), id: photoId }),
    z.object({ action: z.literal('private'), id: photoId, private: z.boolean({ message: 'validation.invalid' }) }),
    /** Every own photo's id, in the new order (first = position 1). */
    z.object({ action: z.literal('order'), ids: z.array(photoId).min(1, 'photos.errors.order').max(100, 'photos.errors.order') }),
  ],
  { message: 'validation.invalid' },
);
export type PhotoUpdate = z.input<typeof PhotoUpdateSchema>;

/** DELETE /api/photos.php. */
export const PhotoDeleteSchema = z.object({ id: photoId });
