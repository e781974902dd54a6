import { env } from 'cloudflare:test';
import { encode as encodeJpeg } from 'jpeg-js';
import UPNG from 'upng-js';
import type { PhotosResponse } from '../../core/schemas/photos';
import { type PngFormat, pngFile } from '../../worker/pwa/png';
import { createMember, dbOf, fetchBrand } from './helpers';

// Test images are made here, in the test, so every case says exactly what its file contains.

type Paint = (x: number, y: number) => [number, number, number, number];

/** An RGBA raster painted pixel by pixel. */
function raster(width: number, height: number, paint: Paint): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  }
  return data;
}

const RED: [number, number, number, number] = [220, 20, 20, 255];
const BLUE: [number, number, number, number] = [20, 20, 220, 255];
export function jpegBytes(width: number, height: number, opts: { exif?: Uint8Array; comments?: string[]; paint?: Paint } = {}): Uint8Array {
  // Left half red, right half blue by default: shows after a re-encode which way the picture was turned.
  const paint = opts.paint ?? ((x) => (x < width / 2 ? RED : BLUE));
  const image = { width, height, data: raster(width, height, paint), exifBuffer: opts.exif, comments: opts.comments };
  const out = encodeJpeg(image as Parameters<typeof encodeJpeg>[0], 90).data;
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

export function pngBytes(
  width: number,
  height: number,
  paint: Paint = (x) => (x < width / 2 ? [0, 160, 0, 255] : [0, 0, 0, 0]),
): Uint8Array {
  return new Uint8Array(UPNG.encode([raster(width, height, paint).buffer as ArrayBuffer], width, height, 0));
}

/**
 * A PNG of the colour types and depths an encoder would not choose for us: `rows` are the scanlines' bytes (filter 0
 * is added), `extra` chunks (PLTE, tRNS) go between the header and the image data.
 */
export function rawPng(format: PngFormat, rows: number[][], extra: [string, number[]][] = []): Promise<Uint8Array> {
  const scanlines = new Uint8Array(rows.flatMap((row) => [0, ...row]));
  return pngFile(
    format,
    scanlines,
    extra.map(([type, data]) => [type, new Uint8Array(data)]),
  );
}

export const GPS_MARKER = 'GPS-SECRET-52.3702N-4.8952E';

/**
 * An APP1 Exif payload (big-endian TIFF) with orientation `orientation` in IFD0 and a GPS IFD whose processing
 * method carries GPS_MARKER, so a test can search the stored bytes for it.
 */
export function exifSegment(orientation: number): Uint8Array {
  const marker = new TextEncoder().encode(GPS_MARKER);
  const bytes: number[] = [];
  const u16 = (v: number) => bytes.push((v >> 8) & 255, v & 255);
  const u32 = (v: number) => bytes.push((v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255);
  bytes.push(...[0x45, 0x78, 0x69, 0x66, 0, 0]); // "Exif\0\0"
  bytes.push(0x4d, 0x4d);
  u16(0x2a);
  u32(8); // TIFF header, IFD0 at 8
  u16(2); // IFD0: orientation, GPS pointer
  u16(0x0112);
  u16(3);
  u32(1);
  u16(orientation);
  u16(0);
  u16(0x8825);
  u16(4);
  u32(1);
  u32(38);
  u32(0); // no next IFD
  u16(2); // GPS IFD at 38: latitude ref, processing method
  u16(0x0001);
  u16(2);
  u32(2);
  bytes.push(0x4e, 0, 0, 0);
  u16(0x001b);
  u16(7);
  u32(marker.length);
  u32(68);
  u32(0);
  bytes.push(...marker); // at 68
  return new Uint8Array(bytes);
}

/** A JPEG that is only a frame header claiming width x height: what a decompression bomb shows before decoding. */
export function jpegHeaderOnly(width: number, height: number): Uint8Array {
  return new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0, 0xff, 0xd9]);
}

/** A PNG whose IHDR claims width x height, with a tiny IDAT (highly compressible zeros would inflate to gigabytes). */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  const real = pngBytes(200, 200);
  const copy = real.slice();
  const view = new DataView(copy.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return copy;
}

export function contains(haystack: Uint8Array, needle: string): boolean {
  const n = new TextEncoder().encode(needle);
  outer: for (let i = 0; i + n.length <= haystack.length; i++) {
    for (let j = 0; j < n.length; j++) if (haystack[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

export interface Member {
  memberId: number;
  profileId: number;
  cookie: string;
}

export async function newMember(brand = 'flirtlokaal', opts: { paid?: boolean; language?: string } = {}): Promise<Member> {
  return createMember(brand, { paid: opts.paid, language: opts.language ?? 'nl' });
}

export function upload(
  brand: string,
  cookie: string | undefined,
  bytes: Uint8Array,
  name = 'photo.jpg',
  type = 'image/jpeg',
): Promise<Response> {
  const form = new FormData();
  form.append('photo', new File([bytes as BlobPart], name, { type }));
  return fetchBrand(brand, '/api/photos.php', { method: 'POST', body: form, headers: cookie ? { Cookie: cookie } : {}, country: 'NL' });
}

export function photosCall(brand: string, cookie: string, method: 'GET' | 'PUT' | 'DELETE', body?: unknown): Promise<Response> {
  return fetchBrand(brand, '/api/photos.php', {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    country: 'NL',
  });
}

export async function uploadOk(brand: string, member: Member, bytes = jpegBytes(400, 300)): Promise<PhotosResponse & { uploaded: number }> {
  const res = await upload(brand, member.cookie, bytes);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as PhotosResponse & { uploaded: number };
}

export async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

/** All R2 keys under a brand's prefix. */
export async function storedKeys(brand: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix: `${brand}/`, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** The profile's photo rows, from the brand's database (velvetnights has its own). */
export async function photoRows(profileId: number, brand = 'flirtlokaal') {
  const { results } = await dbOf(brand)
    .prepare('SELECT id, tenant_id, status, filename, thumb_filename, private, position FROM photos WHERE profile_id = ? ORDER BY position')
    .bind(profileId)
    .all<{ id: number; tenant_id: string; status: string; filename: string; thumb_filename: string; private: number; position: number }>();
  return results;
}
