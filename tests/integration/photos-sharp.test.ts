import { env } from 'cloudflare:test';
import { decode as decodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { SHARP_PHOTO } from '../../core/photo-rules';
import type { PhotosResponse } from '../../core/schemas/photos';
import { stripJpegMetadata } from '../../worker/photos/jpeg-strip';
import type { FictionalProfile } from '../../core/schemas/staff-answers';
import { fetchBrand } from './helpers';
import {
  GPS_MARKER,
  contains,
  errorOf,
  exifSegment,
  jpegBytes,
  newMember,
  photoRows,
  photosCall,
  pngBytes,
  storedKeys,
  upload,
} from './photos-helpers';
import { createStaff, staffApi } from './staff-helpers';

// Sharp photos (docs/decisions/015-sharp-photos.md): the browser uploads the full photo and its 640 px and 320 px sizes;
// the Worker checks, decodes and strips each and stores them as they are. Anything else takes the re-encode path.

type Parts = { photo: Uint8Array; photo_640?: Uint8Array; photo_320?: Uint8Array };

function sharpUpload(brand: string, cookie: string, parts: Parts, names: Partial<Record<keyof Parts, string>> = {}): Promise<Response> {
  const form = new FormData();
  for (const [field, bytes] of Object.entries(parts)) {
    if (bytes) form.append(field, new File([bytes as BlobPart], names[field as keyof Parts] ?? `${field}.jpg`, { type: 'image/jpeg' }));
  }
  return fetchBrand(brand, '/api/photos.php', { method: 'POST', body: form, headers: { Cookie: cookie }, country: 'NL' });
}

/** What the browser sends for a portrait phone photo: 810 x 1080, 480 x 640 and 240 x 320, here with EXIF, GPS and a comment. */
function phoneParts(meta = true): Required<Parts> {
  const opts = () => (meta ? { exif: exifSegment(1), comments: ['SECRET-COMMENT'] } : {});
  return { photo: jpegBytes(810, 1080, opts()), photo_640: jpegBytes(480, 640, opts()), photo_320: jpegBytes(240, 320, opts()) };
}

async function storedObject(brand: string, filename: string): Promise<Uint8Array> {
  const object = await env.MEDIA.get(`${brand}/${filename}`);
  expect(object, filename).not.toBeNull();
  expect(object!.httpMetadata?.contentType).toBe('image/jpeg');
  return new Uint8Array(await object!.arrayBuffer());
}

describe('a three-size upload', { timeout: 60_000 }, () => {
  it('stores the three sizes as the browser encoded them, without EXIF, GPS or comments, and offers the middle one', async () => {
    const member = await newMember();
    const parts = phoneParts();
    expect(contains(parts.photo, GPS_MARKER)).toBe(true);
    const res = await sharpUpload('flirtlokaal', member.cookie, parts);
    expect(res.status).toBe(201);
    const body = (await res.json()) as PhotosResponse & { uploaded: number };
    const [photo] = body.photos;
    expect(photo).toMatchObject({ id: body.uploaded, status: 'pending', width: 810, height: 1080 });
    expect(photo.mid_filename).toBe(photo.filename.replace(/\.jpg$/, '-640.jpg'));

    const sizes: [string, Uint8Array, [number, number]][] = [
      [photo.filename, parts.photo, [810, 1080]],
      [photo.mid_filename!, parts.photo_640, [480, 640]],
      [photo.thumb_filename, parts.photo_320, [240, 320]],
    ];
    for (const [filename, sent, [width, height]] of sizes) {
      const bytes = await storedObject('flirtlokaal', filename);
      for (const secret of ['Exif', GPS_MARKER, 'SECRET-COMMENT']) expect(contains(bytes, secret), `${filename} ${secret}`).toBe(false);
      const image = decodeJpeg(bytes, { useTArray: true });
      expect([image.width, image.height], filename).toEqual([width, height]);
      // Not re-encoded: the stored file is the sent one with only its metadata taken out.
      expect(bytes).toEqual(stripJpegMetadata(sent));
    }
    expect((await storedKeys('flirtlokaal')).length).toBe(3);
    // Every size is served to whom the photo is (the owner, while it waits for review), and to nobody else.
    for (const filename of [photo.filename, photo.mid_filename!, photo.thumb_filename]) {
      expect((await fetchBrand('flirtlokaal', `/media/${filename}`, { headers: { Cookie: member.cookie } })).status, filename).toBe(200);
      expect((await fetchBrand('flirtlokaal', `/media/${filename}`)).status, filename).toBe(404);
    }
    const [row] = await dbRows(member.profileId);
    expect(row.mid_filename).toBe(photo.mid_filename);

    // The owner's profile page offers the sizes (srcset), and deleting the photo removes all three objects.
    const view = await fetchBrand('flirtlokaal', `/api/profile.php?id=${member.profileId}`, {
      headers: { Cookie: member.cookie },
      country: 'NL',
    });
    const { profile } = (await view.json()) as { profile: { photos: { mid_filename?: string; width?: number }[] } };
    expect(profile.photos[0]).toMatchObject({ mid_filename: photo.mid_filename, width: 810 });
    expect((await photosCall('flirtlokaal', member.cookie, 'DELETE', { id: photo.id })).status).toBe(200);
    expect(await storedKeys('flirtlokaal')).toEqual([]);
  });

  it('refuses forged parts in the member language and stores nothing', async () => {
    const member = await newMember('velvetnights', { language: 'en' });
    const good = phoneParts(false);
    // A header that says 810 x 1080 over the bytes of a 540 x 720 picture.
    const lying = jpegBytes(540, 720);
    const sof = lying.findIndex((b, i) => b === 0xff && lying[i + 1] === 0xc0);
    lying.set([1080 >> 8, 1080 & 255, 810 >> 8, 810 & 255], sof + 5);
    const unreadable = { code: 'photo_unreadable', message: 'This photo cannot be read. Please try another photo.' };
    const cases: [string, Parts, number, { code: string; message: string }][] = [
      ['header says 810 x 1080, bytes are 540 x 720', { ...good, photo: lying }, 422, unreadable],
      ['a middle size that is not the full one scaled', { ...good, photo_640: jpegBytes(500, 640) }, 422, unreadable],
      ['a thumbnail of another shape', { ...good, photo_320: jpegBytes(320, 320) }, 422, unreadable],
      [
        'a PNG named .jpg',
        { ...good, photo_640: pngBytes(480, 640) },
        415,
        { code: 'photo_type', message: 'This file is not a JPEG or PNG photo.' },
      ],
      ['one smaller size without the other', { photo: good.photo, photo_640: good.photo_640 }, 422, unreadable],
      ['a middle size cut off in transfer', { ...good, photo_640: good.photo_640.slice(0, good.photo_640.length - 400) }, 422, unreadable],
    ];
    for (const [what, parts, status, error] of cases) {
      const res = await sharpUpload('velvetnights', member.cookie, parts);
      expect(res.status, what).toBe(status);
      expect(await errorOf(res), what).toEqual(error);
    }
    // Beyond the sharp limits (1200 px long side): refused with those limits in the message.
    const big = await sharpUpload('velvetnights', member.cookie, {
      photo: jpegBytes(900, 1200),
      photo_640: jpegBytes(480, 640),
      photo_320: jpegBytes(240, 320),
    });
    expect(big.status).toBe(422);
    expect((await errorOf(big)).message).toContain('1080 × 1440');
    expect(await photoRows(member.profileId, 'velvetnights')).toEqual([]);
    expect(await storedKeys('velvetnights')).toEqual([]);
  });

  it('leaves any other upload on the re-encode path at its cap, with two stored sizes', async () => {
    const member = await newMember();
    // One file: re-encoded, no middle size.
    const single = await upload('flirtlokaal', member.cookie, jpegBytes(600, 450, { exif: exifSegment(1) }));
    expect(single.status).toBe(201);
    const [photo] = ((await single.json()) as PhotosResponse).photos;
    expect(photo.mid_filename).toBeUndefined();
    expect(await storedKeys('flirtlokaal')).toHaveLength(2);
    // The full size of a sharp photo alone is over the re-encode path's 0.3 MP.
    const alone = await upload('flirtlokaal', member.cookie, phoneParts(false).photo);
    expect(alone.status).toBe(422);
    expect((await errorOf(alone)).code).toBe('photo_dimensions');
    // Three parts that were not drawn upright (EXIF orientation 6): the full part is re-encoded, turned, no middle size.
    const turned = await sharpUpload('flirtlokaal', member.cookie, {
      photo: jpegBytes(640, 320, { exif: exifSegment(6) }),
      photo_640: jpegBytes(640, 320, { exif: exifSegment(6) }),
      photo_320: jpegBytes(320, 160, { exif: exifSegment(6) }),
    });
    expect(turned.status).toBe(201);
    const upright = ((await turned.json()) as PhotosResponse).photos.find((p) => p.id !== photo.id)!;
    expect([upright.width, upright.height, upright.mid_filename]).toEqual([320, 640, undefined]);
    expect(SHARP_PHOTO.fields).toEqual({ mid: 'photo_640', thumb: 'photo_320' });
  });
});

describe('a three-size upload by staff for a fictional profile', { timeout: 60_000 }, () => {
  it('is stored in three sizes and approved at once', async () => {
    const op = await createStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const fields = {
      brand: 'flirtlokaal',
      name: 'Sanne',
      gender: 'female',
      sexuality: 'hetero',
      birthdate: '1995-06-15',
      country: 'NL',
      region: 'UT',
      city: 'Utrecht',
      active: true,
    };
    const created = await staffApi('flirtlokaal', 'POST', 'profiles.php', { cookie: op.cookie, body: fields });
    expect(created.status).toBe(201);
    const { profile } = (await created.json()) as { profile: FictionalProfile };
    const form = new FormData();
    form.set('brand', 'flirtlokaal');
    form.set('profile_id', String(profile.id));
    for (const [field, bytes] of Object.entries(phoneParts()))
      form.set(field, new File([bytes as BlobPart], `${field}.jpg`, { type: 'image/jpeg' }));
    const res = await fetchBrand('flirtlokaal', '/api/staff/profile-photo.php', {
      method: 'POST',
      body: form,
      headers: { Cookie: op.cookie, Origin: 'https://flirtlokaal.localhost' },
    });
    expect(res.status).toBe(201);
    const { uploaded } = (await res.json()) as { uploaded: number };
    const row = await env.DB.prepare('SELECT status, filename, mid_filename, width, height FROM photos WHERE id = ?')
      .bind(uploaded)
      .first<{ status: string; filename: string; mid_filename: string; width: number; height: number }>();
    expect(row).toMatchObject({ status: 'active', width: 810, height: 1080 });
    const mid = decodeJpeg(await storedObject('flirtlokaal', row!.mid_filename), { useTArray: true });
    expect([mid.width, mid.height]).toEqual([480, 640]);
    expect(contains(await storedObject('flirtlokaal', row!.filename), GPS_MARKER)).toBe(false);
  });
});

async function dbRows(profileId: number) {
  const { results } = await env.DB.prepare('SELECT mid_filename FROM photos WHERE profile_id = ?')
    .bind(profileId)
    .all<{ mid_filename: string | null }>();
  return results;
}
