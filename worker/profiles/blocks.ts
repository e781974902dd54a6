/**
 * Blocking (SPEC.md §6): a blocked member cannot view or contact the blocker. Member profiles share their member's
 * id, so "member X blocked profile Y" is one row (X, Y). Every place that shows or reaches a profile asks
 * `isBlockedBetween` (or uses `NOT_BLOCKED_BY_OWNER` in SQL) and answers as if the profile did not exist.
 */

/**
 * SQL condition on profiles `p`: no block between the profile and the viewer in either direction. `viewer` is the
 * viewer's placeholder: a numbered one (`?1`) is bound once; the plain `?` twice.
 */
export const noBlockBetween = (viewer = '?') =>
  `NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p.member_id AND b.blocked_profile_id = ${viewer}) OR (b.blocker_id = ${viewer} AND b.blocked_profile_id = p.id))`;

/** Member `memberId` blocks the profile (once: a second block changes nothing). */
export async function blockProfile(db: D1Database, tenantId: string, memberId: number, profileId: number, now: Date): Promise<void> {
  await db
    .prepare('INSERT INTO blocks (tenant_id, blocker_id, blocked_profile_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
    .bind(tenantId, memberId, profileId, now.toISOString())
    .run();
}

export async function unblockProfile(db: D1Database, tenantId: string, memberId: number, profileId: number): Promise<void> {
  await db
    .prepare('DELETE FROM blocks WHERE tenant_id = ? AND blocker_id = ? AND blocked_profile_id = ?')
    .bind(tenantId, memberId, profileId)
    .run();
}

/** True when either side blocked the other: neither may then write to, like or view the other. */
export async function isBlockedBetween(db: D1Database, tenantId: string, memberId: number, profileId: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS x FROM blocks WHERE tenant_id = ?1
          AND ((blocker_id = ?2 AND blocked_profile_id = ?3) OR (blocker_id = ?3 AND blocked_profile_id = ?2)) LIMIT 1`,
    )
    .bind(tenantId, memberId, profileId)
    .first();
  return row !== null;
}
