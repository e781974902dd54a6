/** API URLs that the server pre-loads and the client reads: one builder, so both use the same SWR key. */

export type QueryValues = Record<string, string | number | boolean | null | undefined>;

/**
 * A call's URL: the path, and the query's values in the order given (left out when undefined, null or empty), so a
 * page's loader on the server and the screen in the browser build the same SWR key from the same values.
 */
export function apiUrl(path: string, query?: QueryValues): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The home page's search parameters from its address, in a fixed order: the query of GET /api/featured.php. */
export function featuredParams(search: string) {
  const from = new URLSearchParams(search);
  return { gender: from.get('gender'), min_age: from.get('min_age'), max_age: from.get('max_age') };
}

/** `/api/featured.php` with the home page's search parameters, in a fixed order. */
export const featuredUrl = (search: string): string => apiUrl('/api/featured.php', featuredParams(search));

/** The query of `/api/regions.php` for one country (the search filter's regions), or for every country of the brand. */
export const regionsQuery = (country?: string) => ({ country });
/** Its URL: the search page's loader fills SWR's fallback under it, the screen reads it with regionsQuery's values. */
export const regionsUrl = (country?: string) => apiUrl('/api/regions.php', regionsQuery(country));

/** The shop's data for the visitor's country (GET); the server loader fills SWR's fallback under this key. */
export const PACKAGES_URL = '/api/packages.php';
/** Whether the checkout shows the pause screen first (issue 45 item 10); the checkout's loader fills it for a member. */
export const SPENDING_CHECK_URL = '/api/spending-check.php';

/** Calls that other servers make with their own proof (a mail client's one-click unsubscribe, the mail provider): no same-origin check. */
export const CROSS_SITE_CALLS: readonly string[] = ['/api/unsubscribe.php', '/api/mail-events.php'];
