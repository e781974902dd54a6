import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { setAnswerHeaders } from './answer-headers';

/**
 * Every answer of the Worker says exactly what a cache may do with it (issue 20 item 3, docs/edge-cache.md). Routes
 * that may be kept set their own Cache-Control; whatever leaves without one (redirects, the unknown-site page, error
 * pages, the health check, refusals) is `private, no-store`: keeping nothing is the only safe default for an answer
 * nobody thought about.
 */
export function explicitCacheControl(): MiddlewareHandler<AppEnv> {
  return async function explicitCacheControlMiddleware(c, next) {
    await next();
    // A WebSocket upgrade (101) is no answer a cache could hold.
    if (c.res.status !== 101 && !c.res.headers.has('Cache-Control')) setAnswerHeaders(c, { 'Cache-Control': 'private, no-store' });
  };
}
