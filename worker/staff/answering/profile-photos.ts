import type { StaffSession } from '../../auth/staff-session';
import { auditIf } from './audit';
import { namedBatch, rows } from '../../db/batch';
import type { Tables } from '../../db/tables';
import type { StoredPhoto } from '../../photos/store';

/** Staff uploads for fictional profiles: ids of their own, apart from members' uploads and the seed's. */
export const STAFF_PHOTO_IDS = { first: 400_000_001, last: 499_999_999 } as const;

/**
 * Stores an uploaded photo for one of the brand's fictional profiles, approved at once (staff made it; reviewed_by
 * says who), as the main photo when the profile has none. One batch with its audit row; the insert happens only when
 * the profile is the brand's fictional one. Returns the new id, or null when it is not.
 */
export async function insertProfilePhoto(
  db: D1Database,
  staff: StaffSession,
  brand: string,
  profileId: number,
  photo: StoredPhoto,
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const stored = { sql: 'EXISTS (SELECT 1 FROM photos WHERE tenant_id = ? AND filename = ?)', params: [brand, photo.filename] };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const { insert } = await namedBatch(db, [
        [
          'insert',
          rows<Pick<Tables['photos'], 'id'>>(
            db
              .prepare(
                `INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, private, position, width, height, bytes, created_at, reviewed_at, reviewed_by, mid_filename)
           SELECT (SELECT COALESCE(MAX(id), ?1 - 1) + 1 FROM photos WHERE id BETWEEN ?1 AND ?2), ?3, ?4, ?5, ?6, 'active', 0,
                  (SELECT COALESCE(MAX(position), 0) + 1 FROM photos WHERE tenant_id = ?3 AND profile_id = ?4), ?7, ?8, ?9, ?10, ?10, ?11, ?12
            WHERE EXISTS (SELECT 1 FROM profiles WHERE id = ?4 AND tenant_id = ?3 AND fictional = 1 AND member_id IS NULL)
           RETURNING id`,
              )
              .bind(
                STAFF_PHOTO_IDS.first,
                STAFF_PHOTO_IDS.last,
                brand,
                profileId,
                photo.filename,
                photo.thumb,
                photo.width,
                photo.height,
                photo.bytes,
                at,
                staff.id,
                photo.mid,
              ),
          ),
        ],
        [
          null,
          db
            .prepare(
              `UPDATE profiles SET main_photo_id = (SELECT id FROM photos WHERE tenant_id = ?1 AND filename = ?2)
            WHERE id = ?3 AND tenant_id = ?1 AND fictional = 1 AND member_id IS NULL
              AND (main_photo_id IS NULL OR NOT EXISTS (SELECT 1 FROM photos WHERE id = profiles.main_photo_id AND status = 'active'))`,
            )
            .bind(brand, photo.filename, profileId),
        ],
        [null, auditIf(db, { staffId: staff.id, brand, action: 'profile_photo', targetType: 'profile', targetId: profileId, now }, stored)],
      ]);
      const row: Pick<Tables['photos'], 'id'> | undefined = insert.results[0];
      return row?.id ?? null;
    } catch (error) {
      if (!/UNIQUE constraint failed: photos\.id/.test(String(error))) throw error;
    }
  }
  throw new Error('could not allocate a photo id');
}
