import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from './account-helpers';
import { addProfile, member } from './member-fixtures';

const likeFlag = async (from: number, to: number) =>
  (
    await env.DB.prepare('SELECT is_new FROM likes WHERE from_profile_id = ? AND to_profile_id = ?')
      .bind(from, to)
      .first<{ is_new: number }>()
  )?.is_new;

describe('profile view', () => {
  it('shows photos by role: visitors the main one, free members the public ones, premium members all', async () => {
    const id = await addProfile('flirtlokaal', { extraPhotos: [false, true, true] });
    const visitor = await (await call('flirtlokaal', 'GET', `/api/profile.php?id=${id}`)).json<any>();
    expect(visitor.profile.photos).toHaveLength(1);
    expect(visitor.profile.hidden_photos).toBe(3);
    const free = await (await member()).json('GET', `/api/profile.php?id=${id}`);
    expect(free.profile.photos.map((p: any) => p.private)).toEqual([false, false]);
    expect(free.profile.hidden_private_photos).toBe(2);
    const premium = await (await member('flirtlokaal', { paid: true })).json('GET', `/api/profile.php?id=${id}`);
    expect(premium.profile.photos).toHaveLength(4);
    expect(premium.profile.hidden_private_photos).toBe(0);
  });

  it('shows only the fields the brand shows, and related profiles', async () => {
    const id = await addProfile('flirtlokaal', { age: 35 });
    const related = await addProfile('flirtlokaal', { age: 36 });
    await env.DB.prepare("UPDATE profiles SET hair_colour = 'blond', eye_colour = 'blue' WHERE id = ?").bind(id).run();
    const r = await (await member()).json('GET', `/api/profile.php?id=${id}`);
    expect(r.profile).toMatchObject({ about: 'Hallo!', hair_colour: 'blond', eye_colour: 'blue', sexuality: 'hetero' });
    // The region by its name, as the search's filter names it, not its code.
    expect(r.profile).toMatchObject({ region: 'UT', region_name: 'Utrecht' });
    expect(r.related.map((p: any) => p.id)).toContain(related);
    expect(r.related.map((p: any) => p.id)).not.toContain(id);
    // ReifeKontakte shows hair colour but neither eye colour nor sexuality (its visible_profile_fields).
    const mature = await addProfile('reifekontakte', { age: 55, country: 'DE', region: 'BE' });
    await env.DB.prepare("UPDATE profiles SET hair_colour = 'grey', eye_colour = 'green' WHERE id = ?").bind(mature).run();
    const m = await (await member('reifekontakte')).json('GET', `/api/profile.php?id=${mature}`);
    expect(m.profile).toMatchObject({ about: 'Hallo!', hair_colour: 'grey' });
    expect(m.profile).not.toHaveProperty('eye_colour');
    expect(m.profile).not.toHaveProperty('sexuality');
  });

  it('answers unknown ids, other brands and bad ids alike with 404, in the member language', async () => {
    const other = await addProfile('velvetnights');
    const me = await member();
    for (const id of [other, 99_999_999]) {
      const res = await me.as('GET', `/api/profile.php?id=${id}`);
      expect(res.status).toBe(404);
      expect((await res.json<any>()).error.message).toBe('Dit profiel bestaat niet of niet meer.');
    }
    expect((await me.as('GET', '/api/profile.php?id=-4')).status).toBe(400);
    expect((await me.as('GET', '/api/profile.php?id=abc')).status).toBe(400);
  });

  it('hides the blocker from the blocked member, who can neither view nor like them', async () => {
    const blocker = await member();
    const blocked = await member();
    await blocker.as('POST', '/api/block.php', { profile_id: blocked.profileId });
    expect((await blocked.as('GET', `/api/profile.php?id=${blocker.profileId}`)).status).toBe(404);
    expect((await blocked.as('POST', '/api/likes.php', { profile_id: blocker.profileId })).status).toBe(404);
    // The blocker still sees the profile, marked as blocked, and can unblock.
    const view = await blocker.json('GET', `/api/profile.php?id=${blocked.profileId}`);
    expect(view.profile.blocked).toBe(true);
    await blocker.as('DELETE', '/api/block.php', { profile_id: blocked.profileId });
    expect((await blocked.as('GET', `/api/profile.php?id=${blocker.profileId}`)).status).toBe(200);
  });
});

describe('likes', () => {
  it('likes and unlikes, refuses liking oneself, and finds a match when both liked', async () => {
    const a = await member();
    const b = await member();
    expect((await a.as('POST', '/api/likes.php', { profile_id: a.profileId })).status).toBe(400);
    const first = await a.json('POST', '/api/likes.php', { profile_id: b.profileId });
    expect(first).toMatchObject({ liked: true, match: false });
    const second = await b.json('POST', '/api/likes.php', { profile_id: a.profileId });
    expect(second.match).toBe(true);
    const likes = await a.json('GET', '/api/likes.php');
    expect(likes.profiles.map((p: any) => p.id)).toEqual([b.profileId]);
    expect(likes.liked_by[0]).toMatchObject({ id: b.profileId, like_new: true, match: true });
    await a.as('DELETE', '/api/likes.php', { profile_id: b.profileId });
    expect((await a.json('GET', '/api/likes.php')).profiles).toEqual([]);
  });

  it('lists received likes new first, and opening a liker clears its new flag', async () => {
    const me = await member();
    const older = await member();
    const newer = await member();
    await older.as('POST', '/api/likes.php', { profile_id: me.profileId });
    await newer.as('POST', '/api/likes.php', { profile_id: me.profileId });
    await me.as('GET', `/api/profile.php?id=${newer.profileId}`);
    expect(await likeFlag(newer.profileId, me.profileId)).toBe(0);
    const { liked_by } = await me.json('GET', '/api/likes.php');
    expect(liked_by.map((l: any) => [l.id, l.like_new])).toEqual([
      [older.profileId, true],
      [newer.profileId, false],
    ]);
  });

  it('auto-like answers the newest unseen liker, or null', async () => {
    const me = await member();
    expect((await me.json('GET', '/api/auto-like.php')).profile).toBeNull();
    const fan = await addProfile('flirtlokaal');
    await env.DB.prepare(
      "INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, source, created_at) VALUES ('flirtlokaal', ?, ?, 'auto', ?)",
    )
      .bind(fan, me.profileId, new Date().toISOString())
      .run();
    expect((await me.json('GET', '/api/auto-like.php')).profile.id).toBe(fan);
  });

  it('hides likes of invisible members and keeps brands apart', async () => {
    const me = await member();
    const shy = await member();
    await shy.as('POST', '/api/likes.php', { profile_id: me.profileId });
    await env.DB.prepare('UPDATE members SET invisible = 1 WHERE id = ?').bind(shy.memberId).run();
    expect((await me.json('GET', '/api/likes.php')).liked_by).toEqual([]);
    const foreign = await addProfile('velvetnights');
    expect((await me.as('POST', '/api/likes.php', { profile_id: foreign })).status).toBe(404);
    expect((await me.as('POST', '/api/likes.php', { profile_id: 'x' })).status).toBe(400);
    expect((await call('flirtlokaal', 'GET', '/api/likes.php')).status).toBe(403);
  });
});
