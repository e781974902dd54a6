import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fetchBrand } from './helpers';
import { newMember, uploadOk, type Member } from './photos-helpers';
import { createStaff } from './staff-helpers';

/** A staff moderator of the brand, as a viewer: the workspace's cookie instead of a member's. */
const moderator = async (brand = 'flirtlokaal') =>
  ({ ...(await createStaff([{ brand, role: 'moderator' }])), memberId: 0, profileId: 0 }) as Member;

// Pen-test item 13: a pending or private photo is served only to whoever may see it (docs/api/photos.md), never to
// anyone who holds its URL; an approved public photo keeps its long public cache.

const PUBLIC = 'public, max-age=31536000, immutable';

function get(path: string, viewer?: Member): Promise<Response> {
  return fetchBrand('flirtlokaal', path, { headers: viewer ? { Cookie: viewer.cookie } : {} });
}

async function expectRefused(path: string, viewer?: Member) {
  const res = await get(path, viewer);
  expect(res.status, `${path} for ${viewer ? `member ${viewer.memberId}` : 'a visitor'}`).toBe(404);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(new Uint8Array(await res.arrayBuffer()).length).toBe(0);
}

async function expectServed(path: string, viewer: Member | undefined, cache: string) {
  const res = await get(path, viewer);
  expect(res.status, `${path} for ${viewer ? `member ${viewer.memberId}` : 'a visitor'}`).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
  expect(res.headers.get('cache-control')).toBe(cache);
  if (cache !== PUBLIC) expect(res.headers.get('vary')).toMatch(/Cookie/);
  expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
}

const setPhoto = (id: number, status: string, isPrivate: boolean) =>
  env.DB.prepare('UPDATE photos SET status = ?, private = ? WHERE id = ?')
    .bind(status, isPrivate ? 1 : 0, id)
    .run();

describe('who may load an uploaded photo', () => {
  it("a pending photo: its owner and the brand's staff moderators, not another member, an operator or a visitor", async () => {
    const owner = await newMember();
    const [photo] = (await uploadOk('flirtlokaal', owner)).photos;
    expect(photo.status).toBe('pending');
    const [mod, operator, other] = [
      await moderator(),
      { ...(await createStaff([{ brand: 'flirtlokaal', role: 'operator' }])), memberId: 0, profileId: 0 } as Member,
      await moderator('velvetnights'),
    ];
    for (const path of [`/media/${photo.filename}`, `/media/${photo.thumb_filename}`]) {
      await expectRefused(path);
      await expectRefused(path, await newMember());
      await expectRefused(path, await newMember('flirtlokaal', { paid: true }));
      await expectServed(path, owner, 'private, max-age=300');
      await expectServed(path, mod, 'private, max-age=300');
      await expectRefused(path, operator);
      await expectRefused(path, other);
    }
    // Another brand's moderator is nobody here (and another brand's host has no such key).
    expect((await fetchBrand('velvetnights', `/media/${photo.filename}`, { headers: { Cookie: other.cookie } })).status).toBe(404);
  });

  it("an approved public photo is everyone's, with the long public cache", async () => {
    const owner = await newMember();
    const [photo] = (await uploadOk('flirtlokaal', owner)).photos;
    await setPhoto(photo.id, 'active', false);
    await expectServed(`/media/${photo.filename}`, undefined, PUBLIC);
    await expectServed(`/media/${photo.thumb_filename}`, await newMember(), PUBLIC);
  });

  it('an approved private photo: premium members, its owner and staff moderators, not free members or visitors', async () => {
    const owner = await newMember();
    const [photo] = (await uploadOk('flirtlokaal', owner)).photos;
    await setPhoto(photo.id, 'active', true);
    for (const path of [`/media/${photo.filename}`, `/media/${photo.thumb_filename}`]) {
      await expectRefused(path);
      await expectRefused(path, await newMember());
      await expectServed(path, await newMember('flirtlokaal', { paid: true }), 'private, max-age=300');
      await expectServed(path, owner, 'private, max-age=300');
      await expectServed(path, await moderator(), 'private, max-age=300');
    }
  });

  it("a rejected photo and unknown or malformed keys under p/ are nobody's", async () => {
    const owner = await newMember();
    const [photo] = (await uploadOk('flirtlokaal', owner)).photos;
    await setPhoto(photo.id, 'rejected', false);
    await expectRefused(`/media/${photo.filename}`, owner);
    await env.MEDIA.put('flirtlokaal/p/stray.jpg', new Uint8Array([1, 2, 3]));
    await expectRefused('/media/p/stray.jpg', owner);
    await expectRefused(`/media/p/${'0'.repeat(32)}.jpg`, owner);
  });
});
