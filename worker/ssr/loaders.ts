import { featuredUrl } from '../../core/api-urls';
import { FeaturedQuerySchema } from '../../core/schemas/profile';
import type { RouteMatch } from '../../core/state';
import { settingsFor } from '../api/settings';
import type { AppContext } from '../context';
import { featuredProfiles } from '../services/profiles';

/**
 * Server loaders per route name: they call the same services as the API, in-process, and return SWR's fallback
 * keyed by the API URL the screen reads. Bad query input loads nothing; the screen then asks the API, which
 * answers the validation error in the member's language.
 */
type Loader = (c: AppContext, route: RouteMatch) => Promise<Record<string, unknown>>;

const LOADERS: Record<string, Loader> = {
  async index(c, route) {
    const url = featuredUrl(route.search);
    const q = FeaturedQuerySchema.safeParse(Object.fromEntries(new URL(url, 'http://x').searchParams));
    if (!q.success) return {};
    const country = settingsFor(c.get('tenant'), c.get('country')).geoip_selected_country;
    const profiles = await featuredProfiles(c.env.DB, c.get('tenant').id, country, { gender: q.data.gender, minAge: q.data.min_age, maxAge: q.data.max_age }, c.get('now'));
    return { [url]: { profiles } };
  },
};

export async function runLoaders(c: AppContext, route: RouteMatch): Promise<Record<string, unknown>> {
  const loader = LOADERS[route.name];
  return loader ? loader(c, route) : {};
}
