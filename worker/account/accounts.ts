import { defaultAgeBand } from '../../core/rules/relevance';
import { ageOn } from '../../core/rules/age';
import { signupCurrency } from '../../core/rules/currency';
import { ACCOUNT_RECOVERY_DAYS } from '../../core/constants';
import type { SignupStep } from '../../core/schemas/account';
import type { Tenant } from '../../core/schemas/tenant';
import { ApiFailure } from '../errors';
import { namedBatch, rows, writeOnly } from '../db/batch';
import { ledgerEntry } from '../db/ledger';
import { hashPassword } from '../auth/passwords';
import type { Tables } from '../db/tables';

// Member rows as the account flows need them. Every statement is scoped to the brand.

/** `blocked_at` is set while a brand's admin has blocked the account (back office): no login, no session. */
export type MemberRow = Pick<
  Tables['members'],
  | 'id'
  | 'email'
  | 'status'
  | 'password_hash'
  | 'language'
  | 'deleted_at'
  | 'signup_step'
  | 'notification_prefs'
  | 'email_disabled_reason'
  | 'invisible'
  | 'blocked_at'
> & { status: 'not_confirmed' | 'confirmed' | 'deleted'; signup_step: SignupStep };

const MEMBER_COLUMNS =
  'id, email, status, password_hash, language, deleted_at, signup_step, notification_prefs, email_disabled_reason, invisible, blocked_at';

export function findMemberByEmail(db: D1Database, tenantId: string, email: string): Promise<MemberRow | null> {
  return db.prepare(`SELECT ${MEMBER_COLUMNS} FROM members WHERE tenant_id = ? AND email = ?`).bind(tenantId, email).first<MemberRow>();
}

export function findMemberById(db: D1Database, tenantId: string, id: number): Promise<MemberRow | null> {
  return db.prepare(`SELECT ${MEMBER_COLUMNS} FROM members WHERE tenant_id = ? AND id = ?`).bind(tenantId, id).first<MemberRow>();
}

/** The member's saved language (user.php PUT). */
export async function setMemberLanguage(db: D1Database, tenantId: string, memberId: number, language: string): Promise<void> {
  await db.prepare('UPDATE members SET language = ? WHERE id = ? AND tenant_id = ?').bind(language, memberId, tenantId).run();
}

/** Whether a deleted account can still be restored (SPEC.md §4: 14 days). */
export function isRecoverable(member: Pick<MemberRow, 'status' | 'deleted_at'>, now: Date): boolean {
  return (
    member.status === 'deleted' &&
    member.deleted_at !== null &&
    now.getTime() - Date.parse(member.deleted_at) < ACCOUNT_RECOVERY_DAYS * 86_400_000
  );
}

const SEXUALITY = {
  male: { female: 'hetero', male: 'gay', both: 'bi' },
  female: { male: 'hetero', female: 'lesbian', both: 'bi' },
} as const;

export interface NewMember {
  email: string;
  name: string;
  password: string;
  dateOfBirth: string;
  gender: 'male' | 'female';
  lookingFor: 'male' | 'female' | 'both';
  country: string;
  language: string;
  trafficSource: string | null;
  inviteCode: string | null;
  signupMessage: string | null;
  /** The signup's marketing box (unticked unless the member ticked it): turns marketing e-mail (`news`) on. */
  marketing: boolean;
  /** The consent log's rows for the new member (worker/auth/consents.ts), written in the same batch. */
  consents: (memberId: number) => D1PreparedStatement[];
}

/** Member ids the product gives out: below the demo seed's profile blocks (brand n owns n * 10 000 000 + 1..). */
export const MEMBER_IDS = { first: 1, last: 9_999_999 } as const;

/**
 * Creates the member and its profile (one id for both). The database picks the id inside the INSERT itself, the
 * next one in the members' range: one statement, so concurrent signups cannot take the same id (no read-then-write,
 * no retries). Not the bare rowid: bench and test data hold member ids above the range, and a rowid after them
 * would land in the seed's profile blocks. The profile starts disabled and unsearchable until the e-mail is
 * confirmed. The signup credits and the consent log (statements that take the id as a number) follow in a second
 * batch; if that fails, it wrote nothing and the account is removed again, so no member exists without them.
 */
