import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { deviceClass } from '../../core/rules/attribution';
import { sanitizeTrafficValue } from '../../core/rules/traffic-source';
import type { AppEnv } from '../context';
import { describeError, log } from '../log';
import { CLICK_COOKIE, CLICK_DAYS, cleanClickParams, clickFingerprint, newClickId, parseClickCookie, recordClick } from './clicks';
import { storeTrafficSource } from './traffic-source';

// Like the session and traffic-source cookies: host-only, HttpOnly, Secure, SameSite=Lax.
const OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'Lax', maxAge: CLICK_DAYS * 86_400 } as const;

/**
 * In front of the page handlers (landers and the app's pages): a GET whose URL names a network is a paid click.
 * The work on the request's path is a cookie and a few string operations; the row is written after the answer
 * (waitUntil), so a slow D1 never holds the page. Such a URL already bypasses the edge cache (it sets the visitor's
 * cookies, worker/middleware/page-cache.ts): URLs without click parameters, the ones the cache serves, are not
 * touched at all (docs/decisions/ on clicks and the cache).
 */
export function recordClicks(): MiddlewareHandler<AppEnv> {
  return async function recordClicksMiddleware(c, next) {
    const url = new URL(c.req.url);
    const network = c.req.method === 'GET' ? sanitizeTrafficValue(url.searchParams.get('network')) : null;
    if (network) {
      const params = cleanClickParams(url.searchParams);
      const fingerprint = clickFingerprint(params);
      const held = parseClickCookie(getCookie(c, CLICK_COOKIE));
      if (held?.fingerprint !== fingerprint) {
        const id = newClickId();
        setCookie(c, CLICK_COOKIE, `${id}.${fingerprint}`, OPTIONS);
        // An entry URL outside the landers keeps SPEC.md's traffic source too (the landers store it themselves).
        if (!url.pathname.startsWith('/landers/')) storeTrafficSource(c, url.searchParams);
        const click = {
          id,
          tenantId: c.get('tenant').id,
          network,
          params,
          lander: url.pathname.slice(0, 200),
          country: c.get('country') ?? 'XX',
          device: deviceClass(c.req.header('user-agent')),
          now: c.get('now'),
        };
        c.executionCtx.waitUntil(
          recordClick(c.env.DB, click).catch((error: unknown) => log(c, 'warn', 'click not recorded', describeError(error))),
        );
      }
    }
    await next();
  };
}
