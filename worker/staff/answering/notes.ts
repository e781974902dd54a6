import type { z } from 'zod';
import type { StaffNoteSchema } from '../../../core/schemas/staff';
import type { StaffNote } from '../../../core/schemas/staff-answers';
import { ApiFailure } from '../../errors';
import type { StaffSession } from '../../auth/staff-session';
import { auditIf } from './audit';
import { claimExpiry } from './lookup';
import { namedBatch, rows, writeOnly } from '../../db/batch';
import type { Tables } from '../../db/tables';

type NoteInput = z.infer<typeof StaffNoteSchema>;

/** The note's subject must be a member of the brand or one of the brand's fictional profiles. */
function subjectExists(input: NoteInput) {
  return input.subject_type === 'member'
    ? {
        sql: "EXISTS (SELECT 1 FROM members WHERE id = ? AND tenant_id = ? AND status != 'purged')",
        params: [input.subject_id, input.brand],
      }
    : {
        sql: 'EXISTS (SELECT 1 FROM profiles WHERE id = ? AND tenant_id = ? AND fictional = 1 AND member_id IS NULL)',
        params: [input.subject_id, input.brand],
      };
}

/**
 * Adds a note (shared by the brand's operators, never shown to members) and its audit row in one batch, both only
 * when the subject is the brand's; writing it from a conversation the caller holds extends that claim.
 */
export async function addNote(db: D1Database, staff: StaffSession, input: NoteInput, now: Date): Promise<StaffNote> {
  const cond = subjectExists(input);
  const at = now.toISOString();
  const results = await namedBatch(db, [
    [
      'note',
      rows<Pick<Tables['staff_notes'], 'id'>>(
        db
          .prepare(
            `INSERT INTO staff_notes (tenant_id, subject_type, subject_id, staff_id, body, created_at) SELECT ?, ?, ?, ?, ?, ? WHERE ${cond.sql} RETURNING id`,
          )
          .bind(input.brand, input.subject_type, input.subject_id, staff.id, input.body, at, ...cond.params),
      ),
    ],
    [
      null,
      auditIf(
        db,
        { staffId: staff.id, brand: input.brand, action: 'note', targetType: input.subject_type, targetId: input.subject_id, now },
        cond,
      ),
    ],
    ...writeOnly(
      input.conversation_id
        ? [
            db
              .prepare(
                'UPDATE chat_claims SET expires_at = ? WHERE tenant_id = ? AND conversation_id = ? AND staff_id = ? AND expires_at > ?',
              )
              .bind(claimExpiry(now), input.brand, input.conversation_id, staff.id, at),
          ]
        : [],
    ),
  ]);
  const row: Pick<Tables['staff_notes'], 'id'> | undefined = results.note.results[0];
  if (!row) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  return {
    id: row.id,
    subject_type: input.subject_type,
    subject_id: input.subject_id,
    body: input.body,
    author: staff.name,
    created_at: at,
  };
}
