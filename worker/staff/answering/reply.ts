import type { StaffReplyResponse } from '../../../core/schemas/staff-answers';
import type { Tenant } from '../../../core/schemas/tenant';
import { fictionalMessageStatements, readBackStatement, SENT, sentParams, type FictionalMessage } from '../../chat/fictional-message';
import type { MessageRow } from '../../chat/messages';
import { ApiFailure } from '../../errors';
import type { StaffSession } from '../../auth/staff-session';
import { auditIf } from './audit';
import { claimFailure, LIVE_CLAIM, liveClaimParams } from './claims';
import { toStaffMessage } from './conversation';
import { claimExpiry, type AnsweringRef } from './lookup';
import { namedBatch, rows, writeOnly } from '../../db/batch';
import type { Tables } from '../../db/tables';

export interface ReplyInput {
  text?: string;
  photo_id?: number;
}

/**
 * Sends the operator's reply as the fictional profile. ONE batch: the message (inserted only while the caller's
 * claim is live: an expired or lost claim stores nothing), the member's list entry, the answer time
 * (staff_messages.waited_ms from waiting_since), the conversation leaving the queue, the claim extended and the
 * audit row; everything after the message is keyed on it, so either all happened or nothing did. No credits move.
 */
export async function reply(
  db: D1Database,
  tenant: Tenant,
  ref: AnsweringRef,
  staff: StaffSession,
  input: ReplyInput,
  now: Date,
): Promise<{ response: StaffReplyResponse; send: FictionalMessage; row: MessageRow }> {
  // The brand's message length rule applies to operators too (the schema's 2000 is only the outer bound).
  if (input.text !== undefined && input.text.length > tenant.settings.message_length) {
    throw new ApiFailure(400, 'validation_failed', 'validation.failed', { text: 'validation.chat_too_long' });
  }
  if (input.photo_id !== undefined) await requireProfilePhoto(db, ref, input.photo_id);
  const at = now.toISOString();
  const send: FictionalMessage = {
    tenantId: ref.brand,
    profileId: ref.fictionalProfileId,
    memberId: ref.memberId,
    memberProfileId: ref.memberProfileId,
    kind: input.text !== undefined ? 'text' : 'photo',
    text: input.text ?? null,
    photoId: input.photo_id ?? null,
    key: `staff:${staff.id}:${crypto.randomUUID()}`,
    now,
    guard: { sql: LIVE_CLAIM, params: liveClaimParams(ref, staff.id, now) },
  };
  const expires = claimExpiry(now);
  const results = await namedBatch(db, replyStatements(db, ref, staff, send, expires, at));
  const row: MessageRow | undefined = results.stored.results[0];
  if (!row) throw await claimFailure(db, ref, staff, now);
  const waitedRow: Pick<Tables['staff_messages'], 'waited_ms'> | undefined = results.waited.results[0];
  const waited = waitedRow?.waited_ms ?? null;
  return {
    response: {
      message: toStaffMessage(row, ref.fictionalProfileId),
      conversation_id: ref.id,
      waited_ms: waited,
      claimed_by: { id: staff.id, name: staff.name, expires_at: expires },
    },
    send,
    row,
  };
}

/**
 * The reply's batch: the message (only while the operator's claim is live), how long the member waited, the queue
 * entry cleared, the claim extended, the audit row (each only if the message was written), and what it read back.
 */
function replyStatements(db: D1Database, ref: AnsweringRef, staff: StaffSession, send: FictionalMessage, expires: string, at: string) {
  const sent = { sql: SENT, params: sentParams(send) };
  const now = send.now;
  return [
    ...writeOnly(fictionalMessageStatements(db, send)),
    // Before the queue entry is cleared: how long the member waited for this answer (from the conversation row),
    // kept with the answer (the figures' answer times read staff_messages) and answered as `waited_ms` from what the
    // insert returns. The message's id is the row this batch just wrote (step 3 of docs/decisions/016 moves it).
    [
      'waited',
      rows<Pick<Tables['staff_messages'], 'waited_ms'>>(
        db
          .prepare(
            `INSERT INTO staff_messages (message_id, tenant_id, staff_id, conversation_id, waited_ms, created_at)
       SELECT m.id, m.tenant_id, ?, c.id,
              CASE WHEN c.waiting_since IS NULL THEN NULL ELSE MAX(0, CAST(ROUND((julianday(?) - julianday(c.waiting_since)) * 86400000) AS INTEGER)) END, ?
         FROM conversations c JOIN messages m ON m.tenant_id = ? AND m.sender_profile_id = ? AND m.client_key = ?
        WHERE c.id = ? AND m.conversation_id = c.id
       RETURNING waited_ms`,
          )
          .bind(staff.id, at, at, ...sentParams(send), ref.id),
      ),
    ],
    [null, db.prepare(`UPDATE conversations SET waiting_since = NULL WHERE id = ? AND ${SENT}`).bind(ref.id, ...sentParams(send))],
    [
      null,
      db
        .prepare(`UPDATE chat_claims SET expires_at = ? WHERE tenant_id = ? AND conversation_id = ? AND staff_id = ? AND ${SENT}`)
        .bind(expires, ref.brand, ref.id, staff.id, ...sentParams(send)),
    ],
    [
      null,
      auditIf(
        db,
        {
          staffId: staff.id,
          brand: ref.brand,
          action: 'reply',
          targetType: 'conversation',
          targetId: ref.id,
          detail: { kind: send.kind },
          now,
        },
        sent,
      ),
    ],
    ['stored', rows<MessageRow>(readBackStatement(db, send))],
  ] as const;
}

/** Operators send only the fictional profile's own approved photos. */
async function requireProfilePhoto(db: D1Database, ref: AnsweringRef, photoId: number): Promise<void> {
  const row = await db
    .prepare("SELECT 1 AS x FROM photos WHERE id = ? AND tenant_id = ? AND profile_id = ? AND status = 'active'")
    .bind(photoId, ref.brand, ref.fictionalProfileId)
    .first();
  if (!row) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { photo_id: 'validation.chat_photo' });
}
