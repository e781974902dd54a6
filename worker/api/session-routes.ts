import { Hono } from 'hono';
import { LanguageSchema, LoginSchema } from '../../core/schemas/account';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure, apiError, parseOrFail } from '../errors';
import { findMemberByEmail, isRecoverable, loginFailuresKey } from '../services/accounts';
import { countTokensSince } from '../services/tokens';
import { verifyPassword } from '../services/passwords';
import { clearStatement, releaseStatement, reserve } from '../services/rate-limit';
import { createSession, findSessionMember } from '../services/sessions';
import { userOf } from '../services/users';
import { clearSessionCookie, setSessionCookie } from '../session-cookie';
import { clientIp, jsonBody, mailScope, requireMember, sendRecoveryMail } from './helpers';

/** user.php (who am I, log in, save language) and logout.php. */
export const sessionRoutes = new Hono<AppEnv>();

// Lockout (SPEC.md §4): 5 failed logins on one account within 15 minutes block it for 15 minutes. The per-IP
// limit (20 failures in 15 minutes) keeps one attacker from locking many accounts cheaply. Both count an attempt
// before its password is checked, in the statement that decides whether it may be checked (rate-limit.ts
// `reserve`): a burst of parallel attempts gets at most 5 checks per account and 20 per address, never more.
const ACCOUNT_FAILURES = { limit: 5, windowSeconds: 900 };
const LOCK_MS = 15 * 60_000;
const IP_FAILURES = { limit: 20, windowSeconds: 900 };

sessionRoutes.get('/user.php', async (c) => {
  const member = c.get('member');
  return c.json({ user: member ? userOf(c.get('tenant'), member) : null });
});

sessionRoutes.post('/user.php', async (c) => {
  const input = parseOrFail(LoginSchema, await jsonBody(c));
  return c.json({ user: await logIn(c, input) });
});

/**
 * Checks e-mail and password and starts the session; throws the answer a failed attempt gets. One place for the
 * JSON login (user.php) and the plain form post of /login before the page's script has arrived (worker/ssr/forms.ts).
 */
export async function logIn(c: AppContext, { email, password }: { email: string; password: string }) {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const db = c.env.DB;
  const ipKey = `${tenant.id}:login:ip:${clientIp(c)}`;
  const ip = await reserve(db, ipKey, IP_FAILURES, now);
  if (!ip.allowed) {
    c.header('Retry-After', String(ip.retryAfter));
    throw new ApiFailure(429, 'rate_limited', 'errors.rate_limited', undefined, { minutes: Math.ceil(ip.retryAfter / 60) });
  }
  const accountKey = loginFailuresKey(tenant.id, email);
  const account = await reserve(db, accountKey, { ...ACCOUNT_FAILURES, lockAt: ACCOUNT_FAILURES.limit, lockUntil: new Date(now.getTime() + LOCK_MS) }, now);
  if (!account.allowed) {
    // Not tried, so not a failure of this address.
    await releaseStatement(db, ipKey, ip.windowStart).run();
    throw lockout(account.blockedUntil ?? new Date(now.getTime() + account.retryAfter * 1000), now);
  }

  const member = await findMemberByEmail(db, tenant.id, email);
  const ok = await verifyPassword(member?.password_hash ?? null, password);
  const recoverable = ok && member !== null && isRecoverable(member, now);
  if (!member || !ok || (member.status === 'deleted' && !recoverable)) {
    // The attempt that took the account's last slot also started its lockout.
    if (account.blockedUntil) throw lockout(account.blockedUntil, now);
    throw new ApiFailure(401, 'login_failed', 'errors.login_failed');
  }
  // A success is no failure: the account's count starts again and the address gets its slot back.
  await db.batch([clearStatement(db, accountKey), releaseStatement(db, ipKey, ip.windowStart)]);
  if (recoverable) {
    // Issue 18 item 7: the right password for an account deleted less than 14 days ago says so and mails the
    // recovery link (the same mail as the deletion's), at most a few times an hour however often they try.
    const sent = await countTokensSince(db, tenant.id, member.id, 'account_recovery', new Date(now.getTime() - 3_600_000));
    if (sent < RECOVERY_MAILS_PER_HOUR) await sendRecoveryMail(mailScope(c), member.id, member.email, member.language, member.status);
    throw new ApiFailure(409, 'account_deleted', 'errors.account_deleted');
  }
  // Told only to whoever knows the password: a blocked account is not revealed to someone guessing addresses.
  if (member.blocked_at) throw accountBlocked();
  return startSession(c, member.id);
}

const RECOVERY_MAILS_PER_HOUR = 3;

/** SPEC.md's blocked-account message: the brand's admin blocked the account (back office). */
function accountBlocked(): ApiFailure {
  return new ApiFailure(403, 'account_blocked', 'errors.account_blocked');
}

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

// Logout (SPEC.md §8: GET /api/logout.php) must not be something another site can do to a member: a link or an
// image there would otherwise log them out. GET works for the site's own navigations (the menu's link) and fetches,
// and for a typed address; anything else is refused and the session stays. POST does the same for API clients,
// same-origin by the CSRF middleware. (The menu keeps its GET link: a brand whose API is proxied to its own backend
// gets the spec's GET there.)
sessionRoutes.get('/logout.php', async (c) => {
  if (!fromThisSite(c)) return apiError(c, new ApiFailure(403, 'csrf', 'errors.csrf'));
  return logout(c);
});
sessionRoutes.post('/logout.php', (c) => logout(c));

/**
 * Whether a GET comes from this site's own pages: the browser says same-origin (or 'none': typed, a bookmark), it
 * is a page load or a fetch (not an image, script or frame), and no Origin or Referer names another host. Older
 * browsers without Sec-Fetch-* headers are judged by Origin and Referer alone.
 */
function fromThisSite(c: AppContext): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const dest = c.req.header('sec-fetch-dest');
  if (dest && dest !== 'document' && dest !== 'empty') return false;
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  for (const header of ['origin', 'referer']) {
    const value = c.req.header(header);
    if (!value) continue;
    try {
      if (new URL(value).host !== host) return false;
    } catch {
      return false;
    }
  }
  return true;
}

async function logout(c: AppContext) {
  const member = c.get('member');
  if (member) {
    await c.env.DB.prepare('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND tenant_id = ?')
      .bind(c.get('now').toISOString(), member.tokenHash, c.get('tenant').id)
      .run();
  }
  clearSessionCookie(c);
  // A browser following the menu's form or a link lands on the root (SPEC.md §2); the client's fetch gets JSON.
  if (c.req.header('accept')?.includes('text/html')) return c.redirect('/', 303);
  return c.json({ ok: true });
}

/** Logs the member in on this browser: a new session and its cookie. Used by login, signup and recovery. */
export async function startSession(c: AppContext, memberId: number) {
  const token = await createSession(c.env.DB, c.get('tenant').id, memberId, c.get('now'));
  setSessionCookie(c, token);
  const session = await findSessionMember(c.env.DB, c.get('tenant').id, token, c.get('now'));
  // A session of a blocked account does not count (e.g. its activation or recovery link used after the block).
  if (!session) throw accountBlocked();
  return userOf(c.get('tenant'), session);
}
