import type { MiddlewareHandler } from 'hono';
import { isLocal, requestHost, type AppEnv } from '../context';
import { requestNow } from './clock';
import { runtimeBrandForHost } from '../brands/runtime';
import { tenantForHost } from '../tenants';
import { LOCAL_UPSTREAM_HEADER } from '../upstream/local-upstream';
import { unknownSitePage } from './unknown-site';
import { logEvent } from '../log';

/** Host -> brand. An unknown host (or a local-only brand outside local mode) gets a plain 404 page saying so; nothing else runs for it. */
export function tenant(): MiddlewareHandler<AppEnv> {
  return async function tenantMiddleware(c, next) {
    // Locally the Worker may be its own upstream: the call names the origin brand, its proof checked in worker/index.ts.
    const host = (isLocal(c.env) && c.req.header(LOCAL_UPSTREAM_HEADER)) || requestHost(c);
    // The tenant files first (they seed and override), then the brands made in the workspace (D1, cached).
    let found = tenantForHost(host);
    if (!found) {
      const runtime = await runtimeBrandForHost(
        c.env.DB,
        host,
        requestNow(c).getTime() /* clock() runs later */,
        c.env.BRAND_PREVIEW_DOMAIN,
      );
      found = runtime?.tenant ?? null;
      // The page cache keys a runtime brand's pages by version: an edit never serves the old version's cached page.
      if (runtime) c.set('brandVersion', `${runtime.preview ? 'p' : 'v'}${runtime.version}`);
    }
    // A local-only brand (a demo brand's upstream) is no public site: outside local mode its host is unknown.
    if (!found || (found.local_only && !isLocal(c.env))) {
      logEvent('warn', 'unknown host', { requestId: c.get('requestId'), host: host.slice(0, 100) });
      return c.html(unknownSitePage(), 404);
    }
    c.set('tenant', found);
    await next();
  };
}
