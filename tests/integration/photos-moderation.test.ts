import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ModerationPhotosResponse } from '../../core/schemas/staff-back-office-answers';
import { dbOf, fetchBrand } from './helpers';
import { jpegBytes, newMember, photoRows, storedKeys, uploadOk, type Member } from './photos-helpers';
import { createStaff, staffApi } from './staff-helpers';

// Photo moderation in the staff workspace (moved from the members' /operator/photos): a staff moderator of the brand
// approves or rejects a member's pending photo, and what that changes for the member and for others.

const SMALL = jpegBytes(200, 200);
const BRAND = 'flirtlokaal';

const queue = (cookie: string, brand = BRAND) => staffApi(brand, 'GET', `moderation-photos.php?brand=${brand}`, { cookie });
const decide = (cookie: string, body: Record<string, unknown>, brand = BRAND) =>
  staffApi(brand, 'POST', 'moderation-photos.php', { cookie, body });
const moderator = (brand = BRAND) => createStaff([{ brand, role: 'moderator' }]);

async function mainImage(brand: string, member: Member) {
  const res = await fetchBrand(brand, '/api/user.php', { headers: { Cookie: member.cookie, 'X-Request-Type': 'client' } });
  return ((await res.json()) as { user: { profile: { main_image: { filename: string; thumb_filename: string } | null } } }).user.profile
    .main_image;
}
async function audits(action: string, photoId: number): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_audit WHERE action = ? AND target_id = ?')
    .bind(action, String(photoId))
    .first<{ n: number }>())!.n;
}

