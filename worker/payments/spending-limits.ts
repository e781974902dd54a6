import {
  LIMIT_KINDS,
  type LimitKind,
  nextLimit,
  nextPause,
  PAUSE_CHOICES,
  type PauseChoice,
  pauseEnd,
  settle,
  type StoredSpendingRule,
} from '../../core/rules/spending-limits';
import type { SpendingSettings } from '../../core/schemas/spending';
import type { Tables } from '../db/tables';
import { ApiFailure } from '../errors';

/** A member's own limits and pause (issue 45, item 9): read, set, and why an order was refused. SQL: spending-sql.ts. */

type Kind = LimitKind | 'pause';
type Row = Pick<
  Tables['spending_limits'],
  'kind' | 'currency' | 'amount' | 'until' | 'pending_amount' | 'pending_until' | 'pending_from' | 'version'
>;

async function rowsOf(db: D1Database, tenantId: string, memberId: number): Promise<Map<Kind, Row>> {
  const { results } = await db
    .prepare(
      'SELECT kind, currency, amount, until, pending_amount, pending_until, pending_from, version FROM spending_limits WHERE tenant_id = ? AND member_id = ?',
    )
    .bind(tenantId, memberId)
    .all<Row>();
  return new Map(results.map((row) => [row.kind as Kind, row]));
}

/** The member's limits and pause as they stand at `now`; amounts in the currency they were set in (else `currency`). */
export async function spendingSettings(
  db: D1Database,
  tenantId: string,
  memberId: number,
  currency: string,
  now: Date,
): Promise<SpendingSettings> {
  return present(await rowsOf(db, tenantId, memberId), currency, now);
}

function present(rows: Map<Kind, Row>, currency: string, now: Date): SpendingSettings {
  const limit = (kind: LimitKind) => {
    const rule = settle(rows.get(kind) ?? null, now);
    return { amount: rule.amount, pending: rule.pending_from ? { amount: rule.pending_amount, from: rule.pending_from } : null };
  };
  const pause = settle(rows.get('pause') ?? null, now);
  const until = pauseEnd(pause, now);
  return {
    currency: [...rows.values()][0]?.currency ?? currency,
    day: limit('day'),
    week: limit('week'),
    month: limit('month'),
    pause: { until, pending: until && pause.pending_from ? { until: pause.pending_until, from: pause.pending_from } : null },
  };
}

/**
 * Writes one kind over the version it was decided on: a request racing another (a raise against a lowering) decides
 * again on what the other wrote, so a lowering is never undone by a raise decided before it. False: lost the race.
 */
async function write(
  db: D1Database,
  tenantId: string,
  memberId: number,
  kind: Kind,
  currency: string,
  seen: Row | undefined,
  rule: StoredSpendingRule,
  now: Date,
) {
  const result = await db
    .prepare(
      `INSERT INTO spending_limits (tenant_id, member_id, kind, currency, amount, until, pending_amount, pending_until, pending_from, updated_at, version)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1)
       ON CONFLICT (tenant_id, member_id, kind) DO UPDATE SET amount = excluded.amount, until = excluded.until, pending_amount = excluded.pending_amount,
         pending_until = excluded.pending_until, pending_from = excluded.pending_from, updated_at = excluded.updated_at, version = spending_limits.version + 1
       WHERE spending_limits.version = ?11`,
    )
    .bind(
      tenantId,
      memberId,
      kind,
      seen?.currency ?? currency,
      rule.amount,
      rule.until,
      rule.pending_amount,
      rule.pending_until,
      rule.pending_from,
      now.toISOString(),
      seen?.version ?? -1,
    )
    .run();
  return result.meta.changes === 1;
}

/** Decides one kind's new row from the stored one and writes it; decides again (up to 5 times) when another write came first. */
async function change(
  db: D1Database,
  tenantId: string,
  memberId: number,
  kind: Kind,
  currency: string,
  now: Date,
  decide: (stored: StoredSpendingRule | null) => StoredSpendingRule,
) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const seen = (await rowsOf(db, tenantId, memberId)).get(kind);
    if (await write(db, tenantId, memberId, kind, currency, seen, decide(seen ?? null), now)) return;
  }
  throw new ApiFailure(409, 'spending_busy', 'errors.spending_busy');
}

/** The session member's limits (cents; null: none; a kind left out stays as it is). Lower at once, higher after 24 hours. */
export async function setSpendingLimits(
  db: D1Database,
  tenantId: string,
  memberId: number,
  currency: string,
  wanted: Partial<Record<LimitKind, number | null>>,
  now: Date,
): Promise<SpendingSettings> {
  for (const kind of LIMIT_KINDS) {
    const amount = wanted[kind];
    if (amount === undefined) continue;
    await change(db, tenantId, memberId, kind, currency, now, (stored) => nextLimit(stored, amount, now));
  }
  return spendingSettings(db, tenantId, memberId, currency, now);
}

/** The session member's pause (24h, 7d, 30d) or its lift (null): a longer pause at once, a lift after 24 hours. */
export async function setSpendingPause(
  db: D1Database,
  tenantId: string,
  memberId: number,
  currency: string,
  pause: PauseChoice | null,
  now: Date,
): Promise<SpendingSettings> {
  await change(db, tenantId, memberId, 'pause', currency, now, (stored) =>
    nextPause(stored, pause === null ? null : PAUSE_CHOICES[pause], now),
  );
  return spendingSettings(db, tenantId, memberId, currency, now);
}

/** Why the order's INSERT refused a member (after it did): their pause, else one of their limits; null: neither. */
export async function spendingRefusal(db: D1Database, tenantId: string, memberId: number, now: Date): Promise<ApiFailure | null> {
  const rows = await rowsOf(db, tenantId, memberId);
  if (rows.size === 0) return null;
  if (pauseEnd(rows.get('pause') ?? null, now)) return new ApiFailure(409, 'spending_paused', 'errors.spending_paused');
  if (LIMIT_KINDS.some((kind) => settle(rows.get(kind) ?? null, now).amount !== null))
    return new ApiFailure(409, 'spending_limit', 'errors.spending_limit');
  return null;
}

/** Whether the member has set a limit of their own or is in a pause now (the staff answer screen's protect flag). */
export async function ownSpendingRules(
  db: D1Database,
  tenantId: string,
  memberId: number,
  now: Date,
): Promise<{ limits: boolean; paused: boolean }> {
  const rows = await rowsOf(db, tenantId, memberId);
  return {
    limits: LIMIT_KINDS.some((kind) => settle(rows.get(kind) ?? null, now).amount !== null),
    paused: pauseEnd(rows.get('pause') ?? null, now) !== null,
  };
}
