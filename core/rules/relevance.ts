import { MAX_AGE, MIN_AGE } from '../constants';
import { ONLINE_MINUTES } from './activity';

/** An inclusive age range: whom a member looks for, or the ages a brand is about. */
export interface AgeBand {
  min: number;
  max: number;
}

/** How far either side of the member's own age the default band reaches: 36 looks at 28-44 (issue 46, item 1). */
export const BAND_REACH = 8;

/** Everyone the law allows: a visitor's home feed and a brand without an age focus. */
export const BROAD_BAND: AgeBand = { min: MIN_AGE, max: MAX_AGE };

const clampAge = (age: number) => Math.min(MAX_AGE, Math.max(MIN_AGE, Math.round(age)));

/**
 * The band a member starts with (at signup, and where they never chose one): their own age give or take BAND_REACH,
 * moved inside the brand's band when the brand has one (a mature brand's 30-year-old sees its 40-year-olds, not
 * nobody). The band keeps its width where it can.
 */
export function defaultAgeBand(age: number, brand: AgeBand | null = null): AgeBand {
  const own = { min: clampAge(age - BAND_REACH), max: clampAge(age + BAND_REACH) };
  if (!brand) return own;
  const width = own.max - own.min;
  if (own.max < brand.min) return { min: brand.min, max: Math.min(brand.max, brand.min + width) };
  if (own.min > brand.max) return { min: Math.max(brand.min, brand.max - width), max: brand.max };
  return { min: Math.max(own.min, brand.min), max: Math.min(own.max, brand.max) };
}

/** A visitor (no profile): the brand's band, or everyone; relevance then orders by place and activity. */
export function visitorBand(brand: AgeBand | null = null): AgeBand {
  return brand ?? BROAD_BAND;
}

/** The member's chosen band where they chose one (both ends), else the default around their age. */
export function memberBand(chosen: { min: number | null; max: number | null }, age: number, brand: AgeBand | null = null): AgeBand {
  if (chosen.min !== null && chosen.max !== null && chosen.min <= chosen.max) return { min: chosen.min, max: chosen.max };
  return defaultAgeBand(age, brand);
}

/** What relevance knows of a candidate profile. */
export interface RelevanceCandidate {
  age: number;
  region: string | null;
  city: string | null;
  lastActive: string;
  /** Interest slugs; empty where not read. */
  interests?: readonly string[];
}

/** Who is looking: a member (their band, place and interests) or a visitor (geo-IP region, a broad band). */
export interface RelevanceViewer {
  /** Null: no age preference (a visitor's broad feed), so the age does not weigh. */
  band: AgeBand | null;
  region: string | null;
  city: string | null;
  interests?: readonly string[];
}

/**
 * How relevant a profile is to someone looking (higher first): the same city or region (the nearest people; the
 * stored cities have no coordinates per profile), recent activity (someone online now answers), closeness to the
 * middle of the band (a 36-year-old's band 28-44 leans to 36, not to its edges) and shared interests. Weights are
 * small whole steps so that no single part drowns the others: place 0-3, activity 0-3, age 0-2, interests 0-2.
 */
export function relevanceScore(candidate: RelevanceCandidate, viewer: RelevanceViewer, now: Date): number {
  let score = 0;
  if (viewer.city && candidate.city && candidate.city.toLowerCase() === viewer.city.toLowerCase()) score += 3;
  else if (viewer.region && candidate.region === viewer.region) score += 2;

  const minutes = (now.getTime() - Date.parse(candidate.lastActive)) / 60_000;
  if (minutes < ONLINE_MINUTES) score += 3;
  else if (minutes <= 24 * 60) score += 2;
  else if (minutes <= 7 * 24 * 60) score += 1;

  if (viewer.band) {
    const centre = (viewer.band.min + viewer.band.max) / 2;
    const half = Math.max(1, (viewer.band.max - viewer.band.min) / 2);
    score += 2 * Math.max(0, 1 - Math.abs(candidate.age - centre) / half);
  }

  if (viewer.interests?.length && candidate.interests?.length) {
    const mine = new Set(viewer.interests);
    const shared = candidate.interests.filter((i) => mine.has(i)).length;
    score += Math.min(2, shared * 0.5);
  }
  return score;
}

/**
 * The candidates most relevant first; ties keep the order they came in (the query's: most recently active first).
 * `limit` cuts the list after ranking.
 */
export function rankByRelevance<T extends RelevanceCandidate>(
  candidates: readonly T[],
  viewer: RelevanceViewer,
  now: Date,
  limit?: number,
): T[] {
  const ranked = candidates
    .map((c, i) => ({ c, i, s: relevanceScore(c, viewer, now) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.c);
  return limit === undefined ? ranked : ranked.slice(0, limit);
}
