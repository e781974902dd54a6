import { featuredUrl } from '../../core/api-urls';
import { FeaturedQuerySchema } from '../../core/schemas/profile';
import type { RouteMatch } from '../../core/state';
import { settingsFor } from '../api/settings';
import type { AppContext } from '../context';
import { featuredProfiles } from '../services/profiles';
import type { CompanyInfo } from '../../core/schemas/reference';
import { pageText } from '../api/pages-routes';
import { COMPANY_INFO_URL, INFO_PAGES, pageTextUrl, type ContentPageName } from '../../core/schemas/pages';

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
  ...Object.fromEntries(INFO_PAGES.map((page) => [`pages-${page}`, contentPage(page, true)])),
  premium: contentPage('premium', false),
  pricing: contentPage('pricing', false),
};

/** A page's text in the page's language only, and for the information pages the company behind the brand. */
function contentPage(page: ContentPageName, withCompany: boolean): Loader {
  return async (c) => ({
    [pageTextUrl(page, c.get('language'))]: pageText(c, page, c.get('language')),
    ...(withCompany ? { [COMPANY_INFO_URL]: companyInfo(c) } : {}),
  });
}

/** What GET /api/companyinfo.php answers (worker/api/reference.ts). */
function companyInfo(c: AppContext): CompanyInfo {
  const tenant = c.get('tenant');
  return { ...tenant.company, support_email: tenant.settings.support_email };
}

export async function runLoaders(c: AppContext, route: RouteMatch): Promise<Record<string, unknown>> {
  const loader = LOADERS[route.name];
  return loader ? loader(c, route) : {};
}
