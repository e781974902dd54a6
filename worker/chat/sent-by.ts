import { readAllFromLog } from './log';
import type { LogMessage } from './log-rows';

/** A member's message as the evidence pack lists it: when, to which profile, what kind, what it cost; never its text. */
export type SentMessage = Pick<LogMessage, 'created_at' | 'recipient_profile_id' | 'kind' | 'cost'>;

/** Conversation logs read at once (each is one Durable Object call). */
const PARALLEL = 6;

/**
 * The messages a member sent from `since` on, oldest first (by id), at most `limit`: from the conversation logs
 * (docs/decisions/016), the conversations being those the member's profile is a side of in D1 (the index on
 * (tenant_id, profile_lo, profile_hi) and conversations_hi), each log brought up to D1 first where it is behind.
 * Only rows sent by this profile as this member; the text is dropped here, so no caller can pass it on.
 */
export async function sentByMember(
  env: Env,
  db: D1Database,
  tenantId: string,
  member: { id: number; profileId: number },
  since: string,
  limit: number,
): Promise<SentMessage[]> {
  const { results: conversations } = await db
    .prepare('SELECT id FROM conversations WHERE tenant_id = ?1 AND (profile_lo = ?2 OR profile_hi = ?2)')
    .bind(tenantId, member.profileId)
    .all<{ id: number }>();
  const sent: (SentMessage & { id: number })[] = [];
  for (let i = 0; i < conversations.length; i += PARALLEL) {
    const logs = await Promise.all(conversations.slice(i, i + PARALLEL).map((c) => readAllFromLog(env, db, tenantId, c.id)));
    for (const m of logs.flat())
      if (m.sender_profile_id === member.profileId && m.sender_member_id === member.id && m.created_at >= since)
        sent.push({ id: m.id, created_at: m.created_at, recipient_profile_id: m.recipient_profile_id, kind: m.kind, cost: m.cost });
  }
  return sent
    .sort((a, b) => a.id - b.id)
    .slice(0, limit)
    .map(({ id: _, ...m }) => m);
}
