import { actionsFor, type DecisionAction, type Ground, type ReportTarget } from '../../core/rules/moderation';
import type { Tenant } from '../../core/schemas/tenant';
import { auditStatement, type StaffSession } from '../auth/staff-session';
import { namedBatch, writeOnly } from '../db/batch';
import type { Tables } from '../db/tables';
import { ApiFailure } from '../errors';
import { NEXT_MAIN, deleteObjects } from '../photos/store';
import { mailReportOutcome } from './acknowledge';
import { decisionSteps, mailStatement, memberLanguage, returnedId } from './statements';

/**
 * A moderator's decision on a notice: no action, or a restriction (remove the photo, remove the profile text,
 * block the account, limit its visibility). One batch: the restriction only while the notice is open, then (each
 * only if the one before wrote) the audit row, the decision, the statement of reasons, and the notice closed with
 * its decision. Two moderators deciding one notice at once: one decision. Then the member gets the statement and
 * the reporter the outcome.
 */

type NoticeRow = Pick<Tables['reports'], 'target_kind' | 'target_id' | 'target_profile_id' | 'state'> & {
  member_id: number | null;
  member_language: string | null;
};

const OPEN = "EXISTS (SELECT 1 FROM reports WHERE id = ?9 AND tenant_id = ?8 AND state = 'open')";

/** The restriction's statements (its first one changes a row only when it happened) and what follows the decision. */
function restriction(
  db: D1Database,
  action: DecisionAction,
  n: NoticeRow,
  tenantId: string,
  reportId: number,
  staffId: number,
  at: string,
) {
  // ?8 tenant, ?9 report, ?1 target: one set of numbered parameters for every action.
  const bind = (sql: string, ...more: unknown[]) =>
    db.prepare(sql).bind(n.target_id, at, staffId, n.target_profile_id, n.member_id, null, null, tenantId, reportId, ...more);
  switch (action) {
    case 'remove_photo':
      return {
        first: bind(`UPDATE photos SET status = 'rejected', reviewed_at = ?2, reviewed_by = ?3, reject_reason = 'other'
                      WHERE id = ?1 AND tenant_id = ?8 AND status IN ('pending', 'active') AND ${OPEN}`),
        after: [
          db
            .prepare(`UPDATE profiles SET main_photo_id = ${NEXT_MAIN} WHERE id = ?1 AND tenant_id = ?2 AND main_photo_id = ?3`)
            .bind(n.target_profile_id, tenantId, n.target_id),
        ],
      };
    case 'remove_text':
      return {
        first: bind(
          `UPDATE profiles SET about = NULL WHERE id = ?4 AND tenant_id = ?8 AND member_id IS NOT NULL AND about IS NOT NULL AND ${OPEN}`,
        ),
        after: [],
      };
    case 'block_account':
      return {
        first: bind(
          `UPDATE members SET blocked_at = ?2, blocked_reason = 'notice N-' || ?9 WHERE id = ?5 AND tenant_id = ?8 AND blocked_at IS NULL AND status != 'deleted' AND ${OPEN}`,
        ),
        after: [
          db
            .prepare('UPDATE sessions SET revoked_at = ? WHERE tenant_id = ? AND member_id = ? AND revoked_at IS NULL')
            .bind(at, tenantId, n.member_id),
        ],
      };
    case 'limit_visibility':
      return {
        first: bind(
          `UPDATE profiles SET visibility_limited_at = ?2, searchable = 0 WHERE id = ?4 AND tenant_id = ?8 AND member_id IS NOT NULL AND visibility_limited_at IS NULL AND ${OPEN}`,
        ),
        after: [],
      };
    default:
      return null;
  }
}

