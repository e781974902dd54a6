import type { LogMessage } from './log-rows';
import { conversationLog } from './log-rows';
import { previewId } from './side-preview';

/** At most this many of the member's conversations are asked for one message (nearest first), a few at a time. */
const CANDIDATES = 24;
const AT_ONCE = 6;

/**
 * Message `id` as sent to the member (profile `recipientProfileId`) and visible to them, from the log of the
 * conversation that holds it (docs/decisions/016): D1 keeps no index from a message to its conversation, so the
 * candidates are the member's own sides whose newest message is at least `id`, the nearest newest first (a message
 * reported is nearly always from a conversation still going on). Null when none holds it, it was not sent to the
 * member, or its sender's messages are held from them (unconfirmed e-mail, invisible): it cannot be reported.
 */
export async function receivedMessage(
  env: Env,
  db: D1Database,
  tenantId: string,
  member: { id: number; profileId: number },
  id: number,
): Promise<LogMessage | null> {
  const { results } = await db
    .prepare(
      `SELECT conversation_id FROM chat_sides WHERE tenant_id = ?1 AND member_id = ?2 AND ${previewId('last_message')} >= ?3
        ORDER BY ${previewId('last_message')} LIMIT ${CANDIDATES}`,
    )
    .bind(tenantId, member.id, id)
    .all<{ conversation_id: number }>();
  for (let i = 0; i < results.length; i += AT_ONCE) {
    const found = (
      await Promise.all(results.slice(i, i + AT_ONCE).map((s) => conversationLog(env, tenantId, s.conversation_id).byId(id)))
    ).find((m) => m !== null && m.recipient_profile_id === member.profileId);
    if (!found) continue;
    if (found.sender_member_id === null) return found;
    const visible = await db
      .prepare("SELECT 1 AS ok FROM members WHERE id = ? AND tenant_id = ? AND status = 'confirmed' AND invisible = 0")
      .bind(found.sender_member_id, tenantId)
      .first();
    return visible ? found : null;
  }
  return null;
}
