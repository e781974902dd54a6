import { Hono } from 'hono';
import { z } from 'zod';
import {
  BrandQuerySchema,
  ConversationIdSchema,
  ConversationQuerySchema,
  FirstMessageCandidatesQuerySchema,
  FirstMessageSchema,
  StaffNoteSchema,
  StaffReplySchema,
  type StaffRole,
} from '../../../core/schemas/staff';
import type { AppContext, AppEnv } from '../../context';
import { deliverFictionalMessage } from '../../chat/fictional-message';
import { ApiFailure, parseOrFail } from '../../errors';
import { claim, release } from '../../staff/answering/claims';
import { loadConversation } from '../../staff/answering/conversation';
import { loadFigures } from '../../staff/answering/figures';
import { sendFirstMessage } from '../../staff/answering/first-message';
import { loadFirstMessageCandidates } from '../../staff/answering/first-message-candidates';
import { requireAnswering } from '../../staff/answering/lookup';
import { addNote } from '../../staff/answering/notes';
import { notifyStaffQueue, staffQueue } from '../../staff/answering/notify';
import { loadQueue } from '../../staff/answering/queue';
import { reply } from '../../staff/answering/reply';
import { auditStatement, brandsWhere, requireStaff, requireStaffOn } from '../../staff/session';
import { TENANTS } from '../../tenants';
import { assertSameOriginUpgrade, jsonBody } from '../helpers';
import { brandDb, brandEnvFor, brandsByDatabase, staffDb } from '../../db/request-db';

/**
 * Answering fictional profiles (issue 14, docs/api/staff.md "Answering"): the queue, claims, the answer screen,
 * replies, notes, first messages, figures and the live queue socket. Operators and above; every action writes its
 * audit row in the same batch as the action.
 */
export const answerRoutes = new Hono<AppEnv>();

/** The brands a call covers: the one asked for (404 without a role, 403 too low), else every brand the role allows. */
function brandsFor(c: AppContext, brand: string | undefined, role: StaffRole = 'operator'): string[] {
  if (brand) {
    requireStaffOn(c, brand, role);
    return [brand];
  }
  const brands = brandsWhere(requireStaff(c), role);
  if (brands.length === 0) throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
  return brands;
}

function tenantOf(brand: string) {
  return TENANTS.find((t) => t.id === brand)!;
}

answerRoutes.get('/queue.php', async (c) => {
  const { brand } = parseOrFail(BrandQuerySchema, c.req.query());
  return c.json(await loadQueue(brandsByDatabase(c, brandsFor(c, brand)), c.get('now')));
});

answerRoutes.post('/claim.php', async (c) => {
  const { brand, conversation_id } = parseOrFail(ConversationIdSchema, await jsonBody(c));
  const { ref, staff } = await requireAnswering(c, brand, conversation_id);
  const claimed = await claim(brandDb(c, ref.brand), ref, staff, c.get('now'));
  c.executionCtx.waitUntil(notifyStaffQueue(c.env, ref.brand, 'claim', ref.id));
  return c.json(claimed);
});

answerRoutes.delete('/claim.php', async (c) => {
  const { brand, conversation_id } = parseOrFail(ConversationIdSchema, (await jsonBody(c)) ?? c.req.query());
  const { ref, staff } = await requireAnswering(c, brand, conversation_id);
  const released = await release(brandDb(c, ref.brand), ref, staff, c.get('now'));
  if (released) c.executionCtx.waitUntil(notifyStaffQueue(c.env, ref.brand, 'release', ref.id));
  return c.json({ ok: true, released });
});

answerRoutes.get('/conversation.php', async (c) => {
  const { brand, id } = parseOrFail(ConversationQuerySchema, c.req.query());
  const { ref, staff } = await requireAnswering(c, brand, id);
  const db = brandDb(c, ref.brand);
  const now = c.get('now');
  const audited = auditStatement(db, {
    staffId: staff.id,
    brand: ref.brand,
    action: 'conversation_view',
    targetType: 'conversation',
    targetId: ref.id,
    detail: { member_id: ref.memberId },
    now,
  });
  return c.json(await loadConversation(db, tenantOf(ref.brand), ref, now, audited));
});

answerRoutes.post('/reply.php', async (c) => {
  const input = parseOrFail(StaffReplySchema, await jsonBody(c));
  const { ref, staff } = await requireAnswering(c, input.brand, input.conversation_id);
  const sent = await reply(brandDb(c, ref.brand), tenantOf(ref.brand), ref, staff, input, c.get('now'));
  // The member hears of it like of any message (live or push); the workspaces refetch the queue.
  c.executionCtx.waitUntil(deliverFictionalMessage(brandEnvFor(c, ref.brand), sent.send, sent.row));
  c.executionCtx.waitUntil(notifyStaffQueue(c.env, ref.brand, 'reply', ref.id));
  return c.json(sent.response, 201);
});

answerRoutes.post('/notes.php', async (c) => {
  const input = parseOrFail(StaffNoteSchema, await jsonBody(c));
  const staff = requireStaffOn(c, input.brand, 'operator');
  return c.json({ note: await addNote(brandDb(c, input.brand), staff, input, c.get('now')) }, 201);
});

answerRoutes.post('/first-message.php', async (c) => {
  const input = parseOrFail(FirstMessageSchema, await jsonBody(c));
  const staff = requireStaffOn(c, input.brand, 'operator');
  const sent = await sendFirstMessage(brandDb(c, input.brand), tenantOf(input.brand), staff, input, c.get('now'));
  c.executionCtx.waitUntil(deliverFictionalMessage(brandEnvFor(c, input.brand), sent.send, sent.row));
  c.executionCtx.waitUntil(notifyStaffQueue(c.env, input.brand, 'first_message', sent.response.conversation_id));
  return c.json(sent.response, 201);
});

answerRoutes.get('/first-message-candidates.php', async (c) => {
  const { brand, profile_id, q } = parseOrFail(FirstMessageCandidatesQuerySchema, c.req.query());
  requireStaffOn(c, brand, 'operator');
  return c.json(await loadFirstMessageCandidates(brandDb(c, brand), brand, profile_id, q || undefined, c.get('now')));
});

answerRoutes.get('/figures.php', async (c) => {
  const { brand } = parseOrFail(BrandQuerySchema, c.req.query());
  return c.json(await loadFigures(brandsByDatabase(c, brandsFor(c, brand)), staffDb(c.env), brand ?? null, c.get('now')));
});

const LiveQuerySchema = z.object({ brand: z.string().max(40).optional() });

/**
 * The live queue of one brand over a WebSocket (the brand's StaffQueue Durable Object). Without ?brand the caller's
 * only operator brand is meant. Browsers send Origin with every handshake and do not apply the same-origin policy
 * to it, so it is checked here.
 */
answerRoutes.get('/live.php', async (c) => {
  const { brand: asked } = parseOrFail(LiveQuerySchema, c.req.query());
  const brands = brandsFor(c, asked);
  if (brands.length !== 1) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { brand: 'validation.field_required' });
  const staff = requireStaff(c);
  assertSameOriginUpgrade(c);
  const headers = new Headers(c.req.raw.headers);
  headers.set('X-Staff-Brand', brands[0]);
  headers.set('X-Staff-Id', String(staff.id));
  headers.set('X-Staff-Until', staff.expiresAt);
  if (staff.publicId) headers.set('X-Staff-Session', staff.publicId);
  const res = await staffQueue(c.env, brands[0]).fetch(new Request(c.req.url, { headers }));
  return new Response(null, { status: res.status, webSocket: res.webSocket });
});
