import { env } from 'cloudflare:test';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '../../core/schemas/staff';
import { hashPassword } from '../../worker/auth/passwords';
import { hashToken, newToken } from '../../worker/auth/sessions';
import { newTotpSecret, sealTotpSecret } from '../../worker/staff/totp';
import { staffApi } from './staff-helpers';

let next = 1;
export const STAFF_PASSWORD = 'Quiet-harbour-2026';

/** The code an authenticator app shows at `at` (default: now). */
export function codeAt(secret: string, at: Date = new Date()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

/** A time inside the current 30 s step, a few steps from now, so tests can use distinct codes with X-Debug-Now. */
export function stepTime(offsetSteps = 0): Date {
  const step = Math.floor(Date.now() / 30_000) + offsetSteps;
  return new Date(step * 30_000 + 10_000);
}

export interface SignableStaff {
  id: number;
  email: string;
  password: string;
  secret: string;
}

/** A staff member who has completed the setup: password (argon2id) and an encrypted TOTP secret, as the worker stores them. */
export async function createSignableStaff(roles: { brand: string; role: StaffRole }[], name = `Signable ${next}`): Promise<SignableStaff> {
  const id = 80_000 + next++;
  const email = `signable${id}@test.example`;
  const secret = newTotpSecret();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO staff (id, email, name, password_hash, totp_secret, status, created_at) VALUES (?, ?, ?, ?, ?, 'active', ?)",
    ).bind(
      id,
      email,
      name,
      await hashPassword(STAFF_PASSWORD),
      await sealTotpSecret((env as Env).APP_SECRET, id, secret),
      new Date().toISOString(),
    ),
    ...roles.map((r) => env.DB.prepare('INSERT INTO staff_roles (staff_id, brand, role) VALUES (?, ?, ?)').bind(id, r.brand, r.role)),
  ]);
  return { id, email, password: STAFF_PASSWORD, secret };
}

/** A staff member as `npm run staff -- add` leaves them: no password, no secret, a setup link valid for `hours`. */
export async function createSetupLink(
  roles: { brand: string; role: StaffRole }[],
  hours = 72,
): Promise<{ id: number; email: string; token: string }> {
  const id = 85_000 + next++;
  const email = `newstaff${id}@test.example`;
  const token = newToken();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO staff (id, email, name, status, setup_token_hash, setup_expires_at, created_at) VALUES (?, ?, ?, 'active', ?, ?, ?)",
    ).bind(id, email, `New ${id}`, await hashToken(token), new Date(now + hours * 3_600_000).toISOString(), new Date(now).toISOString()),
    ...roles.map((r) => env.DB.prepare('INSERT INTO staff_roles (staff_id, brand, role) VALUES (?, ?, ?)').bind(id, r.brand, r.role)),
  ]);
  return { id, email, token };
}

export interface LoginOptions {
  at?: Date;
  ip?: string;
  userAgent?: string;
  host?: string;
}

/** POST login.php with the three factors (the code of `at` unless given). */
export function staffLogin(
  staff: { email: string; password: string; secret: string },
  { at, ip, userAgent, host = 'flirtlokaal' }: LoginOptions = {},
  override: Partial<{ email: string; password: string; otp: string }> = {},
) {
  const when = at ?? new Date();
  return staffApi(host, 'POST', 'login.php', {
    body: { email: staff.email, password: staff.password, otp: codeAt(staff.secret, when), ...override },
    headers: {
      'X-Debug-Now': when.toISOString(),
      'CF-Connecting-IP': ip ?? `10.1.${next % 250}.${Math.floor(Math.random() * 250)}`,
      ...(userAgent ? { 'User-Agent': userAgent } : {}),
    },
  });
}

/** The `name=value` part of the staff cookie a response sets. */
export function staffCookieOf(res: Response): string {
  const header = res.headers.getSetCookie().find((h) => h.startsWith('staff_session='));
  if (!header) throw new Error('no staff_session cookie');
  return header.split(';')[0];
}

export async function auditRows(
  staffId: number | null,
  action?: string,
): Promise<{ action: string; detail: string | null; brand: string | null }[]> {
  const { results } = await env.DB.prepare(
    `SELECT action, detail, brand FROM staff_audit WHERE staff_id IS ? ${action ? 'AND action = ?' : ''} ORDER BY id`,
  )
    .bind(...(action ? [staffId, action] : [staffId]))
    .all<{ action: string; detail: string | null; brand: string | null }>();
  return results;
}
