import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PhotosResponse } from '../../core/schemas/photos';
import { purgeExpired } from '../../worker/account/purge';
import { fetchBrand } from './helpers';
import { errorOf, jpegBytes, newMember, photoRows, photosCall, storedKeys, uploadOk, type Member } from './photos-helpers';

// PUT and DELETE /api/photos.php: main photo, private, order, delete; only ever on the member's own photos.

const SMALL = jpegBytes(200, 200);

async function threePhotos(brand = 'flirtlokaal', member?: Member) {
  const m = member ?? (await newMember(brand));
  await uploadOk(brand, m, SMALL);
  await uploadOk(brand, m, SMALL);
  const { photos } = await uploadOk(brand, m, SMALL);
  return { member: m, ids: photos.map((p) => p.id) };
}

async function json(res: Response): Promise<PhotosResponse> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PhotosResponse;
}

const mainOf = (r: PhotosResponse) => r.photos.find((p) => p.main)?.id;

describe('managing own photos', { timeout: 30_000 }, () => {
  it('lists own photos of every status, in order, with the limit', async () => {
    const { member, ids } = await threePhotos();
    const list = await json(await photosCall('flirtlokaal', member.cookie, 'GET'));
    expect(list.photos.map((p) => p.id)).toEqual(ids);
    expect(list.photos.map((p) => p.status)).toEqual(['pending', 'pending', 'pending']);
    expect([list.used, list.limit]).toEqual([3, 3]);
    expect(mainOf(list)).toBe(ids[0]);
  });

  it('sets the main photo', async () => {
    const { member, ids } = await threePhotos();
    const res = await json(await photosCall('flirtlokaal', member.cookie, 'PUT', { action: 'main', id: ids[2] }));
    expect(mainOf(res)).toBe(ids[2]);
    const row = await env.DB.prepare('SELECT main_photo_id FROM profiles WHERE id = ?')
      .bind(member.profileId)
      .first<{ main_photo_id: number }>();
    expect(row!.main_photo_id).toBe(ids[2]);
  });

  it('marks photos private and public, but never the main photo', async () => {
    const { member, ids } = await threePhotos();
    const res = await json(await photosCall('flirtlokaal', member.cookie, 'PUT', { action: 'private', id: ids[1], private: true }));
    expect(res.photos.map((p) => p.private)).toEqual([false, true, false]);
    const main = await photosCall('flirtlokaal', member.cookie, 'PUT', { action: 'private', id: ids[0], private: true });
    expect(main.status).toBe(409);
    expect((await errorOf(main)).message).toBe('Je hoofdfoto kan niet privé zijn.');
    const privateMain = await photosCall('flirtlokaal', member.cookie, 'PUT', { action: 'main', id: ids[1] });
    expect(privateMain.status).toBe(409);
    const back = await json(await photosCall('flirtlokaal', member.cookie, 'PUT', { action: 'private', id: ids[1], private: false }));
    expect(back.photos.every((p) => !p.private)).toBe(true);
  });

  it('reorders with a list of exactly its own photos', async () => {
    const { member, ids } = await threePhotos();
    const order = [ids[2], ids[0], ids[1]];
    const res = await json(await photosCall('flirtlokaal', member.cookie, 'PUT', { action: 'order', ids: order }));
    expect(res.photos.map((p) => p.id)).toEqual(order);
    expect((await photoRows(member.profileId)).map((r) => r.id)).toEqual(order);
    for (const bad of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [...order, 123],
      [ids[0], ids[1], 160_000_000 + 999_999],
    ]) {
      const refused = await photosCall('flirtlokaal', member.cookie, 'PUT', { action: 'order', ids: bad });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).code).toBe('photo_order');
    }
    expect((await photoRows(member.profileId)).map((r) => r.id)).toEqual(order);
  });

  it('deletes a photo with its R2 objects, and the next photo becomes main', async () => {
    const { member, ids } = await threePhotos();
    const [first] = await photoRows(member.profileId);
    const res = await json(await photosCall('flirtlokaal', member.cookie, 'DELETE', { id: ids[0] }));
    expect(res.photos.map((p) => p.id)).toEqual([ids[1], ids[2]]);
    expect(mainOf(res)).toBe(ids[1]);
    expect(res.used).toBe(2);
    const keys = await storedKeys('flirtlokaal');
    expect(keys).not.toContain(`flirtlokaal/${first.filename}`);
    expect(keys).not.toContain(`flirtlokaal/${first.thumb_filename}`);
    expect((await fetchBrand('flirtlokaal', `/media/${first.filename}`)).status).toBe(404);
    // The freed place can be used again.
    expect((await uploadOk('flirtlokaal', member, SMALL)).used).toBe(3);
    const again = await photosCall('flirtlokaal', member.cookie, 'DELETE', { id: ids[0] });
    expect(again.status).toBe(404);
  });

  it('refuses bad input with field errors', async () => {
    const member = await newMember();
    for (const body of [{}, { action: 'rotate', id: 1 }, { action: 'main', id: 'abc' }, { action: 'private', id: 1 }, null]) {
      const res = await photosCall('flirtlokaal', member.cookie, 'PUT', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await photosCall('flirtlokaal', member.cookie, 'PUT', { action: 'main', id: 199_999_999 })).status).toBe(404);
  });
});

