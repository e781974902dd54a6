import type { MailNotificationType } from '../../core/rules/notification-mail';
import type { LiveEvent } from '../../core/schemas/live';

/** Which live events can become a mail, and as which notification type. */
const TYPE_OF: Partial<Record<LiveEvent['type'], MailNotificationType>> = { message: 'messages', like: 'likes', match: 'matches' };

/** The pending row an event leaves when no tab of the member received it; null for events that never become mail. */
export function pendingFor(
  event: LiveEvent,
): { type: MailNotificationType; sender: number; conversationId: number | null; ref: number | null } | null {
  const type = TYPE_OF[event.type];
  if (!type) return null;
  if (event.type === 'message') {
    // The sender's own copy is never news to them.
    if (event.message.from_me) return null;
    return { type, sender: event.profile.id, conversationId: event.conversation_id, ref: event.message.id };
  }
  if (event.type === 'like' || event.type === 'match') return { type, sender: event.profile.id, conversationId: null, ref: null };
  return null;
}

/**
 * Notes an event the member missed, for the member's hub to mail later (worker/notifications/mailer.ts). Only
 * writes a row: whether a mail goes out (settings, address, quiet hours, batching) is decided by the hub's alarm,
 * never in the request that caused the event.
 */
export async function recordPending(env: Env, tenantId: string, memberId: number, event: LiveEvent, now: Date): Promise<boolean> {
  const pending = pendingFor(event);
  if (!pending) return false;
  await env.DB.prepare(
    'INSERT INTO notification_pending (tenant_id, member_id, type, sender_profile_id, conversation_id, ref, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(tenantId, memberId, pending.type, pending.sender, pending.conversationId, pending.ref, now.toISOString())
    .run();
  return true;
}
