import { apiUrl } from './api-urls';

/** API URLs of the members area: one builder each, so the server loaders and the screens share SWR keys. (Apart
 * from core/api-urls.ts, which the home page's first JavaScript carries.) */

const SEARCH_PARAMS = ['gender', 'country', 'region', 'min_age', 'max_age', 'sort', 'page'] as const;
export type SearchParams = Partial<Record<(typeof SEARCH_PARAMS)[number], string | number | null>>;

/** The filter as a query: its parameters in a fixed order (apiUrl leaves the empty ones out), so server and client share the SWR key. */
export const searchQuery = (params: SearchParams): SearchParams => Object.fromEntries(SEARCH_PARAMS.map((key) => [key, params[key]]));

/** `/api/search.php` with the given filter. */
export const searchUrl = (params: SearchParams) => apiUrl('/api/search.php', searchQuery(params));
/** The search page's address for a filter (`/members?...`). */
export const searchPagePath = (params: SearchParams) => apiUrl('/members', searchQuery(params));

/** The search page's filter read from its address (/members?gender=...). */
export function searchParamsFrom(search: string): SearchParams {
  const from = new URLSearchParams(search);
  return Object.fromEntries(SEARCH_PARAMS.map((k) => [k, from.get(k)]).filter(([, v]) => v !== null && v !== ''));
}

/** `/api/profile.php` for one profile (the profile pages' loader and screens: useApi('/api/profile.php', { id })). */
export const profileUrl = (id: number | string) => apiUrl('/api/profile.php', { id });
export const LIKES_URL = '/api/likes.php';
export const SWIPE_URL = '/api/swipe.php';
export const CAMS_URL = '/api/cams.php';
/** /cams/{id}/go: where a member clicks through to a performer. */
export const camsPath = (id: number) => `/cams/${id}/go`;
