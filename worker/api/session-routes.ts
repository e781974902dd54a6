import { Hono } from 'hono';
import { LanguageSchema, LoginSchema } from '../../core/schemas/account';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { findMemberByEmail } from '../services/accounts';
import { verifyPassword } from '../services/passwords';
import { block, blockedUntil, clear, hit } from '../services/rate-limit';
import { createSession, findSessionMember } from '../services/sessions';
import { userOf } from '../services/users';
import { clearSessionCookie, setSessionCookie } from '../session-cookie';
import { clientIp, jsonBody, requireMember } from './helpers';

/** user.php (who am I, log in, save language) and logout.php. */
export const sessionRoutes = new Hono<AppEnv>();

// Lockout (SPEC.md §4): 5 failed logins on one account within 15 minutes block it for 15 minutes. The per-IP
// limit on failures keeps one attacker from locking many accounts cheaply.
const ACCOUNT_FAILURES = { limit: 5, windowSeconds: 900 };
const LOCK_MS = 15 * 60_000;
const IP_FAILURES = { limit: 20, windowSeconds: 900 };

sessionRoutes.get('/user.php', async (c) => {
  const member = c.get('member');
  return c.json({ user: member ? userOf(c.get('tenant'), member) : null });
});

sessionRoutes.post('/user.php', async (c) => {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const ipKey = `${tenant.id}:login:ip:${clientIp(c)}`;
  if (await blockedUntil(c.env.DB, ipKey, now)) throw new ApiFailure(429, 'rate_limited', 'errors.rate_limited', undefined, { minutes: 15 });
  const { email, password } = parseOrFail(LoginSchema, await jsonBody(c));
  const accountKey = `${tenant.id}:login:acct:${email}`;
  const lockedUntil = await blockedUntil(c.env.DB, accountKey, now);
  if (lockedUntil) throw lockout(lockedUntil, now);

  const member = await findMemberByEmail(c.env.DB, tenant.id, email);
  const ok = await verifyPassword(member?.password_hash ?? null, password);
  if (!member || !ok || member.status === 'deleted') {
    const account = await hit(c.env.DB, accountKey, ACCOUNT_FAILURES, now);
    const ip = await hit(c.env.DB, ipKey, IP_FAILURES, now);
    if (!ip.allowed) {
      await block(c.env.DB, ipKey, new Date(now.getTime() + LOCK_MS));
      throw new ApiFailure(429, 'rate_limited', 'errors.rate_limited', undefined, { minutes: 15 });
    }
    if (!account.allowed || account.count === ACCOUNT_FAILURES.limit) {
      const until = new Date(now.getTime() + LOCK_MS);
      await block(c.env.DB, accountKey, until);
      throw lockout(until, now);
    }
    throw new ApiFailure(401, 'login_failed', 'errors.login_failed');
  }
  await clear(c.env.DB, accountKey);
  return c.json({ user: await startSession(c, member.id) });
});

function lockout(until: Date, now: Date): ApiFailure {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new ApiFailure(429, 'login_blocked', 'errors.login_blocked', undefined, { minutes });
}

sessionRoutes.put('/user.php', async (c) => {
  const member = requireMember(c);
  const { language } = parseOrFail(LanguageSchema, await jsonBody(c));
  await c.env.DB.prepare('UPDATE members SET language = ? WHERE id = ? AND tenant_id = ?').bind(language, member.id, c.get('tenant').id).run();
  return c.json({ user: userOf(c.get('tenant'), { ...member, language }) });
});

sessionRoutes.get('/logout.php', async (c) => {
  const member = c.get('member');
  if (member) {
    await c.env.DB.prepare('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND tenant_id = ?')
      .bind(c.get('now').toISOString(), member.tokenHash, c.get('tenant').id)
      .run();
  }
  clearSessionCookie(c);
  // A browser following the nav's logout link lands on the root (SPEC.md §2); the client's fetch gets JSON.
  if (c.req.header('accept')?.includes('text/html')) return c.redirect('/', 303);
  return c.json({ ok: true });
});

/** Logs the member in on this browser: a new session and its cookie. Used by login, signup and recovery. */
export async function startSession(c: AppContext, memberId: number) {
  const token = await createSession(c.env.DB, c.get('tenant').id, memberId, c.get('now'));
  setSessionCookie(c, token);
  const session = await findSessionMember(c.env.DB, c.get('tenant').id, token, c.get('now'));
  return userOf(c.get('tenant'), session!);
}
