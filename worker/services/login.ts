import { clientIp, type AppContext } from '../context';
import { ApiFailure } from '../errors';
import { setSessionCookie } from '../session-cookie';
import { findMemberByEmail, isRecoverable, loginFailuresKey } from './accounts';
import { verifyPassword } from './passwords';
import { clearStatement, releaseStatement, reserve } from './rate-limit';
import { createSession, findSessionMember } from './sessions';
import { countTokensSince } from './tokens';
import { userOf } from './users';
import { mailScope, sendRecoveryMail } from './mail-scope';

// Logging in: the JSON login (user.php), the plain form post of /login (worker/ssr/forms.ts), and the session that
// signup, activation and recovery start.

// Lockout (SPEC.md §4): 5 failed logins on one account within 15 minutes block it for 15 minutes. The per-IP
// limit (20 failures in 15 minutes) keeps one attacker from locking many accounts cheaply. Both count an attempt
// before its password is checked, in the statement that decides whether it may be checked (rate-limit.ts
// `reserve`): a burst of parallel attempts gets at most 5 checks per account and 20 per address, never more.
const ACCOUNT_FAILURES = { limit: 5, windowSeconds: 900 };
const LOCK_MS = 15 * 60_000;
const IP_FAILURES = { limit: 20, windowSeconds: 900 };

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
  const account = await reserve(
    db,
    accountKey,
    { ...ACCOUNT_FAILURES, lockAt: ACCOUNT_FAILURES.limit, lockUntil: new Date(now.getTime() + LOCK_MS) },
    now,
  );
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

/** Logs the member in on this browser: a new session and its cookie. Used by login, signup and recovery. */
export async function startSession(c: AppContext, memberId: number) {
  const token = await createSession(c.env.DB, c.get('tenant').id, memberId, c.get('now'));
  setSessionCookie(c, token);
  const session = await findSessionMember(c.env.DB, c.get('tenant').id, token, c.get('now'));
  // A session of a blocked account does not count (e.g. its activation or recovery link used after the block).
  if (!session) throw accountBlocked();
  return userOf(c.get('tenant'), session);
}
