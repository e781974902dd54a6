import { Hono } from 'hono';
import { StaffSessionEndSchema, type StaffSessionInfo, type StaffSessionsResponse } from '../../../core/schemas/staff';
import type { AppEnv } from '../../context';
import { ApiFailure, parseOrFail } from '../../errors';
import { closeSessionSockets } from '../../staff/answering/notify';
import { auditStatement, clearStaffCookie, requireStaff } from '../../staff/session';
import { jsonBody } from '../helpers';
import { staffDb } from '../../db/request-db';
import type { Tables } from '../../db/tables';
import { namedBatch } from '../../services/batch';

/** A staff member's own live sessions: listed by public id, ended one by one or all but this one. */
export const staffSessionsRoutes = new Hono<AppEnv>();

// The query skips sessions without a public id.
type Row = Pick<Tables['staff_sessions'], 'public_id' | 'created_at' | 'expires_at' | 'user_agent'> & {
  public_id: string;
  current: number;
};

staffSessionsRoutes.get('/sessions.php', async (c) => {
  const staff = requireStaff(c);
  const { results } = await staffDb(c.env)
    .prepare(
      `SELECT public_id, created_at, expires_at, user_agent, token_hash = ? AS current FROM staff_sessions
        WHERE staff_id = ? AND revoked_at IS NULL AND expires_at > ? AND public_id IS NOT NULL ORDER BY created_at DESC`,
    )
    .bind(staff.tokenHash, staff.id, c.get('now').toISOString())
    .all<Row>();
  const sessions: StaffSessionInfo[] = results.map((r) => ({
    id: r.public_id,
    created_at: r.created_at,
    expires_at: r.expires_at,
    user_agent: r.user_agent,
    current: r.current === 1,
  }));
  return c.json({ sessions } satisfies StaffSessionsResponse);
});

staffSessionsRoutes.delete('/sessions.php', async (c) => {
  const staff = requireStaff(c);
  const body = parseOrFail(StaffSessionEndSchema, await jsonBody(c));
  const db = staffDb(c.env);
  const now = c.get('now');
  // The audit row is written in the same batch, and only if the update ended something (changes() of the update).
  const ended = { sql: 'changes() > 0', params: [] };
  if ('all_others' in body) {
    const { update } = await namedBatch(db, [
      [
        'update',
        db
          .prepare(
            'UPDATE staff_sessions SET revoked_at = ? WHERE staff_id = ? AND token_hash != ? AND revoked_at IS NULL AND expires_at > ?',
          )
          .bind(now.toISOString(), staff.id, staff.tokenHash, now.toISOString()),
      ],
      [
        null,
        auditStatement(db, {
          staffId: staff.id,
          brand: null,
          action: 'session_ended',
          targetType: 'session',
          targetId: 'all_others',
          now,
          guard: ended,
        }),
      ],
    ]);
    c.executionCtx.waitUntil(closeSessionSockets(c.env, staff, { allBut: staff.publicId }));
    return c.json({ ended: update.meta.changes });
  }
  const { update } = await namedBatch(db, [
    [
      'update',
      db
        .prepare('UPDATE staff_sessions SET revoked_at = ? WHERE staff_id = ? AND public_id = ? AND revoked_at IS NULL AND expires_at > ?')
        .bind(now.toISOString(), staff.id, body.id, now.toISOString()),
    ],
    [
      null,
      auditStatement(db, {
        staffId: staff.id,
        brand: null,
        action: 'session_ended',
        targetType: 'session',
        targetId: body.id,
        now,
        guard: ended,
      }),
    ],
  ]);
  if (update.meta.changes === 0) throw new ApiFailure(404, 'staff_session_not_found', 'errors.staff_session_not_found');
  c.executionCtx.waitUntil(closeSessionSockets(c.env, staff, { session: body.id }));
  // Ending the session of this very request is a logout.
  if (body.id === staff.publicId) clearStaffCookie(c);
  return c.json({ ended: 1 });
});
