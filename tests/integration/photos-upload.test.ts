import encodeWithMozjpeg, { init as initMozjpeg } from '@jsquash/jpeg/encode';
import mozjpegEncoder from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm';
import { env } from 'cloudflare:test';
import { decode as decodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { PHOTO_RULES } from '../../core/photo-rules';
import { fetchBrand } from './helpers';
import {
  GPS_MARKER,
  contains,
  errorOf,
  exifSegment,
  jpegBytes,
  jpegHeaderOnly,
  newMember,
  photoRows,
  pngBytes,
  pngHeaderOnly,
  rawPng,
  storedKeys,
  upload,
  uploadOk,
} from './photos-helpers';

// POST /api/photos.php: what is accepted, what is stored (and what is not), what is refused and in which words.

async function stored(brand: string, filename: string): Promise<Uint8Array> {
  const object = await env.MEDIA.get(`${brand}/${filename}`);
  expect(object, filename).not.toBeNull();
  expect(object!.httpMetadata?.contentType).toBe('image/jpeg');
  return new Uint8Array(await object!.arrayBuffer());
}

const pixel = (img: { width: number; data: Uint8Array }, x: number, y: number) => [
  ...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 3),
];

describe('uploading a photo', { timeout: 30_000 }, () => {
  it('stores a JPEG re-encoded without EXIF, GPS or comments, upright, with a thumbnail, as pending main photo', async () => {
    const member = await newMember();
    // 640 x 320 with EXIF orientation 6 (turn a quarter clockwise), a GPS block and a comment.
    const original = jpegBytes(640, 320, { exif: exifSegment(6), comments: ['SECRET-COMMENT'] });
    expect(contains(original, 'Exif')).toBe(true);
    expect(contains(original, GPS_MARKER)).toBe(true);

    const body = await uploadOk('flirtlokaal', member, original);
    expect(body.used).toBe(1);
    expect(body.limit).toBe(3);
    const [photo] = body.photos;
    expect(photo).toMatchObject({ id: body.uploaded, status: 'pending', main: true, private: false, position: 1, reject_reason: null });
    expect(photo.id).toBeGreaterThanOrEqual(160_000_001);
    expect(photo.id).toBeLessThanOrEqual(199_999_999);
    expect(photo.filename).toMatch(/^p\/[0-9a-f]{32}\.jpg$/);

    const full = await stored('flirtlokaal', photo.filename);
    const thumb = await stored('flirtlokaal', photo.thumb_filename);
    for (const bytes of [full, thumb]) {
      expect(contains(bytes, 'Exif')).toBe(false);
      expect(contains(bytes, GPS_MARKER)).toBe(false);
      expect(contains(bytes, 'SECRET-COMMENT')).toBe(false);
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    // Turned upright: 320 x 640; the red left half is now on top.
    const image = decodeJpeg(full, { useTArray: true });
    expect([image.width, image.height, photo.width, photo.height]).toEqual([320, 640, 320, 640]);
    const [r, , b] = pixel(image, 160, 100);
    expect(r).toBeGreaterThan(150);
    expect(b).toBeLessThan(80);
    const [r2, , b2] = pixel(image, 160, 540);
    expect(b2).toBeGreaterThan(150);
    expect(r2).toBeLessThan(80);
    const small = decodeJpeg(thumb, { useTArray: true });
    expect([small.width, small.height]).toEqual([PHOTO_RULES.thumbSide / 2, PHOTO_RULES.thumbSide]);

    // The member's profile has it as main photo, and the brand serves it to its owner under its cdn_prefix.
    const profile = await env.DB.prepare('SELECT main_photo_id FROM profiles WHERE id = ?')
      .bind(member.profileId)
      .first<{ main_photo_id: number }>();
    expect(profile!.main_photo_id).toBe(photo.id);
    const served = await fetchBrand('flirtlokaal', `/media/${photo.filename}`, { headers: { Cookie: member.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(full);
  });

  it('stores a progressive JPEG (as saved for the web by many editors) like any other', async () => {
    const member = await newMember();
    await initMozjpeg(mozjpegEncoder);
    const width = 300;
    const height = 200;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set(i % width < width / 2 ? [220, 20, 20, 255] : [20, 20, 220, 255], i * 4);
    const progressive = new Uint8Array(
      await encodeWithMozjpeg({ data, width, height, colorSpace: 'srgb' }, { quality: 90, progressive: true }),
    );
    // A progressive frame header (SOF2), which a baseline file does not have.
    expect(progressive.some((b, i) => b === 0xff && progressive[i + 1] === 0xc2)).toBe(true);
    const [photo] = (await uploadOk('flirtlokaal', member, progressive)).photos;
    const image = decodeJpeg(await stored('flirtlokaal', photo.filename), { useTArray: true });
    expect([image.width, image.height]).toEqual([300, 200]);
    expect(pixel(image, 50, 100)[0]).toBeGreaterThan(150);
    expect(pixel(image, 250, 100)[2]).toBeGreaterThan(150);
  });

  it('stores a PNG as JPEG, transparency on white, at its own size when small enough', async () => {
    const member = await newMember();
    const body = await uploadOk('flirtlokaal', member, pngBytes(300, 240));
    const [photo] = body.photos;
    expect([photo.width, photo.height]).toEqual([300, 240]);
    const image = decodeJpeg(await stored('flirtlokaal', photo.filename), { useTArray: true });
    expect([image.width, image.height]).toEqual([300, 240]);
    const [gr, gg, gb] = pixel(image, 50, 120);
    expect(gg).toBeGreaterThan(120);
    expect(gr + gb).toBeLessThan(80);
    // The transparent right half became white, not black.
    expect(pixel(image, 250, 120).every((v) => v > 230)).toBe(true);
  });

  it('stores PNGs of every kind a phone or editor writes: grey at 16 bits, and a palette with a transparent colour', async () => {
    const member = await newMember('flirtlokaal', { paid: true });
    // 16-bit grey: 0x2800 on the left half, 0xC8FF on the right (the high byte is what 8 bits keep).
    const grey = await rawPng(
      { width: 200, height: 200, depth: 16, colourType: 0 },
      Array.from({ length: 200 }, () => Array.from({ length: 200 }, (_, x) => (x < 100 ? [0x28, 0x00] : [0xc8, 0xff])).flat()),
    );
    // Palette: index 0 is red, index 1 blue and fully transparent (tRNS); left half 0, right half 1.
    const palette = await rawPng(
      { width: 200, height: 200, depth: 8, colourType: 3 },
      Array.from({ length: 200 }, () => Array.from({ length: 200 }, (_, x) => (x < 100 ? 0 : 1))),
      [
        ['PLTE', [220, 20, 20, 20, 20, 220]],
        ['tRNS', [255, 0]],
      ],
    );
    for (const [file, left, right] of [
      [grey, [40, 40, 40], [200, 200, 200]],
      [palette, [220, 20, 20], [255, 255, 255]],
    ] as const) {
      const body = await uploadOk('flirtlokaal', member, file);
      const photo = body.photos.find((p) => p.id === body.uploaded)!;
      const image = decodeJpeg(await stored('flirtlokaal', photo.filename), { useTArray: true });
      expect([image.width, image.height]).toEqual([200, 200]);
      for (const [x, expected] of [
        [50, left],
        [150, right],
      ] as const)
        pixel(image, x, 100).forEach((v, i) => expect(Math.abs(v - expected[i]), `x ${x}`).toBeLessThan(12));
    }
  });

  it('accepts a photo at the pixel limit, of any shape within the side limit', async () => {
    const member = await newMember('flirtlokaal', { paid: true });
    expect(640 * 480).toBe(PHOTO_RULES.maxPixels);
    const [photo] = (await uploadOk('flirtlokaal', member, jpegBytes(640, 480))).photos;
    expect([photo.width, photo.height]).toEqual([640, 480]);
    const strip = (await uploadOk('flirtlokaal', member, pngBytes(1536, 200))).photos.find((p) => p.width === 1536);
    expect(strip?.height).toBe(200);
  });

  it('refuses files that lie about their type, whatever their name and declared type say; nothing is stored', async () => {
    const member = await newMember('velvetnights', { language: 'en' });
    const cases: [Uint8Array, string, string][] = [
      [new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'photo.jpg', 'image/jpeg'],
      [new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'photo.png', 'image/png'],
      [new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]), 'photo.webp', 'image/webp'],
      [new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), 'photo.jpeg', 'image/jpeg'],
    ];
    for (const [bytes, name, type] of cases) {
      const res = await upload('velvetnights', member.cookie, bytes, name, type);
      expect(res.status, name).toBe(415);
      expect(await errorOf(res)).toEqual({ code: 'photo_type', message: 'This file is not a JPEG or PNG photo.' });
    }
    // JPEG magic bytes with nothing behind them that decodes.
    const broken = jpegBytes(300, 300).slice(0, 700);
    const res = await upload('velvetnights', member.cookie, broken);
    expect(res.status).toBe(422);
    expect((await errorOf(res)).code).toBe('photo_unreadable');
    expect(await photoRows(member.profileId)).toEqual([]);
    expect(await storedKeys('velvetnights')).toEqual([]);
  });

  it('refuses files over the byte limit in the member language, and stores nothing', async () => {
    const member = await newMember();
    const big = new Uint8Array(PHOTO_RULES.maxBytes + 1);
    big.set(jpegBytes(300, 300));
    const res = await upload('flirtlokaal', member.cookie, big);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ code: 'photo_too_large', message: 'Deze foto is groter dan 8 MB.' });
    // Far beyond: the body limit answers before the form is read.
    const huge = await upload('flirtlokaal', member.cookie, new Uint8Array(PHOTO_RULES.maxBytes + 200_000));
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe('photo_too_large');
    expect(await photoRows(member.profileId)).toEqual([]);
  });

  it('refuses decompression bombs by their header before decoding, and too small photos', async () => {
    const member = await newMember();
    // Header-only files: decoding them would answer photo_unreadable, so photo_dimensions shows the header decided.
    const bombs = [
      jpegHeaderOnly(9000, 300),
      jpegHeaderOnly(3000, 3000),
      jpegHeaderOnly(641, 480),
      jpegHeaderOnly(1601, 200),
      pngHeaderOnly(60_000, 60_000),
      pngHeaderOnly(700, 500),
    ];
    for (const bytes of [...bombs, jpegBytes(800, 600), pngBytes(1000, 750)]) {
      const res = await upload('flirtlokaal', member.cookie, bytes);
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({
        code: 'photo_dimensions',
        message:
          'Deze foto heeft te veel pixels: maximaal 640 × 480 pixels (of evenveel in een andere vorm) en 1600 pixels per zijde. Verklein de foto en probeer het opnieuw.',
      });
    }
    const english = await newMember('velvetnights', { language: 'en' });
    expect((await errorOf(await upload('velvetnights', english.cookie, jpegHeaderOnly(1000, 1000)))).message).toBe(
      'This photo has too many pixels: at most 640 × 480 pixels (or as many in another shape) and 1600 pixels per side. Make the photo smaller and try again.',
    );
    const tiny = await upload('flirtlokaal', member.cookie, jpegBytes(150, 400));
    expect(tiny.status).toBe(422);
    expect(await errorOf(tiny)).toEqual({ code: 'photo_too_small', message: 'Deze foto is te klein: minimaal 200 pixels per zijde.' });
    expect(await photoRows(member.profileId)).toEqual([]);
  });

  it('needs a file and a logged-in member', async () => {
    const member = await newMember();
    const form = new FormData();
    form.append('other', 'x');
    const none = await fetchBrand('flirtlokaal', '/api/photos.php', { method: 'POST', body: form, headers: { Cookie: member.cookie } });
    expect(none.status).toBe(400);
    expect((await errorOf(none)).message).toBe('Kies een foto om te uploaden.');
    const visitor = await upload('flirtlokaal', undefined, jpegBytes(300, 300));
    expect(visitor.status).toBe(403);
    expect((await errorOf(visitor)).code).toBe('authentication_required');
    expect((await fetchBrand('flirtlokaal', '/api/photos.php')).status).toBe(403);
  });

  it('keeps the 64 KiB limit for every other API body', async () => {
    const member = await newMember();
    const res = await fetchBrand('flirtlokaal', '/api/photos.php', {
      method: 'PUT',
      headers: { Cookie: member.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'order', ids: [1], pad: 'x'.repeat(70_000) }),
    });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('too_large');
  });
});
