import { Hono } from 'hono';
import { LikeSchema, MatchFinderQuerySchema, ProfileIdSchema, SwipeSchema } from '../../core/schemas/members';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { blockProfile, unblockProfile } from '../services/blocks';
import { isLikedBy, likeStatement, listLikes, newestNewLike, reachableProfile, shortProfile, unlike } from '../services/likes';
import { publishToMember } from '../services/live-events';
import { findMatches } from '../services/match-finder';
import type { SessionMember } from '../services/sessions';
import { passProfile, swipeDay, swipeLikesLeft, swipeStack, takeSwipeLike } from '../services/swipe';
import { jsonBody, requireMember } from './helpers';
import { profileNotFound, searchStart } from '../calls/members';

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

likesRoutes.get('/likes.php', async (c) => {
  const member = requireMember(c);
  return c.json(await listLikes(c.env.DB, c.get('tenant').id, member.id, c.get('now')));
});

likesRoutes.post('/likes.php', async (c) => {
  const member = requireMember(c);
  const input = parseOrFail(LikeSchema, await jsonBody(c));
  const match = await like(c, member, await target(c, member, input.profile_id), input.source);
  return c.json({ liked: true, match, swipe_likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, c.get('now')) });
});

likesRoutes.delete('/likes.php', async (c) => {
  const member = requireMember(c);
  const input = parseOrFail(ProfileIdSchema, await jsonBody(c));
  await target(c, member, input.profile_id);
  await unlike(c.env.DB, c.get('tenant').id, member.id, input.profile_id);
  return c.json({ liked: false, match: false, swipe_likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, c.get('now')) });
});

likesRoutes.get('/auto-like.php', async (c) => {
  const member = requireMember(c);
  return c.json({ profile: await newestNewLike(c.env.DB, c.get('tenant').id, member.id, c.get('now')) });
});

likesRoutes.post('/block.php', async (c) => {
  const member = requireMember(c);
  const { profile_id } = parseOrFail(ProfileIdSchema, await jsonBody(c));
  await target(c, member, profile_id);
  await blockProfile(c.env.DB, c.get('tenant').id, member.id, profile_id, c.get('now'));
  return c.json({ blocked: true });
});

likesRoutes.delete('/block.php', async (c) => {
  const member = requireMember(c);
  const { profile_id } = parseOrFail(ProfileIdSchema, await jsonBody(c));
  // Unblocking needs no reachability check: the blocked profile is exactly the one search no longer shows.
  await unblockProfile(c.env.DB, c.get('tenant').id, member.id, profile_id);
  return c.json({ blocked: false });
});

likesRoutes.get('/swipe.php', async (c) => {
  const member = requireMember(c);
  const now = c.get('now');
  const profiles = await swipeStack(c.env.DB, c.get('tenant').id, member.id, searchStart(c), now);
  return c.json({
    profiles,
    likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, now),
    resets_at: swipeDay(now).resetsAt,
  });
});

likesRoutes.post('/swipe.php', async (c) => {
  const member = requireMember(c);
  const tenantId = c.get('tenant').id;
  const now = c.get('now');
  const input = parseOrFail(SwipeSchema, await jsonBody(c));
  const liked = await target(c, member, input.profile_id);
  if (input.action === 'pass') {
    await passProfile(c.env.DB, tenantId, member.id, input.profile_id, now);
    return c.json({ match: false, likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, now) });
  }
  // A profile liked before costs no swipe like; otherwise a free member spends one of today's four.
  const already = await isLikedBy(c.env.DB, tenantId, member.id, input.profile_id);
  if (!already && !member.paidUser && !(await takeSwipeLike(c.env.DB, tenantId, member.id, now))) {
    throw new ApiFailure(429, 'swipe_limit', 'swipe.limit_reached', undefined, { time: swipeDay(now).resetsAt.slice(11, 16) });
  }
  const match = await like(c, member, liked, 'swipe');
  return c.json({ match, likes_left: await swipeLikesLeft(c.env.DB, member.id, member.paidUser, now) });
});

likesRoutes.get('/match-finder.php', async (c) => {
  const member = requireMember(c);
  const q = parseOrFail(MatchFinderQuerySchema, c.req.query());
  const where = searchStart(c);
  const result = await findMatches(
    c.env.DB,
    c.get('tenant').id,
    member.id,
    {
      gender: q.gender,
      minAge: q.min_age,
      maxAge: q.max_age,
      country: where.country,
      region: q.nearby ? where.region : null,
      interests: q.interests,
    },
    c.get('now'),
  );
  return c.json(result);
});