export async function decideReport(
  env: Env,
  staff: StaffSession,
  tenant: Tenant,
  input: { report_id: number; action: DecisionAction; ground: Ground; explanation: string },
  now: Date,
): Promise<{ decision_id: number; statement_id: number | null }> {
  const db = env.DB;
  const notice = await db
    .prepare(
      `SELECT r.target_kind, r.target_id, r.target_profile_id, r.state, p.member_id, m.language AS member_language
         FROM reports r JOIN profiles p ON p.id = r.target_profile_id AND p.tenant_id = r.tenant_id
         LEFT JOIN members m ON m.id = p.member_id
        WHERE r.id = ? AND r.tenant_id = ? AND r.state != 'flood'`,
    )
    .bind(input.report_id, tenant.id)
    .first<NoticeRow>();
  if (!notice) throw new ApiFailure(404, 'report_not_found', 'errors.report_not_found');
  if (notice.state !== 'open') throw new ApiFailure(409, 'report_decided', 'errors.report_decided');
  const notPossible = () => new ApiFailure(409, 'action_not_possible', 'errors.action_not_possible');
  if (!actionsFor(notice.target_kind as ReportTarget).includes(input.action)) throw notPossible();
  if (
    notice.member_id === null &&
    (input.action === 'block_account' || input.action === 'limit_visibility' || input.action === 'remove_text')
  )
    throw notPossible();

  const at = now.toISOString();
  const r = restriction(db, input.action, notice, tenant.id, input.report_id, staff.id, at);
  const audit = auditStatement(db, {
    staffId: staff.id,
    brand: tenant.id,
    action: 'report_decision',
    targetType: 'report',
    targetId: input.report_id,
    detail: { action: input.action, ground: input.ground },
    now,
    guard: r
      ? { sql: 'changes() = 1', params: [] }
      : { sql: OPEN.replaceAll('?9', '?').replaceAll('?8', '?'), params: [input.report_id, tenant.id] },
  });
  const steps = decisionSteps(db, {
    tenantId: tenant.id,
    memberId: notice.member_id,
    language: memberLanguage(tenant, notice.member_language),
    action: input.action,
    targetKind: notice.target_kind === 'message' && r ? 'member' : (notice.target_kind as ReportTarget),
    targetId: notice.target_kind === 'message' && r ? notice.member_id! : notice.target_id,
    ground: input.ground,
    explanation: input.explanation,
    automated: false,
    staffId: staff.id,
    reportId: input.report_id,
    now,
  });
  const results = await namedBatch(db, [
    ...(r ? [['restricted', r.first] as const] : []),
    [null, audit],
    ...steps,
    [
      null,
      db
        .prepare(
          `UPDATE reports SET state = 'decided', decided_at = ?1, decision_id = (SELECT id FROM moderation_decisions WHERE report_id = ?2 AND tenant_id = ?3)
            WHERE id = ?2 AND tenant_id = ?3 AND state = 'open' AND EXISTS (SELECT 1 FROM moderation_decisions WHERE report_id = ?2 AND tenant_id = ?3)`,
        )
        .bind(at, input.report_id, tenant.id),
    ],
    ...writeOnly(r?.after ?? []),
  ]);
  const named = results as Record<string, D1Result | undefined>;
  const decisionId = returnedId(named.decision);
  if (decisionId === null) {
    const state = await db.prepare('SELECT state FROM reports WHERE id = ?').bind(input.report_id).first<{ state: string }>();
    throw state?.state === 'open' ? notPossible() : new ApiFailure(409, 'report_decided', 'errors.report_decided');
  }
  const statementId = returnedId(named.statement);
  if (input.action === 'remove_photo') {
    const photo = await db
      .prepare('SELECT filename, thumb_filename FROM photos WHERE id = ? AND tenant_id = ?')
      .bind(notice.target_id, tenant.id)
      .first<Pick<Tables['photos'], 'filename' | 'thumb_filename'>>();
    if (photo) await deleteObjects(env, tenant.id, [photo]);
  }
  if (statementId !== null) await mailStatement(env, tenant, db, statementId, now);
  await mailReportOutcome(env, tenant, input.report_id, input.action !== 'no_action', now).catch(() => false);
  return { decision_id: decisionId, statement_id: statementId };
}
