import type { ReportReason, ReportTarget } from '../../core/rules/moderation';
import type { ReportBody } from '../../core/schemas/reports';
import type { SessionMember } from '../auth/sessions';
import { hit, type Limit } from '../auth/rate-limit';
import { receivedMessage } from '../chat/received';
import type { Tables } from '../db/tables';
import { ApiFailure } from '../errors';

/**
 * Notices (DSA Art. 16, "Melden"): who may report what, and the notice row. A visitor reports what a visitor sees
 * (an active profile, a public approved photo); a member also a private photo they may see and a message sent to
 * them (never another conversation's: the reporter shares that one message, staff see nothing else of it). What
 * cannot be seen answers the same 404 as what does not exist.
 */

const notFound = () => new ApiFailure(404, 'report_target_not_found', 'errors.report_target_not_found');

/** A member or an address reports a few things an hour; more is a flood (kept, refused). */
export const REPORT_LIMITS = { member: { limit: 10, windowSeconds: 3600 }, ip: { limit: 10, windowSeconds: 3600 } } satisfies Record<
  string,
  Limit
>;

interface Target {
  profileId: number;
  sharedText: string | null;
}

async function profileTarget(db: D1Database, tenantId: string, id: number): Promise<Target | null> {
  const row = await db
    .prepare(
      `SELECT p.id FROM profiles p LEFT JOIN members m ON m.id = p.member_id
        WHERE p.id = ? AND p.tenant_id = ? AND p.status = 'active' AND (p.member_id IS NULL OR (m.status != 'deleted' AND m.blocked_at IS NULL))`,
    )
    .bind(id, tenantId)
    .first<Pick<Tables['profiles'], 'id'>>();
  return row ? { profileId: row.id, sharedText: null } : null;
}

async function photoTarget(db: D1Database, tenantId: string, id: number, member: SessionMember | null): Promise<Target | null> {
  const row = await db
    .prepare("SELECT id, profile_id, private FROM photos WHERE id = ? AND tenant_id = ? AND status = 'active'")
    .bind(id, tenantId)
    .first<Pick<Tables['photos'], 'id' | 'profile_id' | 'private'>>();
  if (!row) return null;
  const sees =
    !row.private ||
    (member !== null &&
      (member.paidUser ||
        member.profileId === row.profile_id ||
        (await db
          .prepare('SELECT 1 AS ok FROM photo_grants WHERE tenant_id = ? AND photo_id = ? AND recipient_profile_id = ?')
          .bind(tenantId, id, member.profileId)
          .first()) !== null));
  return sees ? { profileId: row.profile_id, sharedText: null } : null;
}

/** A message sent to the member: read from its conversation's log (worker/chat/received.ts), its text copied into the notice. */
async function messageTarget(env: Env, db: D1Database, tenantId: string, id: number, member: SessionMember | null): Promise<Target | null> {
  if (!member) return null;
  const row = await receivedMessage(env, db, tenantId, member, id);
  if (!row) return null;
  const shared = row.kind === 'text' ? row.body : row.kind === 'gift' ? `[gift: ${row.gift ?? ''}]` : '[photo]';
  return { profileId: row.sender_profile_id, sharedText: shared };
}

export async function findTarget(
  db: D1Database,
  tenantId: string,
  target: ReportTarget,
  id: number,
  member: SessionMember | null,
  env: Env,
): Promise<Target> {
  const found =
    target === 'profile'
      ? await profileTarget(db, tenantId, id)
      : target === 'photo'
        ? await photoTarget(db, tenantId, id, member)
        : await messageTarget(env, db, tenantId, id, member);
  // One's own content is not reported (it is edited or deleted).
  if (!found || (member && found.profileId === member.profileId)) throw notFound();
  return found;
}

export interface NoticeInput {
  tenantId: string;
  body: ReportBody;
  member: SessionMember | null;
  ip: string;
  language: string;
  now: Date;
}

/**
 * Counts the notice against the flood limits and stores it: within them in the queue ('open'), beyond them kept
 * as 'flood' (staff see how many) and refused with 429 report_flood. Returns the open notice's id.
 */
export async function storeNotice(env: Env, db: D1Database, n: NoticeInput): Promise<number> {
  const target = await findTarget(db, n.tenantId, n.body.target, n.body.id, n.member, env);
  const byIp = await hit(db, `${n.tenantId}:report:ip:${n.ip}`, REPORT_LIMITS.ip, n.now);
  const byMember = n.member ? await hit(db, `${n.tenantId}:report:member:${n.member.id}`, REPORT_LIMITS.member, n.now) : null;
  const flood = !byIp.allowed || (byMember !== null && !byMember.allowed);
  const row = await db
    .prepare(
      `INSERT INTO reports (tenant_id, target_kind, target_id, target_profile_id, reason, body, shared_text, reporter_member_id, reporter_email, language, ip, state, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      n.tenantId,
      n.body.target,
      n.body.id,
      target.profileId,
      n.body.reason satisfies ReportReason,
      n.body.text || null,
      target.sharedText,
      n.member?.id ?? null,
      n.member ? null : (n.body.email ?? null),
      n.language,
      n.ip,
      flood ? 'flood' : 'open',
      n.now.toISOString(),
    )
    .first<{ id: number }>();
  if (flood) {
    const wait = Math.max(byIp.allowed ? 0 : byIp.retryAfter, byMember && !byMember.allowed ? byMember.retryAfter : 0);
    throw new ApiFailure(429, 'report_flood', 'errors.report_flood', undefined, { minutes: Math.ceil(wait / 60) });
  }
  return row!.id;
}
