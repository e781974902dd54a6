import { bodyLimit } from 'hono/body-limit';
import { PHOTO_RULES, SHARP_PHOTO } from '../../core/photo-rules';
import { ApiFailure } from '../errors';
import { ImageRejected } from './image-header';
import { processSizedUpload, processUpload, type ProcessedPhoto } from './process';
import { deleteObjects, newFilenames, r2Key, type StoredPhoto } from './store';

// What the two photo uploads share (a member's own photo, staff's photo for a fictional profile): the body limit,
// the file field, the answers to a file the pipeline refuses (in the uploader's language) and storing the result.

const tooLarge = () =>
  new ApiFailure(413, 'photo_too_large', 'photos.errors.too_large', undefined, { mb: Math.round(PHOTO_RULES.maxBytes / 1024 / 1024) });

const tooManyPixels = (max: number, frame: { width: number; height: number }) =>
  new ApiFailure(422, 'photo_dimensions', 'photos.errors.dimensions', undefined, { max, ...frame });

const REJECTIONS: Record<ImageRejected['problem'], () => ApiFailure> = {
  too_large_bytes: tooLarge,
  unsupported_type: () => new ApiFailure(415, 'photo_type', 'photos.errors.type'),
  unreadable: () => new ApiFailure(422, 'photo_unreadable', 'photos.errors.unreadable'),
  too_large_pixels: () => tooManyPixels(PHOTO_RULES.maxSide, PHOTO_RULES.maxFrame),
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

/** A form's smaller sizes, when the browser encoded them (`photo_640` and `photo_320`, both or none). */
export function uploadedSizes(form: FormData | null): { mid: File; thumb: File } | null {
  const [mid, thumb] = [form?.get(SHARP_PHOTO.fields.mid), form?.get(SHARP_PHOTO.fields.thumb)];
  if (mid == null && thumb == null) return null;
  // One size without the other, or a text field in its place, is no upload the app sends.
  if (!mid || !thumb || typeof mid === 'string' || typeof thumb === 'string') throw REJECTIONS.unreadable();
  if (mid.size > PHOTO_RULES.maxBytes || thumb.size > PHOTO_RULES.maxBytes) throw tooLarge();
  return { mid, thumb };
}

/**
 * The file through the upload pipeline (worker/photos/process.ts); what it refuses is answered with the reason.
 * With the smaller sizes the browser encoded (uploadedSizes), the three are checked and stored as they are
 * (processSizedUpload); without them the file is re-encoded at the 0.3 MP cap (processUpload).
 */
export async function processUploadedPhoto(file: File, sizes: { mid: File; thumb: File } | null = null): Promise<ProcessedPhoto> {
  const bytes = async (f: File) => new Uint8Array(await f.arrayBuffer());
  try {
    if (sizes) return await processSizedUpload({ full: await bytes(file), mid: await bytes(sizes.mid), thumb: await bytes(sizes.thumb) });
    return await processUpload(await bytes(file));
  } catch (error) {
    if (error instanceof ImageRejected) {
      // A three-size upload has the sharp limits; its message names them, not the re-encode path's 640 x 480.
      if (sizes && error.problem === 'too_large_pixels')
        throw tooManyPixels(SHARP_PHOTO.fullSide, { width: SHARP_PHOTO.fullSide, height: SHARP_PHOTO.maxPixels / SHARP_PHOTO.fullSide });
      throw REJECTIONS[error.problem]();
    }
    throw error;
  }
}

/**
 * Puts the photo, its thumbnail and (from a three-size upload) its middle size in R2 under fresh names, then lets `insert` write the row. When the insert throws or
 * answers null (it wrote nothing: a limit or a target that is gone), its files are deleted again, so R2 holds no file
 * without a row; the null goes back to the caller to answer.
 */
export async function storeUploadedPhoto<T>(
  env: Env,
  tenantId: string,
  photo: ProcessedPhoto,
  insert: (stored: StoredPhoto) => Promise<T | null>,
): Promise<T | null> {
  const names = newFilenames();
  const mid = photo.mid ? names.mid : null;
  const meta = { httpMetadata: { contentType: 'image/jpeg' } };
  await Promise.all([
    env.MEDIA.put(r2Key(tenantId, names.filename), photo.full, meta),
    env.MEDIA.put(r2Key(tenantId, names.thumb), photo.thumb, meta),
    photo.mid ? env.MEDIA.put(r2Key(tenantId, names.mid), photo.mid, meta) : null,
  ]);
  const files = [{ filename: names.filename, thumb_filename: names.thumb, mid_filename: mid }];
  let result: T | null;
  try {
    result = await insert({
      filename: names.filename,
      thumb: names.thumb,
      mid,
      width: photo.width,
      height: photo.height,
      bytes: photo.full.length,
    });
  } catch (error) {
    await deleteObjects(env, tenantId, files);
    throw error;
  }
  if (result === null) await deleteObjects(env, tenantId, files);
  return result;
}
