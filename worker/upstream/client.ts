import { isLocal, type AppContext } from '../context';
import { log, describeError } from '../log';
import { tenantForHost } from '../tenants';
import { isOpen, recordFailure } from './breaker';

/**
 * The one way the Worker talks to a brand's own backend (proxy mode): the API proxy (worker/api/proxy.ts) and the
 * pages' data (worker/ssr/page-data.ts) both call upstreamFetch, so timeouts, the retry rule, the circuit breaker,
 * the forwarding headers and the loop guard hold for every call.
 */

/** The upstream failed in a way the visitor cannot fix: 502 (refused, 5xx, broken answer) or 504 (no answer in time). */
export class UpstreamUnavailable extends Error {
  constructor(
    readonly status: 502 | 504,
    reason: string,
  ) {
    super(reason);
  }
}

// Hop-by-hop and platform headers are not forwarded; the forwarding headers are set from what the edge knows.
const DROP_REQUEST = [
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'cf-connecting-ip',
  'cf-ipcountry',
  'x-debug-country',
];
/** Marks a request the Worker forwarded: a proxied brand that receives one is in a loop and refuses it. */
export const HOP_HEADER = 'X-Edge-Proxy';
const IDEMPOTENT = new Set(['GET', 'HEAD']);

/**
 * Local mode only: the brand a request to this very server is for, when the Worker is its own upstream (the demo
 * brand proxydemo and its origin brand proxydemo-origin). `*.localhost` names do not resolve inside workerd and a
 * fetch cannot choose its Host header, so the call goes to 127.0.0.1 on this server's port and names the brand here
 * (worker/index.ts and middleware/tenant.ts read it, in local mode only).
 */
export const LOCAL_UPSTREAM_HEADER = 'X-Local-Upstream-Host';

/** Where a call to the upstream really goes: locally, a `.localhost` upstream without a port is this very server. */
function localTarget(c: AppContext, origin: URL): URL | null {
  if (!isLocal(c.env) || !origin.hostname.endsWith('.localhost') || origin.port) return null;
  const port = /:(\d+)$/.exec(c.req.header('host') ?? '')?.[1] ?? new URL(c.req.url).port;
  return new URL(`http://127.0.0.1:${port || '80'}`);
}

/** The visitor's headers minus hop-by-hop ones, plus who the visitor is as the edge saw it. */
export function forwardingHeaders(c: AppContext, from: Headers): Headers {
  const incoming = new URL(c.req.url);
  const headers = new Headers(from);
  for (const name of DROP_REQUEST) headers.delete(name);
  const ip = c.req.header('cf-connecting-ip') ?? '';
  if (ip) {
    headers.set('X-Forwarded-For', ip);
    headers.set('X-Real-IP', ip);
  }
  headers.set('X-Forwarded-Host', c.req.header('host') ?? incoming.host);
  headers.set('X-Forwarded-Proto', incoming.protocol.replace(':', ''));
  headers.set('CF-IPCountry', c.get('country') ?? 'XX');
  // A local upstream (the demo origin brand) has no geo-IP either: it takes the country the edge chose.
  if (isLocal(c.env) && c.get('country')) headers.set('X-Debug-Country', c.get('country')!);
  headers.set('X-Request-Id', c.get('requestId'));
  headers.set(HOP_HEADER, c.get('tenant').id);
  // Origin and Referer pass unchanged: the edge has refused cross-site writes already (middleware/csrf.ts), and a
  // backend behind it compares them with X-Forwarded-Host, the host the browser used.
  return headers;
}

export interface UpstreamInit {
  method: string;
  headers: Headers;
  body?: BodyInit | null;
  /** A WebSocket upgrade: the timeout covers the handshake only, not the socket's life. */
  upgrade?: boolean;
}

/**
 * One call to the brand's upstream. Idempotent GET/HEAD calls are retried once on a connect error (never on a
 * timeout or an answer); nothing else is retried. Connect errors, timeouts and 5xx answers count towards the
 * brand's circuit breaker; while it is open the call fails at once. Throws UpstreamUnavailable, never hangs.
 */
export async function upstreamFetch(c: AppContext, upstream: string, pathAndQuery: string, init: UpstreamInit): Promise<Response> {
  const tenant = c.get('tenant');
  const origin = new URL(upstream);
  const local = localTarget(c, origin);
  const target = new URL(pathAndQuery, local ?? origin);
  if (local) init.headers.set(LOCAL_UPSTREAM_HEADER, origin.hostname);
  // The proxy must never forward to itself: an upstream host that is this brand again, or a forwarded request
  // arriving at a proxied brand, would loop until the platform stops it.
  if (tenantForHost(origin.host)?.id === tenant.id || c.req.header(HOP_HEADER)) {
    log(c, 'error', 'upstream loop refused', { upstream: origin.origin });
    throw new UpstreamUnavailable(502, 'loop');
  }
  const key = `${tenant.id}|${origin.origin}`;
  if (isOpen(key)) throw new UpstreamUnavailable(502, 'circuit open');
  const timeoutMs = Number(c.env.UPSTREAM_TIMEOUT_MS) || 15_000;
  const attempts = IDEMPOTENT.has(init.method) ? 2 : 1;
  for (let attempt = 1; ; attempt++) {
    const handshake = init.upgrade ? new AbortController() : null;
    const timer = handshake
      ? setTimeout(() => handshake.abort(new DOMException('upstream timeout', 'TimeoutError')), timeoutMs)
      : undefined;
    try {
      const response = await fetch(target, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        redirect: 'manual',
        signal: handshake ? handshake.signal : AbortSignal.timeout(timeoutMs),
      });
      clearTimeout(timer);
      if (response.status >= 500) recordFailure(key);
      return response;
    } catch (error) {
      clearTimeout(timer);
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (!timedOut && attempt < attempts) continue;
      recordFailure(key);
      log(c, 'error', 'upstream failed', { upstream: origin.origin, path: target.pathname, attempt, ...describeError(error) });
      throw new UpstreamUnavailable(timedOut ? 504 : 502, timedOut ? 'timeout' : 'connect');
    }
  }
}

/** The upstream's cookies, made host-only for this brand's host. */
export function hostOnlyCookies(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.replace(/;\s*domain=[^;]*/i, ''));
}
