import { readAllFromLog } from '../chat/log';

/** A message as messages.json of the export shows it. */
export interface ExportedMessage {
  id: number;
  conversation_id: number;
  direction: 'sent' | 'received';
  peer_profile_id: number;
  peer_name: string | null;
  kind: string;
  body: string | null;
  gift: string | null;
  /** What the member paid (their own messages only). */
  cost: number | null;
  created_at: string;
}

/**
 * The member's messages, sent and received, from the conversation logs (docs/decisions/016-messages-in-durable-objects.md):
 * the conversations the member's profile is a side of (D1), each log read whole. The conversation partner is named
 * by profile id and name, never who answered on a fictional profile.
 */
export async function exportMessages(env: Env, db: D1Database, tenantId: string, profileId: number): Promise<ExportedMessage[]> {
  const { results: conversations } = await db
    .prepare(
      `SELECT c.id, CASE WHEN c.profile_lo = ?2 THEN c.profile_hi ELSE c.profile_lo END AS peer_id, p.name AS peer_name
         FROM conversations c LEFT JOIN profiles p ON p.tenant_id = c.tenant_id
              AND p.id = CASE WHEN c.profile_lo = ?2 THEN c.profile_hi ELSE c.profile_lo END
        WHERE c.tenant_id = ?1 AND (c.profile_lo = ?2 OR c.profile_hi = ?2)`,
    )
    .bind(tenantId, profileId)
    .all<{ id: number; peer_id: number; peer_name: string | null }>();
  const messages: ExportedMessage[] = [];
  for (const c of conversations) {
    for (const m of await readAllFromLog(env, db, tenantId, c.id)) {
      const sent = m.sender_profile_id === profileId;
      messages.push({
        id: m.id,
        conversation_id: c.id,
        direction: sent ? 'sent' : 'received',
        peer_profile_id: c.peer_id,
        peer_name: c.peer_name,
        kind: m.kind,
        body: m.body,
        gift: m.gift,
        cost: sent ? m.cost : null,
        created_at: m.created_at,
      });
    }
  }
  return messages.sort((a, b) => a.id - b.id);
}
