import { marketRule } from '../../core/markets/tighten';
import { type AgeStanding, gatedFeatures, mayStartCheck } from '../../core/rules/age-assurance';
import type { AgeCheckStatus } from '../../core/schemas/age';
import type { SessionMember } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Tables } from '../db/tables';
import { ApiFailure } from '../errors';
import { gateCountry } from './gate';
import { ageProviderFor } from './provider';
import type { AgeResult } from './provider-types';

// A member's age checks (issue 45 item 2): start one at the provider, read where the member stands, and record a
// result exactly once. Only the provider's own result (fetched server-side) is recorded; what the browser or a
// notification says is never taken for it.

type CheckRow = Tables['age_checks'];

export interface Standing {
  status: AgeStanding;
  method: string | null;
  checked_at: string | null;
}

/** Where the member stands: a pass stays; else the latest check (its outcome, or pending while under way). */
export async function ageStanding(db: D1Database, tenantId: string, memberId: number): Promise<Standing> {
  const [status, latest] = (await db.batch([
    db.prepare('SELECT outcome, method, checked_at FROM age_status WHERE tenant_id = ? AND member_id = ?').bind(tenantId, memberId),
    db
      .prepare('SELECT outcome, method, completed_at FROM age_checks WHERE tenant_id = ? AND member_id = ? ORDER BY id DESC LIMIT 1')
      .bind(tenantId, memberId),
  ])) as [
    D1Result<Pick<Tables['age_status'], 'outcome' | 'method' | 'checked_at'>>,
    D1Result<Pick<CheckRow, 'outcome' | 'method' | 'completed_at'>>,
  ];
  const s = status.results[0];
  if (s?.outcome === 'pass') return { status: 'pass', method: s.method, checked_at: s.checked_at };
  const l = latest.results[0];
  if (!l) return { status: 'none', method: null, checked_at: null };
  return { status: (l.outcome as AgeStanding | null) ?? 'pending', method: l.method, checked_at: l.completed_at };
}

/** The answer of /api/age-check.php for this request. */
export async function ageCheckStatus(c: AppContext, member: SessionMember, url: string | null = null): Promise<AgeCheckStatus> {
  const tenant = c.get('tenant');
  const standing = await ageStanding(c.env.DB, tenant.id, member.id);
  return {
    required_for: gatedFeatures(marketRule(gateCountry(c), tenant.market_rules)),
    ...standing,
    can_start: mayStartCheck(standing.status) && ageProviderFor(c.env, tenant) !== null,
    url,
  };
}

