import type { AppContext } from '../context';
import { genericError } from '../errors';
import { answerFromUpstream } from './boundary';
import { upstreamFetch, upstreamHeaders, UpstreamUnavailable } from './client';

/**
 * Proxy mode: /api/*.php of a brand with an upstream goes there (method, path, query, body streamed), with what the
 * member's browser would send to that brand's API and the forwarding headers, and nothing of the engine's
 * (worker/upstream/boundary.ts, docs/api/proxy-mode.md). The answer comes back filtered: status, body, named headers,
 * the backend's own cookies. A slow, dead or failing upstream gets our generic error in the member's language (504
 * for no answer in time, 502 otherwise), never a hanging request or the backend's internals. The live socket
 * (/api/live.php) is forwarded as a WebSocket when the tenant file says the backend offers one (`upstream_live`).
 */
export async function proxyApi(c: AppContext, upstream: string): Promise<Response> {
  const incoming = new URL(c.req.url);
  const headers = upstreamHeaders(c);
  const upgrade =
    c.req.header('upgrade')?.toLowerCase() === 'websocket' &&
    incoming.pathname === '/api/live.php' &&
    c.get('tenant').upstream_live === 'websocket';
  if (upgrade) headers.set('Upgrade', 'websocket');
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
  return answerFromUpstream(c, response);
}
