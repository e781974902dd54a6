import { clientIp, type AppContext } from '../context';
import { ApiFailure } from '../errors';
import { setSessionCookie } from '../auth/session-cookie';
import { findMemberByEmail, isRecoverable, loginFailuresKey, type MemberRow } from './accounts';
import { verifyPassword } from '../auth/passwords';
import { type DeviceOwner, rememberDevice } from '../auth/known-device';
import { failedLogin, loginSucceeded, reserveLoginAttempt } from '../auth/login-attempts';
import { createSession, findSessionMember } from '../auth/sessions';
import { userOf } from '../auth/users';
import { mailScope, sendRecoveryMail } from '../mail/scope';

// Logging in: the JSON login (user.php), the plain form post of /login (worker/ssr/forms.ts), and the session that
// signup, activation and recovery start.

/**
 * Checks e-mail and password and starts the session; throws the answer a failed attempt gets. One place for the
 * JSON login (user.php) and the plain form post of /login before the page's script has arrived (worker/ssr/forms.ts).
 */
export async function logIn(c: AppContext, { email, password }: { email: string; password: string }) {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const db = c.env.DB;
  const member = await findMemberByEmail(db, tenant.id, email);
  const attempt = await reserveLoginAttempt(
    c,
    db,
    { ip: `${tenant.id}:login:ip:${clientIp(c)}`, account: loginFailuresKey(tenant.id, email) },
    member && deviceOwner(member),
    now,
  );

  const ok = await verifyPassword(member?.password_hash ?? null, password);
  const recoverable = ok && member !== null && isRecoverable(member, now);
  if (!member || !ok || (member.status === 'deleted' && !recoverable)) {
    // The attempt that took the account's last slot also started its lockout.
    throw failedLogin(attempt, now, new ApiFailure(401, 'login_failed', 'errors.login_failed'));
  }
  await db.batch(await loginSucceeded(c, db, attempt));
  if (recoverable) {
    // Issue 18 item 7: the right password for an account deleted less than 14 days ago says so and mails the
    // recovery link (the same mail as the deletion's), at most a few times an hour however often they try.
    await sendRecoveryMail(mailScope(c), member.id, member.email, member.language, member.status, { capped: true });
    throw new ApiFailure(409, 'account_deleted', 'errors.account_deleted');
  }
  // Told only to whoever knows the password: a blocked account is not revealed to someone guessing addresses.
  if (member.blocked_at) throw accountBlocked();
  return startSession(c, member.id);
}

/**
 * This browser has just set the account's password (signup, a reset link, a change in the settings): like a login,
 * it is known to the account from now on, so a stranger's failed logins do not lock it out (known-device.ts).
 */
export function rememberPasswordBrowser(c: AppContext, member: Pick<MemberRow, 'id' | 'email' | 'password_hash'>): Promise<void> {
  return rememberDevice(c, loginFailuresKey(c.get('tenant').id, member.email), deviceOwner(member));
}

/** The account a known browser's proof is bound to: its id and its password as it is now. */
const deviceOwner = (member: Pick<MemberRow, 'id' | 'password_hash'>): DeviceOwner => ({
  id: member.id,
  passwordHash: member.password_hash,
});

/** SPEC.md's blocked-account message: the brand's admin blocked the account (back office). */
function accountBlocked(): ApiFailure {
  return new ApiFailure(403, 'account_blocked', 'errors.account_blocked');
}

/** Logs the member in on this browser: a new session and its cookie. Used by login, signup and recovery. */
/**
 * A mailed link's login (activation, account recovery, a notification mail's login link): its member is logged in,
 * but another member's session in this browser is never replaced. A GET link carries no CSRF proof, so a link someone
 * sends on purpose (their own activation link) must not swap a logged-in member into the sender's account. Answers
 * whether a session was started (false: a member is logged in here already, the link's own or another, and stays).
 */
export async function startSessionFromLink(c: AppContext, memberId: number): Promise<boolean> {
  if (c.get('member')) return false;
  await startSession(c, memberId);
  return true;
}

export async function startSession(c: AppContext, memberId: number) {
  const token = await createSession(c.env.DB, c.get('tenant').id, memberId, c.get('now'));
  setSessionCookie(c, token);
  const session = await findSessionMember(c.env.DB, c.get('tenant').id, token, c.get('now'));
  // A session of a blocked account does not count (e.g. its activation or recovery link used after the block).
  if (!session) throw accountBlocked();
  return userOf(c.get('tenant'), session);
}
