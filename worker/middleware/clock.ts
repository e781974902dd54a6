import type { MiddlewareHandler } from 'hono';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal, type AppEnv } from '../context';

/** The request's "now". Tests and local mode may move it with X-Debug-Now (an ISO time) to exercise time rules. */
export function clock(): MiddlewareHandler<AppEnv> {
  return async function clockMiddleware(c, next) {
    const override = LOCAL_TOOLS && isLocal(c.env) ? c.req.header('x-debug-now') : undefined;
    const parsed = override ? new Date(override) : null;
    c.set('now', parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date());
    await next();
  };
}
