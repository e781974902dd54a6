import { publishToMember } from '../services/live-events';
import { findPeer } from './peers';
import { MESSAGE_COLUMNS, MESSAGE_JOINS, toMessage, type MessageRow } from './messages';

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
    const me = await env.DB.prepare('SELECT id FROM profiles WHERE tenant_id = ? AND member_id = ?').bind(tenantId, memberId).first<{ id: number }>();
    if (!me) return;
    const { results } = await env.DB
      .prepare(
        `SELECT own.conversation_id, own.peer_profile_id, p.member_id AS peer_member_id,
            (SELECT MAX(m.id) FROM messages m WHERE m.conversation_id = own.conversation_id AND m.sender_profile_id = ?3
               AND m.id > ps.read_upto AND m.id > ps.cleared_upto) AS last_id
          FROM chat_sides own
          JOIN profiles p ON p.id = own.peer_profile_id AND p.tenant_id = own.tenant_id
          JOIN chat_sides ps ON ps.member_id = p.member_id AND ps.conversation_id = own.conversation_id
         WHERE own.tenant_id = ?1 AND own.member_id = ?2
         ORDER BY own.last_activity DESC LIMIT ${MAX_ANNOUNCED}`,
      )
      .bind(tenantId, memberId, me.id)
      .all<{ conversation_id: number; peer_profile_id: number; peer_member_id: number; last_id: number | null }>();
    const unread = results.filter((r) => r.last_id !== null);
    if (!unread.length) return;
    const sender = await findPeer(env.DB, tenantId, me.id, now);
    if (!sender) return;
    for (const r of unread) {
      const row = await env.DB.prepare(`SELECT ${MESSAGE_COLUMNS} FROM messages m ${MESSAGE_JOINS} WHERE m.id = ?`).bind(r.last_id).first<MessageRow>();
      if (!row) continue;
      await publishToMember(env, tenantId, r.peer_member_id, {
        type: 'message', conversation_id: r.conversation_id, message: toMessage(row, r.peer_profile_id, null), profile: sender.profile, released: true,
      });
    }
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', message: 'announcing released messages failed', tenant: tenantId, memberId, error: String(error) }));
  }
}
