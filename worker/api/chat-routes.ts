import { Hono } from 'hono';
import { ChatQuerySchema, ConversationRefSchema } from '../../core/schemas/chat';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { findSide, findSideWith, history, listChats } from '../chat/conversations';
import { countNewLikes } from '../services/likes';
import { findPeer } from '../chat/peers';
import { hideConversation, markRead, notifyRead } from '../chat/reads';
import { acceptSend } from '../chat/accept-send';
import { isBlockedBetween } from '../services/blocks';
import { publishToMember } from '../services/live-events';
import { jsonBody, requireMember } from './helpers';

/** chats.php (the list) and chat.php (history, send, mark read, delete): docs/api/chat.md. */
export const chatRoutes = new Hono<AppEnv>();

chatRoutes.get('/chats.php', async (c) => {
  const member = requireMember(c);
  const [chats, newLikes] = await Promise.all([
    listChats(c.env.DB, member, c.get('now')),
    countNewLikes(c.env.DB, member.tenantId, member.profileId),
  ]);
  return c.json({ chats, new_likes: newLikes });
});

chatRoutes.get('/chat.php', async (c) => {
  const member = requireMember(c);
  const q = parseOrFail(ChatQuerySchema, c.req.query());
  const now = c.get('now');
  const side = q.id !== undefined ? await findSide(c.env.DB, member, q.id, now) : await findSideWith(c.env.DB, member, q.profile!, now);
  if (side) {
    const page = await history(c.env.DB, member, side, q.before);
    return c.json({
      conversation: { id: side.conversationId },
      profile: side.peer.profile,
      messages: page.messages,
      has_more: page.hasMore,
    });
  }
  if (q.id !== undefined) throw new ApiFailure(404, 'conversation_not_found', 'chat.errors.conversation_not_found');
  // Not written to yet: the profile, so the screen can offer the icebreakers.
  const peer = await findPeer(c.env.DB, member.tenantId, q.profile!, now);
  if (
    !peer ||
    peer.gone ||
    peer.profile.id === member.profileId ||
    (await isBlockedBetween(c.env.DB, member.tenantId, member.profileId, peer.profile.id))
  ) {
    throw new ApiFailure(404, 'profile_unavailable', 'chat.errors.profile_unavailable');
  }
  return c.json({ conversation: null, profile: peer.profile, messages: [], has_more: false });
});

chatRoutes.post('/chat.php', async (c) => {
  const member = requireMember(c);
  const { status, body } = await acceptSend(
    c.env,
    { db: c.env.DB, tenant: c.get('tenant'), member, now: c.get('now'), key: c.req.header('Idempotency-Key'), body: await jsonBody(c) },
    (work) => c.executionCtx.waitUntil(work),
  );
  return c.json(body, status);
});

/** Opening a chat sets its unread count to 0 (SPEC.md §4). */
chatRoutes.put('/chat.php', async (c) => {
  const member = requireMember(c);
  const { conversation } = parseOrFail(ConversationRefSchema, await jsonBody(c));
  const side = await ownSide(c, conversation.id);
  const upto = await markRead(c.env.DB, member, side);
  c.executionCtx.waitUntil(notifyRead(c.env, member, side, upto));
  return c.json({ ok: true });
});

/** Removes the conversation from the member's list; the other side keeps theirs. */
chatRoutes.delete('/chat.php', async (c) => {
  const member = requireMember(c);
  const { conversation } = parseOrFail(ConversationRefSchema, await jsonBody(c));
  await ownSide(c, conversation.id);
  await hideConversation(c.env.DB, member, conversation.id);
  c.executionCtx.waitUntil(publishToMember(c.env, member.tenantId, member.id, { type: 'chats' }));
  return c.json({ ok: true });
});

async function ownSide(c: AppContext, conversationId: number) {
  const side = await findSide(c.env.DB, requireMember(c), conversationId, c.get('now'));
  if (!side) throw new ApiFailure(404, 'conversation_not_found', 'chat.errors.conversation_not_found');
  return side;
}
