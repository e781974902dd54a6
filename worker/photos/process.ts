import { PHOTO_RULES } from '../../core/photo-rules';
import { decodeJpeg, decodePng, encodeJpeg } from './codecs';
import { ImageRejected, readImageHeader, type ImageHeader } from './image-header';
import { downscale, fitWithin, orient, type SourcePixels } from './resize';

export interface ProcessedPhoto {
  /** JPEG bytes of the full photo (longest side <= fullSide) and of its thumbnail. */
  full: Uint8Array;
  thumb: Uint8Array;
  width: number;
  height: number;
}

const QUALITY = { full: 85, thumb: 80 } as const;

/**
 * Checks an upload and makes the two JPEGs that are stored. In order: byte size, type by magic bytes, pixel size
 * from the header (before any decoding, against decompression bombs), then decode, downscale, stand upright
 * (EXIF orientation) and re-encode. The re-encode writes pixels only: EXIF (GPS, camera), ICC profiles, comments
 * and anything appended to the file are gone. Throws ImageRejected with the reason.
 */
export async function processUpload(bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (bytes.length > PHOTO_RULES.maxBytes) throw new ImageRejected('too_large_bytes');
  const header = readImageHeader(bytes);
  checkDimensions(header);
  const source = await decodePixels(bytes, header);
  const fitted = fitWithin(source.width, source.height, PHOTO_RULES.fullSide);
  const full = orient(downscale(source, fitted.width, fitted.height), header.orientation);
  const thumbSize = fitWithin(full.width, full.height, PHOTO_RULES.thumbSide);
  const thumb = downscale({ ...full, channels: 4 }, thumbSize.width, thumbSize.height);
  return {
    full: await encodeJpeg(full, QUALITY.full),
    thumb: await encodeJpeg(thumb, QUALITY.thumb),
    width: full.width,
    height: full.height,
  };
}

export function checkDimensions({ width, height }: Pick<ImageHeader, 'width' | 'height'>): void {
  if (width > PHOTO_RULES.maxSide || height > PHOTO_RULES.maxSide || width * height > PHOTO_RULES.maxPixels)
    throw new ImageRejected('too_large_pixels');
  if (width < PHOTO_RULES.minSide || height < PHOTO_RULES.minSide) throw new ImageRejected('too_small_pixels');
}

async function decodePixels(bytes: Uint8Array, header: ImageHeader): Promise<SourcePixels> {
  let pixels: SourcePixels;
  try {
    pixels = header.kind === 'jpeg' ? await decodeJpeg(bytes) : await decodePng(bytes);
  } catch {
    // A truncated file, an unsupported JPEG flavour (CMYK) or a broken PNG.
    throw new ImageRejected('unreadable');
  }
  // The decoder must agree with the header we checked; otherwise the limits above were checked on a lie.
  if (pixels.width !== header.width || pixels.height !== header.height) throw new ImageRejected('unreadable');
  return pixels;
}
