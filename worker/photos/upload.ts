import { bodyLimit } from 'hono/body-limit';
import { PHOTO_RULES } from '../../core/photo-rules';
import { ApiFailure } from '../errors';
import { ImageRejected } from './image-header';
import { processUpload, type ProcessedPhoto } from './process';
import { deleteObjects, newFilenames, r2Key, type StoredPhoto } from './store';

// What the two photo uploads share (a member's own photo, staff's photo for a fictional profile): the body limit,
// the file field, the answers to a file the pipeline refuses (in the uploader's language) and storing the result.

const tooLarge = () =>
  new ApiFailure(413, 'photo_too_large', 'photos.errors.too_large', undefined, { mb: Math.round(PHOTO_RULES.maxBytes / 1024 / 1024) });

const REJECTIONS: Record<ImageRejected['problem'], () => ApiFailure> = {
  too_large_bytes: tooLarge,
  unsupported_type: () => new ApiFailure(415, 'photo_type', 'photos.errors.type'),
  unreadable: () => new ApiFailure(422, 'photo_unreadable', 'photos.errors.unreadable'),
  too_large_pixels: () =>
    new ApiFailure(422, 'photo_dimensions', 'photos.errors.dimensions', undefined, { max: PHOTO_RULES.maxSide, ...PHOTO_RULES.maxFrame }),
  too_small_pixels: () => new ApiFailure(422, 'photo_too_small', 'photos.errors.too_small', undefined, { min: PHOTO_RULES.minSide }),
};

/** The upload routes' body limit (worker/app.ts leaves them to it): the largest allowed file and its multipart envelope. */
export const photoBodyLimit = bodyLimit({
  maxSize: PHOTO_RULES.maxBytes + 64 * 1024,
  onError: () => {
    throw tooLarge();
  },
});

/** The form's `photo` file: 400 when there is none, 413 when it is over the byte limit. */
export function uploadedPhoto(form: FormData | null): File {
  const file = form?.get('photo');
  if (!file || typeof file === 'string' || file.size === 0)
    throw new ApiFailure(400, 'photo_missing', 'photos.errors.missing', { photo: 'photos.errors.missing' });
  if (file.size > PHOTO_RULES.maxBytes) throw tooLarge();
  return file;
}

/** The file through the upload pipeline (worker/photos/process.ts); what it refuses is answered with the reason. */
export async function processUploadedPhoto(file: File): Promise<ProcessedPhoto> {
  try {
    return await processUpload(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImageRejected) throw REJECTIONS[error.problem]();
    throw error;
  }
}

/**
 * Puts the photo and its thumbnail in R2 under fresh names, then lets `insert` write the row. When the insert throws or
 * answers null (it wrote nothing: a limit or a target that is gone), both files are deleted again, so R2 holds no file
 * without a row; the null goes back to the caller to answer.
 */
export async function storeUploadedPhoto<T>(
  env: Env,
  tenantId: string,
  photo: ProcessedPhoto,
  insert: (stored: StoredPhoto) => Promise<T | null>,
): Promise<T | null> {
  const names = newFilenames();
  const meta = { httpMetadata: { contentType: 'image/jpeg' } };
  await Promise.all([
    env.MEDIA.put(r2Key(tenantId, names.filename), photo.full, meta),
    env.MEDIA.put(r2Key(tenantId, names.thumb), photo.thumb, meta),
  ]);
  const files = [{ filename: names.filename, thumb_filename: names.thumb }];
  let result: T | null;
  try {
    result = await insert({ ...names, width: photo.width, height: photo.height, bytes: photo.full.length });
  } catch (error) {
    await deleteObjects(env, tenantId, files);
    throw error;
  }
  if (result === null) await deleteObjects(env, tenantId, files);
  return result;
}
