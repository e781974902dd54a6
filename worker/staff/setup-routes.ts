import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { refuseCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import { clearStatement, reserve } from '../auth/rate-limit';
import { completeSetupStatement, enrolmentSecret, findStaffBySetupToken, setupDoneGuard } from './accounts';
import { staffMe } from './me';
import { auditStatement, findStaffSession, setStaffCookie, staffSessionStatement } from '../auth/staff-session';
import { openTotpSecret, totpEnrolment, verifyTotp } from './totp';
import { staffDb } from '../db/request-db';
import { namedBatch } from '../db/batch';
import { staffOperation } from './operation';

/**
 * The one-time setup link (`/staff/setup?token=…`, made by `npm run staff -- add`): GET shows the TOTP secret and
 * its QR code while the link is valid; POST sets the password, confirms the authenticator with a first code, kills
 * the link and signs in. Until then the account has no password and cannot log in.
 */
export const staffSetupRoutes = new Hono<AppEnv>();

// Wrong codes on one link: the token is unguessable, but whoever holds it should still not try codes for ever.
const SETUP_TRIES = { limit: 10, windowSeconds: 900 };

const invalidLink = () => new ApiFailure(404, 'staff_setup_invalid', 'errors.staff_setup_invalid');

staffOperation(staffSetupRoutes, 'get', '/api/staff/setup.php', async (c, { query }) => {
  const staff = await findStaffBySetupToken(staffDb(c.env), query.token, c.get('now'));
  if (!staff) throw invalidLink();
  const secret = await enrolmentSecret(staffDb(c.env), c.env.APP_SECRET, staff);
  if (!secret) throw invalidLink();
  const { uri, qrSvg } = totpEnrolment(secret, `${c.get('tenant').settings.name} staff`, staff.email);
  return { email: staff.email, name: staff.name, qr_svg: qrSvg, secret, otpauth_uri: uri };
});

staffOperation(staffSetupRoutes, 'post', '/api/staff/setup.php', async (c, { body: { token, password, otp } }) => {
  const db = staffDb(c.env);
  const now = c.get('now');
  const staff = await findStaffBySetupToken(db, token, now);
  if (!staff) throw invalidLink();

  const triesKey = `staff:setup:${staff.id}`;
  const tries = await reserve(db, triesKey, SETUP_TRIES, now);
  if (!tries.allowed) {
    c.header('Retry-After', String(tries.retryAfter));
    throw new ApiFailure(429, 'rate_limited', 'errors.rate_limited', undefined, { minutes: Math.ceil(tries.retryAfter / 60) });
  }
  await refuseCommonPassword(password);
  const secret = staff.totp_secret ? await openTotpSecret(c.env.APP_SECRET, staff.id, staff.totp_secret) : null;
  const step = secret ? verifyTotp(secret, otp, now) : null;
  if (step === null) throw new ApiFailure(400, 'staff_otp_wrong', 'errors.staff_otp_wrong', { otp: 'errors.staff_otp_wrong' });

  // One batch: the link dies with the update that sets the password (only if it is still the same, valid link:
  // of two parallel posts one wins), and the session and the audit row exist only if that update went through.
  const passwordHash = await hashPassword(password);
  const done = setupDoneGuard(staff.id, passwordHash);
  const session = await staffSessionStatement(c, staff.id, done);
  const { update } = await namedBatch(db, [
    ['update', completeSetupStatement(db, staff, passwordHash, step, now)],
    [null, session.statement],
    [
      null,
      auditStatement(db, {
        staffId: staff.id,
        brand: null,
        action: 'setup_completed',
        targetType: 'staff',
        targetId: staff.id,
        detail: { host_brand: c.get('tenant').id },
        now,
        guard: done,
      }),
    ],
    [null, clearStatement(db, triesKey)],
  ]);
  if (update.meta.changes !== 1) throw invalidLink();
  setStaffCookie(c, session.token);
  const signedIn = await findStaffSession(db, session.token, now);
  return { staff: staffMe(signedIn!) };
});
