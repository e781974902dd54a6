import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { setAnswerHeaders } from './answer-headers';

/** Gives every request an id (Cloudflare's ray id when there is one), echoed in X-Request-Id and in every log line. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async function requestIdMiddleware(c, next) {
    const ray = c.req.header('cf-ray');
    const id = ray && /^[\w-]{1,64}$/.test(ray) ? ray : crypto.randomUUID();
    c.set('requestId', id);
    await next();
    setAnswerHeaders(c, { 'X-Request-Id': id });
  };
}
