import { Hono, type MiddlewareHandler } from 'hono';
import { isLocal, type AppContext, type AppEnv } from '../context';
import type { Tables } from '../db/tables';
import { describeError, log } from '../log';
import { LOCAL_UPSTREAM_HEADER } from '../upstream/local-upstream';

/**
 * The boundary made visible (issue 42, item 6): locally, the demo backend (the origin brand behind proxydemo)
 * records the last 100 requests it received from the engine, and shows them at /dev/upstream.json, like the dev
 * mailbox: method, path, every header's name and value as it arrived, cookie values masked but their names kept.
 * A brand's developers, and the tests, see exactly what crosses. Local mode and local builds only.
 */
const KEEP = 100;
const MASK = '•••';

type Row = Pick<Tables['dev_upstream_requests'], 'received_at' | 'method' | 'path' | 'headers'>;

/** A Cookie header with its names kept and its values masked. */
function maskedCookies(value: string): string {
  return value
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=${MASK}`)
    .join('; ');
}

function recordedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) out[name] = name === 'cookie' ? maskedCookies(value) : value;
  return out;
}

async function record(db: D1Database, tenantId: string, request: Request, now: Date): Promise<void> {
  const url = new URL(request.url);
  await db.batch([
    db
      .prepare('INSERT INTO dev_upstream_requests (tenant_id, received_at, method, path, headers) VALUES (?, ?, ?, ?, ?)')
      .bind(
        tenantId,
        now.toISOString(),
        request.method,
        `${url.pathname}${url.search}`.slice(0, 500),
        JSON.stringify(recordedHeaders(request.headers)),
      ),
    db
      .prepare(
        `DELETE FROM dev_upstream_requests WHERE tenant_id = ?1 AND id <= (
           SELECT id FROM dev_upstream_requests WHERE tenant_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)`,
      )
      .bind(tenantId, KEEP),
  ]);
}

/** Records a request the engine sent this Worker as a brand's local upstream (the header is proven in worker/index.ts). */
export function recordUpstreamRequests(): MiddlewareHandler<AppEnv> {
  return async function recordUpstreamRequest(c, next) {
    if (isLocal(c.env) && c.req.header(LOCAL_UPSTREAM_HEADER) && !c.req.path.startsWith('/dev/')) {
      const write = record(c.env.DB, c.get('tenant').id, c.req.raw, c.get('now')).catch((error: unknown) =>
        log(c, 'warn', 'upstream log write failed', describeError(error)),
      );
      c.executionCtx.waitUntil(write);
    }
    await next();
  };
}

async function latest(c: AppContext): Promise<Row[]> {
  const { results } = await c.env.DB.prepare(
    'SELECT received_at, method, path, headers FROM dev_upstream_requests WHERE tenant_id = ? ORDER BY id DESC LIMIT ?',
  )
    .bind(c.get('tenant').id, KEEP)
    .all<Row>();
  return results;
}

/** GET /dev/upstream.json: newest first. Refuses itself outside local mode, as the dev mailbox does. */
export function devUpstreamLog(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/upstream.json', async (c) => {
    if (!isLocal(c.env)) return c.notFound();
    const requests = (await latest(c)).map((row) => ({ ...row, headers: JSON.parse(row.headers) as Record<string, string> }));
    return c.json({ requests }, 200, { 'Cache-Control': 'no-store' });
  });
  return routes;
}
