import type { RejectReason } from '../../core/schemas/photos';
import type { ModerationPhoto } from '../../core/schemas/staff-back-office-answers';
import { NEXT_MAIN, deleteObjects } from './store';
import type { Tables } from '../db/tables';
import { namedBatch, rows, writeOnly } from '../db/batch';

// The moderator's side of photos: the queue of pending uploads of one brand and the two decisions. The staff
// workspace calls them (worker/staff/moderation/photos.ts); fictional profiles' photos are approved on upload.

/** A pending photo as the moderation queue shows it (the staff contract's type). */
export type PendingPhoto = ModerationPhoto &
  Pick<Tables['photos'], 'id' | 'profile_id' | 'filename' | 'thumb_filename' | 'width' | 'height' | 'created_at'> &
  Pick<Tables['profiles'], 'name'>;

/** Pending photos of the brand, oldest first (uses photos_review). */
export async function pendingPhotos(db: D1Database, tenantId: string, limit = 60): Promise<{ photos: PendingPhoto[]; total: number }> {
  const { list, count } = await namedBatch(db, [
    [
      'list',
      rows<PendingPhoto>(
        db
          .prepare(
            `SELECT ph.id, ph.profile_id, p.name, ph.filename, ph.thumb_filename, ph.width, ph.height, ph.created_at
               FROM photos ph JOIN profiles p ON p.id = ph.profile_id AND p.tenant_id = ph.tenant_id
              WHERE ph.tenant_id = ? AND ph.status = 'pending'
              ORDER BY ph.created_at, ph.id LIMIT ?`,
          )
          .bind(tenantId, limit),
      ),
    ],
    [
      'count',
      rows<{ n: number }>(db.prepare("SELECT COUNT(*) AS n FROM photos WHERE tenant_id = ? AND status = 'pending'").bind(tenantId)),
    ],
  ]);
  return { photos: list.results, total: count.results[0].n };
}

export interface Decision {
  tenantId: string;
  photoId: number;
  /** The staff member who decided (photos.reviewed_by). */
  reviewerId: number;
  now: Date;
  /**
   * Written in the decision's batch right after the photo's update: built with the guard `changes() = 1`, so it is
   * stored only when the decision happened (the staff audit row, and a rejection's decision and statement of reasons,
   * each chained on the one before it).
   */
  audit?: D1PreparedStatement | readonly (readonly [string | null, D1PreparedStatement])[];
}

const auditSteps = (d: Decision) => (d.audit === undefined ? [] : 'bind' in d.audit ? writeOnly([d.audit]) : d.audit);

/** Makes a pending photo visible to others. False when there is no such pending photo in this brand. */
export async function approvePhoto(db: D1Database, d: Decision): Promise<boolean> {
  const { result } = await namedBatch(db, [
    [
      'result',
      db
        .prepare(
          "UPDATE photos SET status = 'active', reviewed_at = ?, reviewed_by = ? WHERE id = ? AND tenant_id = ? AND status = 'pending'",
        )
        .bind(d.now.toISOString(), d.reviewerId, d.photoId, d.tenantId),
    ],
    ...auditSteps(d),
  ]);
  return result.meta.changes === 1;
}

/**
 * Rejects a pending photo: the row stays (status, who, when, why) so the member sees what happened and the
 * decision can be audited, but the image itself is deleted from R2 at once; a rejected image may be unlawful,
 * and nothing needs its pixels any more. If it was the main photo, the next usable one takes over.
 */
export async function rejectPhoto(env: Env, d: Decision & { reason: RejectReason }): Promise<false | Record<string, D1Result>> {
  const db = env.DB;
  const photo = await db
    .prepare("SELECT profile_id, filename, thumb_filename FROM photos WHERE id = ? AND tenant_id = ? AND status = 'pending'")
    .bind(d.photoId, d.tenantId)
    .first<Pick<Tables['photos'], 'profile_id' | 'filename' | 'thumb_filename'>>();
  if (!photo) return false;
  const results = await namedBatch(db, [
    [
      'updated',
      db
        .prepare(
          "UPDATE photos SET status = 'rejected', reviewed_at = ?, reviewed_by = ?, reject_reason = ? WHERE id = ? AND tenant_id = ? AND status = 'pending'",
        )
        .bind(d.now.toISOString(), d.reviewerId, d.reason, d.photoId, d.tenantId),
    ],
    ...auditSteps(d),
    [
      null,
      db
        .prepare(`UPDATE profiles SET main_photo_id = ${NEXT_MAIN} WHERE id = ?1 AND tenant_id = ?2 AND main_photo_id = ?3`)
        .bind(photo.profile_id, d.tenantId, d.photoId),
    ],
  ]);
  if (results.updated.meta.changes !== 1) return false;
  await deleteObjects(env, d.tenantId, [photo]);
  return results as Record<string, D1Result>;
}
