import { publishToMember } from '../live/events';
import { PEER_COLUMNS, PEER_JOINS, toPeer, type PeerRow } from './peers';
import { MESSAGE_COLUMNS, MESSAGE_JOINS, toMessage, type MessageRow } from './messages';
import { logEvent } from '../log';

/** At most this many conversations are announced at once; the rest show up with the peers' next refresh. */
const MAX_ANNOUNCED = 50;

/**
 * A member's held messages become visible the moment their e-mail is confirmed or they leave invisible mode
 * (worker/chat/messages.ts decides visibility when reading). Each member who has unread messages from them then
 * hears of the newest one at once, live or by push, with `released` set: an open conversation reloads (there may
 * be several), the chat list and counters refresh. Never throws: the peers' refresh catches up anyway.
 */
export async function announceReleasedMessages(env: Env, tenantId: string, memberId: number, now: Date): Promise<void> {
  try {
    // The sender as their recipients' chats show them.
    const me = await env.DB.prepare(`SELECT ${PEER_COLUMNS} FROM profiles p ${PEER_JOINS} WHERE p.member_id = ? AND p.tenant_id = ?`)
      .bind(memberId, tenantId)
      .first<PeerRow>();
    if (!me) return;
    const sender = toPeer(me, now);
    // Per conversation the newest of the member's messages that the peer has not read yet, with the peer.
    const { results } = await env.DB.prepare(
      `SELECT ${MESSAGE_COLUMNS}, u.peer_profile_id, u.peer_member_id
           FROM (SELECT own.peer_profile_id, p.member_id AS peer_member_id, own.last_activity,
                   (SELECT MAX(x.id) FROM messages x WHERE x.conversation_id = own.conversation_id AND x.sender_profile_id = ?3
                      AND x.id > ps.read_upto AND x.id > ps.cleared_upto) AS last_id
                   FROM chat_sides own
                   JOIN profiles p ON p.id = own.peer_profile_id AND p.tenant_id = own.tenant_id
                   JOIN chat_sides ps ON ps.member_id = p.member_id AND ps.conversation_id = own.conversation_id
                  WHERE own.tenant_id = ?1 AND own.member_id = ?2) u
           JOIN messages m ON m.id = u.last_id ${MESSAGE_JOINS}
          ORDER BY u.last_activity DESC LIMIT ${MAX_ANNOUNCED}`,
    )
      .bind(tenantId, memberId, me.id)
      .all<MessageRow & { peer_profile_id: number; peer_member_id: number }>();
    for (const row of results) {
      await publishToMember(env, tenantId, row.peer_member_id, {
        type: 'message',
        conversation_id: row.conversation_id,
        message: toMessage(row, row.peer_profile_id, null),
        profile: sender.profile,
        released: true,
      });
    }
  } catch (error) {
    logEvent('warn', 'announcing released messages failed', { tenant: tenantId, memberId, error: String(error) });
  }
}
