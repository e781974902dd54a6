import type { z } from 'zod';
import type { FirstMessageSchema } from '../../../core/schemas/staff';
import type { FirstMessageResponse } from '../../../core/schemas/staff-answers';
import type { Tenant } from '../../../core/schemas/tenant';
import { fictionalMessageStatements, readBackStatement, SENT, sentParams, type FictionalMessage } from '../../chat/fictional-message';
import type { MessageRow } from '../../chat/messages';
import { ApiFailure } from '../../errors';
import type { StaffSession } from '../../auth/staff-session';
import { auditIf } from './audit';
import { toStaffMessage } from './conversation';
import { namedBatch, rows, writeOnly } from '../../db/batch';
import type { Tables } from '../../db/tables';

type FirstMessageInput = z.infer<typeof FirstMessageSchema>;

const unavailable = () => new ApiFailure(404, 'not_found', 'errors.api_not_found');

type TargetRow = Pick<Tables['members'], 'invisible' | 'status'> & {
  member_profile_id: Tables['profiles']['id'] | null;
  blocked: number;
  existing: Tables['conversations']['id'] | null;
  profile_ok: number;
};

/**
 * An unsolicited first message from a fictional profile to a member (from the workspace only). At most one per member
 * per day (UTC) per brand: the fictional_first_messages primary key is in the same batch as the message, so of any
 * number of concurrent sends exactly one is stored. Never to an invisible member, one who is not confirmed, or one
 * who blocked the profile; and not where a conversation exists already (that is a reply, with a claim).
 */
export async function sendFirstMessage(
  db: D1Database,
  tenant: Tenant,
  staff: StaffSession,
  input: FirstMessageInput,
  now: Date,
): Promise<{ response: FirstMessageResponse; send: FictionalMessage; row: MessageRow }> {
  if (input.text.length > tenant.settings.message_length)
    throw new ApiFailure(400, 'validation_failed', 'validation.failed', { text: 'validation.chat_too_long' });
  const target = await readTarget(db, input);
  if (!target?.profile_ok || target.status !== 'confirmed' || target.invisible === 1 || target.blocked === 1) throw unavailable();
  if (target.existing !== null)
    throw new ApiFailure(409, 'conversation_exists', 'staff_answering.errors.conversation_exists', undefined, { id: target.existing });

  const send: FictionalMessage = {
    tenantId: input.brand,
    profileId: input.profile_id,
    memberId: input.member_id,
    memberProfileId: target.member_profile_id!,
    kind: 'text',
    text: input.text,
    photoId: null,
    key: `first:${staff.id}:${crypto.randomUUID()}`,
    now,
    create: true,
    guard: intoNewConversation(input.brand, input.profile_id, target.member_profile_id!, now),
  };
  let results: { stored: D1Result<MessageRow> };
  try {
    results = await namedBatch(db, firstMessageStatements(db, staff, input, send, now));
  } catch (error) {
    if (/UNIQUE constraint failed: fictional_first_messages/i.test(String(error))) {
      throw new ApiFailure(409, 'first_message_limit', 'staff_answering.errors.first_message_limit');
    }
    throw error;
  }
  const row: MessageRow | undefined = results.stored.results[0];
  // The conversation appeared between the check and the batch (the member wrote first): a reply's job then.
  if (!row) throw new ApiFailure(409, 'conversation_exists', 'staff_answering.errors.conversation_exists');
  return { response: { conversation_id: row.conversation_id, message: toStaffMessage(row, input.profile_id) }, send, row };
}

/**
 * A first message's guard: only into the conversation its own batch created (the batch's first statement, ON
 * CONFLICT DO NOTHING). If the member wrote in the meantime, the conversation is theirs (started_by) and older, and
 * nothing is sent (and no cap is used). Read from the conversation row, not from the messages (docs/decisions/016).
 */
export function intoNewConversation(brand: string, profileId: number, memberProfileId: number, now: Date): FictionalMessage['guard'] {
  return {
    sql: 'EXISTS (SELECT 1 FROM conversations x WHERE x.tenant_id = ? AND x.profile_lo = ? AND x.profile_hi = ? AND x.started_by = ? AND x.created_at = ?)',
    params: [brand, Math.min(profileId, memberProfileId), Math.max(profileId, memberProfileId), profileId, now.toISOString()],
  };
}

/** The member and the fictional profile as the first message needs them, with any conversation between them. */
function readTarget(db: D1Database, input: FirstMessageInput) {
  return db
    .prepare(
      `SELECT mp.id AS member_profile_id, mm.invisible, mm.status,
          EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = mm.id AND b.blocked_profile_id = ?3) AS blocked,
          (SELECT id FROM conversations c WHERE c.tenant_id = ?1 AND c.profile_lo = MIN(mp.id, ?3) AND c.profile_hi = MAX(mp.id, ?3)) AS existing,
          EXISTS (SELECT 1 FROM profiles fp WHERE fp.id = ?3 AND fp.tenant_id = ?1 AND fp.fictional = 1 AND fp.member_id IS NULL AND fp.status = 'active') AS profile_ok
         FROM members mm JOIN profiles mp ON mp.member_id = mm.id
        WHERE mm.id = ?2 AND mm.tenant_id = ?1`,
    )
    .bind(input.brand, input.member_id, input.profile_id)
    .first<TargetRow>();
}

/**
 * The first message's batch: the message (into a new conversation), the daily cap, the staff's answer record, the
 * audit row (written only if the message was), and the message read back.
 */
function firstMessageStatements(db: D1Database, staff: StaffSession, input: FirstMessageInput, send: FictionalMessage, now: Date) {
  const sent = { sql: SENT, params: sentParams(send) };
  const at = now.toISOString();
  return [
    ...writeOnly(fictionalMessageStatements(db, send)),
    // The daily cap: a second first message to this member today fails this primary key and the whole batch.
    [
      null,
      db
        .prepare(
          `INSERT INTO fictional_first_messages (tenant_id, member_id, day, conversation_id, staff_id)
       SELECT ?, ?, ?, m.conversation_id, ? FROM messages m WHERE m.tenant_id = ? AND m.sender_profile_id = ? AND m.client_key = ?`,
        )
        .bind(input.brand, input.member_id, at.slice(0, 10), staff.id, ...sentParams(send)),
    ],
    [
      null,
      db
        .prepare(
          `INSERT INTO staff_messages (message_id, tenant_id, staff_id, conversation_id, waited_ms, created_at)
       SELECT m.id, m.tenant_id, ?, m.conversation_id, NULL, ? FROM messages m WHERE m.tenant_id = ? AND m.sender_profile_id = ? AND m.client_key = ?`,
        )
        .bind(staff.id, at, ...sentParams(send)),
    ],
    [
      null,
      auditIf(
        db,
        {
          staffId: staff.id,
          brand: input.brand,
          action: 'first_message',
          targetType: 'member',
          targetId: input.member_id,
          detail: { profile_id: input.profile_id },
          now,
        },
        sent,
      ),
    ],
    ['stored', rows<MessageRow>(readBackStatement(db, send))],
  ] as const;
}
