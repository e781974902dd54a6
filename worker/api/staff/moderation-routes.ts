import { Hono } from 'hono';
import {
  ComplaintReplySchema,
  ComplaintsQuerySchema,
  ComplaintStateSchema,
  ModerationQuerySchema,
  PhotoDecisionSchema,
} from '../../../core/schemas/staff-moderation';
import type { AppContext, AppEnv } from '../../context';
import { parseOrFail } from '../../errors';
import { listComplaints, replyToComplaint, setComplaintState } from '../../staff/moderation/complaints';
import { decidePhoto, photoQueue } from '../../staff/moderation/photos';
import { requireStaffOn } from '../../staff/session';
import { jsonBody } from '../helpers';

/**
 * Back office: moderation (issue 15 item 4, docs/api/staff.md). For a brand's moderators, admins and owners:
 * members' pending photos and complaints. Another brand's photo or complaint answers 404.
 */
export const moderationRoutes = new Hono<AppEnv>();

/** The brand named in the call, else the host's; the caller must be a moderator there (or higher). */
function moderatorOn(c: AppContext, brand: string | undefined) {
  const id = brand ?? c.get('tenant').id;
  return { staff: requireStaffOn(c, id, 'moderator'), brand: id };
}

moderationRoutes.get('/moderation-photos.php', async (c) => {
  const { brand } = moderatorOn(c, parseOrFail(ModerationQuerySchema, c.req.query()).brand);
  return c.json(await photoQueue(c.env.DB, brand));
});

moderationRoutes.post('/moderation-photos.php', async (c) => {
  const input = parseOrFail(PhotoDecisionSchema, await jsonBody(c));
  const { staff, brand } = moderatorOn(c, input.brand);
  return c.json(await decidePhoto(c.env, staff, brand, input, c.get('now')));
});

moderationRoutes.get('/complaints.php', async (c) => {
  const query = parseOrFail(ComplaintsQuerySchema, c.req.query());
  const { brand } = moderatorOn(c, query.brand);
  return c.json(await listComplaints(c.env.DB, brand, query.state));
});

moderationRoutes.put('/complaints.php', async (c) => {
  const input = parseOrFail(ComplaintStateSchema, await jsonBody(c));
  const { staff, brand } = moderatorOn(c, input.brand);
  return c.json({ complaint: await setComplaintState(c.env.DB, staff, brand, input.id, input.state, c.get('now')) });
});

moderationRoutes.post('/complaint-reply.php', async (c) => {
  const input = parseOrFail(ComplaintReplySchema, await jsonBody(c));
  const { staff, brand } = moderatorOn(c, input.brand);
  return c.json({ complaint: await replyToComplaint(c.env, staff, brand, input, c.get('now')) }, 201);
});
