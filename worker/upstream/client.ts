import { LOCAL_TOOLS } from '../build-target';
import { clientIp, isLocal, requestHost, type AppContext } from '../context';
import { log, describeError } from '../log';
import { tenantForHost } from '../tenants';
import { isOpen, recordFailure, type FailureKind } from './breaker';
import { visitorRequestHeaders } from './boundary';
import { markLocalUpstream } from './local-upstream';

/**
 * The one way the Worker talks to a brand's own backend (proxy mode): the API proxy (worker/upstream/proxy.ts), the
 * pages' data (worker/ssr/page-data.ts) and the login form (worker/ssr/forms.ts) all call upstreamFetch with
 * upstreamHeaders, so the boundary (worker/upstream/boundary.ts), timeouts, the retry rule, the circuit breaker, the
 * forwarding headers and the loop guard hold for every call.
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

/** Marks a request the Worker forwarded: a proxied brand that receives one is in a loop and refuses it. */
export const HOP_HEADER = 'X-Edge-Proxy';
const IDEMPOTENT = new Set(['GET', 'HEAD']);

/**
 * Where a call to the upstream really goes: locally, a `.localhost` upstream without a port is this very server,
 * on the port it was started on (LOCAL_PORT), never one a request's Host header names.
 */
function localTarget(c: AppContext, origin: URL): URL | null {
  if (!LOCAL_TOOLS || !isLocal(c.env) || !origin.hostname.endsWith('.localhost') || origin.port) return null;
  if (!/^\d+$/.test(c.env.LOCAL_PORT ?? '')) {
    log(c, 'error', 'local upstream without LOCAL_PORT', { upstream: origin.origin });
    throw new UpstreamUnavailable(502, 'no LOCAL_PORT');
  }
  return new URL(`http://127.0.0.1:${c.env.LOCAL_PORT}`);
}

/**
 * The headers of a call to the brand's backend: what the visitor's browser would send to that brand's API
 * (boundary.ts), plus who the visitor is as the edge saw it, set by the edge alone.
 */
export function upstreamHeaders(c: AppContext): Headers {
  const incoming = new URL(c.req.url);
  const headers = visitorRequestHeaders(c);
  const ip = c.req.header('cf-connecting-ip') ?? '';
  if (ip) {
    headers.set('X-Forwarded-For', ip);
    headers.set('X-Real-IP', ip);
  }
  headers.set('X-Forwarded-Host', requestHost(c));
  headers.set('X-Forwarded-Proto', incoming.protocol.replace(':', ''));
  headers.set('CF-IPCountry', c.get('country') ?? 'XX');
  // A local upstream (the demo origin brand) has no geo-IP either: it takes the country the edge chose.
  if (LOCAL_TOOLS && isLocal(c.env) && c.get('country')) headers.set('X-Debug-Country', c.get('country')!);
  headers.set('X-Request-Id', c.get('requestId'));
  headers.set(HOP_HEADER, c.get('tenant').id);
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
 * timeout or an answer); nothing else is retried. A 5xx answer is the backend's failure: logged with the request
 * id and thrown, so the member gets our own error in their language, never the backend's internals. Connect
 * errors, timeouts and 5xx answers count towards the route's circuit breaker (breaker.ts); while it is open the
 * call fails at once. Throws UpstreamUnavailable, never hangs.
 */
export async function upstreamFetch(c: AppContext, upstream: string, pathAndQuery: string, init: UpstreamInit): Promise<Response> {
  const tenant = c.get('tenant');
  const origin = new URL(upstream);
  const local = localTarget(c, origin);
  const target = new URL(pathAndQuery, local ?? origin);
  if (local) await markLocalUpstream(c.env, init.headers, origin.hostname);
  // The proxy must never forward to itself: an upstream host that is this brand again, or a forwarded request
  // arriving at a proxied brand, would loop until the platform stops it.
  if (tenantForHost(origin.host)?.id === tenant.id || c.req.header(HOP_HEADER)) {
    log(c, 'error', 'upstream loop refused', { upstream: origin.origin });
    throw new UpstreamUnavailable(502, 'loop');
  }
  const route = `${tenant.id}|${origin.origin}|${target.pathname}`;
  if (isOpen(route)) throw new UpstreamUnavailable(502, 'circuit open');
  const failed = (kind: FailureKind) => recordFailure(route, kind, clientIp(c));
  const timeoutMs = Number(c.env.UPSTREAM_TIMEOUT_MS) || 15_000;
  const attempts = IDEMPOTENT.has(init.method) ? 2 : 1;
  for (let attempt = 1; ; attempt++) {
    const handshake = init.upgrade ? new AbortController() : null;
    const timer = handshake
      ? setTimeout(() => handshake.abort(new DOMException('upstream timeout', 'TimeoutError')), timeoutMs)
      : undefined;
    let response: Response;
    try {
      response = await fetch(target, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        redirect: 'manual',
        signal: handshake ? handshake.signal : AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      clearTimeout(timer);
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (!timedOut && attempt < attempts) continue;
      failed(timedOut ? 'timeout' : 'connect');
      log(c, 'error', 'upstream failed', { upstream: origin.origin, path: target.pathname, attempt, ...describeError(error) });
      throw new UpstreamUnavailable(timedOut ? 504 : 502, timedOut ? 'timeout' : 'connect');
    }
    clearTimeout(timer);
    if (response.status >= 500) {
      failed('status');
      await response.body?.cancel();
      log(c, 'error', 'upstream answered with an error', { upstream: origin.origin, path: target.pathname, status: response.status });
      throw new UpstreamUnavailable(502, `status ${response.status}`);
    }
    return response;
  }
}
