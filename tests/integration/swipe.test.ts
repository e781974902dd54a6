import { describe, expect, it } from 'vitest';
import { SWIPE_LIKES_PER_DAY } from '../../core/constants';
import { call } from './account-helpers';
import { addProfile, member } from './member-fixtures';

const at = (iso: string) => ({ 'X-Debug-Now': iso });

describe('swipe game', () => {
  it('gives a free member 4 likes a day, refuses the 5th in their language, and resets at midnight UTC', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await addProfile('flirtlokaal', { region: 'LI' }));
    const me = await member();
    const swipe = (id: number, now: string) =>
      call('flirtlokaal', 'POST', '/api/swipe.php', { profile_id: id, action: 'like' }, me.cookie, at(now));
    for (let i = 0; i < SWIPE_LIKES_PER_DAY; i++) expect((await swipe(ids[i], '2026-11-21T10:00:00Z')).status).toBe(200);
    const refused = await swipe(ids[4], '2026-11-21T23:59:00Z');
    expect(refused.status).toBe(429);
    expect((await refused.json<any>()).error.message).toContain('Je hebt je likes van vandaag gebruikt');
    expect((await me.json('GET', '/api/likes.php')).profiles).toHaveLength(SWIPE_LIKES_PER_DAY);
    // Passing is always allowed; the next day brings new likes.
    expect(
      (await call('flirtlokaal', 'POST', '/api/swipe.php', { profile_id: ids[5], action: 'pass' }, me.cookie, at('2026-11-21T23:59:30Z')))
        .status,
    ).toBe(200);
    const nextDay = await swipe(ids[4], '2026-11-22T00:00:01Z');
    expect(nextDay.status).toBe(200);
    expect((await nextDay.json<any>()).likes_left).toBe(SWIPE_LIKES_PER_DAY - 1);
  });

  it('cannot be beaten by swiping in parallel', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await addProfile('flirtlokaal', { region: 'OV' }));
    const me = await member();
    const results = await Promise.all(
      ids.map((id) =>
        call('flirtlokaal', 'POST', '/api/swipe.php', { profile_id: id, action: 'like' }, me.cookie, at('2026-11-20T12:00:00Z')),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(SWIPE_LIKES_PER_DAY);
  });

  it('has no limit for premium members, and the stack leaves out liked and passed profiles', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await addProfile('reifekontakte', { country: 'DE', region: 'BY' }));
    const me = await member('reifekontakte', { paid: true });
    for (const id of ids.slice(0, 5)) expect((await me.as('POST', '/api/swipe.php', { profile_id: id, action: 'like' })).status).toBe(200);
    await me.as('POST', '/api/swipe.php', { profile_id: ids[5], action: 'pass' });
    const stack = await me.json('GET', '/api/swipe.php');
    expect(stack.likes_left).toBeNull();
    expect(stack.profiles.map((p: any) => p.id).filter((id: number) => ids.includes(id))).toEqual([]);
  });

  it('refuses bad actions and unknown profiles', async () => {
    const me = await member();
    expect((await me.as('POST', '/api/swipe.php', { profile_id: 1, action: 'superlike' })).status).toBe(400);
    expect((await me.as('POST', '/api/swipe.php', { profile_id: 123_456_789, action: 'like' })).status).toBe(404);
    expect((await me.as('POST', '/api/swipe.php', { profile_id: me.profileId, action: 'like' })).status).toBe(400);
  });
});

describe('match finder', () => {
  it('ranks profiles by shared interests', async () => {
    const me = await member();
    const plain = await addProfile('flirtlokaal', { age: 44, region: 'GR' });
    const fan = await addProfile('flirtlokaal', { age: 44, region: 'GR' });
    const { env } = await import('cloudflare:test');
    await env.DB.prepare(
      "INSERT INTO profile_interests (tenant_id, profile_id, interest_id) VALUES ('flirtlokaal', ?, 1), ('flirtlokaal', ?, 7)",
    )
      .bind(fan, fan)
      .run();
    const r = await me.json('GET', '/api/match-finder.php?gender=female&min_age=43&max_age=45&interests=adventure,beach');
    expect(r.profiles[0]).toMatchObject({ id: fan, shared_interests: ['adventure', 'beach'] });
    expect(r.profiles.map((p: any) => p.id)).toContain(plain);
    expect((await me.as('GET', '/api/match-finder.php?gender=female&min_age=50&max_age=40')).status).toBe(400);
  });
});
