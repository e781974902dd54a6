import type { z } from 'zod';
import type { StaffSessionEndSchema } from '../../core/schemas/staff';
import type { StaffSessionInfo } from '../../core/schemas/staff-answers';
import type { Tables } from '../db/tables';
import { namedBatch } from '../db/batch';
import type { StaffSession } from '../auth/staff-identity';
import { auditStatement } from '../auth/staff-session';

// A staff member's own live sessions (the workspace's sessions screen, worker/staff/sessions-routes.ts; logout).

// The query skips sessions without a public id.
type Row = Pick<Tables['staff_sessions'], 'public_id' | 'created_at' | 'expires_at' | 'user_agent'> & {
  public_id: string;
  current: number;
};

export async function liveSessions(db: D1Database, staff: StaffSession, now: Date): Promise<StaffSessionInfo[]> {
  const { results } = await db
    .prepare(
      `SELECT public_id, created_at, expires_at, user_agent, token_hash = ? AS current FROM staff_sessions
        WHERE staff_id = ? AND revoked_at IS NULL AND expires_at > ? AND public_id IS NOT NULL ORDER BY created_at DESC`,
    )
    .bind(staff.tokenHash, staff.id, now.toISOString())
    .all<Row>();
  return results.map((r) => ({
    id: r.public_id,
    created_at: r.created_at,
    expires_at: r.expires_at,
    user_agent: r.user_agent,
    current: r.current === 1,
  }));
}

/**
 * Ends one of the staff member's live sessions (by public id) or all but the one of this request, and returns how
 * many ended. The audit row is written in the same batch, and only if the update ended something.
 */
export async function endSessions(
  db: D1Database,
  staff: StaffSession,
  which: z.infer<typeof StaffSessionEndSchema>,
  now: Date,
): Promise<number> {
  const [match, value, targetId] =
    'all_others' in which ? ['token_hash != ?', staff.tokenHash, 'all_others'] : ['public_id = ?', which.id, which.id];
  const { update } = await namedBatch(db, [
    [
      'update',
      db
        .prepare(`UPDATE staff_sessions SET revoked_at = ? WHERE staff_id = ? AND ${match} AND revoked_at IS NULL AND expires_at > ?`)
        .bind(now.toISOString(), staff.id, value, now.toISOString()),
    ],
    [
      null,
      auditStatement(db, {
        staffId: staff.id,
        brand: null,
        action: 'session_ended',
        targetType: 'session',
        targetId,
        now,
        guard: { sql: 'changes() > 0', params: [] },
      }),
    ],
  ]);
  return update.meta.changes;
}

/** Logout: revokes the session of this request; the audit row only if it was still live (a repeated logout adds none). */
export async function revokeOwnSession(db: D1Database, staff: StaffSession, now: Date): Promise<void> {
  await db.batch([
    db
      .prepare('UPDATE staff_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
      .bind(now.toISOString(), staff.tokenHash),
    auditStatement(db, {
      staffId: staff.id,
      brand: null,
      action: 'logout',
      targetType: 'session',
      targetId: staff.publicId ?? undefined,
      now,
      guard: { sql: 'changes() > 0', params: [] },
    }),
  ]);
}
