// Reads what an uploaded file really is from its bytes: the type by magic bytes, the pixel size from the header and
// the EXIF orientation. Nothing here decodes pixels, so a decompression bomb is refused before it can cost memory.

export type ImageKind = 'jpeg' | 'png';

export interface ImageHeader {
  kind: ImageKind;
  width: number;
  height: number;
  /** EXIF orientation 1..8 (1 = as stored); JPEG only. */
  orientation: number;
}

/** Why a file is refused before decoding; the API turns each into a message in the member's language. */
export type HeaderProblem = 'unsupported_type' | 'unreadable';

export class ImageRejected extends Error {
  constructor(readonly problem: HeaderProblem | 'too_large_pixels' | 'too_small_pixels' | 'too_large_bytes') {
    super(problem);
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const u16 = (b: Uint8Array, o: number) => (b[o] << 8) | b[o + 1];
const u32 = (b: Uint8Array, o: number) => ((b[o] << 24) >>> 0) + (b[o + 1] << 16) + (b[o + 2] << 8) + b[o + 3];

/** The header of a JPEG or PNG; anything else (WebP, GIF, HTML, ...) is 'unsupported_type', whatever its name says. */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return readJpeg(bytes);
  if (bytes.length >= 8 && startsWith(bytes, PNG_SIGNATURE)) return readPng(bytes);
  // WebP ('RIFF....WEBP') would be welcome, but no pure-JS decoder that runs in workerd is available: refused
  // like any other type rather than stored without re-encoding (which would keep its metadata).
  throw new ImageRejected('unsupported_type');
}

// JPEG markers that carry the frame size (SOF0..SOF15 without DHT C4, JPG C8 and DAC CC).
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function readJpeg(b: Uint8Array): ImageHeader {
  let offset = 2;
  let orientation = 1;
  while (offset < b.length) {
    if (b[offset] !== 0xff) throw new ImageRejected('unreadable');
    while (offset < b.length && b[offset] === 0xff) offset++; // a marker may be padded with 0xFF fill bytes
    const marker = b[offset++];
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || offset + 2 > b.length) break; // the end before any frame header
    const length = u16(b, offset);
    if (length < 2 || offset + length > b.length) throw new ImageRejected('unreadable');
    if (marker === 0xe1) orientation = exifOrientation(b.subarray(offset + 2, offset + length)) ?? orientation;
    if (isStartOfFrame(marker)) {
      if (length < 7) throw new ImageRejected('unreadable');
      const height = u16(b, offset + 3);
      const width = u16(b, offset + 5);
      if (!width || !height) throw new ImageRejected('unreadable');
      return { kind: 'jpeg', width, height, orientation };
    }
    if (marker === 0xda) break; // scan data before any frame header
    offset += length;
  }
  throw new ImageRejected('unreadable');
}

function readPng(b: Uint8Array): ImageHeader {
  // The first chunk must be IHDR (13 bytes: width, height, ...).
  if (b.length < 33 || String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR') throw new ImageRejected('unreadable');
  const width = u32(b, 16);
  const height = u32(b, 20);
  if (!width || !height) throw new ImageRejected('unreadable');
  // Animated PNGs (acTL) would decode every frame: refused, a profile photo is one picture.
  for (let offset = 8; offset + 8 <= b.length; ) {
    const length = u32(b, offset);
    const type = String.fromCharCode(...b.subarray(offset + 4, offset + 8));
    if (type === 'acTL') throw new ImageRejected('unsupported_type');
    if (type === 'IDAT' || type === 'IEND') break;
    offset += 12 + length;
  }
  return { kind: 'png', width, height, orientation: 1 };
}

/** The orientation tag (0x0112) of an APP1 Exif segment's first IFD, or null. */
export function exifOrientation(segment: Uint8Array): number | null {
  if (segment.length < 14 || String.fromCharCode(...segment.subarray(0, 4)) !== 'Exif') return null;
  const tiff = segment.subarray(6);
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return null;
  const r16 = (o: number) => (little ? tiff[o] | (tiff[o + 1] << 8) : u16(tiff, o));
  const r32 = (o: number) => (little ? (tiff[o] | (tiff[o + 1] << 8) | (tiff[o + 2] << 16) | (tiff[o + 3] << 24)) >>> 0 : u32(tiff, o));
  const ifd = r32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = r16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (r16(entry) === 0x0112) {
      const value = r16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}
