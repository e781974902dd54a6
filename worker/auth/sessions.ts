import { base64url, sha256Hex } from '../../core/encoding';
import type { LeftJoined, Tables } from '../db/tables';

/** The member behind a session, as the rest of the worker needs it. */
export interface SessionMember {
  id: number;
  tenantId: string;
  email: string;
  status: 'not_confirmed' | 'confirmed';
  credits: number;
  paidUser: boolean;
  language: string | null;
  signupDate: string;
  notificationsDisabled: string[];
  invisible: boolean;
  signupStep: string;
  passwordHash: string | null;
  profileId: number;
  /** profiles.last_active as the request found it (the session refreshes it: worker/auth/last-active.ts). */
  lastActive: string;
  /** The member's own profile as it was when the request began (the navigation's name and photo, the search's defaults). */
  profile: OwnProfile;
  /** Whether any block involves the member (the search then leaves those profiles out). */
  hasBlocks: boolean;
  /** members.currency as stored (null: decided from the profile's country, core/rules/currency.ts). */
  currency: string | null;
  tokenHash: string;
}

export interface OwnProfile {
  name: string;
  gender: 'male' | 'female';
  sexuality: string;
  country: string;
  region: string | null;
  city: string | null;
  status: string;
  /** The main photo, only when it is 'active'. */
  mainImage: { filename: string; thumb_filename: string } | null;
  /** A main photo exists but waits for review (not shown to others yet). */
  photoPending: boolean;
  /** YYYY-MM-DD: the member's age shapes their default age band (core/rules/relevance.ts). */
  birthdate: string;
  /** The age band the member chose (null: the default around their age). */
  seekMinAge: number | null;
  seekMaxAge: number | null;
}

/**
 * The own-profile columns of a member's profile `p` (its active main photo joined as `ph`): read with the session,
 * so that a page needs no second round trip for the navigation or the search defaults.
 */
export const OWN_PROFILE_COLUMNS = `p.name AS profile_name, p.gender, p.sexuality, p.country, p.region, p.status AS profile_status,
  ph.filename, ph.thumb_filename, p.main_photo_id IS NOT NULL AS has_photo, p.city, p.birthdate, p.seek_min_age, p.seek_max_age`;
export const ACTIVE_MAIN_PHOTO_JOIN =
  "LEFT JOIN photos ph ON ph.id = p.main_photo_id AND ph.tenant_id = p.tenant_id AND ph.status = 'active'";

/** A row of OWN_PROFILE_COLUMNS. */
export type OwnProfileRow = Pick<
  Tables['profiles'],
  'gender' | 'sexuality' | 'country' | 'region' | 'city' | 'birthdate' | 'seek_min_age' | 'seek_max_age'
> & {
  gender: 'male' | 'female';
  profile_name: Tables['profiles']['name'];
  profile_status: Tables['profiles']['status'];
  has_photo: number;
} & LeftJoined<Pick<Tables['photos'], 'filename' | 'thumb_filename'>>;

export function ownProfileOf(row: OwnProfileRow): OwnProfile {
  return {
    name: row.profile_name,
    gender: row.gender,
    sexuality: row.sexuality,
    country: row.country,
    region: row.region,
    city: row.city,
    status: row.profile_status,
    mainImage: row.filename && row.thumb_filename ? { filename: row.filename, thumb_filename: row.thumb_filename } : null,
    // profiles.main_photo_id names a pending or active photo (worker/photos/store.ts); without the active join's
    // file it is one waiting for review.
    photoPending: row.has_photo === 1 && !row.filename,
    birthdate: row.birthdate,
    seekMinAge: row.seek_min_age,
    seekMaxAge: row.seek_max_age,
  };
}

/** Session tokens are stored only as their SHA-256, so a leaked table does not leak sessions. */
export async function hashToken(token: string): Promise<string> {
  return sha256Hex(token);
}

