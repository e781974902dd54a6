import type { MiddlewareHandler } from 'hono';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal, type AppContext, type AppEnv } from '../context';

/** The request's "now": tests and local mode may move it with X-Debug-Now (an ISO time) to exercise time rules. */
export function requestNow(c: AppContext): Date {
  const override = LOCAL_TOOLS && isLocal(c.env) ? c.req.header('x-debug-now') : undefined;
  const parsed = override ? new Date(override) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
}

/** Sets the request's "now" (requestNow) for everything after it. */
export function clock(): MiddlewareHandler<AppEnv> {
  return async function clockMiddleware(c, next) {
    c.set('now', requestNow(c));
    await next();
  };
}
