import type { SessionMember } from '../auth/sessions';
import { publishToMember } from '../live/events';
import { newestFromPeer, type Side } from './conversations';
import { readLogPage } from './log';
import { previewId, previewSender } from './side-preview';

/** Marks everything the member can see in the conversation as read (and so delivered); answers the id. */
export async function markRead(env: Env, member: SessionMember, side: Side): Promise<number> {
  const upto = await newestFromPeer(env, member, side);
  // The unread count (migration 0044) goes to 0 unless a message from the peer newer than `upto` came in meanwhile
  // (the tab marks it read when it shows it); while the peer's messages are held from the member, it keeps counting them.
  await env.DB.prepare(
    `UPDATE chat_sides SET read_upto = MAX(read_upto, ?1), delivered_upto = MAX(delivered_upto, ?1),
        unread = CASE WHEN ?5 = 1 AND (COALESCE(${previewId('last_message')}, 0) <= ?1
                   OR ${previewSender('last_message')} != peer_profile_id) THEN 0 ELSE unread END
      WHERE member_id = ?2 AND conversation_id = ?3 AND tenant_id = ?4`,
  )
    .bind(upto, member.id, side.conversationId, member.tenantId, side.peerVisible ? 1 : 0)
    .run();
  return upto;
}

/** The reader's tabs update their counters; the sender's ticks turn to "read". */
export async function notifyRead(env: Env, member: SessionMember, side: Side, upto: number): Promise<void> {
  const jobs = [publishToMember(env, member.tenantId, member.id, { type: 'read', conversation_id: side.conversationId, read_upto: upto })];
  if (upto > side.readUpto && side.peer.memberId !== null) {
    jobs.push(
      publishToMember(env, member.tenantId, side.peer.memberId, {
        type: 'receipt',
        conversation_id: side.conversationId,
        delivered_upto: upto,
        read_upto: upto,
      }),
    );
  }
  await Promise.all(jobs);
}

/**
 * DELETE /api/chat.php: the member's side is hidden and its history cleared for them up to the conversation's newest
 * message (from its log); a new message shows it again.
 */
export async function hideConversation(env: Env, member: SessionMember, conversationId: number): Promise<void> {
  const { maxId } = await readLogPage(env, env.DB, member.tenantId, conversationId, { after: 0, limit: 0 });
  await env.DB.prepare(
    `UPDATE chat_sides SET hidden = 1, read_upto = MAX(read_upto, ?1), cleared_upto = MAX(cleared_upto, ?1),
        unread = CASE WHEN COALESCE(${previewId('last_message')}, 0) <= ?1 THEN 0 ELSE unread END
      WHERE member_id = ?2 AND conversation_id = ?3 AND tenant_id = ?4`,
  )
    .bind(maxId, member.id, conversationId, member.tenantId)
    .run();
}
