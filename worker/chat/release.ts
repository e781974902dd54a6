import { publishToMember } from '../live/events';
import { PEER_COLUMNS, PEER_JOINS, toPeer, type PeerRow } from './peers';
import { toMessage } from './messages';
import { ownNewest, photoFiles } from './log';
import { logToPreview, previewId, previewToMessageRow } from './side-preview';
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
    // The conversations whose peer has not read everything up to the conversation's newest message; per conversation
    // the member's own newest message comes from its log (the sides keep only the conversation's newest).
    const { results } = await env.DB.prepare(
      `SELECT own.conversation_id, own.peer_profile_id, p.member_id AS peer_member_id, MAX(ps.read_upto, ps.cleared_upto) AS seen
         FROM chat_sides own
         JOIN profiles p ON p.id = own.peer_profile_id AND p.tenant_id = own.tenant_id
         JOIN chat_sides ps ON ps.member_id = p.member_id AND ps.conversation_id = own.conversation_id
        WHERE own.tenant_id = ?1 AND own.member_id = ?2
          AND ${previewId('own.last_message')} > MAX(ps.read_upto, ps.cleared_upto)
        ORDER BY own.last_activity DESC LIMIT ${MAX_ANNOUNCED}`,
    )
      .bind(tenantId, memberId)
      .all<{ conversation_id: number; peer_profile_id: number; peer_member_id: number; seen: number }>();
    const owns = await Promise.all(results.map(async (r) => ({ ...r, own: await ownNewest(env, tenantId, r.conversation_id, me.id) })));
    const previews = owns.flatMap((r) => (r.own && r.own.id > r.seen ? [{ ...r, preview: logToPreview(r.own) }] : []));
    const files = await photoFiles(
      env.DB,
      tenantId,
      previews.map((r) => r.preview),
    );
    for (const row of previews) {
      await publishToMember(env, tenantId, row.peer_member_id, {
        type: 'message',
        conversation_id: row.conversation_id,
        message: toMessage(previewToMessageRow(row.preview, row.conversation_id, files), row.peer_profile_id, null),
        profile: sender.profile,
        released: true,
      });
    }
  } catch (error) {
    logEvent('warn', 'announcing released messages failed', { tenant: tenantId, memberId, error: String(error) });
  }
}
