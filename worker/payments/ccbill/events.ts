import type { Tables } from '../../db/tables';

/**
 * The webhooks CCBill sent for a brand's orders, once verified (migrations/0025_ccbill.sql). Written with one
 * conditional INSERT each, so a replayed webhook, or 100 at once, leaves one row; a subscription pays one order.
 */
export type CcbillEvent = Tables['ccbill_events'];
export type EventKind = 'sale' | 'failure' | 'refund' | 'chargeback' | 'void';

export async function recordEvent(
  db: D1Database,
  e: Omit<CcbillEvent, 'created_at' | 'failure_code' | 'soft'> & Partial<Pick<CcbillEvent, 'failure_code' | 'soft'>>,
  now: Date,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO ccbill_events (tenant_id, reference, kind, subscription_id, amount, currency, failure_code, soft, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(
      e.tenant_id,
      e.reference,
      e.kind,
      e.subscription_id,
      e.amount,
      e.currency,
      e.failure_code ?? null,
      e.soft ?? null,
      now.toISOString(),
    )
    .run();
}

export async function eventsOf(db: D1Database, tenantId: string, reference: string): Promise<CcbillEvent[]> {
  const { results } = await db
    .prepare('SELECT * FROM ccbill_events WHERE tenant_id = ? AND reference = ?')
    .bind(tenantId, reference)
    .all<CcbillEvent>();
  return results;
}

/** The order reference whose verified sale made this subscription; null for a subscription that is not ours. */
export async function referenceOfSubscription(db: D1Database, tenantId: string, subscriptionId: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT reference FROM ccbill_events WHERE tenant_id = ? AND subscription_id = ? AND kind = 'sale'")
    .bind(tenantId, subscriptionId)
    .first<Pick<CcbillEvent, 'reference'>>();
  return row?.reference ?? null;
}
