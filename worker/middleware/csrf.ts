import type { MiddlewareHandler } from 'hono';
import { requestHost, type AppEnv } from '../context';
import { ApiFailure, apiError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  /** Paths called by other servers (payment and mail webhooks), which carry their own proof. */
  exempt: readonly string[];
}

/**
 * Refuses unsafe requests that a browser sent from another site: the Origin must be this host, and
 * Sec-Fetch-Site must not say cross-site. Requests without either header do not come from a browser page.
 */
export function csrf(options: CsrfOptions): MiddlewareHandler<AppEnv> {
  return async function csrfMiddleware(c, next) {
    if (SAFE.has(c.req.method) || options.exempt.includes(c.req.path)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const host = requestHost(c);
    let sameOrigin = true;
    if (origin) {
      try {
        sameOrigin = new URL(origin).host === host;
      } catch {
        sameOrigin = false;
      }
    }
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') sameOrigin = false;
    if (!sameOrigin) return apiError(c, new ApiFailure(403, 'csrf', 'errors.csrf'));
    return next();
  };
}
