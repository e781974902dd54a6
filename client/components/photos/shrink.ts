import { SHARP_PHOTO, sharpSizes } from '../../../core/photo-rules';

/** What one photo upload sends: the full photo (`photo`) and, when the browser drew it, its two smaller sizes. */
export interface PhotoUpload {
  photo: File;
  sizes: { mid: File; thumb: File } | null;
}

/**
 * Sharp photos (docs/decisions/015-sharp-photos.md, point 1): draws the picked photo once, upright and on white, at
 * the full stored size (sharpSizes: at most 1080 px on the long side and 1080 x 1440 pixels) and encodes it and its
 * 640 px and 320 px sizes as JPEG, drawn from that one canvas. The Worker checks and stores the three as they are,
 * with no re-encode. A photo the browser cannot draw is sent as it is and takes the Worker's re-encode path, with
 * its 640 x 480 cap (the server's answer then says what is wrong with it).
 */
export async function prepareUpload(file: File): Promise<PhotoUpload> {
  const unchanged = { photo: file, sizes: null };
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return unchanged;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return unchanged;
  }
  try {
    const size = sharpSizes(bitmap.width, bitmap.height);
    const full = drawn(bitmap, size.full);
    if (!full) return unchanged;
    const mid = drawn(full, size.mid);
    const thumb = drawn(full, size.thumb);
    if (!mid || !thumb) return unchanged;
    const base = file.name.replace(/\.[^.]*$/, '') || 'photo';
    const [fullBlob, midBlob, thumbBlob] = await Promise.all([jpeg(full, 0.9), jpeg(mid, 0.85), jpeg(thumb, 0.8)]);
    if (!fullBlob || !midBlob || !thumbBlob) return unchanged;
    const asFile = (blob: Blob, suffix: string) => new File([blob], `${base}${suffix}.jpg`, { type: 'image/jpeg' });
    return { photo: asFile(fullBlob, ''), sizes: { mid: asFile(midBlob, '-640'), thumb: asFile(thumbBlob, '-320') } };
  } finally {
    bitmap.close();
  }
}

/** The upload's multipart fields: `photo`, and `photo_640` and `photo_320` when there are smaller sizes. */
export function appendPhotoUpload(form: FormData, upload: PhotoUpload): void {
  form.set('photo', upload.photo);
  if (upload.sizes) {
    form.set(SHARP_PHOTO.fields.mid, upload.sizes.mid);
    form.set(SHARP_PHOTO.fields.thumb, upload.sizes.thumb);
  }
}

/** The bytes an upload sends (the server refuses more than PHOTO_RULES.maxBytes in any one part). */
export const largestPart = (upload: PhotoUpload) => Math.max(upload.photo.size, upload.sizes?.mid.size ?? 0, upload.sizes?.thumb.size ?? 0);

/** A canvas of `size` with `source` drawn on white (JPEG has no transparency), or null without a 2D context. */
function drawn(source: CanvasImageSource, size: { width: number; height: number }): HTMLCanvasElement | null {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

const jpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
