import { SANDBOX_TIMEOUT_MS } from './sandbox';
import { namedBatch } from '../db/batch';

/**
 * The hourly sweep of sandbox orders that were started and never paid (worker/index.ts `scheduled`). A member who
 * leaves the sandbox checkout and never opens the order again would otherwise keep it "pending" for good, holding
 * its single-use discount code. One batch, all-or-nothing:
 * - the sandbox's open payments past its timeout expire, as the service would on its side (SandboxProvider.get
 *   does the same for one payment when it is read);
 * - an order still created or pending whose sandbox payment has expired (or that never got a payment, older than
 *   the timeout) becomes expired: one conditional UPDATE, so a paid, failed or cancelled order is never touched, a
 *   payment paid just before stays payable (its order stays open for the webhook), and a second run changes nothing;
 * - the discount codes those orders held are free again (as settle.ts markUnpaid frees them).
 * Returns how many orders it expired.
 */
export async function expireSandboxOrders(db: D1Database, now: Date): Promise<number> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - SANDBOX_TIMEOUT_MS).toISOString();
  const { orders } = await namedBatch(db, [
    [
      null,
      db.prepare("UPDATE sandbox_payments SET status = 'expired' WHERE status IN ('open', 'pending') AND created_at <= ?").bind(cutoff),
    ],
    [
      'orders',
      db
        .prepare(
          `UPDATE orders SET status = 'expired', updated_at = ?1
          WHERE provider = 'sandbox' AND status IN ('created', 'pending') AND created_at <= ?2
            AND (provider_payment_id IS NULL OR EXISTS (SELECT 1 FROM sandbox_payments p
                   WHERE p.id = orders.provider_payment_id AND p.tenant_id = orders.tenant_id AND p.status = 'expired'))`,
        )
        .bind(at, cutoff),
    ],
    [
      null,
      db.prepare(
        `DELETE FROM discount_redemptions WHERE order_id IN (SELECT id FROM orders
          WHERE orders.tenant_id = discount_redemptions.tenant_id AND provider = 'sandbox' AND status = 'expired')`,
      ),
    ],
  ]);
  return orders.meta.changes;
}