export async function createMember(db: D1Database, tenant: Tenant, input: NewMember, now: Date): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  const nowIso = now.toISOString();
  let created: { member: D1Result<Pick<MemberRow, 'id'>> };
  try {
    created = await namedBatch(db, [
      ['member', insertMember(db, tenant, input, passwordHash, nowIso)],
      [null, insertProfile(db, tenant, input, nowIso)],
    ]);
  } catch (error) {
    if (/members\.tenant_id, members\.email|members_email/.test(String(error)))
      throw new ApiFailure(409, 'email_taken', 'validation.email_taken', { email: 'validation.email_taken' });
    throw error;
  }
  const first: Pick<MemberRow, 'id'> | undefined = created.member.results[0];
  const id = first?.id;
  if (id === undefined) throw new Error('member id space below the seed blocks is exhausted');
  try {
    const follow = signupFollowUps(db, tenant, input, id, now);
    if (follow.length) await db.batch(follow);
  } catch (error) {
    await removeNewMember(db, tenant.id, id);
    throw error;
  }
  return id;
}

/** The member's row, its id the next free one in MEMBER_IDS (none when the range is full), answered by RETURNING. */
function insertMember(db: D1Database, tenant: Tenant, input: NewMember, passwordHash: string, nowIso: string) {
  return rows<Pick<MemberRow, 'id'>>(
    db
      .prepare(
        `INSERT INTO members (id, tenant_id, email, password_hash, status, credits, paid_user, language, signup_date, signup_step,
                              traffic_source, invite_code, created_at, password_changed_at, notification_prefs, currency)
         SELECT COALESCE(MAX(id), ?1 - 1) + 1, ?3, ?4, ?5, 'not_confirmed', 0, 0, ?6, ?7, 'photo', ?8, ?9, ?7, ?7, ?10, ?11
           FROM members WHERE id BETWEEN ?1 AND ?2 HAVING COALESCE(MAX(id), ?1 - 1) < ?2
         RETURNING id`,
      )
      .bind(
        MEMBER_IDS.first,
        MEMBER_IDS.last,
        tenant.id,
        input.email,
        passwordHash,
        input.language,
        nowIso,
        input.trafficSource,
        input.inviteCode,
        JSON.stringify(input.marketing ? { email: { news: true } } : {}),
        // Decided once, from the signup country (issue 46, item 4); only the member changes it later.
        signupCurrency(tenant.payments.countries, input.country),
      ),
  );
}

/** The member's profile under the same id (found by the new row's e-mail), disabled and unsearchable until confirmed. */
function insertProfile(db: D1Database, tenant: Tenant, input: NewMember, nowIso: string) {
  return db
    .prepare(
      `INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, about, status, searchable, last_active, created_at,
                             seek_min_age, seek_max_age)
         SELECT id, tenant_id, id, ?3, ?4, ?5, ?6, ?7, ?8, 'disabled', 0, ?9, ?9, ?10, ?11 FROM members WHERE tenant_id = ?1 AND email = ?2`,
    )
    .bind(
      tenant.id,
      input.email,
      input.name,
      input.gender,
      SEXUALITY[input.gender][input.lookingFor],
      input.dateOfBirth,
      input.country,
      input.signupMessage,
      nowIso,
      // The age band the member's search opens with: around their own age, inside the brand's (issue 46, item 1).
      ...bandAtSignup(tenant, input.dateOfBirth, nowIso),
    );
}

function bandAtSignup(tenant: Tenant, dateOfBirth: string, nowIso: string): [number, number] {
  const band = defaultAgeBand(ageOn(dateOfBirth, new Date(nowIso)), tenant.age_band ?? null);
  return [band.min, band.max];
}

/** What takes the new id as a number: the brand's signup credits (if any) and the consent log. */
function signupFollowUps(db: D1Database, tenant: Tenant, input: NewMember, id: number, now: Date): D1PreparedStatement[] {
  return [
    ...(tenant.settings.signup_credits > 0
      ? [
          ledgerEntry(db, {
            tenantId: tenant.id,
            memberId: id,
            delta: tenant.settings.signup_credits,
            reason: 'signup',
            ref: 'signup',
            now,
          }),
        ]
      : []),
    ...input.consents(id),
  ];
}

function removeNewMember(db: D1Database, tenantId: string, id: number) {
  return db.batch([
    db.prepare('DELETE FROM profiles WHERE id = ? AND tenant_id = ?').bind(id, tenantId),
    db.prepare('DELETE FROM members WHERE id = ? AND tenant_id = ?').bind(id, tenantId),
  ]);
}

