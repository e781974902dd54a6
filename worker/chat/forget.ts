import { conversationLog } from './log-rows';

/**
 * A purged account's messages (14 days after its deletion, worker/account/purge.ts): gone from every conversation it
 * was a side of, in D1 and in the conversations' logs (docs/decisions/016). D1's rows go first: a reader that finds
 * a log behind D1 copies D1's rows into it, so the other order could bring them back. The list entries that quote
 * the member (the peers' previews) are emptied, and the member's own sides go. Throws when an object cannot be
 * reached: the purge then leaves the account as it is, and the next run does it again (each step repeats safely).
 */
export async function forgetMemberMessages(env: Env, tenantId: string, memberId: number, profileId: number): Promise<number> {
  const db = env.DB;
  const { results } = await db
    .prepare('SELECT id FROM conversations WHERE tenant_id = ?1 AND (profile_lo = ?2 OR profile_hi = ?2)')
    .bind(tenantId, profileId)
    .all<{ id: number }>();
  await db.batch([
    db.prepare('DELETE FROM messages WHERE tenant_id = ? AND sender_profile_id = ?').bind(tenantId, profileId),
    db
      .prepare('UPDATE chat_sides SET last_message = NULL, unread = 0 WHERE tenant_id = ? AND peer_profile_id = ?')
      .bind(tenantId, profileId),
    db.prepare('DELETE FROM chat_sides WHERE tenant_id = ? AND member_id = ?').bind(tenantId, memberId),
    db.prepare('DELETE FROM photo_grants WHERE tenant_id = ? AND recipient_profile_id = ?').bind(tenantId, profileId),
  ]);
  let forgotten = 0;
  // A few objects at a time: a member with thousands of conversations does not open thousands of calls at once.
  for (let i = 0; i < results.length; i += 20) {
    const counts = await Promise.all(results.slice(i, i + 20).map((c) => conversationLog(env, tenantId, c.id).forgetSender(profileId)));
    forgotten += counts.reduce((a, b) => a + b, 0);
  }
  return forgotten;
}
