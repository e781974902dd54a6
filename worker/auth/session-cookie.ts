import { deleteCookie, setCookie } from 'hono/cookie';
import { COOKIE, SESSION_DAYS } from '../../core/constants';
import type { AppContext } from '../context';

// The auth cookie: host-only (no Domain), HttpOnly, Secure, SameSite=Lax, 30 days (SPEC.md §9).
const OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'Lax' } as const;

export function setSessionCookie(c: AppContext, token: string): void {
  setCookie(c, COOKIE.session, token, { ...OPTIONS, maxAge: SESSION_DAYS * 86_400 });
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, COOKIE.session, OPTIONS);
}
