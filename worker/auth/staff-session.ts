import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { STAFF_SESSION_COOKIE } from '../../core/constants';
import { EVERY_BRAND, STAFF_SESSION_HOURS, type StaffRole } from '../../core/schemas/staff';
import type { StaffRoleGrant } from '../../core/schemas/staff-answers';
import type { AppContext, AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { hashToken, newToken } from './sessions';
import { knownTenants } from '../tenants';
import { staffDb } from '../db/request-db';

/**
 * Staff sessions (issue 14): not members. Their own cookie, host-only, HttpOnly, Secure, SameSite=Strict, 12 hours;
 * the token is stored only as its SHA-256. A member's cookie never makes a staff session and this cookie never
 * makes a member: the two middlewares read different cookies.
 */
export const STAFF_COOKIE = STAFF_SESSION_COOKIE;
const COOKIE_OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'Strict' } as const;

import type { StaffSession } from './staff-identity';
import type { Tables } from '../db/tables';

export type { StaffSession };

// roles: a JSON array of the staff member's roles (json_group_array).
type Row = Pick<Tables['staff'], 'id' | 'email' | 'name'> &
  Pick<Tables['staff_sessions'], 'public_id' | 'expires_at'> & { roles: string | null };

export async function findStaffSession(db: D1Database, token: string, now: Date): Promise<StaffSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const tokenHash = await hashToken(token);
  const row = await db
    .prepare(
      `SELECT s.id, s.email, s.name, x.public_id, x.expires_at, (SELECT json_group_array(json_object('brand', r.brand, 'role', r.role)) FROM staff_roles r WHERE r.staff_id = s.id) AS roles
         FROM staff_sessions x JOIN staff s ON s.id = x.staff_id
        WHERE x.token_hash = ? AND x.revoked_at IS NULL AND x.expires_at > ? AND s.status = 'active'`,
    )
    .bind(tokenHash, now.toISOString())
    .first<Row>();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: JSON.parse(row.roles ?? '[]') as StaffRoleGrant[],
    tokenHash,
    publicId: row.public_id,
    expiresAt: row.expires_at,
  };
}

export interface StaffSessionOptions {
  /**
   * Loads the brands made in the workspace into this isolate (worker/brands/runtime.ts loadRuntimeBrands), so that
   * knownTenants() below, and with it every list, picker and brand check of the workspace, has them.
   */
  loadBrands?: (db: D1Database, nowMs: number) => Promise<unknown>;
}

/** Reads the staff cookie into `staff` (or null) for the workspace's pages and API only. */
export function staffSession(options: StaffSessionOptions = {}): MiddlewareHandler<AppEnv> {
  return async function staffSessionMiddleware(c, next) {
    const token = getCookie(c, STAFF_COOKIE);
    const staff = token ? await findStaffSession(staffDb(c.env), token, c.get('now')) : null;
    // The workspace's brands are the files' and the live ones made in the workspace (knownTenants): loaded here, at
    // most one D1 read per isolate and window, so every list, picker and brand check after it sees the same brands.
    if (staff && options.loadBrands) await options.loadBrands(staffDb(c.env), c.get('now').getTime());
    c.set('staff', staff);
    await next();
  };
}

/** A condition for a write in a batch: the row is written only when `sql` holds when the statement runs. */
export interface Guard {
  sql: string;
  params: unknown[];
}

/** A short random public id (the sessions list names a session by it, never by its token's hash). */
function newPublicId(): string {
  return newToken().slice(0, 16);
}

/**
 * The statement that stores a new session (a new random token each time: a login never reuses one) and the token
 * for its cookie; for callers that write the session in one batch with what it belongs to (login, setup). With a
 * guard, the session is stored only if the guard holds (e.g. the setup's conditional update went through).
 */
export async function staffSessionStatement(
  c: AppContext,
  staffId: number,
  guard?: Guard,
): Promise<{ statement: D1PreparedStatement; token: string; publicId: string }> {
  const token = newToken();
  const publicId = newPublicId();
  const now = c.get('now');
  const statement = staffDb(c.env)
    .prepare(
      `INSERT INTO staff_sessions (token_hash, staff_id, created_at, expires_at, user_agent, ip, public_id)
       SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${guard?.sql ?? '1'}`,
    )
    .bind(
      await hashToken(token),
      staffId,
      now.toISOString(),
      new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000).toISOString(),
      c.req.header('user-agent')?.slice(0, 200) ?? null,
      c.req.header('cf-connecting-ip') ?? null,
      publicId,
      ...(guard?.params ?? []),
    );
  return { statement, token, publicId };
}

