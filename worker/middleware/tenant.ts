import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { tenantForHost } from '../tenants';
import { unknownSitePage } from '../ssr/unknown-site';
import { logEvent } from '../log';

/** Host -> brand. An unknown host gets a plain 404 page saying so; nothing else runs for it. */
export function tenant(): MiddlewareHandler<AppEnv> {
  return async function tenantMiddleware(c, next) {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const found = tenantForHost(host);
    if (!found) {
      logEvent('warn', 'unknown host', { requestId: c.get('requestId'), host: host.slice(0, 100) });
      return c.html(unknownSitePage(), 404);
    }
    c.set('tenant', found);
    await next();
  };
}
