import { noBlockBetween } from './blocks';
import { ONLINE_MINUTES } from '../../core/rules/activity';
import { ageOn } from '../../core/rules/age';
import type { ProfileCard } from '../../core/schemas/profile';
import type { LeftJoined, Tables } from '../db/tables';

export interface FeaturedFilter {
  gender: 'male' | 'female';
  minAge: number;
  maxAge: number;
}

/** Columns and join that every card query selects (profiles `p`, the active main photo `ph`); rows go to toCard. */
export const CARD_SELECT = `p.id, p.name, p.birthdate, p.gender, p.country, p.region, p.city, p.fictional, p.last_active, ph.filename, ph.thumb_filename,
  ph.mid_filename, ph.width AS photo_width, ph.height AS photo_height`;
export const MAIN_PHOTO_JOIN = `LEFT JOIN photos ph ON ph.id = p.main_photo_id AND ph.tenant_id = p.tenant_id AND ph.status = 'active'`;

/** A card query's row: the profile's columns and those of its active main photo (null without one). */
export type CardRow = Pick<
  Tables['profiles'],
  'id' | 'name' | 'birthdate' | 'gender' | 'country' | 'region' | 'city' | 'fictional' | 'last_active'
> & { gender: 'male' | 'female' } & LeftJoined<Pick<Tables['photos'], 'filename' | 'thumb_filename' | 'mid_filename'>> & {
    photo_width: number | null;
    photo_height: number | null;
  }; // Sign-up and the staff forms write only these two (core/schemas).

/** Date-of-birth bounds (inclusive, YYYY-MM-DD) for people aged minAge..maxAge on `now`. */
export function birthdateRange(minAge: number, maxAge: number, now: Date): { from: string; to: string } {
  const day = (years: number, extraDays: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + extraDays));
    return d.toISOString().slice(0, 10);
  };
  return { from: day(maxAge + 1, 1), to: day(minAge, 0) };
}

export function toCard(row: CardRow, now: Date): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthdate, now),
    gender: row.gender,
    country: row.country,
    region: row.region,
    city: row.city,
    fictional: row.fictional === 1,
    last_active: row.last_active,
    main_image:
      row.filename && row.thumb_filename
        ? { filename: row.filename, thumb_filename: row.thumb_filename, ...imageSizes(row.mid_filename, row.photo_width, row.photo_height) }
        : null,
  };
}

/** A photo's optional sizes (core/schemas/user.ts ImageSizesSchema) from its row: only what is known. */
export function imageSizes(mid: string | null | undefined, width: number | null | undefined, height: number | null | undefined) {
  return { ...(mid ? { mid_filename: mid } : {}), ...(width && height ? { width, height } : {}) };
}

/**
 * A sample of the brand's most recently active profiles in the visitor's country, for the home page. Reads
 * through the search index (tenant, searchable, gender, country, birthdate), never the whole table.
 */
export async function featuredProfiles(
  db: D1Database,
  tenantId: string,
  country: string,
  filter: FeaturedFilter,
  now: Date,
  limit = 12,
  viewer: { profileId: number; hasBlocks: boolean } | null = null,
): Promise<ProfileCard[]> {
  const { from, to } = birthdateRange(filter.minAge, filter.maxAge, now);
  // A member who blocked someone, or was blocked, never sees that profile on a card (issue 18 item 8); most members
  // have no block, and their sample stays the visitors' query.
  const blocks = viewer?.hasBlocks ? `AND ${noBlockBetween('?7')}` : '';
  const { results } = await db
    .prepare(
      `SELECT ${CARD_SELECT}
         FROM profiles p ${MAIN_PHOTO_JOIN}
        WHERE p.tenant_id = ?1 AND p.searchable = 1 AND p.gender = ?2 AND p.country = ?3 AND p.birthdate BETWEEN ?4 AND ?5
          AND p.main_photo_id IS NOT NULL ${blocks}
        ORDER BY p.birthdate DESC
        LIMIT ?6`,
    )
    .bind(tenantId, filter.gender, country, from, to, limit, ...(viewer?.hasBlocks ? [viewer.profileId] : []))
    .all<CardRow>();
  return results.map((row) => toCard(row, now));
}

/**
 * How many of the brand's searchable profiles in a country were active in the last ONLINE_MINUTES: the one
 * "online" number a lander may show (issue 17, item 2). Walks profiles_recent (tenant, searchable, last_active).
 */
export async function onlineCount(db: D1Database, tenantId: string, country: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - ONLINE_MINUTES * 60_000).toISOString();
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM profiles WHERE tenant_id = ? AND searchable = 1 AND last_active > ? AND country = ?')
    .bind(tenantId, since, country)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
