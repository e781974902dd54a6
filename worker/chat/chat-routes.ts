import { Hono } from 'hono';
import { sendMessageSchema } from '../../core/schemas/chat';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { findSide, findSideWith, history, listChats } from './conversations';
import { countNewLikes } from '../profiles/likes';
import { findPeer } from './peers';
import { hideConversation, markRead, notifyRead } from './reads';
import { acceptSend, sendKey } from './accept-send';
import { isBlockedBetween } from '../profiles/blocks';
import { publishToMember } from '../live/events';
import type { SessionMember } from '../auth/sessions';
import { operation, withStatus } from '../http/operation';
import { assertAgeAssured, gateCountry } from '../age/gate';
import { LOCAL_TOOLS } from '../build-target';
import { injectedFault, TEST_FAULT_HEADER } from './test-faults';

/** chats.php (the list) and chat.php (history, send, mark read, delete): docs/api/chat.md. */
export const chatRoutes = new Hono<AppEnv>();

const conversationNotFound = () => new ApiFailure(404, 'conversation_not_found', 'chat.errors.conversation_not_found');

operation(chatRoutes, 'get', '/api/chats.php', async (c, { member }) => {
  const [chats, newLikes] = await Promise.all([
    listChats(c.env, member, c.get('now')),
    countNewLikes(c.env.DB, member.tenantId, member.profileId),
  ]);
  return { chats, new_likes: newLikes };
});

operation(chatRoutes, 'get', '/api/chat.php', async (c, { member, query: q }) => {
  // Opening a chat is what a market rule may put behind a highly effective age check (worker/age/gate.ts).
  await assertAgeAssured(c, member.id, ['chat']);
  const now = c.get('now');
  const side = q.id !== undefined ? await findSide(c.env.DB, member, q.id, now) : await findSideWith(c.env.DB, member, q.profile!, now);
  if (side) {
    const page = await history(c.env, member, side, q.before);
    return {
      conversation: { id: side.conversationId },
      profile: side.peer.profile,
      messages: page.messages,
      has_more: page.hasMore,
    };
  }
  if (q.id !== undefined) throw conversationNotFound();
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
  return { conversation: null, profile: peer.profile, messages: [], has_more: false };
});

/** The send's Idempotency-Key (400 when it is not one). */
const idempotencyKey = (c: AppContext) => sendKey(c.req.header('Idempotency-Key'));

operation(
  chatRoutes,
  'post',
  '/api/chat.php',
  async (c, { member, body }) => {
    const { status, body: answer } = await acceptSend(
      c.env,
      {
        db: c.env.DB,
        tenant: c.get('tenant'),
        member,
        now: c.get('now'),
        key: idempotencyKey(c),
        body,
        country: gateCountry(c),
        fault: LOCAL_TOOLS ? injectedFault(c.env, c.req.header(TEST_FAULT_HEADER)) : undefined,
      },
      (work) => c.executionCtx.waitUntil(work),
    );
    // A new message is 201; the same key again answers the first send with 200.
    return withStatus(status, answer);
  },
  {
    // The key is checked before the body, as over the live socket; the body by the brand's message length.
    body: (c) => {
      idempotencyKey(c);
      return sendMessageSchema(c.get('tenant').settings.message_length);
    },
  },
);

/** Opening a chat sets its unread count to 0 (SPEC.md §4). */
operation(chatRoutes, 'put', '/api/chat.php', async (c, { member, body }) => {
  const side = await ownSide(c, member, body.conversation.id);
  const upto = await markRead(c.env, member, side);
  c.executionCtx.waitUntil(notifyRead(c.env, member, side, upto));
  return { ok: true };
});

/** Removes the conversation from the member's list; the other side keeps theirs. */
operation(chatRoutes, 'delete', '/api/chat.php', async (c, { member, body }) => {
  await ownSide(c, member, body.conversation.id);
  await hideConversation(c.env, member, body.conversation.id);
  c.executionCtx.waitUntil(publishToMember(c.env, member.tenantId, member.id, { type: 'chats' }));
  return { ok: true };
});

async function ownSide(c: AppContext, member: SessionMember, conversationId: number) {
  const side = await findSide(c.env.DB, member, conversationId, c.get('now'));
  if (!side) throw conversationNotFound();
  return side;
}
