import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { dbOf } from './helpers';
import { errorOf, jpegBytes, newMember, photoRows, storedKeys, upload, uploadOk } from './photos-helpers';

// SPEC.md §5/§6/§9: free members at most 3 photos, premium at most 25, 'Foto-limiet bereikt' (§8) beyond.
// Pending and active photos count; rejected ones do not. The server holds the limit even against parallel uploads.

const SMALL = jpegBytes(200, 200);

describe('photo limits', { timeout: 30_000 }, () => {
  it('lets a free member have 3 photos and answers the 4th with Foto-limiet bereikt', async () => {
    const member = await newMember();
    for (let i = 1; i <= 3; i++) expect((await uploadOk('flirtlokaal', member, SMALL)).used).toBe(i);
    const before = (await storedKeys('flirtlokaal')).length;
    const res = await upload('flirtlokaal', member.cookie, SMALL);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: 'photo_limit', message: 'Foto-limiet bereikt' });
    expect(await photoRows(member.profileId)).toHaveLength(3);
    expect(await storedKeys('flirtlokaal')).toHaveLength(before);
  });

  it('does not count rejected photos', async () => {
    const member = await newMember();
    const { photos } = await uploadOk('flirtlokaal', member, SMALL);
    await uploadOk('flirtlokaal', member, SMALL);
    await uploadOk('flirtlokaal', member, SMALL);
    await env.DB.prepare("UPDATE photos SET status = 'rejected' WHERE id = ?").bind(photos[0].id).run();
    const again = await uploadOk('flirtlokaal', member, SMALL);
    expect(again.used).toBe(3);
    expect(again.photos).toHaveLength(4);
    expect((await upload('flirtlokaal', member.cookie, SMALL)).status).toBe(409);
  });

  it('counts active photos as well as pending ones', async () => {
    const member = await newMember();
    await uploadOk('flirtlokaal', member, SMALL);
    await uploadOk('flirtlokaal', member, SMALL);
    await env.DB.prepare("UPDATE photos SET status = 'active' WHERE profile_id = ?").bind(member.profileId).run();
    await uploadOk('flirtlokaal', member, SMALL);
    expect((await upload('flirtlokaal', member.cookie, SMALL)).status).toBe(409);
  });

  // 26 uploads, each decoded and re-encoded: more than the default 5 s when the machine is busy.
  it('lets a premium member have 25 photos, in the member language beyond', { timeout: 60_000 }, async () => {
    const member = await newMember('reifekontakte', { paid: true, language: 'de' });
    for (let i = 1; i <= 25; i++) {
      const res = await upload('reifekontakte', member.cookie, SMALL);
      expect(res.status, `upload ${i}`).toBe(201);
    }
    const res = await upload('reifekontakte', member.cookie, SMALL);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: 'photo_limit', message: 'Fotolimit erreicht' });
    const rows = await photoRows(member.profileId);
    expect(rows).toHaveLength(25);
    expect(rows.map((r) => r.position)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.id)).size).toBe(25);
  });

  it('stores exactly 3 of 6 parallel uploads of a free member, and nothing of the other 3', async () => {
    const member = await newMember('velvetnights', { language: 'en' });
    const before = await storedKeys('velvetnights');
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload('velvetnights', member.cookie, SMALL)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) expect((await errorOf(res)).message).toBe('Photo limit reached');
    const rows = await photoRows(member.profileId, 'velvetnights');
    expect(rows).toHaveLength(3);
    // Only the three kept photos (full + thumbnail each) are in R2: the refused ones were cleaned up.
    const after = (await storedKeys('velvetnights')).filter((k) => !before.includes(k)).sort();
    expect(after).toEqual(rows.flatMap((r) => [`velvetnights/${r.filename}`, `velvetnights/${r.thumb_filename}`]).sort());
    // Exactly one of them became the main photo.
    const profile = await dbOf('velvetnights')
      .prepare('SELECT main_photo_id FROM profiles WHERE id = ?')
      .bind(member.profileId)
      .first<{ main_photo_id: number }>();
    expect(rows.map((r) => r.id)).toContain(profile!.main_photo_id);
  });

  it('uses the paid flag of the moment: a member who just became premium may go on', async () => {
    const member = await newMember();
    for (let i = 0; i < 3; i++) await uploadOk('flirtlokaal', member, SMALL);
    expect((await upload('flirtlokaal', member.cookie, SMALL)).status).toBe(409);
    await env.DB.prepare('UPDATE members SET paid_user = 1 WHERE id = ?').bind(member.memberId).run();
    const res = await uploadOk('flirtlokaal', member, SMALL);
    expect([res.used, res.limit]).toEqual([4, 25]);
  });
});
