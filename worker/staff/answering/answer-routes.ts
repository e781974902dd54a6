import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../context';
import { deliverFictionalMessage } from '../../chat/fictional-message';
import { ApiFailure } from '../../errors';
import { claim, release } from './claims';
import { loadConversation } from './conversation';
import { loadFigures } from './figures';
import { sendFirstMessage } from './first-message';
import { loadFirstMessageCandidates } from './first-message-candidates';
import { requireAnswering } from './lookup';
import { addNote } from './notes';
import { notifyStaffQueue, staffQueue } from '../../live/staff-queue-notify';
import { loadQueue } from './queue';
import { reply } from './reply';
import { auditStatement } from '../../auth/staff-session';
import { tenantById } from '../../tenants';
import { assertSameOriginUpgrade } from '../../http/helpers';
import { brandDb, brandEnvFor, brandsByDatabase, staffDb } from '../../db/request-db';
import { staffOperation } from '../operation';

/**
 * Answering fictional profiles (issue 14, docs/api/staff.md "Answering"): the queue, claims, the answer screen,
 * replies, notes, first messages, figures and the live queue socket. Operators and above; every action writes its
 * audit row in the same batch as the action.
 */
export const answerRoutes = new Hono<AppEnv>();

function tenantOf(brand: string) {
  return tenantById(brand)!;
}

// Without ?brand: every brand where the caller is an operator (the contract's scope `each`).
staffOperation(answerRoutes, 'get', '/api/staff/queue.php', async (c, { brands }) => loadQueue(brandsByDatabase(c, brands), c.get('now')));

staffOperation(answerRoutes, 'post', '/api/staff/claim.php', async (c, { body }) => {
  const { ref, staff } = await requireAnswering(c, body.brand, body.conversation_id);
  const claimed = await claim(brandDb(c, ref.brand), ref, staff, c.get('now'));
  c.executionCtx.waitUntil(notifyStaffQueue(c.env, ref.brand, 'claim', ref.id));
  return claimed;
});

staffOperation(
  answerRoutes,
  'delete',
  '/api/staff/claim.php',
  async (c, { body }) => {
    const { ref, staff } = await requireAnswering(c, body.brand, body.conversation_id);
    const released = await release(brandDb(c, ref.brand), ref, staff, c.get('now'));
    if (released) c.executionCtx.waitUntil(notifyStaffQueue(c.env, ref.brand, 'release', ref.id));
    return { ok: true, released };
  },
  { bodyOrQuery: true },
);

staffOperation(answerRoutes, 'get', '/api/staff/conversation.php', async (c, { query }) => {
  const { ref, staff } = await requireAnswering(c, query.brand, query.id);
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
  return loadConversation(brandEnvFor(c, ref.brand), db, tenantOf(ref.brand), ref, now, audited);
});

staffOperation(answerRoutes, 'post', '/api/staff/reply.php', async (c, { body }) => {
  const { ref, staff } = await requireAnswering(c, body.brand, body.conversation_id);
  const sent = await reply(brandDb(c, ref.brand), tenantOf(ref.brand), ref, staff, body, c.get('now'));
  // The member hears of it like of any message (live or push); the workspaces refetch the queue.
  c.executionCtx.waitUntil(deliverFictionalMessage(brandEnvFor(c, ref.brand), sent.send, sent.row));
  c.executionCtx.waitUntil(notifyStaffQueue(c.env, ref.brand, 'reply', ref.id));
  return sent.response;
});

staffOperation(answerRoutes, 'post', '/api/staff/notes.php', async (c, { body, staff, brand }) => ({
  note: await addNote(brandDb(c, brand), staff, body, c.get('now')),
}));

staffOperation(answerRoutes, 'post', '/api/staff/first-message.php', async (c, { body, staff, brand }) => {
  const sent = await sendFirstMessage(brandDb(c, brand), tenantOf(brand), staff, body, c.get('now'));
  c.executionCtx.waitUntil(deliverFictionalMessage(brandEnvFor(c, brand), sent.send, sent.row));
  c.executionCtx.waitUntil(notifyStaffQueue(c.env, brand, 'first_message', sent.response.conversation_id));
  return sent.response;
});

staffOperation(answerRoutes, 'get', '/api/staff/first-message-candidates.php', async (c, { query, brand }) =>
  loadFirstMessageCandidates(brandDb(c, brand), brand, query.profile_id, query.q || undefined, c.get('now')),
);

staffOperation(answerRoutes, 'get', '/api/staff/figures.php', async (c, { query, brands }) =>
  loadFigures(brandsByDatabase(c, brands), staffDb(c.env), query.brand ?? null, c.get('now')),
);

/**
 * The live queue of one brand over a WebSocket (the brand's StaffQueue Durable Object). Without ?brand the caller's
 * only operator brand is meant. Browsers send Origin with every handshake and do not apply the same-origin policy
 * to it, so it is checked here.
 */
staffOperation(answerRoutes, 'get', '/api/staff/live.php', async (c, { staff, brands }) => {
  if (brands.length !== 1) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { brand: 'validation.field_required' });
  assertSameOriginUpgrade(c);
  return liveQueue(c, brands[0], staff);
});

/** Hands the handshake to the brand's StaffQueue with who is asking (the object checks nothing else). */
async function liveQueue(c: AppContext, brand: string, staff: { id: number; expiresAt: string; publicId: string | null }) {
  const headers = new Headers(c.req.raw.headers);
  headers.set('X-Staff-Brand', brand);
  headers.set('X-Staff-Id', String(staff.id));
  headers.set('X-Staff-Until', staff.expiresAt);
  if (staff.publicId) headers.set('X-Staff-Session', staff.publicId);
  const res = await staffQueue(c.env, brand).fetch(new Request(c.req.url, { headers }));
  return new Response(null, { status: res.status, webSocket: res.webSocket });
}
