import type { AppContext } from '../context';
import { ApiFailure } from '../errors';
import { clearStatement, releaseStatement, reserve } from './rate-limit';

// Lockout (SPEC.md §4), for members and staff alike: 5 failed logins on one account within 15 minutes block it for
// 15 minutes. The per-IP limit (20 failures in 15 minutes) keeps one attacker from locking many accounts cheaply.
// Both count an attempt before its password is checked, in the statement that decides whether it may be checked
// (rate-limit.ts `reserve`): a burst of parallel attempts gets at most 5 checks per account and 20 per address.
const ACCOUNT_FAILURES = { limit: 5, windowSeconds: 900 };
const LOCK_MS = 15 * 60_000;
const IP_FAILURES = { limit: 20, windowSeconds: 900 };

/** An attempt that may be checked: its two slots, and when the account locks if this attempt fails. */
export interface LoginAttempt {
  ipKey: string;
  ipWindowStart: string;
  accountKey: string;
  /** Set when this attempt took the account's last slot: failing it starts the lockout. */
  blockedUntil: Date | null;
}

/**
 * Takes the attempt's slot for its address, then for its account, before anything is checked; throws the answer
 * when either is used up (an address over its limit, or a locked account).
 */
export async function reserveLoginAttempt(
  c: AppContext,
  db: D1Database,
  keys: { ip: string; account: string },
  now: Date,
): Promise<LoginAttempt> {
  const ip = await reserve(db, keys.ip, IP_FAILURES, now);
  if (!ip.allowed) {
    c.header('Retry-After', String(ip.retryAfter));
    throw new ApiFailure(429, 'rate_limited', 'errors.rate_limited', undefined, { minutes: Math.ceil(ip.retryAfter / 60) });
  }
  const account = await reserve(
    db,
    keys.account,
    { ...ACCOUNT_FAILURES, lockAt: ACCOUNT_FAILURES.limit, lockUntil: new Date(now.getTime() + LOCK_MS) },
    now,
  );
  if (!account.allowed) {
    // Not tried, so not a failure of this address.
    await releaseStatement(db, keys.ip, ip.windowStart).run();
    throw lockout(account.blockedUntil ?? new Date(now.getTime() + account.retryAfter * 1000), now);
  }
  return { ipKey: keys.ip, ipWindowStart: ip.windowStart, accountKey: keys.account, blockedUntil: account.blockedUntil };
}

/** The answer to a failed attempt: the lockout when it took the account's last slot, else `failed`. */
export function failedLogin(attempt: LoginAttempt, now: Date, failed: ApiFailure): ApiFailure {
  return attempt.blockedUntil ? lockout(attempt.blockedUntil, now) : failed;
}

/** A success is no failure: the account's count starts again and the address gets its slot back. */
export function loginSucceeded(db: D1Database, attempt: LoginAttempt): D1PreparedStatement[] {
  return [clearStatement(db, attempt.accountKey), releaseStatement(db, attempt.ipKey, attempt.ipWindowStart)];
}

function lockout(until: Date, now: Date): ApiFailure {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new ApiFailure(429, 'login_blocked', 'errors.login_blocked', undefined, { minutes });
}
