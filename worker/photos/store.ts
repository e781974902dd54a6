import { PHOTO_LIMIT } from '../../core/constants';
import type { OwnPhoto, PhotosResponse, RejectReason } from '../../core/schemas/photos';
import type { Tables } from '../db/tables';

// The member's own photos in D1 and their objects in R2. Every statement names the tenant; a photo of another
// brand or another member is simply not found.
//
// R2 keys are `<tenant>/<filename>`, filename a random server-made `p/<32 hex>.jpg`: worker/photos/media-route.ts serves
// them under the brand's cdn_prefix, looked up with the brand of the request's host, so another brand's host
// cannot reach them.

/** Upload ids live in 160 000 001..199 999 999: the seed owns ids up to 160 000 000, demo members' photos 200 000 000+. */
export const UPLOAD_IDS = { first: 160_000_001, last: 199_999_999 } as const;

/** Statuses that count toward the limit; rejected photos do not. */
const COUNTED = "status IN ('pending', 'active')";

type PhotoRow = Pick<
  Tables['photos'],
  'id' | 'filename' | 'thumb_filename' | 'mid_filename' | 'status' | 'private' | 'position' | 'width' | 'height' | 'reject_reason'
> &
  Pick<Tables['profiles'], 'main_photo_id'> & { status: OwnPhoto['status']; reject_reason: RejectReason | null };

export interface Owner {
  tenantId: string;
  profileId: number;
  memberId: number;
}

export const photoLimit = (paidUser: boolean) => (paidUser ? PHOTO_LIMIT.premium : PHOTO_LIMIT.free);

export function r2Key(tenantId: string, filename: string): string {
  return `${tenantId}/${filename}`;
}

/** Fresh random filenames of a photo's sizes; never derived from anything the member sent. */
export function newFilenames(): { filename: string; thumb: string; mid: string } {
  const hex = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { filename: `p/${hex}.jpg`, thumb: `p/${hex}-t.jpg`, mid: `p/${hex}-640.jpg` };
}

/** Every own photo (all statuses) in order, with the limit: the answer of each /api/photos.php call. */
export async function listOwnPhotos(db: D1Database, owner: Owner, paidUser: boolean): Promise<PhotosResponse> {
  const { results } = await db
    .prepare(
      `SELECT ph.id, ph.filename, ph.thumb_filename, ph.mid_filename, ph.status, ph.private, ph.position, ph.width, ph.height, ph.reject_reason, p.main_photo_id
         FROM photos ph JOIN profiles p ON p.id = ph.profile_id AND p.tenant_id = ph.tenant_id
        WHERE ph.tenant_id = ? AND ph.profile_id = ?
        ORDER BY ph.position, ph.id`,
    )
    .bind(owner.tenantId, owner.profileId)
    .all<PhotoRow>();
  const photos = results.map<OwnPhoto>((r) => ({
    id: r.id,
    filename: r.filename,
    thumb_filename: r.thumb_filename,
    ...(r.mid_filename ? { mid_filename: r.mid_filename } : {}),
    status: r.status,
    private: r.private === 1,
    main: r.main_photo_id === r.id,
    position: r.position,
    width: r.width,
    height: r.height,
    reject_reason: r.status === 'rejected' ? (r.reject_reason ?? 'other') : null,
  }));
  return { photos, limit: photoLimit(paidUser), used: photos.filter((p) => p.status !== 'rejected').length };
}

