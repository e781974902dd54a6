import { noBlockBetween } from './blocks';
import { ONLINE_MINUTES } from '../../core/rules/activity';
import { ageOn } from '../../core/rules/age';
import { rankByRelevance, type RelevanceViewer } from '../../core/rules/relevance';
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

/** How many candidates the relevance ranking looks at per card it returns (a bounded index walk, then a sort in JS). */
const CANDIDATES_PER_CARD = 4;

/** A photo's optional sizes (core/schemas/user.ts ImageSizesSchema) from its row: only what is known. */
export function imageSizes(mid: string | null | undefined, width: number | null | undefined, height: number | null | undefined) {
  return { ...(mid ? { mid_filename: mid } : {}), ...(width && height ? { width, height } : {}) };
}

/**
 * A sample of the brand's profiles of one sex in a country and an age band, for the home feed and the landers: the
 * most recently active ones (walking profiles_active newest first, the age tested inside the index, so the walk stops
 * after `limit * CANDIDATES_PER_CARD` fitting rows), then ranked by relevance to `rank` (core/rules/relevance.ts) when
 * given. Never the band's youngest first (issue 46, item 1: the home page showed only 18-year-olds).
 */
export async function featuredProfiles(
  db: D1Database,
  tenantId: string,
  country: string,
  filter: FeaturedFilter,
  now: Date,
  limit = 12,
  viewer: { profileId: number; hasBlocks: boolean } | null = null,
  rank: RelevanceViewer | null = null,
): Promise<ProfileCard[]> {
  const { from, to } = birthdateRange(filter.minAge, filter.maxAge, now);
  // A member who blocked someone, or was blocked, never sees that profile on a card (issue 18 item 8); most members
  // have no block, and their sample stays the visitors' query.
  const blocks = viewer?.hasBlocks ? `AND ${noBlockBetween('?7')}` : '';
  const { results } = await db
    .prepare(
      `SELECT ${CARD_SELECT}
         FROM profiles p INDEXED BY profiles_active ${MAIN_PHOTO_JOIN}
        WHERE p.tenant_id = ?1 AND p.searchable = 1 AND p.gender = ?2 AND p.country = ?3 AND p.birthdate BETWEEN ?4 AND ?5
          AND p.main_photo_id IS NOT NULL ${blocks}
        ORDER BY p.last_active DESC
        LIMIT ?6`,
    )
    .bind(
      tenantId,
      filter.gender,
      country,
      from,
      to,
      limit * (rank ? CANDIDATES_PER_CARD : 1),
      ...(viewer?.hasBlocks ? [viewer.profileId] : []),
    )
    .all<CardRow>();
  const cards = results.map((row) => toCard(row, now));
  if (!rank) return cards;
  return rankByRelevance(
    cards.map((card) => ({ card, age: card.age, region: card.region, city: card.city, lastActive: card.last_active })),
    rank,
    now,
    limit,
  ).map((c) => c.card);
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
