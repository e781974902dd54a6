import type { ProfileResponse, ProfileView } from '../../core/schemas/members';
import type { Tenant } from '../../core/schemas/tenant';
import { INTERESTS } from '../../core/data/interests';
import { regionName } from '../../core/data/regions';
import { birthdateRange, CARD_SELECT, imageSizes, MAIN_PHOTO_JOIN, toCard, type CardRow } from './profiles';
import { noBlockBetween } from './blocks';
import type { Tables } from '../db/tables';
import { namedBatch, rows } from '../db/batch';

/** Who is looking: a visitor, a free member or a premium member (SPEC.md §6 decides what each sees). */
export interface Viewer {
  memberId: number | null;
  premium: boolean;
  /** The viewer's market asks an age check before photos beyond the public main photo, not yet passed (worker/age/gate.ts). */
  ageGated?: boolean;
}

type DetailRow = CardRow &
  Pick<
    Tables['profiles'],
    'member_id' | 'sexuality' | 'hair_colour' | 'eye_colour' | 'body_type' | 'relationship_status' | 'about' | 'main_photo_id'
  > &
  Pick<ProfileView, 'sexuality' | 'body_type' | 'relationship_status'>;

type PhotoRow = Pick<Tables['photos'], 'id' | 'filename' | 'thumb_filename' | 'mid_filename' | 'width' | 'height' | 'private' | 'status'>;

const INTEREST_SLUG = new Map(INTERESTS.map((i) => [i.id, i.slug]));

/**
 * A profile as `viewer` may see it, or null when it does not exist for them: another brand's, disabled, of a
 * deleted account, or its owner blocked the viewer (answered exactly like an unknown id, so nothing leaks).
 * Opening a profile that liked the viewer clears that like's "new" flag (SPEC.md §4).
 */
export async function viewProfile(
  db: D1Database,
  tenant: Tenant,
  viewer: Viewer,
  profileId: number,
  now: Date,
): Promise<ProfileResponse | null> {
  const me = viewer.memberId;
  const row = await db
    .prepare(
      `SELECT ${CARD_SELECT}, p.member_id, p.sexuality, p.hair_colour, p.eye_colour, p.body_type, p.relationship_status, p.about, p.main_photo_id
         FROM profiles p ${MAIN_PHOTO_JOIN} LEFT JOIN members m ON m.id = p.member_id
        WHERE p.id = ? AND p.tenant_id = ? AND (p.status = 'active' OR p.member_id = ?)
          AND (p.member_id IS NULL OR m.status = 'confirmed' OR p.member_id = ?)
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.member_id AND b.blocked_profile_id = ?)`,
    )
    .bind(profileId, tenant.id, me ?? -1, me ?? -1, me ?? -1)
    .first<DetailRow>();
  if (!row) return null;
  const own = me !== null && row.member_id === me;

  const { photos, interests, relations } = await profileParts(db, tenant.id, profileId, me, own);
  const all = photos.results;
  // Visitors see the main photo only; free members the public photos; premium members and the owner all of them.
  const mainFirst = [...all].sort((a, b) => Number(b.id === row.main_photo_id) - Number(a.id === row.main_photo_id));
  // A member whose market asks the age check first sees what a visitor sees until they pass it (issue 45 item 2).
  const mainOnly = me === null || (viewer.ageGated === true && !own);
  const visible = mainOnly
    ? mainFirst.filter((p) => !p.private).slice(0, 1)
    : own || viewer.premium
      ? mainFirst
      : mainFirst.filter((p) => !p.private);
  const rel = relations.results[0];

  if (me !== null && rel.likes_you) {
    await db
      .prepare('UPDATE likes SET is_new = 0 WHERE from_profile_id = ? AND to_profile_id = ? AND is_new = 1')
      .bind(profileId, me)
      .run();
  }

  const fields = new Set([...tenant.settings.visible_profile_fields, ...tenant.settings.visible_profile_notes]);
  const shown = <T>(field: string, value: T) => (fields.has(field) ? value : undefined);
  const card = toCard(row, now);
  const profile: ProfileView = {
    ...card,
    city: fields.has('city') ? card.city : null,
    region_name: card.region ? regionName(card.country, card.region) : null,
    sexuality: shown('sexuality', row.sexuality),
    hair_colour: shown('hair_colour', row.hair_colour),
    eye_colour: shown('eye_colour', row.eye_colour),
    body_type: shown('body_type', row.body_type),
    relationship_status: shown('relationship_status', row.relationship_status),
    about: shown('about', row.about),
    interests: interests.results.map((i) => INTEREST_SLUG.get(i.interest_id)).filter((s): s is string => !!s),
    photos: visible.map((p) => ({
      id: p.id,
      filename: p.filename,
      thumb_filename: p.thumb_filename,
      ...imageSizes(p.mid_filename, p.width, p.height),
      private: p.private === 1,
      ...(p.status === 'pending' ? { pending: true } : {}),
    })),
    hidden_photos: me === null ? all.length - visible.length : 0,
    hidden_private_photos: me !== null && !own && !viewer.premium && !mainOnly ? all.length - visible.length : 0,
    liked: rel.liked === 1,
    likes_you: rel.likes_you === 1,
    match: rel.liked === 1 && rel.likes_you === 1,
    blocked: rel.blocked === 1,
    own,
  };
  return { profile, related: await relatedProfiles(db, tenant.id, row, me, now) };
}

