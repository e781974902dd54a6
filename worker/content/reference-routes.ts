import { Hono } from 'hono';
import { INTERESTS } from '../../core/data/interests';
import { REGIONS } from '../../core/data/regions';
import { regionsQuerySchema } from '../../core/schemas/reference';
import type { AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { reverseGeocode } from './geocode';
import { companyInfo } from './company';
import { regionsFor } from './regions';
import { operation } from '../http/operation';
import { settingsFor } from '../brand-settings';

/** Reference data the client loads once (SPEC.md §7): the settings, geocode, regions, interests, company info. */
export const reference = new Hono<AppEnv>();

// Answers that depend only on the URL (and the host) may sit in any cache for a day.
const SHARED_DAY = 'public, max-age=86400';

// The settings follow the visitor's geo-IP country (locally a cookie may choose it): only the browser keeps them.
operation(reference, 'get', '/api/settings.php', async (c) => {
  c.header('Cache-Control', 'private, max-age=300');
  c.header('Vary', 'Cookie');
  return settingsFor(c.get('tenant'), c.get('country'), c.get('language'));
});

operation(reference, 'get', '/api/geocode.php', async (c, { query }) => {
  const place = await reverseGeocode(query.lat, query.lon);
  if (!place) throw new ApiFailure(404, 'not_found', 'geocode.not_found');
  c.header('Cache-Control', SHARED_DAY);
  return place;
});

operation(
  reference,
  'get',
  '/api/regions.php',
  async (c, { query }) => {
    c.header('Cache-Control', SHARED_DAY);
    return regionsFor(query.country ? [query.country] : c.get('tenant').settings.countries, query.cities);
  },
  // Any of the brand's countries, and every country with region data (the contract cannot know the brand's).
  { query: (c) => regionsQuerySchema([...c.get('tenant').settings.countries, ...Object.keys(REGIONS)]) },
);

operation(reference, 'get', '/api/interests.php', async (c) => {
  const t = c.get('t');
  const interests = INTERESTS.map(({ id, slug, icon }) => ({ id, slug, icon, name: t(`interest.${slug}`) }));
  // The names follow the member's language (cookie, saved choice), so only the browser may keep them.
  c.header('Cache-Control', 'private, max-age=86400');
  c.header('Content-Language', c.get('language'));
  c.header('Vary', 'Cookie');
  return { interests };
});

operation(reference, 'get', '/api/companyinfo.php', async (c) => {
  c.header('Cache-Control', 'public, max-age=3600');
  return companyInfo(c);
});
