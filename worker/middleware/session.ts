import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIE } from '../../core/constants';
import type { AppEnv } from '../context';
import { touchLastActive } from '../auth/last-active';
import { findSessionMember } from '../auth/sessions';
import { log, describeError } from '../log';
import { setLanguage } from './locale';

/** Reads the auth cookie into the member (or null). A session of another brand is simply not found. */
export function session(): MiddlewareHandler<AppEnv> {
  return async function sessionMiddleware(c, next) {
    const token = getCookie(c, COOKIE.session);
    const member = token ? await findSessionMember(c.env.DB, c.get('tenant').id, token, c.get('now')) : null;
    c.set('member', member);
    if (member?.language) setLanguage(c, member.language);
    // After the answer, not before it: the visitor never waits for the activity write.
    if (member)
      runAfter(
        c,
        touchLastActive(c.env.DB, member, c.get('now')).catch((error) => log(c, 'warn', 'last_active write failed', describeError(error))),
      );
    await next();
  };
}

/** waitUntil where the runtime gives one (a request); otherwise the promise simply runs on. */
function runAfter(c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } }, promise: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(promise);
  } catch {
    // No execution context (a unit test calling the app directly): the promise runs without it.
  }
}
