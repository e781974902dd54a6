import type { AppContext } from '../context';
import { ApiFailure } from '../errors';
import { attemptAccountKey, type DeviceOwner, rememberDevice } from './known-device';
import { clearStatement, releaseStatement, reserve } from './rate-limit';

// Lockout (SPEC.md §4), for members and staff alike: 5 failed logins on one account within 15 minutes block it for
// 15 minutes. The per-IP limit (20 failures in 15 minutes) keeps one attacker from locking many accounts cheaply.
// Both count an attempt before its password is checked, in the statement that decides whether it may be checked
// (rate-limit.ts `reserve`): a burst of parallel attempts gets at most 5 checks per account and 20 per address.
// A browser that logged in to the account before counts on a lockout of its own (known-device.ts), so a stranger's
// failures do not lock the member out of their own browser.
const ACCOUNT_FAILURES = { limit: 5, windowSeconds: 900 };
const LOCK_MS = 15 * 60_000;
const IP_FAILURES = { limit: 20, windowSeconds: 900 };

/** An attempt that may be checked: its two slots, and when the account locks if this attempt fails. */
export interface LoginAttempt {
  ipKey: string;
  ipWindowStart: string;
  /** The account's key, and the key this attempt counts on: the account's, or this known browser's on it. */
  account: string;
  accountKey: string;
  /** The account the login names, when there is one. */
  owner: DeviceOwner | null;
  /** Set when this attempt took the account's last slot: failing it starts the lockout. */
  blockedUntil: Date | null;
}

/**
 * Takes the attempt's slot for its address, then for its account, before anything is checked; throws the answer
 * when either is used up (an address over its limit, or a locked account). `owner` is the account the login names
 * (null when none has the address): a known browser's proof counts only for that account as it is now.
 */
export async function reserveLoginAttempt(
  c: AppContext,
  db: D1Database,
  keys: { ip: string; account: string },
  owner: DeviceOwner | null,
  now: Date,
): Promise<LoginAttempt> {
  const ip = await reserve(db, keys.ip, IP_FAILURES, now);
  if (!ip.allowed) {
    c.header('Retry-After', String(ip.retryAfter));
    throw new ApiFailure(429, 'rate_limited', 'errors.rate_limited', undefined, { minutes: Math.ceil(ip.retryAfter / 60) });
  }
  const accountKey = await attemptAccountKey(c, keys.account, owner);
  const account = await reserve(
    db,
    accountKey,
    { ...ACCOUNT_FAILURES, lockAt: ACCOUNT_FAILURES.limit, lockUntil: new Date(now.getTime() + LOCK_MS) },
    now,
  );
  if (!account.allowed) {
    // Not tried, so not a failure of this address.
    await releaseStatement(db, keys.ip, ip.windowStart).run();
    throw lockout(account.blockedUntil ?? new Date(now.getTime() + account.retryAfter * 1000), now);
  }
  return { ipKey: keys.ip, ipWindowStart: ip.windowStart, account: keys.account, accountKey, owner, blockedUntil: account.blockedUntil };
}

/** The answer to a failed attempt: the lockout when it took the account's last slot, else `failed`. */
export function failedLogin(attempt: LoginAttempt, now: Date, failed: ApiFailure): ApiFailure {
  return attempt.blockedUntil ? lockout(attempt.blockedUntil, now) : failed;
}

/**
 * A success is no failure: the count it was made on starts again and the address gets its slot back (the
 * statements to run). The browser is known to the account from now on.
 */
export async function loginSucceeded(c: AppContext, db: D1Database, attempt: LoginAttempt): Promise<D1PreparedStatement[]> {
  if (attempt.owner) await rememberDevice(c, attempt.account, attempt.owner);
  return [clearStatement(db, attempt.accountKey), releaseStatement(db, attempt.ipKey, attempt.ipWindowStart)];
}

function lockout(until: Date, now: Date): ApiFailure {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new ApiFailure(429, 'login_blocked', 'errors.login_blocked', undefined, { minutes });
}
