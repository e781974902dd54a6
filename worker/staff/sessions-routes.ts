import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { closeSessionSockets } from '../live/staff-queue-notify';
import { endSessions, liveSessions } from './own-sessions';
import { clearStaffCookie } from '../auth/staff-session';
import { staffDb } from '../db/request-db';
import { staffOperation } from './operation';

/** A staff member's own live sessions: listed by public id, ended one by one or all but this one. */
export const staffSessionsRoutes = new Hono<AppEnv>();

staffOperation(staffSessionsRoutes, 'get', '/api/staff/sessions.php', async (c, { staff }) => ({
  sessions: await liveSessions(staffDb(c.env), staff, c.get('now')),
}));

staffOperation(staffSessionsRoutes, 'delete', '/api/staff/sessions.php', async (c, { staff, body }) => {
  const ended = await endSessions(staffDb(c.env), staff, body, c.get('now'));
  if ('all_others' in body) {
    c.executionCtx.waitUntil(closeSessionSockets(c.env, staff, { allBut: staff.publicId }));
    return { ended };
  }
  if (ended === 0) throw new ApiFailure(404, 'staff_session_not_found', 'errors.staff_session_not_found');
  c.executionCtx.waitUntil(closeSessionSockets(c.env, staff, { session: body.id }));
  // Ending the session of this very request is a logout.
  if (body.id === staff.publicId) clearStaffCookie(c);
  return { ended: 1 };
});
