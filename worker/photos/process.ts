import { PHOTO_RULES, SHARP_PHOTO, fitSide } from '../../core/photo-rules';
import { decodeJpeg, decodePng, encodeJpeg } from './codecs';
import { ImageRejected, readImageHeader, type ImageHeader } from './image-header';
import { JpegStructureError, stripJpegMetadata } from './jpeg-strip';
import { downscale, fitWithin, orient, type SourcePixels } from './resize';

export interface ProcessedPhoto {
  /** JPEG bytes of the full photo (longest side <= fullSide) and of its thumbnail. */
  full: Uint8Array;
  /** The 640 px size; only a three-size upload (processSizedUpload) has one. */
  mid?: Uint8Array;
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

/** The parts of a three-size upload, as the browser encoded them (client/components/photos/shrink.ts). */
export interface SizedParts {
  full: Uint8Array;
  mid: Uint8Array;
  thumb: Uint8Array;
}

/**
 * Checks the three sizes the browser encoded and returns them stripped, without re-encoding
 * (docs/decisions/015-sharp-photos.md, point 2). Per part: byte size, JPEG by magic bytes, the header's size (the
 * full one within SHARP_PHOTO's limits, the others exactly the size derived from the full one's header), then the
 * metadata stripped and the stripped bytes decoded to prove they are the picture their header claims (the pixels
 * are thrown away). A part that was not drawn upright (EXIF orientation other than 1) means the browser did not
 * redraw it: the full part then takes the re-encode path at its cap (point 4). Throws ImageRejected with the reason.
 */
export async function processSizedUpload(parts: SizedParts): Promise<ProcessedPhoto> {
  for (const bytes of [parts.full, parts.mid, parts.thumb])
    if (bytes.length > PHOTO_RULES.maxBytes) throw new ImageRejected('too_large_bytes');
  const headers = [parts.full, parts.mid, parts.thumb].map(readImageHeader);
  if (headers.some((h) => h.kind !== 'jpeg')) throw new ImageRejected('unsupported_type');
  if (headers.some((h) => h.orientation !== 1)) return processUpload(parts.full);
  const [full, mid, thumb] = headers;
  if (full.width > SHARP_PHOTO.fullSide || full.height > SHARP_PHOTO.fullSide || full.width * full.height > SHARP_PHOTO.maxPixels)
    throw new ImageRejected('too_large_pixels');
  if (full.width < PHOTO_RULES.minSide || full.height < PHOTO_RULES.minSide) throw new ImageRejected('too_small_pixels');
  // The smaller sizes must be the full photo's, scaled as the browser scales them: a part of another size is forged.
  const same = (h: ImageHeader, side: number) => {
    const want = fitSide(full.width, full.height, side);
    return h.width === want.width && h.height === want.height;
  };
  if (!same(mid, SHARP_PHOTO.midSide) || !same(thumb, SHARP_PHOTO.thumbSide)) throw new ImageRejected('unreadable');
  const [fullBytes, midBytes, thumbBytes] = [
    await provenJpeg(parts.full, full),
    await provenJpeg(parts.mid, mid),
    await provenJpeg(parts.thumb, thumb),
  ];
  return { full: fullBytes, mid: midBytes, thumb: thumbBytes, width: full.width, height: full.height };
}

/** The JPEG without its metadata, after a decode of exactly those bytes gave the size its header states. */
async function provenJpeg(bytes: Uint8Array, header: ImageHeader): Promise<Uint8Array> {
  let stripped: Uint8Array;
  try {
    stripped = stripJpegMetadata(bytes);
  } catch (error) {
    if (error instanceof JpegStructureError) throw new ImageRejected('unreadable');
    throw error;
  }
  await decodePixels(stripped, header);
  return stripped;
}