/** The profile's photos (as the viewer may see them), its interests, and the likes and block between it and the viewer, in one batch. */
function profileParts(db: D1Database, tenantId: string, profileId: number, me: number | null, own: boolean) {
  return namedBatch(db, [
    // The owner sees their photos that wait for review too, marked as such (issue 18 item 9); nobody else does.
    [
      'photos',
      rows<PhotoRow>(
        db
          .prepare(
            `SELECT id, filename, thumb_filename, mid_filename, width, height, private, status FROM photos WHERE tenant_id = ? AND profile_id = ?
              AND (status = 'active' OR (status = 'pending' AND ? = 1)) ORDER BY position, id`,
          )
          .bind(tenantId, profileId, own ? 1 : 0),
      ),
    ],
    [
      'interests',
      rows<Pick<Tables['profile_interests'], 'interest_id'>>(
        db.prepare('SELECT interest_id FROM profile_interests WHERE profile_id = ? AND tenant_id = ?').bind(profileId, tenantId),
      ),
    ],
    [
      'relations',
      rows<{ liked: number; likes_you: number; blocked: number }>(
        db
          .prepare(
            `SELECT EXISTS (SELECT 1 FROM likes WHERE from_profile_id = ?1 AND to_profile_id = ?2) AS liked,
                    EXISTS (SELECT 1 FROM likes WHERE from_profile_id = ?2 AND to_profile_id = ?1) AS likes_you,
                    EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?1 AND blocked_profile_id = ?2) AS blocked`,
          )
          .bind(me ?? -1, profileId),
      ),
    ],
  ]);
}

/** Up to six searchable profiles like this one: same sex and country, about the same age (through the age index). */
async function relatedProfiles(db: D1Database, tenantId: string, row: DetailRow, me: number | null, now: Date) {
  const age = toCard(row, now).age;
  const { from, to } = birthdateRange(Math.max(18, age - 5), Math.min(99, age + 5), now);
  const { results } = await db
    .prepare(
      `SELECT ${CARD_SELECT} FROM profiles p ${MAIN_PHOTO_JOIN}
        WHERE p.tenant_id = ? AND p.searchable = 1 AND p.gender = ? AND p.country = ? AND p.birthdate BETWEEN ? AND ?
          AND p.id NOT IN (?, ?) AND p.main_photo_id IS NOT NULL AND ${noBlockBetween()}
        ORDER BY p.birthdate DESC LIMIT 6`,
    )
    .bind(tenantId, row.gender, row.country, from, to, row.id, me ?? -1, me ?? -1, me ?? -1)
    .all<CardRow>();
  return results.map((r) => toCard(r, now));
}
