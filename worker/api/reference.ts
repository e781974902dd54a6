import { Hono } from 'hono';
import { INTERESTS } from '../../core/data/interests';
import { REGIONS } from '../../core/data/regions';
import {
  GeocodeQuerySchema,
  regionsQuerySchema,
  type CompanyInfo,
  type GeocodeResult,
  type InterestsResponse,
  type RegionsResponse,
} from '../../core/schemas/reference';
import type { AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { reverseGeocode } from '../services/geocode';
import { regionsFor } from '../calls/regions';

/** Reference data the client loads once (SPEC.md §7): geocode, regions, interests, company info. */
export const reference = new Hono<AppEnv>();

// Answers that depend only on the URL (and the host) may sit in any cache for a day.
const SHARED_DAY = 'public, max-age=86400';

reference.get('/geocode.php', async (c) => {
  const { lat, lon } = parseOrFail(GeocodeQuerySchema, c.req.query());
  const place = await reverseGeocode(lat, lon);
  if (!place) throw new ApiFailure(404, 'not_found', 'geocode.not_found');
  return c.json<GeocodeResult>(place, 200, { 'Cache-Control': SHARED_DAY });
});

reference.get('/regions.php', (c) => {
  const brandCountries = c.get('tenant').settings.countries;
  const query = parseOrFail(regionsQuerySchema([...brandCountries, ...Object.keys(REGIONS)]), c.req.query());
  return c.json<RegionsResponse>(regionsFor(query.country ? [query.country] : brandCountries, query.cities), 200, {
    'Cache-Control': SHARED_DAY,
  });
});

reference.get('/interests.php', (c) => {
  const t = c.get('t');
  const interests = INTERESTS.map(({ id, slug, icon }) => ({ id, slug, icon, name: t(`interest.${slug}`) }));
  // The names follow the member's language (cookie, saved choice), so only the browser may keep them.
  return c.json<InterestsResponse>({ interests }, 200, {
    'Cache-Control': 'private, max-age=86400',
    'Content-Language': c.get('language'),
    Vary: 'Cookie',
  });
});

reference.get('/companyinfo.php', (c) => {
  const tenant = c.get('tenant');
  return c.json<CompanyInfo>({ ...tenant.company, support_email: tenant.settings.support_email }, 200, {
    'Cache-Control': 'public, max-age=3600',
  });
});
