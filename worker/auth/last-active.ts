import { lastActiveIsStale, lastActiveWriteBefore } from '../../core/rules/activity';
import type { SessionMember } from './sessions';

/**
 * Keeps profiles.last_active current for a member who is using the site (issue 17, item 3). The session already
 * read last_active, so most requests write nothing; when it is stale, one conditional UPDATE writes it, and its
 * WHERE makes parallel requests write at most once per interval. An invisible member's activity is nobody's
 * business: it is not written while invisible.
 */
export async function touchLastActive(db: D1Database, member: SessionMember, now: Date): Promise<boolean> {
  if (member.invisible || !lastActiveIsStale(member.lastActive, now)) return false;
  return writeLastActive(db, member, now);
}

/**
 * The write itself, for a member as the database has them now: invisible mode is checked in the statement too (a
 * send over the live socket has no request that read it: worker/chat/member-hub.ts).
 */
export async function writeLastActive(
  db: D1Database,
  member: Pick<SessionMember, 'id' | 'profileId' | 'tenantId'>,
  now: Date,
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE profiles SET last_active = ? WHERE id = ? AND tenant_id = ? AND last_active < ?
         AND NOT EXISTS (SELECT 1 FROM members WHERE id = ? AND invisible = 1)`,
    )
    .bind(now.toISOString(), member.profileId, member.tenantId, lastActiveWriteBefore(now), member.id)
    .run();
  return result.meta.changes > 0;
}