/** A new random 256-bit token, base64url. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return base64url(bytes);
}

type Row = OwnProfileRow &
  Pick<
    Tables['members'],
    | 'id'
    | 'email'
    | 'status'
    | 'credits'
    | 'paid_user'
    | 'language'
    | 'currency'
    | 'signup_date'
    | 'notifications_disabled'
    | 'invisible'
    | 'signup_step'
    | 'password_hash'
  > &
  Pick<Tables['profiles'], 'last_active'> & { profile_id: Tables['profiles']['id']; has_blocks: number };

/**
 * The session `s` and its member `m` (joined on id and brand) are live at `now` (a parameter such as '?3'): not
 * revoked or expired, and the member is neither deleted nor blocked. A send over the live socket checks it in
 * its batch (worker/chat/send.ts): the socket outlives the request that opened it.
 */
export function liveSession(now: string): string {
  return `s.revoked_at IS NULL AND s.expires_at > ${now} AND m.status != 'deleted' AND m.blocked_at IS NULL`;
}

/** Finds the live session's member in this brand; revoked, expired, deleted or foreign sessions give null. */
export async function findSessionMember(db: D1Database, tenantId: string, token: string, now: Date): Promise<SessionMember | null> {
  if (token.length < 20 || token.length > 100) return null;
  const tokenHash = await hashToken(token);
  const row = await db
    .prepare(
      `SELECT m.id, m.email, m.status, m.credits, m.paid_user, m.language, m.signup_date, m.notifications_disabled,
              m.invisible, m.signup_step, m.password_hash, m.currency, p.id AS profile_id, p.last_active, ${OWN_PROFILE_COLUMNS},
              EXISTS (SELECT 1 FROM blocks WHERE blocker_id = m.id AND tenant_id = m.tenant_id)
                OR EXISTS (SELECT 1 FROM blocks WHERE blocked_profile_id = p.id AND tenant_id = m.tenant_id) AS has_blocks
         FROM sessions s JOIN members m ON m.id = s.member_id AND m.tenant_id = s.tenant_id
         JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id
         ${ACTIVE_MAIN_PHOTO_JOIN}
        WHERE s.token_hash = ?1 AND s.tenant_id = ?2 AND ${liveSession('?3')}`,
    )
    .bind(tokenHash, tenantId, now.toISOString())
    .first<Row>();
  if (!row) return null;
  return {
    id: row.id,
    tenantId,
    email: row.email,
    status: row.status === 'confirmed' ? 'confirmed' : 'not_confirmed',
    credits: row.credits,
    paidUser: row.paid_user === 1,
    language: row.language,
    signupDate: row.signup_date,
    notificationsDisabled: JSON.parse(row.notifications_disabled) as string[],
    invisible: row.invisible === 1,
    signupStep: row.signup_step,
    passwordHash: row.password_hash,
    profileId: row.profile_id,
    lastActive: row.last_active,
    profile: ownProfileOf(row),
    hasBlocks: row.has_blocks === 1,
    currency: row.currency,
    tokenHash,
  };
}

const SESSION_MS = 30 * 86_400_000;

/** Starts a session: a new random token, stored hashed. Returns the token for the cookie. */
export async function createSession(db: D1Database, tenantId: string, memberId: number, now: Date): Promise<string> {
  const token = newToken();
  await db
    .prepare('INSERT INTO sessions (token_hash, tenant_id, member_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
    .bind(await hashToken(token), tenantId, memberId, now.toISOString(), new Date(now.getTime() + SESSION_MS).toISOString())
    .run();
  return token;
}

/** Ends one session (logout). */
export async function revokeSession(db: D1Database, tenantId: string, tokenHash: string, now: Date): Promise<void> {
  await db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND tenant_id = ?')
    .bind(now.toISOString(), tokenHash, tenantId)
    .run();
}

/** Ends every session of a member, or every one but `keepTokenHash` (after a password or e-mail change). */
export async function revokeSessions(db: D1Database, tenantId: string, memberId: number, now: Date, keepTokenHash?: string): Promise<void> {
  await db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE tenant_id = ? AND member_id = ? AND revoked_at IS NULL AND token_hash != ?')
    .bind(now.toISOString(), tenantId, memberId, keepTokenHash ?? '')
    .run();
}
