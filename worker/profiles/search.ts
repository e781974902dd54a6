import { SEARCH_MAX_RESULTS, SEARCH_PAGE_SIZE, SIMILAR_BELOW } from '../../core/constants';
import type { SearchResponse } from '../../core/schemas/search';
import { noBlockBetween } from './blocks';
import { namedBatch, rows } from '../db/batch';
import { birthdateRange, CARD_SELECT, MAIN_PHOTO_JOIN, toCard, type CardRow } from './profiles';

export interface SearchFilter {
  gender: 'male' | 'female';
  country: string;
  region: string | null;
  minAge: number;
  maxAge: number;
}

export interface Searcher {
  tenantId: string;
  /** The searching member's profile id, or null for a visitor. */
  memberId: number | null;
  /**
   * Whether any block involves the member (they blocked someone or someone blocked them). Most members have none:
   * their searches then stay inside the index, with no row lookups for the block check, which keeps a capped count
   * at ~1 000 index entries and a few milliseconds.
   */
  blocks: boolean;
  now: Date;
  /** Told each query's D1 cost (rows read, milliseconds): the benchmark reads it from a local-only header. */
  onQuery?: (cost: { rowsRead: number; ms: number }) => void;
}

interface Where {
  sql: string;
  params: unknown[];
}

/**
 * The WHERE clause of a search. Tenant, searchable, gender and country (and region) are equalities on the search
 * indexes of migrations/0001 and the age is a range on the indexed birthdate, so the database walks the index in
 * order and stops after the rows it needs. Invisible members are not searchable; a member never sees themself,
 * profiles whose owner blocked them, or profiles they blocked.
 */
function where(filter: SearchFilter, searcher: Searcher, extra?: Where): Where {
  const { from, to } = birthdateRange(filter.minAge, filter.maxAge, searcher.now);
  const parts = ['p.tenant_id = ?', 'p.searchable = 1', 'p.gender = ?', 'p.country = ?'];
  const params: unknown[] = [searcher.tenantId, filter.gender, filter.country];
  if (filter.region) {
    parts.push('p.region = ?');
    params.push(filter.region);
  }
  parts.push('p.birthdate BETWEEN ? AND ?');
  params.push(from, to);
  if (searcher.memberId !== null) {
    parts.push('p.id != ?');
    params.push(searcher.memberId);
  }
  if (searcher.blocks) {
    parts.push(noBlockBetween());
    params.push(searcher.memberId, searcher.memberId);
  }
  if (extra) {
    parts.push(extra.sql);
    params.push(...extra.params);
  }
  return { sql: parts.join(' AND '), params };
}

type Page = { results: ReturnType<typeof toCard>[]; num_results: number; capped: boolean };

export type SearchOrder = 'active' | 'young' | 'old';

/** The page's order: most recently active first walks profiles_active (migrations/0038), the ages the search index. */
function orderBy(order: SearchOrder): { index: string; sql: string } {
  if (order === 'active') return { index: 'INDEXED BY profiles_active', sql: 'p.last_active DESC' };
  const dir = order === 'young' ? 'DESC' : 'ASC';
  return { index: '', sql: `p.birthdate ${dir}, p.id ${dir}` };
}

async function searchPage(db: D1Database, w: Where, page: number, order: SearchOrder, searcher: Searcher): Promise<Page> {
  const by = orderBy(order);
  // Counting stops one past the cap: an exact count of a large result would read every matching index row.
  const { count, cards } = await namedBatch(db, [
    [
      'count',
      rows<{ n: number }>(
        db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM profiles p WHERE ${w.sql} LIMIT ${SEARCH_MAX_RESULTS + 1})`).bind(...w.params),
      ),
    ],
    // The page's ids come from the index alone; only those 24 rows are then read with their photo. Joining before
    // the OFFSET would read every skipped profile and photo too (page 20: 480 of each, 5 ms instead of 1).
    [
      'cards',
      rows<CardRow>(
        db
          .prepare(
            `SELECT ${CARD_SELECT} FROM (SELECT p.id FROM profiles p ${by.index} WHERE ${w.sql}
                ORDER BY ${by.sql} LIMIT ? OFFSET ?) hit
              JOIN profiles p ON p.id = hit.id ${MAIN_PHOTO_JOIN}`,
          )
          .bind(...w.params, SEARCH_PAGE_SIZE, (page - 1) * SEARCH_PAGE_SIZE),
      ),
    ],
  ]);
  for (const r of [count, cards]) searcher.onQuery?.({ rowsRead: r.meta.rows_read, ms: r.meta.duration });
  const n = count.results[0].n;
  return {
    // SQL promises no order for the join, so the page's rows are put back in the subquery's order here (an ORDER BY
    // on the outer query would sort in a temporary B-tree, which the query-plan test rightly flags).
    results: cards.results.sort(order === 'active' ? byActivity : byBirthdate(order)).map((row) => toCard(row, searcher.now)),
    num_results: Math.min(n, SEARCH_MAX_RESULTS),
    capped: n > SEARCH_MAX_RESULTS,
  };
}

/** Youngest first (latest birthdate) or oldest first; the id breaks ties, as in the index. */
function byBirthdate(order: 'young' | 'old') {
  const sign = order === 'young' ? -1 : 1;
  return (a: CardRow, b: CardRow) => sign * (a.birthdate < b.birthdate ? -1 : a.birthdate > b.birthdate ? 1 : a.id - b.id);
}

/** Most recently active first, as profiles_active walks. */
const byActivity = (a: CardRow, b: CardRow) => (a.last_active > b.last_active ? -1 : a.last_active < b.last_active ? 1 : 0);

/** Similar profiles when the filter finds few: the whole country and five years either side, minus what matched. */
function widen(filter: SearchFilter): SearchFilter {
  return { ...filter, region: null, minAge: Math.max(18, filter.minAge - 5), maxAge: Math.min(99, filter.maxAge + 5) };
}

export async function searchProfiles(
  db: D1Database,
  searcher: Searcher,
  filter: SearchFilter,
  page: number,
  order: SearchOrder,
): Promise<SearchResponse> {
  const main = await searchPage(db, where(filter, searcher), page, order, searcher);
  let similar: Page | null = null;
  if (page === 1 && main.num_results < SIMILAR_BELOW) {
    const { from, to } = birthdateRange(filter.minAge, filter.maxAge, searcher.now);
    // Leave out what the main result already shows.
    const notMain: Where = filter.region
      ? { sql: 'NOT (p.region = ? AND p.birthdate BETWEEN ? AND ?)', params: [filter.region, from, to] }
      : { sql: 'NOT (p.birthdate BETWEEN ? AND ?)', params: [from, to] };
    similar = await searchPage(db, where(widen(filter), searcher, notMain), 1, order, searcher);
  }
  return {
    ...main,
    page,
    page_size: SEARCH_PAGE_SIZE,
    filter: { gender: filter.gender, country: filter.country, region: filter.region, min_age: filter.minAge, max_age: filter.maxAge },
    similar,
  };
}
