import type { FictionalProfileInput } from '../../../core/schemas/staff';
import type { FictionalProfile } from '../../../core/schemas/staff-answers';
import { brandText } from '../../../core/rules/brand-text';
import type { Tenant } from '../../../core/schemas/tenant';
import { ApiFailure } from '../../errors';
import { ageOn } from '../../../core/rules/age';
import type { StaffSession } from '../../auth/staff-session';
import { auditIf } from './audit';
import type { Tables } from '../../db/tables';
import { namedBatch, rows, writeOnly } from '../../db/batch';

/**
 * The brand's fictional profiles as operators make them (issue 14). `fictional = 1` and `member_id IS NULL` are
 * written on creation and are in every WHERE: no call can turn a fictional profile into a member's or back.
 */

/** Staff-made profile ids: far above members' (< 10 000 000) and the demo seed's blocks (brand n: n * 10 000 000 +). */
export const FICTIONAL_IDS = { first: 1_000_000_001, last: 1_999_999_999 } as const;
const FICTIONAL = 'fictional = 1 AND member_id IS NULL';

export const profileNotFound = () => new ApiFailure(404, 'not_found', 'errors.api_not_found');

const COLUMNS = [
  'name',
  'gender',
  'sexuality',
  'birthdate',
  'country',
  'region',
  'city',
  'hair_colour',
  'eye_colour',
  'body_type',
  'relationship_status',
  'about',
] as const;
const values = (p: FictionalProfileInput) => COLUMNS.map((c) => p[c] ?? null);

/**
 * The fictional label as staff see it, wherever the workspace shows a fictional profile: the brand's word in its own
 * language. Not the tenant's fictional_icon: an emoji is an empty box without an emoji font (issue 45, item 12).
 */
export const labelOf = (tenant: Tenant) =>
  brandText(tenant.settings.fictional_singular, tenant.settings.domain_language, tenant.settings.domain_language);

function interestStatements(
  db: D1Database,
  brand: string,
  id: number,
  interests: number[] | undefined,
  cond: { sql: string; params: unknown[] },
) {
  return [...new Set(interests ?? [])].map((interest) =>
    db
      .prepare(
        `INSERT INTO profile_interests (tenant_id, profile_id, interest_id) SELECT ?, ?, id FROM interests WHERE id = ? AND ${cond.sql}`,
      )
      .bind(brand, id, interest, ...cond.params),
  );
}

/** Creates the profile, its interests and the audit row in one batch; a concurrent create taking the id retries. */
export async function createProfile(db: D1Database, staff: StaffSession, input: FictionalProfileInput, now: Date): Promise<number> {
  const at = now.toISOString();
  for (let attempt = 0; attempt < 5; attempt++) {
    const next = await db
      .prepare('SELECT COALESCE(MAX(id), ?1 - 1) + 1 AS id FROM profiles WHERE id BETWEEN ?1 AND ?2')
      .bind(FICTIONAL_IDS.first, FICTIONAL_IDS.last)
      .first<{ id: number }>();
    const id = next!.id;
    const always = { sql: '1', params: [] };
    try {
      await db.batch([
        db
          .prepare(
            `INSERT INTO profiles (id, tenant_id, member_id, ${COLUMNS.join(', ')}, fictional, status, searchable, last_active, created_at)
           VALUES (?, ?, NULL, ${COLUMNS.map(() => '?').join(', ')}, 1, ?, ?, ?, ?)`,
          )
          .bind(id, input.brand, ...values(input), input.active ? 'active' : 'disabled', input.active ? 1 : 0, at, at),
        ...interestStatements(db, input.brand, id, input.interests, always),
        auditIf(
          db,
          {
            staffId: staff.id,
            brand: input.brand,
            action: 'profile_create',
            targetType: 'profile',
            targetId: id,
            detail: { name: input.name, active: input.active },
            now,
          },
          always,
        ),
      ]);
      return id;
    } catch (error) {
      if (!/UNIQUE constraint failed: profiles\.id/.test(String(error))) throw error;
    }
  }
  throw new Error('could not allocate a fictional profile id');
}

