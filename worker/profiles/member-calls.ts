// The members' calls a page needs (search, the home sample, a profile): answered by the routes of
// worker/profiles/members-routes.ts and read in-process by the pages' loaders (issue 16: one data path for pages).
import { REGIONS } from '../../core/data/regions';
import { canSearchLoggedOut } from '../../core/rules/visitor';
import { lookingFor, startCountry } from '../../core/rules/search-defaults';
import { type AgeBand, memberBand, type RelevanceViewer, visitorBand } from '../../core/rules/relevance';
import { ageOn } from '../../core/rules/age';
import { MAX_AGE, MIN_AGE } from '../../core/constants';
import { z } from 'zod';
import type { ProfileQuerySchema } from '../../core/schemas/members';
import { FeaturedQuerySchema } from '../../core/schemas/profile';
import { SearchQuerySchema, type SearchQuery } from '../../core/schemas/search';
import type { AppContext } from '../context';
import { ApiFailure } from '../errors';
import { viewProfile } from './profile-view';
import { ageCheckPasses, gateCountry } from '../age/gate';
import { featuredProfiles } from './profiles';
import { searchProfiles, type Searcher } from './search';
import { readTrafficSource } from '../tracking/traffic-source';
import { settingsFor } from '../brand-settings';

type ProfileQuery = z.output<typeof ProfileQuerySchema>;

export const profileNotFound = () => new ApiFailure(404, 'profile_not_found', 'errors.profile_not_found');

/**
 * Where a search starts (the search page, the swipe stack, the match finder): the sex the member is into, their
 * country when the brand serves it (else the brand's geo-IP choice) and their region. Visitors start with women.
 */
export function searchStart(c: AppContext) {
  // The session read the member's own profile and whether any block involves them: no query here.
  const member = c.get('member');
  const own = member?.profile ?? null;
  const settings = settingsFor(c.get('tenant'), c.get('country'), c.get('language'));
  return {
    gender: own ? lookingFor(own.gender, own.sexuality) : ('female' as const),
    country: startCountry(own?.country ?? null, settings.countries, settings.geoip_selected_country),
    region: own?.region ?? null,
    blocks: member?.hasBlocks ?? false,
    ...relevanceStart(c),
  };
}

/** SPEC.md §6: visitors may filter only where logged_out_search allows it (and, if so asked, with a traffic source). */
export function mayFilter(c: AppContext): boolean {
  return (
    c.get('member') !== null ||
    canSearchLoggedOut(settingsFor(c.get('tenant'), c.get('country'), c.get('language')), readTrafficSource(c) !== null)
  );
}

/** A visitor who may not filter gets the brand's default sample: their query is not read, not even checked. */
const DEFAULT_SAMPLE = z.any().transform(() => FeaturedQuerySchema.parse({}));

/** The home sample's query schema for this request (SPEC.md §6): the visitor's filters only where they may filter. */
export const featuredQueryFor = (c: AppContext) => (mayFilter(c) ? FeaturedQuerySchema : DEFAULT_SAMPLE);

/**
 * The search's query schema for this request: a visitor where the brand does not allow visitors to search is
 * refused (403) before the query is read, so that refusal comes before any complaint about the query.
 */
export function searchQueryFor(c: AppContext) {
  if (!mayFilter(c)) throw new ApiFailure(403, 'login_required', 'errors.login_required');
  return SearchQuerySchema;
}

/**
 * GET /api/featured.php's answer (also the home page's loader): the home sample, which is the visitor's search by
 * sex and age where the brand allows visitors to search, and the brand's default sample where it does not
 * (the query read with featuredQueryFor).
 */
export async function runFeatured(c: AppContext, q: z.output<typeof FeaturedQuerySchema>) {
  const tenant = c.get('tenant');
  const country = settingsFor(tenant, c.get('country'), c.get('language')).geoip_selected_country;
  const member = c.get('member');
  const viewer = member && { profileId: member.profileId, hasBlocks: member.hasBlocks };
  // Without ages asked: a member's own band, a visitor the brand's (issue 46, item 1); ranked by relevance.
  const start = searchStart(c);
  const band = q.min_age === undefined && q.max_age === undefined ? start.band : { min: q.min_age ?? MIN_AGE, max: q.max_age ?? MAX_AGE };
  return {
    profiles: await featuredProfiles(
      c.env.DB,
      tenant.id,
      country,
      { gender: q.gender, minAge: band.min, maxAge: band.max },
      c.get('now'),
      undefined,
      viewer,
      { ...start.viewer, band: member ? band : null },
    ),
  };
}

/**
 * Whom a search, the home feed or the swipe deck is for (core/rules/relevance.ts): a member's age band (the one they
 * chose, else the default around their age inside the brand's band), place and the band's middle; a visitor's is the
 * brand's band and no age preference. The session read all of it with the member: no query here.
 */
export function relevanceStart(c: AppContext): { band: AgeBand; viewer: RelevanceViewer } {
  const brand = c.get('tenant').age_band ?? null;
  const own = c.get('member')?.profile;
  if (!own) return { band: visitorBand(brand), viewer: { band: null, region: null, city: null } };
  const band = memberBand({ min: own.seekMinAge, max: own.seekMaxAge }, ageOn(own.birthdate, c.get('now')), brand);
  return { band, viewer: { band, region: own.region, city: own.city } };
}

/** GET /api/search.php's answer for a query read with searchQueryFor (also the members page's server loader). */
export async function runSearch(c: AppContext, q: SearchQuery, onQuery?: Searcher['onQuery']) {
  const tenant = c.get('tenant');
  const member = c.get('member');
  const settings = settingsFor(tenant, c.get('country'), c.get('language'));
  const start = searchStart(c);
  const country = q.country ?? start.country;
  if (!settings.countries.includes(country))
    throw new ApiFailure(400, 'validation_failed', 'validation.failed', { country: 'validation.country' });
  if (q.region && !REGIONS[country]?.some((r) => r.code === q.region))
    throw new ApiFailure(400, 'validation_failed', 'validation.failed', { region: 'validation.region' });
  const filter = {
    gender: q.gender ?? start.gender,
    country,
    region: q.region ?? null,
    ...(q.min_age === undefined && q.max_age === undefined
      ? { minAge: start.band.min, maxAge: start.band.max }
      : { minAge: q.min_age ?? MIN_AGE, maxAge: q.max_age ?? MAX_AGE }),
  };
  const searcher = { tenantId: tenant.id, memberId: member?.id ?? null, blocks: start.blocks, now: c.get('now'), onQuery };
  return searchProfiles(c.env.DB, searcher, filter, q.page, q.sort);
}

/** GET /api/profile.php's answer (also the profile pages' server loader). */
export async function loadProfile(c: AppContext, { id }: ProfileQuery) {
  const member = c.get('member');
  const ageGated = member ? !(await ageCheckPasses(c.env.DB, c.get('tenant'), member.id, gateCountry(c), ['photos'])) : false;
  const viewer = { memberId: member?.id ?? null, premium: member?.paidUser ?? false, ageGated };
  const found = await viewProfile(c.env.DB, c.get('tenant'), viewer, id, c.get('now'));
  if (!found) throw profileNotFound();
  return found;
}
