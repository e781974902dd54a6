import { Hono } from 'hono';
import { clientIp, type AppContext, type AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { verifyPassword } from '../auth/passwords';
import { failedLogin, loginSucceeded, reserveLoginAttempt } from '../auth/login-attempts';
import { consumeTotpStep, findStaffByEmail, type StaffAccount } from './accounts';
import { revokeOwnSession } from './own-sessions';
import { auditStatement, clearStaffCookie, findStaffSession, setStaffCookie, staffSessionStatement } from '../auth/staff-session';
import { openTotpSecret, verifyTotp } from './totp';
import { staffMe } from './me';
import { closeSessionSockets } from '../live/staff-queue-notify';
import { staffDb } from '../db/request-db';
import { staffOperation } from './operation';

/** POST login.php and logout.php of the staff workspace (docs/api/staff.md "Accounts and sign-in"). */
export const staffAuthRoutes = new Hono<AppEnv>();

type Refusal = 'unknown' | 'disabled' | 'not_set_up' | 'password' | 'otp' | 'otp_replayed';

staffOperation(staffAuthRoutes, 'post', '/api/staff/login.php', async (c, { body: { email, password, otp } }) => {
  const now = c.get('now');
  const db = staffDb(c.env);

  // The members' lockout (worker/auth/login-attempts.ts). Staff accounts belong to the deployment, not to a
  // brand, so the keys carry no brand: guesses spread over the brands' hosts share one count.
  const staff = await findStaffByEmail(db, email);
  const attempt = await reserveLoginAttempt(
    c,
    db,
    { ip: `staff:login:ip:${clientIp(c)}`, account: `staff:login:account:${email}` },
    staff && { id: staff.id, passwordHash: staff.password_hash },
    now,
  );

  const refusal = await check(c, staff, password, otp);
  if (refusal) {
    // One answer whatever was wrong; the audit log (read by owners) says what it was.
    await auditStatement(db, {
      staffId: staff?.id ?? null,
      brand: null,
      action: 'login_failed',
      detail: {
        reason: refusal,
        host_brand: c.get('tenant').id,
        ...(staff ? {} : { email }),
        ...(attempt.blockedUntil ? { locked_until: attempt.blockedUntil.toISOString() } : {}),
      },
      now,
    }).run();
    throw failedLogin(attempt, now, new ApiFailure(401, 'staff_login_failed', 'errors.staff_login_failed'));
  }

  const session = await staffSessionStatement(c, staff!.id);
  await db.batch([
    session.statement,
    auditStatement(db, {
      staffId: staff!.id,
      brand: null,
      action: 'login',
      targetType: 'session',
      targetId: session.publicId,
      detail: { host_brand: c.get('tenant').id },
      now,
    }),
    ...(await loginSucceeded(c, db, attempt)),
  ]);
  setStaffCookie(c, session.token);
  const signedIn = await findStaffSession(db, session.token, now);
  return { staff: staffMe(signedIn!) };
});

/**
 * All three factors, in an order that keeps timing flat: the password hash is always computed (verifyPassword
 * spends the time without a stored hash too), the code is checked only after the password was right, and its step
 * is used up only when everything else was.
 */
async function check(c: AppContext, staff: StaffAccount | null, password: string, otp: string): Promise<Refusal | null> {
  const passwordOk = await verifyPassword(staff?.password_hash ?? null, password);
  if (!staff) return 'unknown';
  if (!staff.password_hash || !staff.totp_secret) return 'not_set_up';
  if (!passwordOk) return 'password';
  if (staff.status !== 'active') return 'disabled';
  const secret = await openTotpSecret(c.env.APP_SECRET, staff.id, staff.totp_secret);
  const step = secret ? verifyTotp(secret, otp, c.get('now')) : null;
  if (step === null) return 'otp';
  if (!(await consumeTotpStep(staffDb(c.env), staff.id, step))) return 'otp_replayed';
  return null;
}

// POST only (same-origin by the CSRF middleware): a link or an image on another site cannot end a staff session.
staffOperation(staffAuthRoutes, 'post', '/api/staff/logout.php', async (c, { staff }) => {
  if (staff) {
    await revokeOwnSession(staffDb(c.env), staff, c.get('now'));
    c.executionCtx.waitUntil(closeSessionSockets(c.env, staff, staff.publicId ? { session: staff.publicId } : { allBut: null }));
  }
  clearStaffCookie(c);
  return { ok: true };
});
