/**
 * The credit ledger (migrations/0005): every change of a balance is one append-only row, and a trigger keeps
 * members.credits equal to the sum of the member's rows. Callers put `ledgerEntry(...)` in the same `db.batch()`
 * as whatever the credits pay for (a message, an order's state change): the batch commits or fails as one.
 *
 * - `ref` is the idempotency key: a second entry with the same (tenant, member, ref) is ignored, so a retried
 *   request or a repeated webhook never charges or grants twice.
 * - A spend that would take the balance below zero fails the CHECK on members.credits and aborts the batch;
 *   `isInsufficientCredits(error)` recognises that failure.
 */
export type LedgerReason = 'signup' | 'purchase' | 'message' | 'photo' | 'gift' | 'refund' | 'seed' | 'adjust';

export interface LedgerEntry {
  tenantId: string;
  memberId: number;
  /** Positive to grant, negative to spend. */
  delta: number;
  reason: LedgerReason;
  ref: string;
  now: Date;
}

export function ledgerEntry(db: D1Database, entry: LedgerEntry): D1PreparedStatement {
  return ledgerEntryIf(db, entry, '1');
}

/**
 * An entry written only when `condition` (SQL over the batch's earlier writes, with its own binds) holds, e.g.
 * "the order is paid now": grants that follow a conditional state change stay in one batch with it.
 */
export function ledgerEntryIf(db: D1Database, entry: LedgerEntry, condition: string, ...binds: unknown[]): D1PreparedStatement {
  if (!Number.isSafeInteger(entry.delta)) throw new Error(`ledger delta must be an integer, got ${entry.delta}`);
  const offset = binds.length;
  const at = (n: number) => `?${offset + n}`;
  return db
    .prepare(
      `INSERT INTO credit_ledger (tenant_id, member_id, delta, reason, ref, created_at) SELECT ${at(1)}, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}, ${at(6)} WHERE ${condition}
       ON CONFLICT (tenant_id, member_id, ref) DO NOTHING`,
    )
    .bind(...binds, entry.tenantId, entry.memberId, entry.delta, entry.reason, entry.ref, entry.now.toISOString());
}

/**
 * Takes back up to `max` credits, as many as the balance holds when the statement runs (never below zero): a
 * refunded order whose credits were partly spent. Written only when `condition` holds and the balance is above zero.
 */
export function takeBackIf(
  db: D1Database,
  entry: Omit<LedgerEntry, 'delta'> & { max: number },
  condition: string,
  ...binds: unknown[]
): D1PreparedStatement {
  if (!Number.isSafeInteger(entry.max) || entry.max <= 0) throw new Error(`take-back must be a positive integer, got ${entry.max}`);
  const offset = binds.length;
  const at = (n: number) => `?${offset + n}`;
  const balance = `(SELECT credits FROM members WHERE id = ${at(2)} AND tenant_id = ${at(1)})`;
  return db
    .prepare(
      `INSERT INTO credit_ledger (tenant_id, member_id, delta, reason, ref, created_at)
       SELECT ${at(1)}, ${at(2)}, -MIN(${at(3)}, ${balance}), ${at(4)}, ${at(5)}, ${at(6)} WHERE ${balance} > 0 AND (${condition})
       ON CONFLICT (tenant_id, member_id, ref) DO NOTHING`,
    )
    .bind(...binds, entry.tenantId, entry.memberId, entry.max, entry.reason, entry.ref, entry.now.toISOString());
}

/** True when a batch failed because a spend would have taken a balance below zero. */
export function isInsufficientCredits(error: unknown): boolean {
  return /CHECK constraint failed/i.test(String(error)) && /credits/i.test(String(error));
}

/** Whether an entry with this ref exists: tells a replayed request from a new one after the batch ran. */
export async function hasLedgerEntry(db: D1Database, tenantId: string, memberId: number, ref: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS x FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref = ?')
    .bind(tenantId, memberId, ref)
    .first();
  return row !== null;
}

/** The member's balance according to the ledger; equals members.credits (benchmarks and tests check it). */
export async function ledgerBalance(db: D1Database, tenantId: string, memberId: number): Promise<number> {
  const row = await db
    .prepare('SELECT COALESCE(SUM(delta), 0) AS total FROM credit_ledger WHERE tenant_id = ? AND member_id = ?')
    .bind(tenantId, memberId)
    .first<{ total: number }>();
  return row!.total;
}
