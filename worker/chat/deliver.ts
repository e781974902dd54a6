import { publishToMember, type LiveEvent } from '../live/events';
import { toMessage } from './messages';
import type { Sender, SendResult } from './send';

/**
 * After a new message is stored: the recipient's tabs get it (or a push when none is open), unless the sender's
 * messages are held (unconfirmed e-mail, invisible mode); then the sender's other tabs get it and the new
 * balance (the sending tab has both from its answer already). The recipient goes first: when the sender's
 * tabs hear of the message, the recipient's delivery has been tried. When a tab of the recipient got it, the
 * sender's tick turns to "delivered". `toSender` reaches the sender's tabs: through their hub, unless the send came
 * over a socket of that hub, which has them at hand (a call to a Durable Object is a round trip, even to itself).
 */
export async function deliverMessage(
  env: Env,
  member: Sender,
  result: SendResult,
  toSender: (events: LiveEvent[]) => Promise<number> = (events) => publishToMember(env, member.tenantId, member.id, events),
): Promise<void> {
  const { response, peer, row, sender, held } = result;
  const conversationId = response.conversation.id;
  let receipt: { read_upto: number; delivered_upto: number } | null = null;
  if (!held && peer.memberId !== null && sender) {
    const reached = await publishToMember(env, member.tenantId, peer.memberId, {
      type: 'message',
      conversation_id: conversationId,
      message: toMessage(row, peer.profile.id, null),
      profile: sender.profile,
    });
    if (reached > 0) {
      receipt = await env.DB.prepare(
        'UPDATE chat_sides SET delivered_upto = MAX(delivered_upto, ?1) WHERE member_id = ?2 AND conversation_id = ?3 RETURNING read_upto, delivered_upto',
      )
        .bind(row.id, peer.memberId, conversationId)
        .first<{ read_upto: number; delivered_upto: number }>();
    }
  }
  await toSender([
    { type: 'message', conversation_id: conversationId, message: response.message, profile: peer.profile },
    { type: 'credits', credits: response.credits },
    ...(receipt ? [{ type: 'receipt', conversation_id: conversationId, ...receipt } as const] : []),
  ]);
}
