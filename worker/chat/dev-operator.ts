import { Hono } from 'hono';
import { z } from 'zod';
import { isLocal, type AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { publishToMember } from '../services/live-events';
import { MESSAGE_COLUMNS, MESSAGE_JOINS, toMessage, type MessageRow } from './messages';
import { findPeer } from './peers';

/**
 * Local only (like the dev mailbox): answer a member as the fictional profile of a conversation, the way an
 * operator would. There is no operator console in this project; this lets people and tests see a reply arrive.
 * POST /dev/chat-reply.json { conversation_id, text }.
 */
export const devOperator = new Hono<AppEnv>();

devOperator.use(async function localOnly(c, next) {
  if (!isLocal(c.env)) return c.notFound();
  await next();
});

const ReplySchema = z.object({ conversation_id: z.number().int().positive(), text: z.string().trim().min(1).max(5000) });

devOperator.post('/chat-reply.json', async (c) => {
  const tenant = c.get('tenant');
  const { conversation_id, text } = parseOrFail(ReplySchema, await c.req.json().catch(() => null));
  // The member's side whose peer is a fictional profile: operators only ever speak for those.
  const side = await c.env.DB
    .prepare(`SELECT s.member_id, s.peer_profile_id FROM chat_sides s JOIN profiles p ON p.id = s.peer_profile_id
               WHERE s.tenant_id = ? AND s.conversation_id = ? AND p.fictional = 1 AND p.member_id IS NULL`)
    .bind(tenant.id, conversation_id)
    .first<{ member_id: number; peer_profile_id: number }>();
  if (!side) throw new ApiFailure(404, 'conversation_not_found', 'chat.errors.conversation_not_found');
  const now = c.get('now').toISOString();
  const key = crypto.randomUUID();
  await c.env.DB.batch([
    c.env.DB.prepare(
      `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, cost, client_key, created_at)
       VALUES (?, ?, ?, NULL, ?, 'text', ?, 0, ?, ?)`,
    ).bind(tenant.id, conversation_id, side.peer_profile_id, side.member_id, text, key, now),
    c.env.DB.prepare('UPDATE chat_sides SET hidden = 0, last_activity = ? WHERE member_id = ? AND conversation_id = ?').bind(now, side.member_id, conversation_id),
  ]);
  const row = (await c.env.DB.prepare(`SELECT ${MESSAGE_COLUMNS} FROM messages m ${MESSAGE_JOINS} WHERE m.tenant_id = ? AND m.client_key = ?`).bind(tenant.id, key).first<MessageRow>())!;
  const peer = (await findPeer(c.env.DB, tenant.id, side.peer_profile_id, c.get('now')))!;
  const message = toMessage(row, side.member_id, null);
  c.executionCtx.waitUntil(publishToMember(c.env, tenant.id, side.member_id, { type: 'message', conversation_id, message, profile: peer.profile }));
  return c.json({ message }, 201);
});