/** Opens a session at the provider and logs the attempt; the member goes to the answer's url. */
export async function startAgeCheck(c: AppContext, member: SessionMember): Promise<AgeCheckStatus> {
  const tenant = c.get('tenant');
  const standing = await ageStanding(c.env.DB, tenant.id, member.id);
  if (!mayStartCheck(standing.status)) throw new ApiFailure(409, 'age_check_passed', 'errors.age_check_passed');
  const provider = ageProviderFor(c.env, tenant);
  if (!provider) throw new ApiFailure(503, 'age_check_unavailable', 'errors.age_check_unavailable');
  const country = gateCountry(c);
  const origin = new URL(c.req.url).origin;
  const session = await provider.createSession({
    reference: referenceOf(tenant.id, member.id),
    threshold: marketRule(country, tenant.market_rules).minimum_age,
    callbackUrl: `${origin}/age-check`,
    cancelUrl: `${origin}/age-check`,
    notificationUrl: `${origin}/api/age-check-callback.php`,
  });
  await c.env.DB.prepare(
    'INSERT INTO age_checks (tenant_id, member_id, provider, session_id, country, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
    .bind(tenant.id, member.id, provider.name, session.sessionId, country, c.get('now').toISOString())
    .run();
  return ageCheckStatus(c, member, session.url);
}

/** The reference a session carries: which brand and member it is for (checked again on the result). */
export const referenceOf = (tenantId: string, memberId: number) => `${tenantId}:${memberId}`;

export function findCheck(db: D1Database, tenantId: string, provider: string, sessionId: string): Promise<CheckRow | null> {
  return db
    .prepare('SELECT * FROM age_checks WHERE tenant_id = ? AND provider = ? AND session_id = ?')
    .bind(tenantId, provider, sessionId)
    .first<CheckRow>();
}

/**
 * Whether a notification may still be taken for the check: the first one always; after that only a later attempt's
 * (a higher sequence number than the last one taken), for a provider that notifies once per attempt (Yoti). The
 * same notification again, or one without a sequence after the first, is a replay. recordResult decides the same in
 * its statement, so two at once cannot both pass.
 */
export function takesNotification(check: Pick<CheckRow, 'notification_id' | 'notification_seq'>, sequence: number | null): boolean {
  if (check.notification_id === null) return true;
  return sequence !== null && check.notification_seq !== null && sequence > check.notification_seq;
}

/**
 * Records the provider's result on the check and the member's status in the same batch. `notificationId`: the
 * provider's notification that brought it (null: the member's return read it first, which writes only an open
 * check). A notification writes the provider's current result when takesNotification allows it (its first, or a
 * later attempt's by `sequence`), so a fail then a pass on a retry ends as a pass; the same one again changes
 * nothing. True when this call wrote.
 */
export async function recordResult(
  db: D1Database,
  check: CheckRow,
  result: AgeResult,
  notificationId: string | null,
  now: Date,
  sequence: number | null = null,
): Promise<boolean> {
  if (!result.outcome || result.reference !== referenceOf(check.tenant_id, check.member_id)) return false;
  const at = now.toISOString();
  const [written] = await db.batch([
    db
      .prepare(
        `UPDATE age_checks SET outcome = CASE WHEN ?4 IS NULL THEN COALESCE(outcome, ?1) ELSE ?1 END,
                method = CASE WHEN ?4 IS NULL THEN COALESCE(method, ?2) ELSE ?2 END,
                completed_at = CASE WHEN ?4 IS NULL THEN COALESCE(completed_at, ?3) ELSE ?3 END,
                notification_id = COALESCE(?4, notification_id),
                notification_seq = CASE WHEN ?4 IS NULL THEN notification_seq ELSE ?7 END
          WHERE tenant_id = ?5 AND id = ?6
            AND ((?4 IS NULL AND outcome IS NULL)
              OR (?4 IS NOT NULL AND (notification_id IS NULL
                  OR (?7 IS NOT NULL AND notification_seq IS NOT NULL AND ?7 > notification_seq))))`,
      )
      .bind(result.outcome, result.method, at, notificationId, check.tenant_id, check.id, sequence),
    // changes(): only after the check was written here; a pass is never replaced (done once per member).
    db
      .prepare(
        `INSERT INTO age_status (tenant_id, member_id, outcome, provider, session_id, method, checked_at)
         SELECT tenant_id, member_id, outcome, provider, session_id, method, completed_at FROM age_checks
          WHERE tenant_id = ?1 AND id = ?2 AND outcome IS NOT NULL AND changes() > 0
         ON CONFLICT (tenant_id, member_id) DO UPDATE SET outcome = excluded.outcome, provider = excluded.provider,
            session_id = excluded.session_id, method = excluded.method, checked_at = excluded.checked_at
          WHERE age_status.outcome <> 'pass'`,
      )
      .bind(check.tenant_id, check.id),
  ]);
  return written.meta.changes > 0;
}

/** Back from the provider's page (?session=): the member's own check's result, read from the provider if still open. */
export async function readOnReturn(c: AppContext, member: SessionMember, sessionId: string): Promise<void> {
  const tenant = c.get('tenant');
  const provider = ageProviderFor(c.env, tenant);
  if (!provider) return;
  const check = await findCheck(c.env.DB, tenant.id, provider.name, sessionId);
  if (!check || check.member_id !== member.id || check.outcome !== null) return;
  const result = await provider.result(sessionId);
  if (result) await recordResult(c.env.DB, check, result, null, c.get('now'));
}

/** What staff see of a member's age checks (the member detail page): the standing and how many were started. */
export async function ageCheckSummary(db: D1Database, tenantId: string, memberId: number) {
  const [standing, count] = await Promise.all([
    ageStanding(db, tenantId, memberId),
    db
      .prepare('SELECT COUNT(*) AS n FROM age_checks WHERE tenant_id = ? AND member_id = ?')
      .bind(tenantId, memberId)
      .first<{ n: number }>(),
  ]);
  return { ...standing, attempts: count?.n ?? 0 };
}
