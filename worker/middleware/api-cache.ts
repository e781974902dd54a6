import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { setAnswerHeaders } from './answer-headers';

/** What every /api answer says unless it is on the allow-list below: personal data never sits in any cache. */
export const NO_STORE = 'private, no-store';

/**
 * The only /api answers that may be cached, and only with the Cache-Control their route sets where it answers
 * (docs/api/caching.md). Everything else, including every error, is forced to `private, no-store`: a new endpoint
 * is private until someone decides otherwise here. Reference data that does not depend on who asks
 * (regions, geocode, company info) is public; answers that follow the visitor's country or language (settings,
 * packages for a visitor, interests, page texts) are private to the browser and vary by Cookie.
 */
export const CACHEABLE_API = new Set([
  '/api/settings.php',
  '/api/packages.php',
  '/api/regions.php',
  '/api/geocode.php',
  '/api/interests.php',
  '/api/companyinfo.php',
  '/api/pages.php',
]);

/**
 * Runs over /api/* for built-in and proxied brands alike. A route on the allow-list keeps its Cache-Control if it
 * set one and the answer is a success that sets no cookie; anything else becomes `private, no-store`. A brand's own
 * backend (proxy mode) is held to the same rule: its Cache-Control survives only on allow-listed paths, so a
 * personal answer it forgot to mark can still not be cached on the way to the browser.
 */
export function apiCacheControl(): MiddlewareHandler<AppEnv> {
  return async function apiCacheControlMiddleware(c, next) {
    await next();
    const res = c.res;
    // The live WebSocket's 101 carries no body to cache.
    if (res.status === 101) return;
    const given = res.headers.get('Cache-Control');
    const keep = given !== null && res.status < 400 && CACHEABLE_API.has(c.req.path) && !res.headers.has('Set-Cookie');
    if (keep) return;
    // Older HTTP/1.0 caches know only Pragma.
    setAnswerHeaders(c, { 'Cache-Control': NO_STORE, Pragma: 'no-cache', Expires: undefined });
  };
}
