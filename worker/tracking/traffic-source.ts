import { getCookie, setCookie } from 'hono/cookie';
import { COOKIE } from '../../core/constants';
import { parseStoredTrafficSource, parseTrafficSource, serializeTrafficSource, type TrafficSource } from '../../core/rules/traffic-source';
import type { AppContext } from '../context';

/** The cookie that carries the visitor's traffic source to signup (worker/account/signup-routes.ts) and the beacons. */
export const TRAFFIC_SOURCE_COOKIE = COOKIE.trafficSource;
export const TRAFFIC_SOURCE_DAYS = 30;

// Host-only (no Domain), HttpOnly, Secure, SameSite=Lax: like the session cookie, never readable by page scripts.
const OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'Lax' } as const;

/**
 * Stores the traffic source of a landing URL's query (network, ref, sub1-3), sanitised, for 30 days. A URL that
 * names a source replaces the stored one (the last paid click counts); a URL without one leaves it alone.
 */
export function storeTrafficSource(c: AppContext, query: URLSearchParams): TrafficSource | null {
  const source = parseTrafficSource(query);
  if (source) setCookie(c, TRAFFIC_SOURCE_COOKIE, serializeTrafficSource(source), { ...OPTIONS, maxAge: TRAFFIC_SOURCE_DAYS * 86_400 });
  return source;
}

/** The stored traffic source, sanitised again (the cookie is the visitor's to change), or null. */
export function readTrafficSource(c: AppContext): TrafficSource | null {
  return parseStoredTrafficSource(getCookie(c, TRAFFIC_SOURCE_COOKIE));
}
