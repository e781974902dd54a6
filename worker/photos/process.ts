import { decode as decodeJpeg, encode as encodeJpeg } from 'jpeg-js';
import UPNG from 'upng-js';
import { PHOTO_RULES } from '../../core/photo-rules';
import { ImageRejected, readImageHeader, type ImageHeader } from './image-header';
import { downscale, fitWithin, orient, type Raster, type SourcePixels } from './resize';

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
export function processUpload(bytes: Uint8Array): ProcessedPhoto {
  if (bytes.length > PHOTO_RULES.maxBytes) throw new ImageRejected('too_large_bytes');
  const header = readImageHeader(bytes);
  checkDimensions(header);
  const source = decodePixels(bytes, header);
  const fitted = fitWithin(source.width, source.height, PHOTO_RULES.fullSide);
  const full = orient(downscale(source, fitted.width, fitted.height), header.orientation);
  const thumbSize = fitWithin(full.width, full.height, PHOTO_RULES.thumbSide);
  const thumb = downscale({ ...full, channels: 4 }, thumbSize.width, thumbSize.height);
  return { full: jpeg(full, QUALITY.full), thumb: jpeg(thumb, QUALITY.thumb), width: full.width, height: full.height };
}

export function checkDimensions({ width, height }: Pick<ImageHeader, 'width' | 'height'>): void {
  if (width > PHOTO_RULES.maxSide || height > PHOTO_RULES.maxSide || width * height > PHOTO_RULES.maxPixels)
    throw new ImageRejected('too_large_pixels');
  if (width < PHOTO_RULES.minSide || height < PHOTO_RULES.minSide) throw new ImageRejected('too_small_pixels');
}

function decodePixels(bytes: Uint8Array, header: ImageHeader): SourcePixels {
  let pixels: SourcePixels;
  try {
    pixels = header.kind === 'jpeg' ? decodeJpegPixels(bytes) : decodePngPixels(bytes);
  } catch {
    // A truncated file, an unsupported JPEG flavour (arithmetic coding, CMYK quirks) or a broken PNG.
    throw new ImageRejected('unreadable');
  }
  // The decoder must agree with the header we checked; otherwise the limits above were checked on a lie.
  if (pixels.width !== header.width || pixels.height !== header.height) throw new ImageRejected('unreadable');
  return pixels;
}

function decodeJpegPixels(bytes: Uint8Array): SourcePixels {
  const image = decodeJpeg(bytes, {
    useTArray: true, // Uint8Array, not Node's Buffer
    formatAsRGBA: false, // 3 bytes a pixel: a quarter less memory for the largest allowed photo
    tolerantDecoding: false,
    maxResolutionInMP: PHOTO_RULES.maxPixels / 1_000_000,
    maxMemoryUsageInMB: 256,
  });
  return { width: image.width, height: image.height, data: image.data, channels: 3 };
}

function decodePngPixels(bytes: Uint8Array): SourcePixels {
  const copy = bytes.slice().buffer; // UPNG wants an ArrayBuffer of the file alone
  const png = UPNG.decode(copy);
  const [rgba] = UPNG.toRGBA8(png);
  if (!rgba) throw new Error('png without pixels');
  return { width: png.width, height: png.height, data: new Uint8Array(rgba), channels: 4 };
}

function jpeg(img: Raster, quality: number): Uint8Array {
  // Only width, height and pixels go in: jpeg-js writes an APP1 segment solely when given an exifBuffer.
  const encoded = encodeJpeg({ width: img.width, height: img.height, data: img.data }, quality);
  return new Uint8Array(encoded.data.buffer, encoded.data.byteOffset, encoded.data.byteLength);
}
