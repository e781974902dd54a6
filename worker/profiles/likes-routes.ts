import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { blockProfile, unblockProfile } from './blocks';
import { isLikedBy, likeStatement, listLikes, newestNewLike, reachableProfile, shortProfile, unlike } from './likes';
import { publishToMember } from '../live/events';
import { findMatches } from './match-finder';
import type { SessionMember } from '../auth/sessions';
import { passProfile, swipeDay, swipeLikesLeft, swipeStack, takeSwipeLike } from './swipe';
import { operation } from '../http/operation';
import { profileNotFound, searchStart } from './member-calls';

/** Likes, matches, blocks, the swipe game and the match finder (members only). */
export const likesRoutes = new Hono<AppEnv>();

/** The profile the member acts on, or the same 404 as an unknown id (another brand's, blocked, deleted...). */
async function target(c: AppContext, member: SessionMember, profileId: number) {
  if (profileId === member.id) throw new ApiFailure(400, 'own_profile', 'errors.like_self');
  const found = await reachableProfile(c.env.DB, c.get('tenant').id, member.id, profileId);
  if (!found) throw profileNotFound();
  return { id: profileId, memberId: found.memberId };
}

/**
 * Stores the like and answers whether it is a match. The liked member hears of it at once (live, or by push):
 * unless the liker is invisible or unconfirmed, whose likes others do not see (SPEC.md §4).
 */
async function like(
  c: AppContext,
  member: SessionMember,
  target: { id: number; memberId: number | null },
  source: string,
): Promise<boolean> {
  const tenantId = c.get('tenant').id;
  const stored = await likeStatement(c.env.DB, tenantId, member.id, target.id, source, c.get('now')).run();
  const match = await isLikedBy(c.env.DB, tenantId, target.id, member.id);
  if (stored.meta.changes === 1 && target.memberId !== null && !member.invisible && member.status === 'confirmed') {
    const profile = await shortProfile(c.env.DB, tenantId, member.id);
    if (profile) c.executionCtx.waitUntil(publishToMember(c.env, tenantId, target.memberId, { type: match ? 'match' : 'like', profile }));
  }
  return match;
}

operation(likesRoutes, 'get', '/api/likes.php', async (c, { member }) => listLikes(c.env.DB, c.get('tenant').id, member.id, c.get('now')));

operation(likesRoutes, 'post', '/api/likes.php', async (c, { member, body }) => {
  const match = await like(c, member, await target(c, member, body.profile_id), body.source);
  return { liked: true, match, swipe_likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, c.get('now')) };
});

operation(likesRoutes, 'delete', '/api/likes.php', async (c, { member, body }) => {
  await target(c, member, body.profile_id);
  await unlike(c.env.DB, c.get('tenant').id, member.id, body.profile_id);
  return { liked: false, match: false, swipe_likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, c.get('now')) };
});

operation(likesRoutes, 'get', '/api/auto-like.php', async (c, { member }) => ({
  profile: await newestNewLike(c.env.DB, c.get('tenant').id, member.id, c.get('now')),
}));

operation(likesRoutes, 'post', '/api/block.php', async (c, { member, body }) => {
  await target(c, member, body.profile_id);
  await blockProfile(c.env.DB, c.get('tenant').id, member.id, body.profile_id, c.get('now'));
  return { blocked: true };
});

operation(likesRoutes, 'delete', '/api/block.php', async (c, { member, body }) => {
  // Unblocking needs no reachability check: the blocked profile is exactly the one search no longer shows.
  await unblockProfile(c.env.DB, c.get('tenant').id, member.id, body.profile_id);
  return { blocked: false };
});

operation(likesRoutes, 'get', '/api/swipe.php', async (c, { member }) => {
  const now = c.get('now');
  return {
    profiles: await swipeStack(c.env.DB, c.get('tenant').id, member.id, searchStart(c), now),
    likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, now),
    resets_at: swipeDay(now).resetsAt,
  };
});

operation(likesRoutes, 'post', '/api/swipe.php', async (c, { member, body }) => {
  const tenantId = c.get('tenant').id;
  const now = c.get('now');
  const liked = await target(c, member, body.profile_id);
  if (body.action === 'pass') {
    await passProfile(c.env.DB, tenantId, member.id, body.profile_id, now);
    return { match: false, likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, now) };
  }
  // A profile liked before costs no swipe like; otherwise a free member spends one of today's four.
  const already = await isLikedBy(c.env.DB, tenantId, member.id, body.profile_id);
  if (!already && !member.paidUser && !(await takeSwipeLike(c.env.DB, tenantId, member.id, now))) {
    throw new ApiFailure(429, 'swipe_limit', 'swipe.limit_reached', undefined, { time: swipeDay(now).resetsAt.slice(11, 16) });
  }
  const match = await like(c, member, liked, 'swipe');
  return { match, likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, now) };
});

operation(likesRoutes, 'get', '/api/match-finder.php', async (c, { member, query }) => {
  const where = searchStart(c);
  return findMatches(
    c.env.DB,
    c.get('tenant').id,
    member.id,
    {
      gender: query.gender,
      minAge: query.min_age,
      maxAge: query.max_age,
      country: where.country,
      region: query.nearby ? where.region : null,
      interests: query.interests,
    },
    c.get('now'),
  );
});