/** Uses an invitation code of the brand once; false when it does not exist, is used up or expired. */
export async function redeemInviteCode(db: D1Database, tenantId: string, code: string, now: Date): Promise<boolean> {
  const result = await db
    .prepare(
      'UPDATE invite_codes SET uses_left = uses_left - 1 WHERE tenant_id = ? AND code = ? AND uses_left > 0 AND (expires_at IS NULL OR expires_at > ?)',
    )
    .bind(tenantId, code, now.toISOString())
    .run();
  return result.meta.changes === 1;
}

/** Confirms the e-mail: the profile becomes active and, unless invisible, searchable; activated_at dates it (figures). */
export async function activateMember(db: D1Database, tenantId: string, memberId: number, now: Date): Promise<void> {
  await db.batch([
    db
      .prepare(
        `UPDATE members SET status = 'confirmed', activated_at = ?, signup_step = CASE WHEN signup_step = 'check_email' THEN 'complete' ELSE signup_step END
        WHERE id = ? AND tenant_id = ? AND status = 'not_confirmed'`,
      )
      .bind(now.toISOString(), memberId, tenantId),
    db
      .prepare(
        `UPDATE profiles SET status = 'active', searchable = (SELECT invisible = 0 FROM members WHERE id = ?1) AND visibility_limited_at IS NULL
        WHERE member_id = ?1 AND tenant_id = ?2`,
      )
      .bind(memberId, tenantId),
  ]);
}

/** The rate-limit key of an account's failed logins (its lockout); a new password deletes it. */
export const loginFailuresKey = (tenantId: string, email: string) => `${tenantId}:login:acct:${email}`;

/** Links that a new password or e-mail address ends: whoever asked for them before the change has no say after it. */
const LINKS_ENDED_BY_CHANGE = "('password_reset', 'mail_change')";

export interface NewPassword {
  tenantId: string;
  memberId: number;
  password: string;
  now: Date;
  /** A reset: the password is only set while this reset link (its jti) is unused and unexpired. */
  resetJti?: string;
  /** A change: only while the stored hash is still the one the old password was checked against. */
  expectHash?: string | null;
  /** The session that stays; every other one ends. */
  keepSessionHash?: string;
}

/**
 * Sets a new password and, in the same batch, ends every open reset and e-mail change link of the member, every
 * other session and the login lockout. The first statement decides (the link is unused, or the hash unchanged); the
 * others follow only where the member's hash is now the new one: a fresh salt makes it this request's alone. So of
 * two links used at once only one sets a password, and the other finds itself ended. False when it was not set.
 */
export async function replacePassword(db: D1Database, input: NewPassword): Promise<boolean> {
  const { tenantId, memberId } = input;
  const hash = await hashPassword(input.password);
  const nowIso = input.now.toISOString();
  const ours = 'EXISTS (SELECT 1 FROM members WHERE id = ?1 AND tenant_id = ?2 AND password_hash = ?3)';
  const { set } = await namedBatch(db, [
    [
      'set',
      db
        .prepare(
          `UPDATE members SET password_hash = ?3, password_changed_at = ?4 WHERE id = ?1 AND tenant_id = ?2 AND status != 'deleted'
         AND (?5 IS NULL OR EXISTS (SELECT 1 FROM one_time_tokens WHERE jti = ?5 AND tenant_id = ?2 AND member_id = ?1
                                     AND purpose = 'password_reset' AND used_at IS NULL AND expires_at > ?4))
         AND (?6 = 0 OR password_hash IS ?7)`,
        )
        .bind(memberId, tenantId, hash, nowIso, input.resetJti ?? null, input.expectHash === undefined ? 0 : 1, input.expectHash ?? null),
    ],
    [
      null,
      db
        .prepare(
          `UPDATE one_time_tokens SET used_at = ?4 WHERE tenant_id = ?2 AND member_id = ?1 AND purpose IN ${LINKS_ENDED_BY_CHANGE}
         AND used_at IS NULL AND ${ours}`,
        )
        .bind(memberId, tenantId, hash, nowIso),
    ],
    [
      null,
      db
        .prepare(
          `UPDATE sessions SET revoked_at = ?4 WHERE tenant_id = ?2 AND member_id = ?1 AND revoked_at IS NULL AND token_hash != ?5 AND ${ours}`,
        )
        .bind(memberId, tenantId, hash, nowIso, input.keepSessionHash ?? ''),
    ],
    [
      null,
      db
        .prepare(
          `DELETE FROM rate_limits WHERE key = ?4 || (SELECT email FROM members WHERE id = ?1 AND tenant_id = ?2 AND password_hash = ?3)`,
        )
        .bind(memberId, tenantId, hash, loginFailuresKey(tenantId, '')),
    ],
  ]);
  return set.meta.changes === 1;
}

