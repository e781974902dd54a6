import { Hono } from 'hono';
import {
  ComplaintReplySchema,
  ComplaintsQuerySchema,
  ComplaintStateSchema,
  ModerationQuerySchema,
  ModerationWordSchema,
  PhotoDecisionSchema,
  TextDecisionSchema,
} from '../../../core/schemas/staff-moderation';
import type { AppContext, AppEnv } from '../../context';
import { parseOrFail } from '../../errors';
import { listComplaints, replyToComplaint, setComplaintState } from '../../staff/moderation/complaints';
import { decidePhoto, photoQueue } from '../../staff/moderation/photos';
import { changeWord, decideText, listWords, textQueue } from '../../staff/moderation/texts';
import { requireStaffOn } from '../../staff/session';
import { jsonBody } from '../helpers';
import { brandDb, brandEnvFor } from '../../db/request-db';

/**
 * Back office: moderation (issue 15 item 4, docs/api/staff.md). For a brand's moderators, admins and owners:
 * members' pending photos, flagged profile texts and complaints (the brand's word list is its admins'). Another
 * brand's photo, profile or complaint answers 404.
 */
export const moderationRoutes = new Hono<AppEnv>();

/**
 * The brand named in the call, else the host's; the caller must be a moderator there (or higher; the word list:
 * admin). An unknown brand answers 404 for everyone (requireStaffOn).
 */
function moderatorOn(c: AppContext, brand: string | undefined, role: 'moderator' | 'admin' = 'moderator') {
  const id = brand ?? c.get('tenant').id;
  const staff = requireStaffOn(c, id, role);
  return { staff, brand: id };
}

moderationRoutes.get('/moderation-photos.php', async (c) => {
  const { brand } = moderatorOn(c, parseOrFail(ModerationQuerySchema, c.req.query()).brand);
  return c.json(await photoQueue(brandDb(c, brand), brand));
});

moderationRoutes.post('/moderation-photos.php', async (c) => {
  const input = parseOrFail(PhotoDecisionSchema, await jsonBody(c));
  const { staff, brand } = moderatorOn(c, input.brand);
  return c.json(await decidePhoto(brandEnvFor(c, brand), staff, brand, input, c.get('now')));
});

moderationRoutes.get('/complaints.php', async (c) => {
  const query = parseOrFail(ComplaintsQuerySchema, c.req.query());
  const { brand } = moderatorOn(c, query.brand);
  return c.json(await listComplaints(brandDb(c, brand), brand, query.state));
});

moderationRoutes.put('/complaints.php', async (c) => {
  const input = parseOrFail(ComplaintStateSchema, await jsonBody(c));
  const { staff, brand } = moderatorOn(c, input.brand);
  return c.json({ complaint: await setComplaintState(brandDb(c, brand), staff, brand, input.id, input.state, c.get('now')) });
});

moderationRoutes.post('/complaint-reply.php', async (c) => {
  const input = parseOrFail(ComplaintReplySchema, await jsonBody(c));
  const { staff, brand } = moderatorOn(c, input.brand);
  return c.json({ complaint: await replyToComplaint(brandEnvFor(c, brand), staff, brand, input, c.get('now')) }, 201);
});

moderationRoutes.get('/moderation-texts.php', async (c) => {
  const { brand } = moderatorOn(c, parseOrFail(ModerationQuerySchema, c.req.query()).brand);
  return c.json({ texts: await textQueue(brandDb(c, brand), brand) });
});

moderationRoutes.post('/moderation-texts.php', async (c) => {
  const input = parseOrFail(TextDecisionSchema, await jsonBody(c));
  const { staff, brand } = moderatorOn(c, input.brand);
  await decideText(brandDb(c, brand), staff, brand, input, c.get('now'));
  return c.json({ texts: await textQueue(brandDb(c, brand), brand) });
});

/** The brand's word list: moderators read it, admins change it. */
moderationRoutes.get('/moderation-words.php', async (c) => {
  const { brand } = moderatorOn(c, parseOrFail(ModerationQuerySchema, c.req.query()).brand);
  return c.json(await listWords(brandDb(c, brand), brand));
});

moderationRoutes.post('/moderation-words.php', async (c) => {
  const input = parseOrFail(ModerationWordSchema, await jsonBody(c));
  const { staff, brand } = moderatorOn(c, input.brand, 'admin');
  return c.json(await changeWord(brandDb(c, brand), staff, brand, input.word, true, c.get('now')), 201);
});

moderationRoutes.delete('/moderation-words.php', async (c) => {
  const input = parseOrFail(ModerationWordSchema, await jsonBody(c));
  const { staff, brand } = moderatorOn(c, input.brand, 'admin');
  return c.json(await changeWord(brandDb(c, brand), staff, brand, input.word, false, c.get('now')));
});
