import { hashToken } from '../auth/sessions';
import { newTotpSecret, openTotpSecret, sealTotpSecret } from './totp';
import type { Tables } from '../db/tables';

/** Staff accounts as sign-in and setup read them (staff are not members: their own table, migrations/0012). */
export type StaffAccount = Pick<
  Tables['staff'],
  'id' | 'email' | 'name' | 'status' | 'password_hash' | 'totp_secret' | 'totp_last_step'
> & {
  status: 'active' | 'disabled';
};

const COLUMNS = 'id, email, name, status, password_hash, totp_secret, totp_last_step';

export function findStaffByEmail(db: D1Database, email: string): Promise<StaffAccount | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM staff WHERE email = ?`).bind(email).first<StaffAccount>();
}

/** The active staff member whose one-time setup link this is, while it is valid (unused, within 72 hours). */
export async function findStaffBySetupToken(
  db: D1Database,
  token: string,
  now: Date,
): Promise<(StaffAccount & { setup_token_hash: string }) | null> {
  return db
    .prepare(`SELECT ${COLUMNS}, setup_token_hash FROM staff WHERE setup_token_hash = ? AND setup_expires_at > ? AND status = 'active'`)
    .bind(await hashToken(token), now.toISOString())
    .first();
}

/**
 * Records that the code of `step` was used: succeeds only if the step is newer than the last one accepted, in one
 * conditional statement, so a replayed code (or two parallel logins with one code) passes once at most.
 */
export async function consumeTotpStep(db: D1Database, staffId: number, step: number): Promise<boolean> {
  const row = await db
    .prepare('UPDATE staff SET totp_last_step = ?1 WHERE id = ?2 AND (totp_last_step IS NULL OR totp_last_step < ?1) RETURNING id')
    .bind(step, staffId)
    .first();
  return row !== null;
}

/**
 * The staff member's TOTP secret in base32 for the setup page. Made and stored (encrypted) on the first view of the
 * setup link, so the secret never leaves the worker before that: the CLI that makes the link cannot know
 * APP_SECRET in production. Two parallel first views agree on one secret (the conditional UPDATE keeps the first).
 */
export async function enrolmentSecret(db: D1Database, appSecret: string | undefined, staff: StaffAccount): Promise<string | null> {
  const stored = staff.totp_secret;
  const opened = stored ? await openTotpSecret(appSecret, staff.id, stored) : null;
  if (opened) return opened;
  // None yet, or one that no longer opens (APP_SECRET was changed): it was never confirmed, so a new one is safe.
  const sealed = await sealTotpSecret(appSecret, staff.id, newTotpSecret());
  await db.prepare('UPDATE staff SET totp_secret = ?1 WHERE id = ?2 AND totp_secret IS ?3').bind(sealed, staff.id, stored).run();
  const row = await db.prepare('SELECT totp_secret FROM staff WHERE id = ?').bind(staff.id).first<Pick<Tables['staff'], 'totp_secret'>>();
  return row?.totp_secret ? openTotpSecret(appSecret, staff.id, row.totp_secret) : null;
}

/**
 * The setup's one statement that sets the password and the first accepted TOTP step and kills the link: only while
 * it is still the same valid link of an active account, so of two parallel setups one wins (changes = 1).
 */
export function completeSetupStatement(
  db: D1Database,
  staff: StaffAccount & { setup_token_hash: string },
  passwordHash: string,
  step: number,
  now: Date,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE staff SET password_hash = ?, totp_last_step = ?, setup_token_hash = NULL, setup_expires_at = NULL
        WHERE id = ? AND setup_token_hash = ? AND setup_expires_at > ? AND status = 'active'`,
    )
    .bind(passwordHash, step, staff.id, staff.setup_token_hash, now.toISOString());
}

/** Holds once the setup's update went through (the password is set): the session and the audit row depend on it. */
export function setupDoneGuard(staffId: number, passwordHash: string): { sql: string; params: unknown[] } {
  return { sql: 'EXISTS (SELECT 1 FROM staff WHERE id = ? AND password_hash = ?)', params: [staffId, passwordHash] };
}
