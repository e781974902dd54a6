import type { LikesResponse } from '../../core/schemas/members';
import type { ProfileCard } from '../../core/schemas/profile';
import { noBlockBetween } from './blocks';
import { CARD_SELECT, MAIN_PHOTO_JOIN, toCard, type CardRow } from './profiles';
import type { LeftJoined, Tables } from '../db/tables';

/**
 * A profile another member can reach: of this brand, active, not of a deleted or unconfirmed account, not the
 * member's own, and no block between them either way. Returns the profile's owner (null for operator profiles).
 */
export async function reachableProfile(
  db: D1Database,
  tenantId: string,
  memberId: number,
  profileId: number,
): Promise<{ memberId: number | null } | null> {
  if (profileId === memberId) return null;
  const row = await db
    .prepare(
      `SELECT p.member_id FROM profiles p LEFT JOIN members m ON m.id = p.member_id
        WHERE p.id = ?1 AND p.tenant_id = ?2 AND p.status = 'active' AND (p.member_id IS NULL OR m.status = 'confirmed')
          AND ${noBlockBetween('?3')}`,
    )
    .bind(profileId, tenantId, memberId)
    .first<Pick<Tables['profiles'], 'member_id'>>();
  return row ? { memberId: row.member_id } : null;
}

/** Stores the like (once) and says whether it made a match: the other side liked the member already. */
export function likeStatement(db: D1Database, tenantId: string, from: number, to: number, source: string, now: Date) {
  return db
    .prepare(
      'INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, source, is_new, created_at) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING',
    )
    .bind(tenantId, from, to, source, now.toISOString());
}

export async function isLikedBy(db: D1Database, tenantId: string, liker: number, liked: number): Promise<boolean> {
  return (
    (await db
      .prepare('SELECT 1 AS x FROM likes WHERE tenant_id = ? AND from_profile_id = ? AND to_profile_id = ?')
      .bind(tenantId, liker, liked)
      .first()) !== null
  );
}

export async function unlike(db: D1Database, tenantId: string, from: number, to: number): Promise<void> {
  await db.prepare('DELETE FROM likes WHERE tenant_id = ? AND from_profile_id = ? AND to_profile_id = ?').bind(tenantId, from, to).run();
}

/**
 * The one definition of a like a member can see (issue 18, item 4): the other profile `p` (its member `m` LEFT
 * JOINed) is active, of a confirmed (or no) account, not invisible (invisible members' likes are hidden from others,
 * SPEC.md §4), and there is no block either way. `/likes`, the new-likes badge, the page title, the app badge and
 * the like/match mails all read it, so a count never shows a like the list does not.
 */
export const visibleLike = (viewer: string) =>
  `p.status = 'active' AND (p.member_id IS NULL OR (m.status = 'confirmed' AND m.invisible = 0)) AND ${noBlockBetween(viewer)}`;
const SHOWN = visibleLike('?1');
const LIST_LIMIT = 200;

type LikeRow = CardRow & Pick<Tables['likes'], 'is_new'> & { liked_at: Tables['likes']['created_at']; mutual: number };

/** GET /api/likes.php: likes given (newest first) and received (new ones first, then newest first). */
export async function listLikes(db: D1Database, tenantId: string, memberId: number, now: Date): Promise<LikesResponse> {
  const [given, received] = await db.batch<LikeRow>([
    db
      .prepare(
        `SELECT ${CARD_SELECT}, l.created_at AS liked_at, 0 AS is_new,
                EXISTS (SELECT 1 FROM likes r WHERE r.from_profile_id = l.to_profile_id AND r.to_profile_id = ?1) AS mutual
           FROM likes l JOIN profiles p ON p.id = l.to_profile_id ${MAIN_PHOTO_JOIN} LEFT JOIN members m ON m.id = p.member_id
          WHERE l.tenant_id = ?2 AND l.from_profile_id = ?1 AND ${SHOWN}
          ORDER BY l.created_at DESC LIMIT ${LIST_LIMIT}`,
      )
      .bind(memberId, tenantId),
    db
      .prepare(
        `SELECT ${CARD_SELECT}, l.created_at AS liked_at, l.is_new,
                EXISTS (SELECT 1 FROM likes r WHERE r.from_profile_id = ?1 AND r.to_profile_id = l.from_profile_id) AS mutual
           FROM likes l JOIN profiles p ON p.id = l.from_profile_id ${MAIN_PHOTO_JOIN} LEFT JOIN members m ON m.id = p.member_id
          WHERE l.tenant_id = ?2 AND l.to_profile_id = ?1 AND ${SHOWN}
          ORDER BY l.is_new DESC, l.created_at DESC LIMIT ${LIST_LIMIT}`,
      )
      .bind(memberId, tenantId),
  ]);
  return {
    profiles: given.results.map((r) => ({ ...toCard(r, now), liked_at: r.liked_at, match: r.mutual === 1 })),
    liked_by: received.results.map((r) => ({ ...toCard(r, now), liked_at: r.liked_at, like_new: r.is_new === 1, match: r.mutual === 1 })),
  };
}

/** GET /api/auto-like.php: the newest profile that liked the member and that the member has not looked at yet. */
export async function newestNewLike(db: D1Database, tenantId: string, memberId: number, now: Date): Promise<ProfileCard | null> {
  const row = await db
    .prepare(
      `SELECT ${CARD_SELECT} FROM likes l JOIN profiles p ON p.id = l.from_profile_id ${MAIN_PHOTO_JOIN} LEFT JOIN members m ON m.id = p.member_id
        WHERE l.tenant_id = ?2 AND l.to_profile_id = ?1 AND l.is_new = 1 AND ${SHOWN}
        ORDER BY l.created_at DESC LIMIT 1`,
    )
    .bind(memberId, tenantId)
    .first<CardRow>();
  return row ? toCard(row, now) : null;
}

/** The number of new likes the member can see: the likes badge, the page title and the app badge (via chats.php). */
export async function countNewLikes(db: D1Database, tenantId: string, memberId: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM likes l JOIN profiles p ON p.id = l.from_profile_id LEFT JOIN members m ON m.id = p.member_id WHERE l.tenant_id = ?2 AND l.to_profile_id = ?1 AND l.is_new = 1 AND ${SHOWN}`,
    )
    .bind(memberId, tenantId)
    .first<{ n: number }>();
  return row!.n;
}

/** Name and active main photo of a member's profile, as a live like event carries them. */
export async function shortProfile(db: D1Database, tenantId: string, profileId: number) {
  const row = await db
    .prepare(`SELECT p.id, p.name, ph.filename, ph.thumb_filename FROM profiles p ${MAIN_PHOTO_JOIN} WHERE p.id = ? AND p.tenant_id = ?`)
    .bind(profileId, tenantId)
    .first<Pick<Tables['profiles'], 'id' | 'name'> & LeftJoined<Pick<Tables['photos'], 'filename' | 'thumb_filename'>>>();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    main_image: row.filename && row.thumb_filename ? { filename: row.filename, thumb_filename: row.thumb_filename } : null,
  };
}
