import { publishToMember } from '../live/events';
import { PEER_COLUMNS, PEER_JOINS, toPeer, type PeerRow } from './peers';
import { toMessage } from './messages';
import { photoFiles } from './log';
import { parsePreview, previewToMessageRow } from './side-preview';
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
    // Per conversation the member's own newest message (their side's `last_own`, migration 0044), when the peer has
    // not read it: no message is read from D1 or the logs.
    const { results } = await env.DB.prepare(
      `SELECT own.conversation_id, own.peer_profile_id, p.member_id AS peer_member_id, own.last_own
         FROM chat_sides own
         JOIN profiles p ON p.id = own.peer_profile_id AND p.tenant_id = own.tenant_id
         JOIN chat_sides ps ON ps.member_id = p.member_id AND ps.conversation_id = own.conversation_id
        WHERE own.tenant_id = ?1 AND own.member_id = ?2
          AND json_extract(own.last_own, '$.id') > MAX(ps.read_upto, ps.cleared_upto)
        ORDER BY own.last_activity DESC LIMIT ${MAX_ANNOUNCED}`,
    )
      .bind(tenantId, memberId)
      .all<{ conversation_id: number; peer_profile_id: number; peer_member_id: number; last_own: string }>();
    const previews = results.map((r) => ({ ...r, preview: parsePreview(r.last_own)! }));
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
