import { apiUrl, featuredUrl, PACKAGES_URL, regionsUrl, SPENDING_CHECK_URL } from '../../core/api-urls';
import { CAMS_URL, LIKES_URL, profileUrl, searchParamsFrom, searchUrl } from '../../core/member-urls';
import { ProfileQuerySchema } from '../../core/schemas/members';
import { featuredQueryFor, loadProfile, runFeatured, runSearch, searchQueryFor } from '../profiles/member-calls';
import { ApiFailure, parseOrFail } from '../errors';
import { listLikes } from '../profiles/likes';
import type { RouteMatch } from '../../core/state';
import type { AppContext } from '../context';
import { companyInfo } from '../content/company';
import { pageText } from '../content/page-calls';
import { COMPANY_INFO_URL, INFO_PAGES, pageTextUrl, type PageName } from '../../core/content-pages';
import { packagesFor } from '../payments/package-calls';
import { loadCams } from '../cams/cam-calls';
import { regionsFor } from '../content/regions';
import { findSide } from '../chat/conversations';
import { memberOrder } from '../payments/orders';
import { pageData } from './page-data';
import { spendingCheck } from '../payments/spending-check';
import type { PackagesResponse } from '../../core/schemas/payments';
import type { SearchResponse } from '../../core/schemas/search';

/**
 * Server loaders per route name: each asks the page data (worker/ssr/page-data.ts) for an API URL, which a
 * built-in brand answers in-process with the endpoint's own function and a proxied brand's backend over HTTP, and
 * returns SWR's fallback keyed by the API URL the screen reads. Bad query input loads nothing; the screen then asks the API, which
 * answers the validation error in the member's language. A page about one thing (a profile, a conversation, an
 * order, a package) that does not exist, or is not the member's, throws a 404 ApiFailure: renderPage turns it into
 * the error page with status 404 (one mechanism for every route, see isNotFound).
 */
type Loader = (c: AppContext, route: RouteMatch) => Promise<Record<string, unknown>>;

const LOADERS: Record<string, Loader> = {
  async index(c, route) {
    const url = featuredUrl(route.search);
    return orNothing(c, url, async () => runFeatured(c, parseOrFail(featuredQueryFor(c), queryOf(url))));
  },
  ...Object.fromEntries(INFO_PAGES.map((page) => [`pages-${page}`, contentPage(page, true)])),
  'pages-token': (c, route) => contentPage(route.params.token, true)(c, route),
  members: searchLoader,
  'members-id': profileLoader,
  'likes-m-id': profileLoader,
  'members-id-chat': profileLoader,
  'members-id-landing': profileLoader,
  'members-id-landing2': profileLoader,
  'members-id-landing3': profileLoader,
  likes: likesLoader,
  'likes-type': likesLoader,
  premium: both(contentPage('premium', false), shop),
  pricing: both(contentPage('pricing', false), shop),
  credits: shop,
  'credits-id-paymentmethod': packagePage,
  'chats-id': conversationPage,
  'transactions-id': orderPage,
  'credits-repeat-order': both(shop, spendingCheckFor),
  directdebit: both(shop, spendingCheckFor),
  cams: (c) => orNothing(c, CAMS_URL, () => loadCams(c)),
};

/**
 * The search the address asks for, exactly as GET /api/search.php answers it, and where the brand filters by region,
 * the searched country's regions: the region filter then shows the region in effect from the first paint, and works
 * without JavaScript. The regions are an extra: if a brand's backend cannot give them, the page still shows and the
 * filter asks for them itself.
 */
async function searchLoader(c: AppContext, route: RouteMatch) {
  const url = searchUrl(searchParamsFrom(route.search));
  const loaded = await orNothing(c, url, async () => runSearch(c, parseOrFail(searchQueryFor(c), queryOf(url))));
  const country = (loaded[url] as SearchResponse | undefined)?.filter?.country;
  const data = pageData(c);
  if (!country || !(await data.settings()).search_fields.includes('countryregion')) return loaded;
  const key = regionsUrl(country);
  const regions = await data
    .get(key, () => regionsFor([country], false))
    .then((answer) => ({ [key]: answer }))
    .catch(() => ({}));
  return { ...loaded, ...regions };
}

async function profileLoader(c: AppContext, route: RouteMatch) {
  const url = profileUrl(route.params.id);
  return orNothing(c, url, async () => loadProfile(c, parseOrFail(ProfileQuerySchema, queryOf(url))));
}

async function likesLoader(c: AppContext) {
  if (!(await pageData(c).user())) return {};
  return {
    [LIKES_URL]: await pageData(c).get(LIKES_URL, () => listLikes(c.env.DB, c.get('tenant').id, c.get('member')!.id, c.get('now'))),
  };
}

