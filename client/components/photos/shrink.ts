import { PHOTO_RULES } from '../../../core/photo-rules';

/**
 * Redraws a picked photo in the browser to at most PHOTO_RULES.maxPixels (and maxSide) as JPEG before it is uploaded.
 * The server re-encodes within a bounded CPU time and so accepts at most 640 x 480 worth of pixels; phone photos
 * are far bigger.
 * Drawing also applies the EXIF orientation and turns any type the browser decodes (WebP, ...) into JPEG. A file
 * the browser cannot decode is sent as it is: the server's check by magic bytes then says what is wrong with it.
 */
export async function shrinkForUpload(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = uploadSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: the server puts transparent pixels on white, so the browser does the same.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}

/** The size a photo is redrawn to: within the server's pixel and side limits, rounded down so it never passes them. */
export function uploadSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_RULES.maxSide / Math.max(width, height), Math.sqrt(PHOTO_RULES.maxPixels / (width * height)));
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}
