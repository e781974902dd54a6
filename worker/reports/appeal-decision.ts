import type { Tenant } from '../../core/schemas/tenant';
import { auditStatement, type StaffSession } from '../auth/staff-session';
import { namedBatch, writeOnly } from '../db/batch';
import type { Tables } from '../db/tables';
import { ApiFailure } from '../errors';
import { mailAppeal } from './acknowledge';

/**
 * An appeal's decision (DSA Art. 20 (4), (6)): by another staff member than the one who made the decision, which
 * the UPDATE itself checks (no read-then-write), audited in its batch. Reversing lifts what can be lifted: a block
 * ends, a limited profile is searchable again (as its settings allow); a removed photo or text stays removed (the
 * image was deleted at once), and the answer tells the member they may upload or write it again.
 */
export async function decideAppeal(
  env: Env,
  staff: StaffSession,
  tenant: Tenant,
  input: { appeal_id: number; outcome: 'upheld' | 'reversed'; answer: string },
  now: Date,
): Promise<{ id: number; state: 'upheld' | 'reversed' }> {
  const db = env.DB;
  const appeal = await db
    .prepare(
      `SELECT a.state, a.member_id, d.action, d.staff_id FROM appeals a
         JOIN statements_of_reasons s ON s.id = a.statement_id JOIN moderation_decisions d ON d.id = s.decision_id
        WHERE a.id = ? AND a.tenant_id = ?`,
    )
    .bind(input.appeal_id, tenant.id)
    .first<Pick<Tables['appeals'], 'state' | 'member_id'> & Pick<Tables['moderation_decisions'], 'action' | 'staff_id'>>();
  if (!appeal) throw new ApiFailure(404, 'appeal_not_found', 'errors.appeal_not_found');
  const at = now.toISOString();
  // Written only when this staff member's decision of this appeal happened (its row, as just set).
  const decided = `EXISTS (SELECT 1 FROM appeals WHERE id = ?3 AND tenant_id = ?2 AND state = 'reversed' AND decided_by = ?4 AND decided_at = ?5)`;
  const lift: Partial<Record<string, string>> = {
    block_account: `UPDATE members SET blocked_at = NULL, blocked_reason = NULL WHERE id = ?1 AND tenant_id = ?2 AND blocked_at IS NOT NULL AND ${decided}`,
    limit_visibility: `UPDATE profiles SET visibility_limited_at = NULL,
        searchable = (status = 'active' AND (SELECT invisible = 0 AND status != 'deleted' FROM members WHERE id = ?1))
      WHERE member_id = ?1 AND tenant_id = ?2 AND visibility_limited_at IS NOT NULL AND ${decided}`,
  };
  const sql = input.outcome === 'reversed' ? lift[appeal.action] : undefined;
  const reversals = sql ? [db.prepare(sql).bind(appeal.member_id, tenant.id, input.appeal_id, staff.id, at)] : [];
  const { updated } = await namedBatch(db, [
    [
      'updated',
      db
        .prepare(
          `UPDATE appeals SET state = ?1, answer = ?2, decided_by = ?3, decided_at = ?4
            WHERE id = ?5 AND tenant_id = ?6 AND state = 'open'
              AND NOT EXISTS (SELECT 1 FROM statements_of_reasons s JOIN moderation_decisions d ON d.id = s.decision_id
                               WHERE s.id = appeals.statement_id AND d.staff_id = ?3)`,
        )
        .bind(input.outcome, input.answer, staff.id, at, input.appeal_id, tenant.id),
    ],
    [
      null,
      auditStatement(db, {
        staffId: staff.id,
        brand: tenant.id,
        action: 'appeal_decision',
        targetType: 'appeal',
        targetId: input.appeal_id,
        detail: { outcome: input.outcome, action: appeal.action },
        now,
        guard: { sql: 'changes() = 1', params: [] },
      }),
    ],
    ...writeOnly(reversals),
  ]);
  if (updated.meta.changes === 0) {
    if (appeal.state !== 'open') throw new ApiFailure(409, 'appeal_decided', 'errors.appeal_decided');
    if (appeal.staff_id === staff.id) throw new ApiFailure(403, 'appeal_same_staff', 'errors.appeal_same_staff');
    throw new ApiFailure(409, 'appeal_decided', 'errors.appeal_decided');
  }
  await mailAppeal(env, tenant, db, input.appeal_id, 'appeal_decided', now).catch(() => undefined);
  return { id: input.appeal_id, state: input.outcome };
}