describe('tenant and member isolation', { timeout: 30_000 }, () => {
  it("another member (same brand or another brand) cannot see, change or delete a member's photos", async () => {
    const { member: owner, ids } = await threePhotos();
    const sameBrand = await newMember('flirtlokaal');
    const otherBrand = await newMember('velvetnights', { language: 'en' });
    for (const [brand, intruder] of [
      ['flirtlokaal', sameBrand],
      ['velvetnights', otherBrand],
    ] as const) {
      expect((await json(await photosCall(brand, intruder.cookie, 'GET'))).photos).toEqual([]);
      for (const body of [
        { action: 'main', id: ids[0] },
        { action: 'private', id: ids[1], private: true },
      ]) {
        const res = await photosCall(brand, intruder.cookie, 'PUT', body);
        expect(res.status).toBe(404);
        expect((await errorOf(res)).code).toBe('photo_not_found');
      }
      expect((await photosCall(brand, intruder.cookie, 'PUT', { action: 'order', ids })).status).toBe(400);
      expect((await photosCall(brand, intruder.cookie, 'DELETE', { id: ids[0] })).status).toBe(404);
    }
    const rows = await photoRows(owner.profileId);
    expect(rows.map((r) => [r.id, r.private])).toEqual(ids.map((id) => [id, 0]));
    const main = await env.DB.prepare('SELECT main_photo_id FROM profiles WHERE id = ?')
      .bind(sameBrand.profileId)
      .first<{ main_photo_id: number | null }>();
    expect(main!.main_photo_id).toBeNull();
  });

  it("a brand's session is no session on another brand", async () => {
    const { member } = await threePhotos();
    const res = await photosCall('velvetnights', member.cookie, 'GET');
    expect(res.status).toBe(403);
  });

  it("serves a photo's R2 key only under its own brand's host", async () => {
    const { member } = await threePhotos();
    const [row] = await photoRows(member.profileId);
    // Pending, so its owner's session is what may load it (media-access.test.ts says who else may).
    const own = { headers: { Cookie: member.cookie } };
    expect((await fetchBrand('flirtlokaal', `/media/${row.filename}`, own)).status).toBe(200);
    expect((await fetchBrand('flirtlokaal', `/media/${row.thumb_filename}`, own)).status).toBe(200);
    await env.DB.prepare("UPDATE photos SET status = 'active' WHERE id = ?").bind(row.id).run();
    expect((await fetchBrand('flirtlokaal', `/media/${row.filename}`)).status).toBe(200);
    for (const brand of ['velvetnights', 'reifekontakte']) {
      expect((await fetchBrand(brand, `/media/${row.filename}`)).status).toBe(404);
      expect((await fetchBrand(brand, `/media/flirtlokaal/${row.filename}`)).status).toBe(404);
    }
  });
});

describe('purge', { timeout: 30_000 }, () => {
  it("removes a purged account's uploaded photos from D1 and R2, and nobody else's", async () => {
    const { member } = await threePhotos();
    const { member: other } = await threePhotos();
    const mine = await photoRows(member.profileId);
    await env.DB.prepare("UPDATE members SET status = 'deleted', deleted_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), member.memberId)
      .run();
    expect(await purgeExpired(env, new Date(Date.now() + 15 * 86_400_000))).toBe(1);
    expect(await photoRows(member.profileId)).toEqual([]);
    const keys = await storedKeys('flirtlokaal');
    for (const row of mine) {
      expect(keys).not.toContain(`flirtlokaal/${row.filename}`);
      expect(keys).not.toContain(`flirtlokaal/${row.thumb_filename}`);
    }
    for (const row of await photoRows(other.profileId)) expect(keys).toContain(`flirtlokaal/${row.filename}`);
  });
});
