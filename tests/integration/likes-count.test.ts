import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from './account-helpers';
import { BRAND, chatMember, type TestMember } from './chat-helpers';

// Issue 18, item 4: the new-likes badge, the page title and the app badge all read chats.php's new_likes; it must
// count exactly the new likes /likes shows, so opening them always clears it.

const json = async (m: TestMember, path: string) => (await call(BRAND, 'GET', path, undefined, m.cookie)).json<any>();
const badge = async (m: TestMember) => (await json(m, '/api/chats.php')).new_likes as number;
const shownNew = async (m: TestMember) =>
  ((await json(m, '/api/likes.php')).liked_by as { id: number; like_new: boolean }[]).filter((l) => l.like_new);
const likes = (from: TestMember, to: TestMember) =>
  call(BRAND, 'POST', '/api/likes.php', { profile_id: to.profileId, source: 'profile' }, from.cookie);

describe('the new-likes count', () => {
  it('counts only likes /likes shows: not from unconfirmed members, disabled profiles or a block either way', async () => {
    const me = await chatMember();
    const [visible, unconfirmed, disabled, blockedByMe, blockingMe, invisible] = await Promise.all([
      chatMember(),
      chatMember({ status: 'not_confirmed' }),
      chatMember(),
      chatMember(),
      chatMember(),
      chatMember(),
    ]);
    for (const from of [visible, unconfirmed, disabled, blockedByMe, blockingMe, invisible])
      expect((await likes(from, me)).status).toBe(200);
    await env.DB.batch([
      env.DB.prepare("UPDATE profiles SET status = 'disabled' WHERE id = ?").bind(disabled.profileId),
      env.DB.prepare('UPDATE members SET invisible = 1 WHERE id = ?').bind(invisible.memberId),
    ]);
    await call(BRAND, 'POST', '/api/block.php', { profile_id: blockedByMe.profileId }, me.cookie);
    await call(BRAND, 'POST', '/api/block.php', { profile_id: me.profileId }, blockingMe.cookie);

    expect((await shownNew(me)).map((l) => l.id)).toEqual([visible.profileId]);
    expect(await badge(me)).toBe(1);

    // Opening the one like the member can see clears the count completely.
    await call(BRAND, 'GET', `/api/profile.php?id=${visible.profileId}`, undefined, me.cookie);
    expect(await shownNew(me)).toEqual([]);
    expect(await badge(me)).toBe(0);
  });
});
