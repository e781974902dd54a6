import { Hono } from 'hono';
import { z } from 'zod';
import { isLocal, type AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { deliverFictionalMessage, fictionalMessageStatements, readBackStatement, type FictionalMessage } from '../chat/fictional-message';
import { toMessage, type MessageRow } from '../chat/messages';
import { namedBatch, writeOnly } from '../db/batch';

/**
 * Local only (like the dev mailbox): answer a member as the fictional profile of a conversation, the way an
 * operator would. There is no operator console in this project; this lets people and tests see a reply arrive.
 * POST /dev/chat-reply.json { conversation_id, text }.
 * Built on call, so a production build, which never calls it (worker/build-target.ts), leaves the module out.
 */
export function devOperator(): Hono<AppEnv> {
  const devOperator = new Hono<AppEnv>();

  devOperator.use(async function localOnly(c, next) {
    if (!isLocal(c.env)) return c.notFound();
    await next();
  });

  const ReplySchema = z.object({ conversation_id: z.number().int().positive(), text: z.string().trim().min(1).max(5000) });

  devOperator.post('/chat-reply.json', async (c) => {
    const tenant = c.get('tenant');
    const { conversation_id, text } = parseOrFail(ReplySchema, await c.req.json().catch(() => null));
    // The member's side whose peer is a fictional profile: operators only ever speak for those.
    const side =
      await c.env.DB.prepare(`SELECT s.member_id, s.peer_profile_id, mp.id AS member_profile_id FROM chat_sides s JOIN profiles p ON p.id = s.peer_profile_id
                 JOIN profiles mp ON mp.member_id = s.member_id
                 WHERE s.tenant_id = ? AND s.conversation_id = ? AND p.fictional = 1 AND p.member_id IS NULL`)
        .bind(tenant.id, conversation_id)
        .first<{ member_id: number; peer_profile_id: number; member_profile_id: number }>();
    if (!side) throw new ApiFailure(404, 'conversation_not_found', 'chat.errors.conversation_not_found');
    const send: FictionalMessage = {
      tenantId: tenant.id,
      profileId: side.peer_profile_id,
      memberId: side.member_id,
      memberProfileId: side.member_profile_id,
      kind: 'text',
      text,
      photoId: null,
      key: `dev:${crypto.randomUUID()}`,
      now: c.get('now'),
    };
    const db = c.env.DB;
    const results = await namedBatch(db, [
      ...writeOnly(fictionalMessageStatements(db, send)),
      [null, db.prepare('UPDATE conversations SET waiting_since = NULL WHERE id = ?').bind(conversation_id)],
      ['stored', readBackStatement(db, send)],
    ]);
    const row = results.stored.results[0] as MessageRow;
    const message = toMessage(row, side.member_profile_id, null);
    c.executionCtx.waitUntil(deliverFictionalMessage(c.env, send, row));
    return c.json({ message }, 201);
  });

  return devOperator;
}