/** Replaces the profile's fields and interests; only the brand's fictional profiles are found. */
export async function updateProfile(
  db: D1Database,
  staff: StaffSession,
  id: number,
  input: FictionalProfileInput,
  now: Date,
): Promise<void> {
  const mine = { sql: `EXISTS (SELECT 1 FROM profiles WHERE id = ? AND tenant_id = ? AND ${FICTIONAL})`, params: [id, input.brand] };
  const { update } = await namedBatch(db, [
    [
      'update',
      db
        .prepare(
          `UPDATE profiles SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')}, status = ?, searchable = ? WHERE id = ? AND tenant_id = ? AND ${FICTIONAL}`,
        )
        .bind(...values(input), input.active ? 'active' : 'disabled', input.active ? 1 : 0, id, input.brand),
    ],
    [
      null,
      db
        .prepare(`DELETE FROM profile_interests WHERE profile_id = ? AND tenant_id = ? AND ${mine.sql}`)
        .bind(id, input.brand, ...mine.params),
    ],
    ...writeOnly(interestStatements(db, input.brand, id, input.interests, mine)),
    [
      null,
      auditIf(
        db,
        {
          staffId: staff.id,
          brand: input.brand,
          action: 'profile_edit',
          targetType: 'profile',
          targetId: id,
          detail: { name: input.name, active: input.active },
          now,
        },
        mine,
      ),
    ],
  ]);
  if (update.meta.changes === 0) throw profileNotFound();
}

// The columns hold what the staff form's schema let through (FictionalProfileInput).
type ProfileRow = Pick<
  Tables['profiles'],
  | 'id'
  | 'tenant_id'
  | 'name'
  | 'gender'
  | 'sexuality'
  | 'birthdate'
  | 'country'
  | 'region'
  | 'city'
  | 'hair_colour'
  | 'eye_colour'
  | 'body_type'
  | 'relationship_status'
  | 'about'
  | 'status'
  | 'main_photo_id'
> &
  Pick<FictionalProfileInput, 'sexuality' | 'body_type' | 'relationship_status'> & { gender: 'male' | 'female' };
type PhotoRow = Pick<Tables['photos'], 'id' | 'profile_id' | 'filename' | 'thumb_filename'>;
type InterestRow = Pick<Tables['profile_interests'], 'profile_id' | 'interest_id'>;

const LIST_SQL = `SELECT id, tenant_id, ${COLUMNS.join(', ')}, status, main_photo_id FROM profiles`;

/** One fictional profile of the brand, or every one of them by name (through profiles_fictional). */
export async function loadProfiles(db: D1Database, tenant: Tenant, now: Date, id?: number): Promise<FictionalProfile[]> {
  const where = id === undefined ? '' : ' AND id = ?2';
  const pWhere = id === undefined ? '' : ' AND p.id = ?2';
  const params = id === undefined ? [tenant.id] : [tenant.id, id];
  const { profiles, photos, interests } = await namedBatch(db, [
    [
      'profiles',
      rows<ProfileRow>(db.prepare(`${LIST_SQL} WHERE tenant_id = ?1 AND ${FICTIONAL}${where} ORDER BY name LIMIT 1000`).bind(...params)),
    ],
    [
      'photos',
      rows<PhotoRow>(
        db
          .prepare(`SELECT ph.id, ph.profile_id, ph.filename, ph.thumb_filename FROM profiles p JOIN photos ph ON ph.tenant_id = p.tenant_id AND ph.profile_id = p.id
                 WHERE p.tenant_id = ?1 AND p.fictional = 1 AND p.member_id IS NULL${pWhere} AND ph.status = 'active' ORDER BY ph.position`)
          .bind(...params),
      ),
    ],
    [
      'interests',
      rows<InterestRow>(
        db
          .prepare(`SELECT pi.profile_id, pi.interest_id FROM profiles p JOIN profile_interests pi ON pi.profile_id = p.id
                 WHERE p.tenant_id = ?1 AND p.fictional = 1 AND p.member_id IS NULL${pWhere}`)
          .bind(...params),
      ),
    ],
  ]);
  const photosOf = new Map<number, PhotoRow[]>();
  for (const p of photos.results) photosOf.set(p.profile_id, [...(photosOf.get(p.profile_id) ?? []), p]);
  const interestsOf = new Map<number, number[]>();
  for (const i of interests.results) interestsOf.set(i.profile_id, [...(interestsOf.get(i.profile_id) ?? []), i.interest_id]);
  return profiles.results.map((r) => {
    const own = (photosOf.get(r.id) ?? []).map((p) => ({ id: p.id, filename: p.filename, thumb_filename: p.thumb_filename }));
    const main = own.find((p) => p.id === r.main_photo_id);
    return {
      id: r.id,
      brand: r.tenant_id,
      name: r.name,
      gender: r.gender,
      sexuality: r.sexuality,
      birthdate: r.birthdate,
      country: r.country,
      region: r.region,
      city: r.city,
      hair_colour: r.hair_colour,
      eye_colour: r.eye_colour,
      body_type: r.body_type,
      relationship_status: r.relationship_status,
      about: r.about,
      active: r.status === 'active',
      fictional: true,
      label: labelOf(tenant),
      age: ageOn(r.birthdate, now),
      interests: (interestsOf.get(r.id) ?? []).sort((a, b) => a - b),
      main_image: main ? { filename: main.filename, thumb_filename: main.thumb_filename } : null,
      photos: own,
    };
  });
}