/** How many photos count toward the limit now (a fast pre-check; insertPhoto is the one that decides). */
export async function countedPhotos(db: D1Database, owner: Owner): Promise<number> {
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM photos WHERE tenant_id = ? AND profile_id = ? AND ${COUNTED}`)
    .bind(owner.tenantId, owner.profileId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A photo's files as stored in R2 (worker/photos/upload.ts) and what the row says of them. */
export interface StoredPhoto {
  filename: string;
  thumb: string;
  /** The 640 px size of a three-size upload; null for a re-encoded one. */
  mid: string | null;
  width: number;
  height: number;
  bytes: number;
}

export interface NewPhoto extends StoredPhoto {
  now: Date;
}

/**
 * Inserts a pending photo if the member is still under their limit, as ONE statement: SQLite runs it atomically,
 * so parallel uploads cannot together pass the limit (the count and the insert cannot interleave). The id is the
 * next free one of the upload range (MAX + 1, as createMember allocates member ids), taken in the same statement;
 * a conflict (another writer took it first) is retried. The limit comes from members.paid_user at that moment.
 * (The id range is read across brands on purpose: photo ids are one primary key space.)
 * Returns the new id, or null when the limit is reached.
 */
export async function insertPhoto(db: D1Database, owner: Owner, photo: NewPhoto): Promise<number | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const row = await db
        .prepare(
          `INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, private, position, width, height, bytes, created_at, mid_filename)
           SELECT (SELECT COALESCE(MAX(id), ?1 - 1) + 1 FROM photos WHERE id BETWEEN ?1 AND ?2),
                  ?3, ?4, ?5, ?6, 'pending', 0,
                  (SELECT COALESCE(MAX(position), 0) + 1 FROM photos WHERE tenant_id = ?3 AND profile_id = ?4),
                  ?7, ?8, ?9, ?10, ?14
            WHERE (SELECT COUNT(*) FROM photos WHERE tenant_id = ?3 AND profile_id = ?4 AND ${COUNTED})
                  < (SELECT CASE WHEN paid_user = 1 THEN ?11 ELSE ?12 END FROM members WHERE id = ?13 AND tenant_id = ?3)
              AND (SELECT COALESCE(MAX(id), 0) FROM photos WHERE id BETWEEN ?1 AND ?2) < ?2
           RETURNING id`,
        )
        .bind(
          UPLOAD_IDS.first,
          UPLOAD_IDS.last,
          owner.tenantId,
          owner.profileId,
          photo.filename,
          photo.thumb,
          photo.width,
          photo.height,
          photo.bytes,
          photo.now.toISOString(),
          PHOTO_LIMIT.premium,
          PHOTO_LIMIT.free,
          owner.memberId,
          photo.mid,
        )
        .first<Pick<Tables['photos'], 'id'>>();
      if (!row) return null;
      await makeMainIfNone(db, owner, row.id);
      return row.id;
    } catch (error) {
      if (!/UNIQUE constraint failed: photos\.id/.test(String(error))) throw error;
    }
  }
  throw new Error('could not allocate a photo id');
}

/** The first photo becomes the main one: when there is none, or the main one was rejected or deleted. */
async function makeMainIfNone(db: D1Database, owner: Owner, photoId: number): Promise<void> {
  await db
    .prepare(
      `UPDATE profiles SET main_photo_id = ?1
        WHERE id = ?2 AND tenant_id = ?3
          AND (main_photo_id IS NULL
               OR NOT EXISTS (SELECT 1 FROM photos WHERE id = profiles.main_photo_id AND tenant_id = ?3 AND status != 'rejected'))`,
    )
    .bind(photoId, owner.profileId, owner.tenantId)
    .run();
}

export type OwnPhotoRef = Pick<Tables['photos'], 'id' | 'filename' | 'thumb_filename' | 'status' | 'private'> & {
  status: OwnPhoto['status'];
};

/** One of the owner's photos, or null (another member's or another brand's photo is not found either). */
export function findOwnPhoto(db: D1Database, owner: Owner, id: number): Promise<OwnPhotoRef | null> {
  return db
    .prepare('SELECT id, filename, thumb_filename, status, private FROM photos WHERE id = ? AND tenant_id = ? AND profile_id = ?')
    .bind(id, owner.tenantId, owner.profileId)
    .first<OwnPhotoRef>();
}

/** The photo that takes over as main: the first public, not rejected one in the member's order. */
export const NEXT_MAIN = `(SELECT id FROM photos WHERE tenant_id = ?2 AND profile_id = ?1 AND status != 'rejected' AND private = 0 AND id != ?3
                    ORDER BY position, id LIMIT 1)`;

export async function setMain(db: D1Database, owner: Owner, id: number): Promise<void> {
  await db.prepare('UPDATE profiles SET main_photo_id = ? WHERE id = ? AND tenant_id = ?').bind(id, owner.profileId, owner.tenantId).run();
}

export async function setPrivate(db: D1Database, owner: Owner, id: number, isPrivate: boolean): Promise<void> {
  await db
    .prepare('UPDATE photos SET private = ? WHERE id = ? AND tenant_id = ? AND profile_id = ?')
    .bind(isPrivate ? 1 : 0, id, owner.tenantId, owner.profileId)
    .run();
}

/** Positions 1..n in the given order; one batch, so a reorder is all or nothing. */
export async function reorder(db: D1Database, owner: Owner, ids: number[]): Promise<void> {
  await db.batch(
    ids.map((id, index) =>
      db
        .prepare('UPDATE photos SET position = ? WHERE id = ? AND tenant_id = ? AND profile_id = ?')
        .bind(index + 1, id, owner.tenantId, owner.profileId),
    ),
  );
}

/** Deletes the row (and hands the main role on), then its R2 objects: the photo is unreachable before it is gone. */
export async function deletePhoto(env: Env, owner: Owner, photo: OwnPhotoRef): Promise<void> {
  const db = env.DB;
  await db.batch([
    db
      .prepare(`UPDATE profiles SET main_photo_id = ${NEXT_MAIN} WHERE id = ?1 AND tenant_id = ?2 AND main_photo_id = ?3`)
      .bind(owner.profileId, owner.tenantId, photo.id),
    db.prepare('DELETE FROM photos WHERE id = ? AND tenant_id = ? AND profile_id = ?').bind(photo.id, owner.tenantId, owner.profileId),
  ]);
  await deleteObjects(env, owner.tenantId, [photo]);
}

/** The name a photo's 640 px size has or would have (newFilenames); deleting one that does not exist is harmless. */
export const midFilenameOf = (filename: string) => filename.replace(/\.jpg$/, '-640.jpg');

/** Removes a photo's R2 objects (its middle size too, where a three-size upload stored one); seed illustrations have none. */
export async function deleteObjects(env: Env, tenantId: string, photos: { filename: string; thumb_filename: string }[]): Promise<void> {
  const keys = photos
    .flatMap((p) => [p.filename, p.thumb_filename, ...(p.filename.startsWith('p/') ? [midFilenameOf(p.filename)] : [])])
    .filter((k) => !k.startsWith('seed/'))
    .map((k) => r2Key(tenantId, k));
  if (keys.length) await env.MEDIA.delete(keys);
}
