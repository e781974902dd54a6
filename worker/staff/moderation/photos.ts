import type { ModerationPhotosResponse, PhotoDecisionResponse } from '../../../core/schemas/staff-back-office-answers';
import type { RejectReason } from '../../../core/schemas/photos';
import { ApiFailure } from '../../errors';
import { approvePhoto, pendingPhotos, rejectPhoto } from '../../photos/moderation';
import { auditStatement, type StaffSession } from '../../auth/staff-session';
import type { Tables } from '../../db/tables';
import { decisionSteps, mailStatement, memberLanguage, returnedId } from '../../reports/statements';
import { tenantById } from '../../tenants';
import { translatorFor } from '../../i18n';

/**
 * Photo moderation in the workspace (moved here from the members' /operator/photos): the same queue and the same
 * two decisions (worker/photos/moderation.ts), decided by a staff moderator, with the audit row in the decision's
 * batch. The member sees the result on their photos page and in their main image.
 */

export async function photoQueue(db: D1Database, brand: string): Promise<ModerationPhotosResponse> {
  return pendingPhotos(db, brand);
}

export async function decidePhoto(
  env: Env,
  staff: StaffSession,
  brand: string,
  decision: { photo_id: number; decision: 'approve' | 'reject'; reason?: RejectReason },
  now: Date,
): Promise<PhotoDecisionResponse> {
  const audit = auditStatement(env.DB, {
    staffId: staff.id,
    brand,
    action: decision.decision === 'approve' ? 'photo_approve' : 'photo_reject',
    targetType: 'photo',
    targetId: decision.photo_id,
    detail: decision.decision === 'reject' ? { reason: decision.reason } : undefined,
    now,
    guard: { sql: 'changes() = 1', params: [] },
  });
  const base = { tenantId: brand, photoId: decision.photo_id, reviewerId: staff.id, now, audit };
  let done: boolean;
  if (decision.decision === 'approve') done = await approvePhoto(env.DB, base);
  else {
    // A rejection restricts the member: its decision and statement of reasons (DSA Art. 17) in the same batch.
    const tenant = tenantById(brand)!;
    const owner = await env.DB.prepare(
      `SELECT p.member_id, m.language FROM photos ph JOIN profiles p ON p.id = ph.profile_id AND p.tenant_id = ph.tenant_id
         LEFT JOIN members m ON m.id = p.member_id WHERE ph.id = ? AND ph.tenant_id = ?`,
    )
      .bind(decision.photo_id, brand)
      .first<Pick<Tables['profiles'], 'member_id'> & Pick<Tables['members'], 'language'>>();
    const language = memberLanguage(tenant, owner?.language);
    const steps = decisionSteps(env.DB, {
      tenantId: brand,
      memberId: owner?.member_id ?? null,
      language,
      action: 'remove_photo',
      targetKind: 'photo',
      targetId: decision.photo_id,
      ground: 'photo_rules',
      // The reason as the member's photos page names it, in the statement's language.
      explanation: translatorFor(language)(`photos.reject_reasons.${decision.reason ?? 'other'}`),
      automated: false,
      staffId: staff.id,
      reportId: null,
      now,
    });
    const results = await rejectPhoto(env, { ...base, audit: [[null, audit], ...steps], reason: decision.reason ?? 'other' });
    done = results !== false;
    const statement = results ? returnedId(results.statement) : null;
    if (statement !== null) await mailStatement(env, tenant, env.DB, statement, now);
  }
  // Decided already (by someone else, or twice), not a photo of this brand, or no such photo: one answer.
  if (!done) throw new ApiFailure(404, 'photo_not_pending', 'errors.photo_not_pending');
  return decision.decision === 'approve'
    ? { photo_id: decision.photo_id, status: 'active', reject_reason: null }
    : { photo_id: decision.photo_id, status: 'rejected', reject_reason: decision.reason ?? 'other' };
}