describe('photo moderation in the workspace', { timeout: 30_000 }, () => {
  it('is for moderators, admins and owners of the brand: operators 403, members and visitors 401, the old page is gone', async () => {
    const member = await newMember();
    const { uploaded } = await uploadOk(BRAND, await newMember(), SMALL);
    expect((await queue(member.cookie)).status).toBe(401);
    expect((await decide(member.cookie, { photo_id: uploaded, decision: 'approve' })).status).toBe(401);
    const operator = await createStaff([{ brand: BRAND, role: 'operator' }]);
    expect((await queue(operator.cookie)).status).toBe(403);
    expect((await decide(operator.cookie, { photo_id: uploaded, decision: 'approve' })).status).toBe(403);
    for (const role of ['admin', 'owner'] as const) {
      const staff = await createStaff([{ brand: role === 'owner' ? '*' : BRAND, role }]);
      expect((await queue(staff.cookie)).status).toBe(200);
    }
    expect((await fetchBrand(BRAND, '/operator/photos', { headers: { Cookie: member.cookie }, redirect: 'manual' })).status).toBe(404);
    expect(
      (
        await photoRows(
          (await env.DB.prepare('SELECT profile_id FROM photos WHERE id = ?').bind(uploaded).first<{ profile_id: number }>())!.profile_id,
        )
      )[0].status,
    ).toBe('pending');
  });

  it("lists the pending photos of its own brand only; another brand's moderator gets 404", async () => {
    const mod = await moderator();
    const own = await uploadOk(BRAND, await newMember(BRAND), SMALL);
    const uploaded = await uploadOk('velvetnights', await newMember('velvetnights'), SMALL);
    // velvetnights has its own database, whose ids may equal this brand's: give its photo an id this brand has not.
    const other = { ...uploaded, uploaded: 987_654_321 };
    await dbOf('velvetnights').prepare('UPDATE photos SET id = ? WHERE id = ?').bind(other.uploaded, uploaded.uploaded).run();
    const list = (await (await queue(mod.cookie)).json()) as ModerationPhotosResponse;
    expect(list.photos.find((p) => p.id === own.uploaded)).toMatchObject({
      filename: own.photos[0].filename,
      thumb_filename: own.photos[0].thumb_filename,
    });
    expect(list.photos.some((p) => p.id === other.uploaded || p.filename === other.photos[0].filename)).toBe(false);
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect((await queue(mod.cookie, 'velvetnights')).status).toBe(404);
    // A photo of another brand named on this brand: as if it did not exist, and it stays pending.
    const res = await decide(mod.cookie, { photo_id: other.uploaded, decision: 'approve' });
    expect(res.status).toBe(404);
    expect(
      (await dbOf('velvetnights').prepare('SELECT status FROM photos WHERE id = ?').bind(other.uploaded).first<{ status: string }>())!
        .status,
    ).toBe('pending');
    expect((await decide(mod.cookie, { brand: 'velvetnights', photo_id: other.uploaded, decision: 'approve' })).status).toBe(404);
  });

  it("shows a pending photo to the brand's moderator on a brand with a database of its own, and to nobody else", async () => {
    const uploaded = await uploadOk('velvetnights', await newMember('velvetnights'), SMALL);
    const path = `/media/${uploaded.photos[0].filename}`;
    const mod = await moderator('velvetnights');
    const seen = await fetchBrand('velvetnights', path, { headers: { Cookie: mod.cookie } });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetchBrand('velvetnights', path)).status).not.toBe(200);
    const foreign = await moderator();
    expect((await fetchBrand('velvetnights', path, { headers: { Cookie: foreign.cookie } })).status).not.toBe(200);

    // From another brand's host (the workspace works on every brand of its staff from one host), through
    // /staff/media/<brand>/: for staff with a role on the brand, a moderator seeing the pending photo.
    const viaHost = `/staff/media/velvetnights/${uploaded.photos[0].filename}`;
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    const shown = await fetchBrand(BRAND, viaHost, { headers: { Cookie: owner.cookie } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetchBrand(BRAND, viaHost, { headers: { Cookie: foreign.cookie } })).status).toBe(404);
    expect((await fetchBrand(BRAND, viaHost)).status).toBe(404);
    const operator = await createStaff([{ brand: 'velvetnights', role: 'operator' }]);
    expect((await fetchBrand(BRAND, viaHost, { headers: { Cookie: operator.cookie } })).status).toBe(404);
  });

  it('approving makes the photo active and the main_image of GET /api/user.php; audited once; deciding twice is refused', async () => {
    const mod = await moderator();
    const member = await newMember();
    const { uploaded, photos } = await uploadOk(BRAND, member, SMALL);
    expect(await mainImage(BRAND, member)).toBeNull();

    const res = await decide(mod.cookie, { photo_id: uploaded, decision: 'approve' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ photo_id: uploaded, status: 'active', reject_reason: null });
    const row = await env.DB.prepare('SELECT status, reviewed_by, reviewed_at FROM photos WHERE id = ?')
      .bind(uploaded)
      .first<{ status: string; reviewed_by: number; reviewed_at: string }>();
    expect(row).toMatchObject({ status: 'active', reviewed_by: mod.staffId });
    expect(row!.reviewed_at).toBeTruthy();
    expect(await mainImage(BRAND, member)).toEqual({ filename: photos[0].filename, thumb_filename: photos[0].thumb_filename });
    expect(await audits('photo_approve', uploaded)).toBe(1);

    const again = await decide(mod.cookie, { photo_id: uploaded, decision: 'reject' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Over deze foto is al beslist, of hij bestaat niet.',
    );
    expect((await photoRows(member.profileId))[0].status).toBe('active');
    expect(await audits('photo_reject', uploaded)).toBe(0);
  });

  it('of 20 moderators deciding one photo at once, one decision counts and one audit row is written', async () => {
    const mods = await Promise.all(Array.from({ length: 20 }, () => moderator()));
    const member = await newMember();
    const { uploaded } = await uploadOk(BRAND, member, SMALL);
    const answers = await Promise.all(
      mods.map((m, i) => decide(m.cookie, { photo_id: uploaded, decision: i % 2 ? 'approve' : 'reject', reason: 'quality' })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 404)).toHaveLength(19);
    expect((await audits('photo_approve', uploaded)) + (await audits('photo_reject', uploaded))).toBe(1);
  });

  it('rejecting hides the photo, deletes its R2 objects, frees its place and hands the main role on', async () => {
    const mod = await moderator();
    const member = await newMember();
    const first = await uploadOk(BRAND, member, SMALL);
    const second = await uploadOk(BRAND, member, SMALL);
    const res = await decide(mod.cookie, { photo_id: first.uploaded, decision: 'reject', reason: 'explicit' });
    expect(await res.json()).toEqual({ photo_id: first.uploaded, status: 'rejected', reject_reason: 'explicit' });

    const list = (await (await fetchBrand(BRAND, '/api/photos.php', { headers: { Cookie: member.cookie } })).json()) as {
      photos: { id: number; status: string; main: boolean; reject_reason: string | null }[];
      used: number;
    };
    expect(list.photos.find((p) => p.id === first.uploaded)).toMatchObject({ status: 'rejected', main: false, reject_reason: 'explicit' });
    expect(list.photos.find((p) => p.main)?.id).toBe(second.uploaded);
    expect(list.used).toBe(1);
    const keys = await storedKeys(BRAND);
    expect(keys).not.toContain(`${BRAND}/${first.photos[0].filename}`);
    expect(keys).not.toContain(`${BRAND}/${first.photos[0].thumb_filename}`);
    expect((await fetchBrand(BRAND, `/media/${first.photos[0].filename}`)).status).toBe(404);
    expect(await mainImage(BRAND, member)).toBeNull(); // the new main photo is still pending
    const audit = await env.DB.prepare("SELECT staff_id, brand, detail FROM staff_audit WHERE action = 'photo_reject' AND target_id = ?")
      .bind(String(first.uploaded))
      .first();
    expect(audit).toEqual({ staff_id: mod.staffId, brand: BRAND, detail: JSON.stringify({ reason: 'explicit' }) });
  });

  it('refuses a malformed decision and a cross-site post, changing nothing', async () => {
    const mod = await moderator();
    const member = await newMember();
    const { uploaded } = await uploadOk(BRAND, member, SMALL);
    expect((await decide(mod.cookie, { photo_id: uploaded, decision: 'maybe' })).status).toBe(400);
    expect((await decide(mod.cookie, { photo_id: uploaded, decision: 'reject', reason: 'ugly' })).status).toBe(400);
    const crossSite = await fetchBrand(BRAND, '/api/staff/moderation-photos.php', {
      method: 'POST',
      headers: { Cookie: mod.cookie, Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ photo_id: uploaded, decision: 'approve' }),
    });
    expect(crossSite.status).toBe(403);
    expect((await photoRows(member.profileId))[0].status).toBe('pending');
  });
});
