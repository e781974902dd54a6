import type { ClaimResponse } from '../../../core/schemas/staff-answers';
import { ApiFailure } from '../../errors';
import type { StaffSession } from '../../auth/staff-session';
import { auditIf } from './audit';
import { claimExpiry, type AnsweringRef } from './lookup';
import type { Tables } from '../../db/tables';
import { namedBatch, rows } from '../../db/batch';

export const claimedByOther = () => new ApiFailure(409, 'claimed_by_other', 'staff_answering.errors.claimed_by_other');
export const claimRequired = () => new ApiFailure(409, 'claim_required', 'staff_answering.errors.claim_required');

/** SQL condition: the staff member holds a live claim on the conversation (bind tenant, conversation, staff, now). */
export const LIVE_CLAIM =
  'EXISTS (SELECT 1 FROM chat_claims WHERE tenant_id = ? AND conversation_id = ? AND staff_id = ? AND expires_at > ?)';
export const liveClaimParams = (ref: AnsweringRef, staffId: number, now: Date) => [ref.brand, ref.id, staffId, now.toISOString()];

/**
 * Claims the conversation for the caller with ONE conditional upsert: a new claim is inserted; an existing one is
 * taken over only when it has expired or is the caller's own (then it is extended). SQLite runs the statement
 * atomically, so of any number of operators claiming at once exactly one wins. The audit row is written in the same
 * batch, only when the claim is the caller's afterwards.
 */
export async function claim(db: D1Database, ref: AnsweringRef, staff: StaffSession, now: Date): Promise<ClaimResponse> {
  const at = now.toISOString();
  const expires = claimExpiry(now);
  const { upsert } = await namedBatch(db, [
    [
      'upsert',
      rows<Pick<Tables['chat_claims'], 'staff_id' | 'expires_at'>>(
        db
          .prepare(
            `INSERT INTO chat_claims (tenant_id, conversation_id, staff_id, claimed_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (tenant_id, conversation_id) DO UPDATE
              SET claimed_at = CASE WHEN chat_claims.staff_id = excluded.staff_id AND chat_claims.expires_at > excluded.claimed_at
                                    THEN chat_claims.claimed_at ELSE excluded.claimed_at END,
                  staff_id = excluded.staff_id, expires_at = excluded.expires_at
            WHERE chat_claims.staff_id = excluded.staff_id OR chat_claims.expires_at <= excluded.claimed_at
           RETURNING staff_id, expires_at`,
          )
          .bind(ref.brand, ref.id, staff.id, at, expires),
      ),
    ],
    [
      null,
      auditIf(
        db,
        { staffId: staff.id, brand: ref.brand, action: 'claim', targetType: 'conversation', targetId: ref.id, now },
        {
          sql: 'EXISTS (SELECT 1 FROM chat_claims WHERE tenant_id = ? AND conversation_id = ? AND staff_id = ? AND expires_at = ?)',
          params: [ref.brand, ref.id, staff.id, expires],
        },
      ),
    ],
  ]);
  const row: Pick<Tables['chat_claims'], 'staff_id' | 'expires_at'> | undefined = upsert.results[0];
  if (!row) throw claimedByOther();
  return { conversation_id: ref.id, claimed_by: { id: staff.id, name: staff.name, expires_at: row.expires_at } };
}

/**
 * Gives the conversation back to the queue. Releasing a claim one does not hold (none, or expired) is a no-op;
 * another operator's live claim answers 409 claimed_by_other.
 */
export async function release(db: D1Database, ref: AnsweringRef, staff: StaffSession, now: Date): Promise<boolean> {
  const mine = {
    sql: 'EXISTS (SELECT 1 FROM chat_claims WHERE tenant_id = ? AND conversation_id = ? AND staff_id = ?)',
    params: [ref.brand, ref.id, staff.id],
  };
  const { deleted } = await namedBatch(db, [
    [
      null,
      auditIf(db, { staffId: staff.id, brand: ref.brand, action: 'release', targetType: 'conversation', targetId: ref.id, now }, mine),
    ],
    [
      'deleted',
      db.prepare('DELETE FROM chat_claims WHERE tenant_id = ? AND conversation_id = ? AND staff_id = ?').bind(ref.brand, ref.id, staff.id),
    ],
  ]);
  if (deleted.meta.changes > 0) return true;
  const other = await currentClaim(db, ref, now);
  if (other && other.staff_id !== staff.id) throw claimedByOther();
  return false;
}

/** The live claim on a conversation, if any (with the operator's name for the screens). */
export function currentClaim(db: D1Database, ref: AnsweringRef, now: Date) {
  return db
    .prepare(
      'SELECT cl.staff_id, cl.expires_at, s.name FROM chat_claims cl JOIN staff s ON s.id = cl.staff_id WHERE cl.tenant_id = ? AND cl.conversation_id = ? AND cl.expires_at > ?',
    )
    .bind(ref.brand, ref.id, now.toISOString())
    .first<Pick<Tables['chat_claims'], 'staff_id' | 'expires_at'> & Pick<Tables['staff'], 'name'>>();
}

/** Why a guarded action found no live claim of the caller: someone else holds it, or the caller must claim (again). */
export async function claimFailure(db: D1Database, ref: AnsweringRef, staff: StaffSession, now: Date): Promise<ApiFailure> {
  const other = await currentClaim(db, ref, now);
  return other && other.staff_id !== staff.id ? claimedByOther() : claimRequired();
}