/** A call's query as its route reads it (c.req.query()): the loader parses exactly what the API would. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

/**
 * An endpoint's answer keyed by its URL; an expected failure loads nothing, and the screen shows the API's message.
 * Not found is the exception: the page itself does not exist, so it goes on to become a 404.
 */
async function orNothing(c: AppContext, url: string, load: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    return { [url]: await pageData(c).get(url, load) };
  } catch (error) {
    if (error instanceof ApiFailure && !isNotFound(error) && !isLoginRequired(error)) return {};
    throw error;
  }
}

/** A proxied backend's "log in first" (401): the page redirects to the login page. */
export function isLoginRequired(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure && error.status === 401;
}

/** A loader's "this page's subject does not exist (for this member)": the page answers 404. */
export function isNotFound(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure && error.status === 404;
}

const pageNotFound = () => new ApiFailure(404, 'not_found', 'errors.api_not_found');

/** /chats/{id}: one of the member's own conversations; the screen loads its messages itself. */
async function conversationPage(c: AppContext, route: RouteMatch) {
  if (!(await pageData(c).user())) return {};
  const id = route.params.id;
  if (!/^[1-9]\d{0,15}$/.test(id ?? '')) throw pageNotFound();
  await pageData(c).get(apiUrl('/api/chat.php', { id }), async () => {
    if (!(await findSide(c.env.DB, c.get('member')!, Number(id), c.get('now')))) throw pageNotFound();
  });
  return {};
}

/**
 * /transactions/{id}: one of the member's own orders. Only looked up: the screen asks order.php, which also brings
 * an unfinished order up to date with the payment service.
 */
async function orderPage(c: AppContext, route: RouteMatch) {
  const id = route.params.id;
  if (!(await pageData(c).user()) || id === undefined) return {};
  if (!/^[1-9]\d{0,15}$/.test(id)) throw pageNotFound();
  await pageData(c).get(`/api/order.php?id=${id}`, () => memberOrder(c.env.DB, c.get('tenant').id, c.get('member')!.id, Number(id)));
  return {};
}

/** /credits/{id}/{method}: a package of the shop the visitor's country sees. */
async function packagePage(c: AppContext, route: RouteMatch) {
  const loaded = await shop(c);
  const packages = (loaded[PACKAGES_URL] as PackagesResponse).packages;
  if (!packages.some((p) => String(p.id) === route.params.id)) throw pageNotFound();
  return { ...loaded, ...(await spendingCheckFor(c)) };
}

/** A member's pause-screen decision, so the checkout's first paint is the screen it will show (built-in brands). */
async function spendingCheckFor(c: AppContext): Promise<Record<string, unknown>> {
  const member = c.get('member');
  if (!member || c.get('tenant').upstream_api) return {};
  return { [SPENDING_CHECK_URL]: await pageData(c).get(SPENDING_CHECK_URL, () => spendingCheck(c, member.id)) };
}

/** The credits shop's packages, methods and the member's mandate (GET /api/packages.php). */
async function shop(c: AppContext): Promise<Record<string, unknown>> {
  return { [PACKAGES_URL]: await pageData(c).get(PACKAGES_URL, () => packagesFor(c)) };
}

function both(a: Loader, b: Loader): Loader {
  return async (c, route) => ({ ...(await a(c, route)), ...(await b(c, route)) });
}

/** A page's text in the page's language only, and for the information pages the company behind the brand. */
function contentPage(page: PageName, withCompany: boolean): Loader {
  return async (c) => {
    const textUrl = pageTextUrl(page, c.get('language'));
    const [text, company] = await Promise.all([
      pageData(c).get(textUrl, () => pageText(c, page, c.get('language'))),
      withCompany ? pageData(c).get(COMPANY_INFO_URL, () => companyInfo(c)) : null,
    ]);
    return { [textUrl]: text, ...(withCompany ? { [COMPANY_INFO_URL]: company } : {}) };
  };
}

/**
 * The loaders of pages about one thing: whether it exists (for this member) decides the status, 404 or 200, so
 * renderPage runs them before the head goes out. Every other loader runs while the head is on its way.
 */
const SUBJECT_LOADERS = new Set<Loader>([profileLoader, conversationPage, orderPage, packagePage]);

/**
 * Whether the page's status (or a redirect) depends on its data. A brand in proxy mode: always, since its backend
 * may answer any URL with 401 (login) or 404, and a dead backend is a 502/504 page.
 */
export function dataDecidesStatus(c: AppContext, route: RouteMatch): boolean {
  if (c.get('tenant').upstream_api) return true;
  const loader = LOADERS[route.name];
  return loader !== undefined && SUBJECT_LOADERS.has(loader);
}

export async function runLoaders(c: AppContext, route: RouteMatch): Promise<Record<string, unknown>> {
  const loader = LOADERS[route.name];
  return loader ? loader(c, route) : {};
}
