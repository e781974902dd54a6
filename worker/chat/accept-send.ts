import { ClientKeySchema, sendMessageSchema, type SendResponse } from '../../core/schemas/chat';
import type { Tenant } from '../../core/schemas/tenant';
import { ApiFailure, validationFailure } from '../errors';
import type { LiveEvent } from '../services/live-events';
import { notifyStaffQueue } from '../staff/answering/notify';
import { deliverMessage } from './deliver';
import { sendMessage, type Sender } from './send';

export interface AcceptedSend {
  /** 201 for a new message, 200 for a repeated key (the stored message again). */
  status: 200 | 201;
  body: SendResponse;
}

/**
 * A member's send as it arrives, over HTTP (POST /api/chat.php) or over the live socket (worker/chat/member-hub.ts):
 * the key and the body are checked alike, the message is sent, and what follows a new message (its delivery, the
 * staff queue for a fictional profile) is handed to `later`, to run after the answer (`toSender`: see
 * deliverMessage). Throws an ApiFailure.
 */
export async function acceptSend(
  env: Env,
  send: { db: D1Database; tenant: Tenant; member: Sender; now: Date; key: unknown; body: unknown },
  later: (work: Promise<void>) => void,
  toSender?: (events: LiveEvent[]) => Promise<number>,
): Promise<AcceptedSend> {
  const { db, tenant, member } = send;
  const key = ClientKeySchema.safeParse(send.key);
  if (!key.success) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { key: 'validation.chat_key' });
  const body = sendMessageSchema(tenant.settings.message_length).safeParse(send.body);
  if (!body.success) throw validationFailure(body.error);
  const result = await sendMessage({ db, tenant, member, now: send.now, key: key.data }, body.data);
  if (result.created) {
    later(deliverMessage(env, member, result, toSender));
    // A message to a fictional profile waits in the brand's answering queue: its open workspaces refetch.
    if (result.peer.memberId === null && result.peer.profile.fictional)
      later(notifyStaffQueue(env, tenant.id, 'message', result.response.conversation.id));
  }
  return { status: result.created ? 201 : 200, body: result.response };
}
