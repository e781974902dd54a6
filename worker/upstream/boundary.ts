import { CONTRACT_COOKIES } from '../../core/constants';
import type { Tenant } from '../../core/schemas/tenant';
import { requestHost, type AppContext } from '../context';

/**
 * The trust boundary of proxy mode (issue 42, docs/api/proxy-mode.md): a brand's own backend is another party. It
 * gets what the member's browser would send to that brand's API, nothing of the engine's; what it answers is
 * untrusted input. Both directions are allow-lists, so a header or cookie nobody named never crosses.
 */

/**
 * The visitor's request headers the API contract needs, passed on as they are: content negotiation, the client's
 * own marks (Idempotency-Key on a paid send or an order, X-Request-Type on the user refresh: SPEC.md §7) and
 * conditional GETs.
 */
const REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'user-agent',
  'idempotency-key',
  'x-request-type',
  'if-none-match',
  'if-modified-since',
];

/** The backend's answer headers the member's browser may see. Cookies, Location and Content-Encoding are checked apart. */
const ANSWER_HEADERS = [
  'content-type',
  'content-disposition',
  'content-language',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'vary',
  'retry-after',
];

/** `name=value` pairs of a Cookie header, by name. */
function cookiePairs(header: string | null): { name: string; pair: string }[] {
  return (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => ({ name: pair.split('=', 1)[0].trim(), pair }));
}

/** A URL on the brand's own host (or a path on it). */
function onBrandHost(c: AppContext, value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return true;
  try {
    return new URL(value).host === requestHost(c);
  } catch {
    return false;
  }
}

/** Cookie names the backend may receive: its own (the tenant's upstream_cookies) and the contract's. */
function cookiesTo(tenant: Tenant): Set<string> {
  return new Set<string>([...tenant.upstream_cookies, ...CONTRACT_COOKIES]);
}

/**
 * The visitor's request as the backend may see it: the contract's headers, the backend's and the contract's
 * cookies, Origin and Referer only when they are the brand's own pages. The engine adds its forwarding headers
 * (worker/upstream/client.ts); nothing else of the visitor's passes, so headers that impersonate a client or
 * rewrite the request (Forwarded, True-Client-IP, X-Original-URL, X-HTTP-Method-Override...) never reach it.
 */
export function visitorRequestHeaders(c: AppContext): Headers {
  const from = c.req.raw.headers;
  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const value = from.get(name);
    if (value !== null) headers.set(name, value);
  }
  // What the member's browser accepts, or identity when it asked for none: the answer needs no re-encoding.
  headers.set('Accept-Encoding', from.get('accept-encoding') || 'identity');
  for (const name of ['origin', 'referer']) {
    const value = from.get(name);
    if (value && onBrandHost(c, value)) headers.set(name, value);
  }
  const allowed = cookiesTo(c.get('tenant'));
  const cookies = cookiePairs(from.get('cookie')).filter(({ name }) => allowed.has(name));
  if (cookies.length) headers.set('Cookie', cookies.map(({ pair }) => pair).join('; '));
  return headers;
}

/**
 * The backend's cookies that may reach the browser: only names of its own (the tenant's upstream_cookies), made
 * host-only for the brand's host. It can never set or overwrite a cookie of the engine's or the contract's.
 */
export function upstreamCookies(tenant: Tenant, response: Response): string[] {
  const own = new Set(tenant.upstream_cookies);
  return response.headers
    .getSetCookie()
    .filter((cookie) => own.has(cookie.split('=', 1)[0].trim()))
    .map((cookie) => cookie.replace(/;\s*domain=[^;]*/gi, ''));
}

/** Whether the member's Accept-Encoding takes this content coding. */
function accepts(c: AppContext, coding: string): boolean {
  return (c.req.header('accept-encoding') ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .some(([name, q]) => (name === coding || name === '*') && !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''));
}

/**
 * The backend's answer as the member gets it: its status, its body and the named headers. CORS, Refresh, Link,
 * Server and the like stay behind; a Location leaves only for the brand's own host; a Content-Encoding the member
 * did not ask for is undone (the runtime decoded the body already). The engine's own headers (security, caching)
 * are added on the way out as for any answer.
 */
export function answerFromUpstream(c: AppContext, response: Response): Response {
  const headers = new Headers();
  for (const name of ANSWER_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const location = response.headers.get('location');
  if (location && onBrandHost(c, location)) headers.set('Location', location);
  const coding = response.headers.get('content-encoding')?.toLowerCase();
  if (coding && coding !== 'identity' && accepts(c, coding)) headers.set('Content-Encoding', coding);
  else if (!coding) {
    const length = response.headers.get('content-length');
    if (length !== null) headers.set('Content-Length', length);
  }
  for (const cookie of upstreamCookies(c.get('tenant'), response)) headers.append('Set-Cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
