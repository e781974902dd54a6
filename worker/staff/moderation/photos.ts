import type { ModerationPhotosResponse, PhotoDecisionResponse } from '../../../core/schemas/staff-back-office-answers';
import type { RejectReason } from '../../../core/schemas/photos';
import { ApiFailure } from '../../errors';
import { approvePhoto, pendingPhotos, rejectPhoto } from '../../photos/moderation';
import { auditStatement, type StaffSession } from '../../auth/staff-session';

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
  const done =
    decision.decision === 'approve'
      ? await approvePhoto(env.DB, base)
      : await rejectPhoto(env, { ...base, reason: decision.reason ?? 'other' });
  // Decided already (by someone else, or twice), not a photo of this brand, or no such photo: one answer.
  if (!done) throw new ApiFailure(404, 'photo_not_pending', 'errors.photo_not_pending');
  return decision.decision === 'approve'
    ? { photo_id: decision.photo_id, status: 'active', reject_reason: null }
    : { photo_id: decision.photo_id, status: 'rejected', reject_reason: decision.reason ?? 'other' };
}
