/** API URLs of the members area: one builder each, so the server loaders and the screens share SWR keys. (Apart
 * from core/api-urls.ts, which the home page's first JavaScript carries.) */

const SEARCH_PARAMS = ['gender', 'country', 'region', 'min_age', 'max_age', 'sort', 'page'] as const;
export type SearchParams = Partial<Record<(typeof SEARCH_PARAMS)[number], string | number | null>>;

/** `path` with the filter's non-empty parameters in a fixed order, so server and client share the SWR key. */
function withSearch(path: string, params: SearchParams): string {
  const query = new URLSearchParams();
  for (const key of SEARCH_PARAMS) {
    const value = params[key];
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** `/api/search.php` with the given filter. */
export const searchUrl = (params: SearchParams) => withSearch('/api/search.php', params);
/** The search page's address for a filter (`/members?...`). */
export const searchPagePath = (params: SearchParams) => withSearch('/members', params);

/** The search page's filter read from its address (/members?gender=...). */
export function searchParamsFrom(search: string): SearchParams {
  const from = new URLSearchParams(search);
  return Object.fromEntries(SEARCH_PARAMS.map((k) => [k, from.get(k)]).filter(([, v]) => v !== null && v !== ''));
}

export const profileUrl = (id: number | string) => `/api/profile.php?id=${id}`;
export const LIKES_URL = '/api/likes.php';
export const SWIPE_URL = '/api/swipe.php';
export const MY_PROFILE_URL = '/api/my-profile.php';
export const CAMS_URL = '/api/cams.php';
/** /cams/{id}/go: where a member clicks through to a performer. */
export const camsPath = (id: number) => `/cams/${id}/go`;
