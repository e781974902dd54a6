import { Hono } from 'hono';
import { StaffSessionEndSchema, type StaffSessionsResponse } from '../../../core/schemas/staff';
import type { AppEnv } from '../../context';
import { ApiFailure, parseOrFail } from '../../errors';
import { closeSessionSockets } from '../../staff/answering/notify';
import { endSessions, liveSessions } from '../../staff/own-sessions';
import { clearStaffCookie, requireStaff } from '../../staff/session';
import { jsonBody } from '../helpers';
import { staffDb } from '../../db/request-db';

/** A staff member's own live sessions: listed by public id, ended one by one or all but this one. */
export const staffSessionsRoutes = new Hono<AppEnv>();

staffSessionsRoutes.get('/sessions.php', async (c) => {
  const staff = requireStaff(c);
  return c.json({ sessions: await liveSessions(staffDb(c.env), staff, c.get('now')) } satisfies StaffSessionsResponse);
});

staffSessionsRoutes.delete('/sessions.php', async (c) => {
  const staff = requireStaff(c);
  const body = parseOrFail(StaffSessionEndSchema, await jsonBody(c));
  const ended = await endSessions(staffDb(c.env), staff, body, c.get('now'));
  if ('all_others' in body) {
    c.executionCtx.waitUntil(closeSessionSockets(c.env, staff, { allBut: staff.publicId }));
    return c.json({ ended });
  }
  if (ended === 0) throw new ApiFailure(404, 'staff_session_not_found', 'errors.staff_session_not_found');
  c.executionCtx.waitUntil(closeSessionSockets(c.env, staff, { session: body.id }));
  // Ending the session of this very request is a logout.
  if (body.id === staff.publicId) clearStaffCookie(c);
  return c.json({ ended: 1 });
});