/**
 * Moves the member to a new address and, in the same batch, ends the reset and e-mail change links still open.
 * Null when the address belongs to another account (the unique index refuses it; nothing is written).
 */
export async function changeEmail(db: D1Database, tenantId: string, memberId: number, email: string, now: Date): Promise<boolean | null> {
  try {
    const { moved } = await namedBatch(db, [
      [
        'moved',
        db
          .prepare("UPDATE members SET email = ?3 WHERE id = ?1 AND tenant_id = ?2 AND status != 'deleted'")
          .bind(memberId, tenantId, email),
      ],
      [
        null,
        db
          .prepare(
            `UPDATE one_time_tokens SET used_at = ?4 WHERE tenant_id = ?2 AND member_id = ?1 AND purpose IN ${LINKS_ENDED_BY_CHANGE} AND used_at IS NULL
           AND EXISTS (SELECT 1 FROM members WHERE id = ?1 AND tenant_id = ?2 AND email = ?3 AND status != 'deleted')`,
          )
          .bind(memberId, tenantId, email, now.toISOString()),
      ],
    ]);
    return moved.meta.changes === 1;
  } catch (error) {
    if (/UNIQUE constraint failed/.test(String(error))) return null;
    throw error;
  }
}

/**
 * Deletes softly: hidden everywhere, sessions ended; restorable for 14 days, then purged. Returns the status the
 * account had (for its recovery), or null when it was deleted already. `before` goes first into the same batch (the
 * back office's audit row, guarded on the account not being deleted yet).
 */
export async function softDeleteMember(
  db: D1Database,
  tenantId: string,
  memberId: number,
  reason: string,
  now: Date,
  before: D1PreparedStatement[] = [],
): Promise<string | null> {
  const previous = await db
    .prepare('SELECT status FROM members WHERE id = ? AND tenant_id = ?')
    .bind(memberId, tenantId)
    .first<Pick<Tables['members'], 'status'>>();
  const results = await namedBatch(db, [
    ...writeOnly(before),
    [
      'deleted',
      db
        .prepare(
          `UPDATE members SET status = 'deleted', deleted_at = ?, delete_reason = ? WHERE id = ? AND tenant_id = ? AND status != 'deleted'`,
        )
        .bind(now.toISOString(), reason, memberId, tenantId),
    ],
    [null, db.prepare('UPDATE profiles SET searchable = 0 WHERE member_id = ? AND tenant_id = ?').bind(memberId, tenantId)],
    [
      null,
      db
        .prepare('UPDATE sessions SET revoked_at = ? WHERE member_id = ? AND tenant_id = ? AND revoked_at IS NULL')
        .bind(now.toISOString(), memberId, tenantId),
    ],
  ]);
  // Null: it was deleted already (two deletions at once: only the first deletes, mails and is audited).
  if (results.deleted.meta.changes === 0) return null;
  return previous?.status ?? 'confirmed';
}

/** Restores a soft-deleted account to the status it had. */
export async function restoreMember(db: D1Database, tenantId: string, memberId: number, status: string): Promise<void> {
  const restored = status === 'not_confirmed' ? 'not_confirmed' : 'confirmed';
  await db.batch([
    db
      .prepare(
        `UPDATE members SET status = ?, deleted_at = NULL, delete_reason = NULL WHERE id = ? AND tenant_id = ? AND status = 'deleted'`,
      )
      .bind(restored, memberId, tenantId),
    db
      .prepare(
        `UPDATE profiles SET searchable = (status = 'active' AND (SELECT invisible = 0 FROM members WHERE id = ?1) AND visibility_limited_at IS NULL) WHERE member_id = ?1 AND tenant_id = ?2`,
      )
      .bind(memberId, tenantId),
  ]);
}
