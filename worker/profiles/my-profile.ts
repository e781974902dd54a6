import { INTERESTS } from '../../core/data/interests';
import type { MyProfile } from '../../core/schemas/my-profile';
import { ageOn } from '../../core/rules/age';
import { type AgeBand, memberBand } from '../../core/rules/relevance';
import type { Tables } from '../db/tables';
import { namedBatch, rows } from '../db/batch';

const ID_BY_SLUG = new Map(INTERESTS.map((i) => [i.slug, i.id]));
const SLUG_BY_ID = new Map(INTERESTS.map((i) => [i.id, i.slug]));

type Row = Pick<
  Tables['profiles'],
  | 'name'
  | 'birthdate'
  | 'gender'
  | 'sexuality'
  | 'country'
  | 'region'
  | 'city'
  | 'hair_colour'
  | 'eye_colour'
  | 'body_type'
  | 'relationship_status'
  | 'about'
  | 'seek_min_age'
  | 'seek_max_age'
> &
  // The columns hold the values core's profile schema let through.
  Omit<MyProfile, 'date_of_birth' | 'interests' | 'seek_min_age' | 'seek_max_age'>;

/**
 * The member's own profile as /profile edits it; the age band they look for is the one they chose, else the default
 * around their age inside the brand's band (core/rules/relevance.ts), which their search also opens with.
 */
export async function loadMyProfile(
  db: D1Database,
  tenantId: string,
  memberId: number,
  brandBand: AgeBand | null,
  now: Date,
): Promise<MyProfile | null> {
  const { profile, interests } = await namedBatch(db, [
    [
      'profile',
      rows<Row>(
        db
          .prepare(
            `SELECT name, birthdate, gender, sexuality, country, region, city, hair_colour, eye_colour, body_type, relationship_status, about,
                  seek_min_age, seek_max_age
           FROM profiles WHERE member_id = ? AND tenant_id = ?`,
          )
          .bind(memberId, tenantId),
      ),
    ],
    [
      'interests',
      rows<Pick<Tables['profile_interests'], 'interest_id'>>(
        db.prepare('SELECT interest_id FROM profile_interests WHERE profile_id = ? AND tenant_id = ?').bind(memberId, tenantId),
      ),
    ],
  ]);
  const row: Row | undefined = profile.results[0];
  if (!row) return null;
  const { birthdate, seek_min_age, seek_max_age, ...rest } = row;
  const band = memberBand({ min: seek_min_age, max: seek_max_age }, ageOn(birthdate, now), brandBand);
  return {
    ...rest,
    date_of_birth: birthdate,
    seek_min_age: band.min,
    seek_max_age: band.max,
    interests: interests.results.map((i) => SLUG_BY_ID.get(i.interest_id)!).filter(Boolean),
  };
}

/** Saves the whole profile and its interests in one batch (unknown interest slugs were refused by the caller). */
export async function saveMyProfile(db: D1Database, tenantId: string, memberId: number, p: MyProfile): Promise<void> {
  const interestIds = p.interests.map((s) => ID_BY_SLUG.get(s)!);
  await db.batch([
    db
      .prepare(
        `UPDATE profiles SET name = ?, birthdate = ?, gender = ?, sexuality = ?, country = ?, region = ?, city = ?, hair_colour = ?,
                eye_colour = ?, body_type = ?, relationship_status = ?, about = ?,
                seek_min_age = COALESCE(?, seek_min_age), seek_max_age = COALESCE(?, seek_max_age)
          WHERE member_id = ? AND tenant_id = ?`,
      )
      .bind(
        p.name,
        p.date_of_birth,
        p.gender,
        p.sexuality,
        p.country,
        p.region,
        p.city,
        p.hair_colour,
        p.eye_colour,
        p.body_type,
        p.relationship_status,
        p.about,
        p.seek_min_age ?? null,
        p.seek_max_age ?? null,
        memberId,
        tenantId,
      ),
    db.prepare('DELETE FROM profile_interests WHERE profile_id = ? AND tenant_id = ?').bind(memberId, tenantId),
    ...interestIds.map((id) =>
      db.prepare('INSERT INTO profile_interests (tenant_id, profile_id, interest_id) VALUES (?, ?, ?)').bind(tenantId, memberId, id),
    ),
  ]);
}

export function unknownInterest(slugs: string[]): boolean {
  return slugs.some((s) => !ID_BY_SLUG.has(s));
}
