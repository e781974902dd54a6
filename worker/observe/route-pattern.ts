import { OPERATIONS } from '../../core/contract/operations';
import { STAFF_OPERATIONS } from '../../core/contract/staff-ops';
import { matchRoute } from '../../core/router';

// An /api call of the contract is named by its path alone: its paths carry no ids (they come in the query or body).
// Any other /api path counts as '/api/*': a made-up path must not make a row of its own in the rollups.
const API_CALLS = new Set<string>([...OPERATIONS, ...STAFF_OPERATIONS].map((op) => op.path));
// Route definitions write their parameters with a pattern in brackets: `/members/:id(\d{1,12})` -> `/members/:id`.
const PARAM_PATTERN = /\((?:[^()]|\([^()]*\))*\)/g;

/** Prefixes whose rest is an id, a file name or a token: counted under the prefix. */
const PREFIXES = ['/api/', '/media/', '/staff/media/', '/staff/', '/dev/', '/landers/', '/i18n/', '/cams/'] as const;

/**
 * The route a request is counted and logged under (issue 48 items 6-7): the pattern, never the raw URL, so no id,
 * token, e-mail address or query string reaches a log line or the rollups, and the rollups have one row per route
 * rather than one per profile.
 */
export function routePattern(pathname: string): string {
  if (API_CALLS.has(pathname)) return pathname;
  if (pathname === '/staff' || pathname === '/healthz' || pathname === '/favicon.svg') return pathname;
  const page = safeMatch(pathname);
  if (page) return page.def.path.replace(PARAM_PATTERN, '');
  const prefix = PREFIXES.find((p) => pathname.startsWith(p));
  return prefix ? `${prefix}*` : 'other';
}

function safeMatch(pathname: string) {
  try {
    return matchRoute(pathname);
  } catch {
    return null;
  }
}