/** The session cookie: host-only (no Domain), HttpOnly, Secure, SameSite=Strict, 12 hours. */
export function setStaffCookie(c: AppContext, token: string): void {
  setCookie(c, STAFF_COOKIE, token, { ...COOKIE_OPTIONS, maxAge: STAFF_SESSION_HOURS * 3600 });
}

/** Starts a session (at login: a new token each time) and sets its cookie. */
export async function startStaffSession(c: AppContext, staffId: number): Promise<void> {
  const { statement, token } = await staffSessionStatement(c, staffId);
  await statement.run();
  setStaffCookie(c, token);
}

export function clearStaffCookie(c: AppContext): void {
  deleteCookie(c, STAFF_COOKIE, COOKIE_OPTIONS);
}

/** Roles rank: an owner may do everything, an admin everything of the brand, operators and moderators their own part. */
const RANK: Record<StaffRole, number> = { operator: 1, moderator: 1, admin: 2, owner: 3 };

/** The staff member's role on a brand (an owner's '*' counts for every brand), or null. */
export function roleOn(staff: StaffSession, brand: string): StaffRole | null {
  const own = staff.roles.find((r) => r.brand === brand) ?? staff.roles.find((r) => r.brand === EVERY_BRAND);
  return own?.role ?? null;
}

/** Whether the staff member may act as `needed` on the brand: the same role, or a higher one. */
export function may(staff: StaffSession, brand: string, needed: StaffRole): boolean {
  const role = roleOn(staff, brand);
  if (!role) return false;
  return role === needed || RANK[role] > RANK[needed];
}

/** The brands a staff member works on (every brand of the deployment for an owner). */
export function brandsOf(staff: StaffSession): string[] {
  const brands = knownTenants();
  if (staff.roles.some((r) => r.brand === EVERY_BRAND)) return brands.map((t) => t.id);
  return staff.roles.map((r) => r.brand).filter((b) => brands.some((t) => t.id === b));
}

/** The brands on which the staff member may act as `needed`. */
export function brandsWhere(staff: StaffSession, needed: StaffRole): string[] {
  return brandsOf(staff).filter((b) => may(staff, b, needed));
}

/** The signed-in staff member, or 401 (`staff_login_required`). A member's session never counts. */
export function requireStaff(c: AppContext): StaffSession {
  const staff = c.get('staff');
  if (!staff) throw new ApiFailure(401, 'staff_login_required', 'errors.staff_login_required');
  return staff;
}

/** Whether `brand` is a brand of this deployment (a staff role may outlive its brand; an owner's '*' covers any name). */
export const isBrand = (brand: string): boolean => knownTenants().some((t) => t.id === brand);

/**
 * The signed-in staff member who may act as `needed` on `brand`. A brand that does not exist answers 404 for every
 * role, the owner's included (issue 42); a brand the staff member has no role on answers the same 404 (no leak of
 * other brands); a role too low answers 403.
 */
export function requireStaffOn(c: AppContext, brand: string, needed: StaffRole): StaffSession {
  const staff = requireStaff(c);
  if (!isBrand(brand) || !roleOn(staff, brand)) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  if (!may(staff, brand, needed)) throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
  return staff;
}

export interface AuditEntry {
  staffId: number | null;
  brand: string | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
  now: Date;
  /** Written only if this holds when the statement runs (the action it records happened in the same batch). */
  guard?: Guard;
}

/**
 * Staff reads of members' data (issue 42): audited like the writes, in the batch that reads, so a read whose row
 * cannot be written fails with it. They are not actions on the account: the member page's history leaves them out.
 */
export const READ_ACTIONS = ['member_view', 'conversation_view', 'member_search'] as const;

/** One append-only audit row; put it in the same batch as the action it records. */
export function auditStatement(db: D1Database, e: AuditEntry): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO staff_audit (staff_id, brand, action, target_type, target_id, detail, created_at) SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${e.guard?.sql ?? '1'}`,
    )
    .bind(
      e.staffId,
      e.brand,
      e.action,
      e.targetType ?? null,
      e.targetId === undefined ? null : String(e.targetId),
      e.detail ? JSON.stringify(e.detail) : null,
      e.now.toISOString(),
      ...(e.guard?.params ?? []),
    );
}
