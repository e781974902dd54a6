import { SWIPE_LIKES_PER_DAY } from '../../core/constants';
import type { ProfileCard } from '../../core/schemas/profile';
import { birthdateRange, CARD_SELECT, MAIN_PHOTO_JOIN, toCard, type CardRow } from './profiles';
import { type AgeBand, rankByRelevance, type RelevanceViewer } from '../../core/rules/relevance';
import { noBlockBetween } from './blocks';
import type { Tables } from '../db/tables';

const QUOTA_KIND = 'swipe_like';
const STACK_SIZE = 10;
/** How many of the most recently active fitting profiles the deck's relevance ranking chooses from. */
const CANDIDATES = 40;

/** The UTC day of `now` and the moment the next one starts: the free member's swipe likes reset then. */
export function swipeDay(now: Date): { day: string; resetsAt: string } {
  const day = now.toISOString().slice(0, 10);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  return { day, resetsAt: next.toISOString() };
}

/** What is left of today's swipe likes; null for premium members, who have no limit. */
export async function swipeLikesLeft(db: D1Database, memberId: number, premium: boolean, now: Date): Promise<number | null> {
  if (premium) return null;
  const row = await db
    .prepare('SELECT used FROM daily_quota WHERE member_id = ? AND kind = ? AND day = ?')
    .bind(memberId, QUOTA_KIND, swipeDay(now).day)
    .first<Pick<Tables['daily_quota'], 'used'>>();
  return Math.max(0, SWIPE_LIKES_PER_DAY - (row?.used ?? 0));
}

/**
 * Takes one of today's swipe likes in a single conditional upsert, so parallel swipes from several tabs cannot
 * pass the limit. False when today's likes are used up.
 */
export async function takeSwipeLike(db: D1Database, tenantId: string, memberId: number, now: Date): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO daily_quota (tenant_id, member_id, kind, day, used) VALUES (?, ?, ?, ?, 1)
       ON CONFLICT (member_id, kind, day) DO UPDATE SET used = used + 1 WHERE used < ?`,
    )
    .bind(tenantId, memberId, QUOTA_KIND, swipeDay(now).day, SWIPE_LIKES_PER_DAY)
    .run();
  return result.meta.changes === 1;
}

export async function passProfile(db: D1Database, tenantId: string, memberId: number, profileId: number, now: Date): Promise<void> {
  await db
    .prepare('INSERT INTO swipe_passes (tenant_id, member_id, profile_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
    .bind(tenantId, memberId, profileId, now.toISOString())
    .run();
}

/**
 * The next cards: profiles with a photo the member is looking for, in their country and age band (issue 46, item 1:
 * the deck no longer jumps from 64 to 18), not yet liked or passed. The most recently active candidates come
 * through profiles_active (the age tested in the index, stopping after CANDIDATES), then rank by relevance to the
 * member (core/rules/relevance.ts: place, activity, the band's middle).
 */
export async function swipeStack(
  db: D1Database,
  tenantId: string,
  memberId: number,
  want: { gender: 'male' | 'female'; country: string; band: AgeBand; viewer: RelevanceViewer },
  now: Date,
): Promise<ProfileCard[]> {
  const { from, to } = birthdateRange(want.band.min, want.band.max, now);
  const { results } = await db
    .prepare(
      `SELECT ${CARD_SELECT} FROM profiles p INDEXED BY profiles_active ${MAIN_PHOTO_JOIN}
        WHERE p.tenant_id = ? AND p.searchable = 1 AND p.gender = ? AND p.country = ? AND p.birthdate BETWEEN ? AND ?
          AND p.id != ? AND p.main_photo_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.from_profile_id = ? AND l.to_profile_id = p.id)
          AND NOT EXISTS (SELECT 1 FROM swipe_passes s WHERE s.member_id = ? AND s.profile_id = p.id)
          AND ${noBlockBetween()}
        ORDER BY p.last_active DESC LIMIT ${CANDIDATES}`,
    )
    .bind(tenantId, want.gender, want.country, from, to, memberId, memberId, memberId, memberId, memberId)
    .all<CardRow>();
  const cards = results.map((r) => toCard(r, now));
  return rankByRelevance(
    cards.map((card) => ({ card, age: card.age, region: card.region, city: card.city, lastActive: card.last_active })),
    want.viewer,
    now,
    STACK_SIZE,
  ).map((c) => c.card);
}
