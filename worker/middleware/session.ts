import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIE } from '../../core/constants';
import type { AppEnv } from '../context';
import { findSessionMember } from '../services/sessions';
import { setLanguage } from './locale';

/** Reads the auth cookie into the member (or null). A session of another brand is simply not found. */
export function session(): MiddlewareHandler<AppEnv> {
  return async function sessionMiddleware(c, next) {
    const token = getCookie(c, COOKIE.session);
    const member = token ? await findSessionMember(c.env.DB, c.get('tenant').id, token, c.get('now')) : null;
    c.set('member', member);
    if (member?.language) setLanguage(c, member.language);
    await next();
  };
}
