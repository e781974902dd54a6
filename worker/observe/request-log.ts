import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { databaseOf } from '../db/request-db';
import { ApiFailure } from '../errors';
import { logEvent } from '../log';
import { hashId } from './hash-id';
import { countQuietly, errorClass } from './rollups';
import { routePattern } from './route-pattern';

/**
 * The one line a request leaves in the logs (issue 48 item 6), built from an allow-list of fields: request id,
 * brand, method, route pattern (worker/observe/route-pattern.ts, never the URL with its ids and query), status,
 * duration, the member's or staff member's id as a keyed hash (./hash-id.ts) and, on a failure, the error's class and
 * the expected failure's code. No e-mail address, IP address, name, message text, cookie or token: nothing of the
 * request's headers, query or body is copied. The duration runs to the answer's head (a streamed page goes on after).
 */
export interface RequestLine {
  level: 'info' | 'warn' | 'error';
  message: 'request';
  requestId: string;
  brand: string | null;
  method: string;
  route: string;
  status: number;
  ms: number;
  member?: string;
  staff?: string;
  errorClass?: string;
  errorCode?: string;
}

export async function requestLine(c: AppContext, ms: number): Promise<RequestLine> {
  const status = c.res.status;
  const member = c.get('member');
  const staff = c.get('staff');
  const failure = c.error;
  return {
    level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
    message: 'request',
    requestId: c.get('requestId'),
    brand: c.get('tenant')?.id ?? null,
    method: c.req.method,
    route: routePattern(c.req.path),
    status,
    ms,
    ...(member ? { member: await hashId(c.env.APP_SECRET, 'member', member.id) } : {}),
    ...(staff ? { staff: await hashId(c.env.APP_SECRET, 'staff', staff.id) } : {}),
    ...(failure ? { errorClass: errorClass(failure) } : {}),
    ...(failure instanceof ApiFailure ? { errorCode: failure.code } : {}),
  };
}

/**
 * Logs every request as one JSON line and counts it in the brand's rollups (./rollups.ts), both after the answer is
 * made: the log line and the D1 write go to waitUntil, so the member's answer does not wait for them.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async function requestLogMiddleware(c, next) {
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    const done = requestLine(c, ms).then(({ level, message, ...fields }) => {
      logEvent(level, message, fields);
      const tenant = c.get('tenant');
      if (tenant)
        return countQuietly(databaseOf(c.env, tenant), {
          tenant: tenant.id,
          route: fields.route,
          status: fields.status,
          ms,
          at: c.get('now') ?? new Date(),
        });
    });
    const logged = done.catch((error) => logEvent('warn', 'request log failed', { errorClass: errorClass(error) }));
    try {
      c.executionCtx.waitUntil(logged);
    } catch {
      // No execution context (a unit test calling the app directly): the promise runs on without it.
    }
  };
}
