import type { AppContext } from '../context';
import { genericError } from '../errors';
import { forwardingHeaders, hostOnlyCookies, upstreamFetch, UpstreamUnavailable } from '../upstream/client';

/**
 * Proxy mode: /api/*.php of a brand with an upstream goes there unchanged (method, path, query, body streamed,
 * cookies both ways), with the visitor's IP and country in forwarding headers. A slow or dead upstream gets the
 * generic error (504 for no answer in time, 502 otherwise), never a hanging request. The live socket
 * (/api/live.php) is forwarded as a WebSocket when the tenant file says the backend offers one (`upstream_live`).
 */
export async function proxyApi(c: AppContext, upstream: string): Promise<Response> {
  const incoming = new URL(c.req.url);
  const headers = forwardingHeaders(c, c.req.raw.headers);
  const upgrade =
    c.req.header('upgrade')?.toLowerCase() === 'websocket' &&
    incoming.pathname === '/api/live.php' &&
    c.get('tenant').upstream_live === 'websocket';
  if (!upgrade) headers.delete('upgrade');
  const hasBody = !['GET', 'HEAD'].includes(c.req.method);
  let response: Response;
  try {
    response = await upstreamFetch(c, upstream, incoming.pathname + incoming.search, {
      method: c.req.method,
      headers,
      body: hasBody ? c.req.raw.body : undefined,
      upgrade,
    });
  } catch (error) {
    if (error instanceof UpstreamUnavailable) return genericError(c, error.status);
    throw error;
  }
  // The socket passes through as it is: the Worker only relays its frames.
  if (response.webSocket) return response;
  const out = new Headers(response.headers);
  out.delete('set-cookie');
  for (const cookie of hostOnlyCookies(response)) out.append('Set-Cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: out });
}
