import { recordConversion } from '../tracking/conversions';
import { ClientKeySchema, sendMessageSchema, type SendMessage, type SendResponse } from '../../core/schemas/chat';
import type { Tenant } from '../../core/schemas/tenant';
import { ApiFailure, parseOrFail } from '../errors';
import type { LiveEvent } from '../live/events';
import { notifyStaffQueue } from '../live/staff-queue-notify';
import { deliverMessage } from './deliver';
import { sendMessage, type Sender, type StoredRow } from './send';
import { assertAgeAssuredFor } from '../age/gate';
import { logEvent } from '../log';
import { appendToLog } from './log';
import type { LogMessage } from './log-rows';

export interface AcceptedSend {
  /** 201 for a new message, 200 for a repeated key (the stored message again). */
  status: 200 | 201;
  body: SendResponse;
}

/** A send's idempotency key (the Idempotency-Key header, or the socket frame's key), or the 400 that names it. */
export function sendKey(key: unknown): string {
  const parsed = ClientKeySchema.safeParse(key);
  if (!parsed.success) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { key: 'validation.chat_key' });
  return parsed.data;
}

/**
 * A send over the live socket (worker/chat/member-hub.ts) as it arrives: its key, then its body, checked as
 * POST /api/chat.php checks them (the route through its operation), then accepted. Throws an ApiFailure.
 */
export function acceptRawSend(
  env: Env,
  send: { db: D1Database; tenant: Tenant; member: Sender; now: Date; key: unknown; body: unknown; country: string | null },
  later: (work: Promise<void>) => void,
  toSender?: (events: LiveEvent[]) => Promise<number>,
): Promise<AcceptedSend> {
  const key = sendKey(send.key);
  const body = parseOrFail(sendMessageSchema(send.tenant.settings.message_length), send.body);
  return acceptSend(env, { ...send, key, body }, later, toSender);
}

/**
 * A member's checked send, over HTTP (POST /api/chat.php) or over the live socket: the message is sent, and what
 * follows a new message (its delivery, the staff queue for a fictional profile) is handed to `later`, to run after
 * the answer (`toSender`: see deliverMessage). Throws an ApiFailure.
 */
export async function acceptSend(
  env: Env,
  send: {
    db: D1Database;
    tenant: Tenant;
    member: Sender;
    now: Date;
    key: string;
    body: SendMessage;
    /** The visitor's country whose market rule applies (worker/age/gate.ts gateCountry). */
    country: string | null;
    /** Tests only (worker/chat/test-faults.ts): fail between the charge and the append. */
    fault?: 'after-charge';
  },
  later: (work: Promise<void>) => void,
  toSender?: (events: LiveEvent[]) => Promise<number>,
): Promise<AcceptedSend> {
  const { db, tenant, member } = send;
  // A send is a chat, and a photo send a photo beyond the public ones: both may need a highly effective age check.
  await assertAgeAssuredFor(db, tenant, member.id, send.country, send.body.kind === 'photo' ? ['chat', 'photos'] : ['chat']);
  const result = await sendMessage({ db, tenant, member, now: send.now, key: send.key }, send.body);
  // The charge and D1's row are written; now the conversation's log (docs/decisions/016-messages-in-durable-objects.md).
  // Until it has the message the member is told to try again: the same key charges nothing and appends again.
  if (send.fault === 'after-charge') throw pending(new Error('injected fault between charge and append'), tenant.id);
  const appended = await appendToLog(env, tenant.id, result.response.conversation.id, logMessage(result.row)).catch((error: unknown) => {
    throw pending(error, tenant.id);
  });
  // The call that added the message to the log delivers it: the first send, or the retry that completed a failed
  // append (then the answer is still 200, a repeated key). Concurrent retries add it once, so it is delivered once.
  if (appended > 0) {
    later(deliverMessage(env, member, result, toSender));
    // The first message of a member a paid click brought (issue 47): recorded once, after the answer.
    later(recordConversion(env, tenant.id, member.id, 'first_message', {}, send.now));
    // A message to a fictional profile waits in the brand's answering queue: its open workspaces refetch.
    if (result.peer.memberId === null && result.peer.profile.fictional)
      later(notifyStaffQueue(env, tenant.id, 'message', result.response.conversation.id));
  }
  return { status: result.created ? 201 : 200, body: result.response };
}

/** A paid send whose message did not reach its log yet: 503, which the app's fetch client retries with the same key. */
function pending(error: unknown, tenantId: string): ApiFailure {
  logEvent('warn', 'chat send: charged, append to the conversation log failed', { tenant: tenantId, error: String(error) });
  return new ApiFailure(503, 'message_pending', 'chat.errors.message_pending');
}

/** The stored row as the conversation's log keeps it. */
function logMessage(row: StoredRow): LogMessage {
  return {
    id: row.id,
    sender_profile_id: row.sender_profile_id,
    sender_member_id: row.sender_member_id,
    recipient_profile_id: row.recipient_profile_id,
    kind: row.kind,
    body: row.body,
    gift: row.gift,
    photo_id: row.photo_id,
    cost: row.cost,
    client_key: row.client_key,
    created_at: row.created_at,
  };
}
