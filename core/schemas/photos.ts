import { z } from 'zod';

// The member photos contract (issue 4, SPEC.md §5/§6/§9: free 3, premium 25, 'Foto-limiet bereikt').
// GET    /api/photos.php                      -> PhotosResponse (own photos, every status)
// POST   /api/photos.php  multipart "photo"    -> 201 PhotosResponse with `uploaded`
// PUT    /api/photos.php  PhotoUpdate          -> PhotosResponse
// DELETE /api/photos.php  { id }               -> PhotosResponse
// docs/api/photos.md describes the calls and their errors.

export const PHOTO_STATUSES = ['pending', 'active', 'rejected'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

export const REJECT_REASONS = ['quality', 'explicit', 'not_you', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** One of the member's own photos. filename and thumb_filename are paths below the brand's cdn_prefix. */
export const OwnPhotoSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  thumb_filename: z.string(),
  /** The 640 px size of a three-size upload (docs/decisions/015-sharp-photos.md). */
  mid_filename: z.string().optional(),
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
