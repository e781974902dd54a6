import { INTERESTS } from '../../core/data/interests';
import type { MatchFinderResponse } from '../../core/schemas/members';
import { birthdateRange, CARD_SELECT, MAIN_PHOTO_JOIN, toCard, type CardRow } from './profiles';
import { noBlockBetween } from './blocks';
import type { Tables } from '../db/tables';

const CANDIDATES = 200;
const SHOWN = 12;
const ID_BY_SLUG = new Map(INTERESTS.map((i) => [i.slug, i.id]));
const SLUG_BY_ID = new Map(INTERESTS.map((i) => [i.id, i.slug]));

export interface MatchWish {
  gender: 'male' | 'female';
  minAge: number;
  maxAge: number;
  country: string;
  region: string | null;
  interests: string[];
}

/**
 * The match finder: candidates through the search index (sex, country, optionally the member's region, age),
 * ranked by how many of the wished interests they share, then by recent activity. Reads a bounded number of rows.
 */
export async function findMatches(
  db: D1Database,
  tenantId: string,
  memberId: number,
  wish: MatchWish,
  now: Date,
): Promise<MatchFinderResponse> {
  const { from, to } = birthdateRange(wish.minAge, wish.maxAge, now);
  const region = wish.region ? 'AND p.region = ?' : '';
  const { results: candidates } = await db
    .prepare(
      `SELECT ${CARD_SELECT} FROM profiles p ${MAIN_PHOTO_JOIN}
        WHERE p.tenant_id = ? AND p.searchable = 1 AND p.gender = ? AND p.country = ? ${region} AND p.birthdate BETWEEN ? AND ?
          AND p.id != ? AND ${noBlockBetween()}
        ORDER BY p.birthdate DESC LIMIT ${CANDIDATES}`,
    )
    .bind(...[tenantId, wish.gender, wish.country, ...(wish.region ? [wish.region] : []), from, to, memberId, memberId, memberId])
    .all<CardRow>();
  const wanted = wish.interests.map((s) => ID_BY_SLUG.get(s)).filter((id): id is number => id !== undefined);
  const shared = new Map<number, string[]>();
  if (wanted.length && candidates.length) {
    const ids = candidates.map((c) => c.id);
    const { results } = await db
      .prepare(
        // Ids are integers from the database and the catalogue, written inline: D1 binds at most 100 parameters.
        `SELECT profile_id, interest_id FROM profile_interests WHERE tenant_id = ? AND profile_id IN (${ids.join(',')})
           AND interest_id IN (${wanted.join(',')})`,
      )
      .bind(tenantId)
      .all<Pick<Tables['profile_interests'], 'profile_id' | 'interest_id'>>();
    for (const r of results) shared.set(r.profile_id, [...(shared.get(r.profile_id) ?? []), SLUG_BY_ID.get(r.interest_id)!]);
  }
  const ranked = candidates
    .map((c) => ({ card: toCard(c, now), shared: shared.get(c.id) ?? [] }))
    .sort((a, b) => b.shared.length - a.shared.length || b.card.last_active.localeCompare(a.card.last_active))
    .slice(0, SHOWN);
  return { profiles: ranked.map((r) => ({ ...r.card, shared_interests: r.shared })) };
}
