import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addProfile, member } from './member-fixtures';

type Cards = { profiles?: { id: number }[]; liked_by?: { id: number }[]; results?: { id: number }[] };
const ids = (list: { id: number }[] | undefined) => (list ?? []).map((p) => p.id);

describe('a blocked profile never appears on a card (issue 18 item 8)', () => {
  it('leaves the home sample, the search, the likes and the like modal once the member blocks it', async () => {
    const me = await member();
    // An age no other profile of this file has, so the home sample (12 cards) and the search hold it for certain.
    const blocked = await addProfile('flirtlokaal', { age: 77 });
    await env.DB.prepare("INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, created_at) VALUES ('flirtlokaal', ?, ?, ?)")
      .bind(blocked, me.profileId, new Date().toISOString())
      .run();
    const shown = async () => {
      const featured = await me.json<Cards>('GET', '/api/featured.php?gender=female&min_age=77&max_age=77');
      const search = await me.json<{ results: { results: { id: number }[] }[] } & Cards>(
        'GET',
        '/api/search.php?gender=female&min_age=77&max_age=77',
      );
      const likes = await me.json<Cards>('GET', '/api/likes.php');
      const auto = await me.json<{ profile: { id: number } | null }>('GET', '/api/auto-like.php');
      return {
        featured: ids(featured.profiles).includes(blocked),
        search: JSON.stringify(search).includes(`"id":${blocked},`),
        likes: ids(likes.liked_by).includes(blocked),
        auto: auto.profile?.id === blocked,
      };
    };
    expect(await shown()).toEqual({ featured: true, search: true, likes: true, auto: true });

    expect((await me.as('POST', '/api/block.php', { profile_id: blocked })).status).toBe(200);
    expect(await shown()).toEqual({ featured: false, search: false, likes: false, auto: false });

    // Its own page still opens for the member who blocked it (to unblock), and says it is blocked.
    const page = await me.json<{ profile: { blocked: boolean } }>('GET', `/api/profile.php?id=${blocked}`);
    expect(page.profile.blocked).toBe(true);
  });

  it('a profile whose owner blocked the member is gone from the home sample too', async () => {
    const me = await member();
    const other = await member();
    await env.DB.prepare(
      "UPDATE profiles SET gender = 'female', birthdate = ?, country = 'NL', searchable = 1, main_photo_id = (SELECT id FROM photos LIMIT 1) WHERE id = ?",
    )
      .bind(new Date(Date.now() - 78.5 * 365.25 * 86_400_000).toISOString().slice(0, 10), other.profileId)
      .run();
    const featured = async () => ids((await me.json<Cards>('GET', '/api/featured.php?gender=female&min_age=78&max_age=78')).profiles);
    expect(await featured()).toContain(other.profileId);
    await env.DB.prepare("INSERT INTO blocks (tenant_id, blocker_id, blocked_profile_id, created_at) VALUES ('flirtlokaal', ?, ?, ?)")
      .bind(other.memberId, me.profileId, new Date().toISOString())
      .run();
    expect(await featured()).not.toContain(other.profileId);
  });
});
