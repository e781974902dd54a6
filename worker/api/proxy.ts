import type { AppContext } from '../context';
import { genericError } from '../errors';
import { log, describeError } from '../log';

// Hop-by-hop and platform headers are not forwarded; the forwarding headers are set from what the edge knows.
const DROP_REQUEST = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'cf-connecting-ip', 'cf-ipcountry'];

/**
 * Proxy mode: /api/*.php of a brand with an upstream goes there unchanged (method, path, query, body streamed,
 * cookies both ways), with the visitor's IP and country in forwarding headers. A slow or dead upstream gets the
 * generic error, never a hanging request.
 */
export async function proxyApi(c: AppContext, upstream: string): Promise<Response> {
  const incoming = new URL(c.req.url);
  const target = new URL(incoming.pathname + incoming.search, upstream);
  const headers = new Headers(c.req.raw.headers);
  for (const name of DROP_REQUEST) headers.delete(name);
  const ip = c.req.header('cf-connecting-ip') ?? '';
  if (ip) {
    headers.set('X-Forwarded-For', ip);
    headers.set('X-Real-IP', ip);
  }
  headers.set('X-Forwarded-Host', incoming.host);
  headers.set('X-Forwarded-Proto', incoming.protocol.replace(':', ''));
  headers.set('CF-IPCountry', c.get('country') ?? 'XX');
  headers.set('X-Request-Id', c.get('requestId'));

  const hasBody = !['GET', 'HEAD'].includes(c.req.method);
  let response: Response;
  try {
    response = await fetch(target, {
      method: c.req.method,
      headers,
      body: hasBody ? c.req.raw.body : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(Number(c.env.UPSTREAM_TIMEOUT_MS) || 15_000),
    });
  } catch (error) {
    log(c, 'error', 'upstream API failed', { upstream: target.origin, ...describeError(error) });
    return genericError(c, 502);
  }
  // Cookies the upstream sets are made host-only for this brand's host.
  const out = new Headers(response.headers);
  out.delete('set-cookie');
  for (const cookie of response.headers.getSetCookie()) out.append('Set-Cookie', cookie.replace(/;\s*domain=[^;]*/i, ''));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: out });
}
