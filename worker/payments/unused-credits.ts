import { paidCreditsLeft, refundableUntil, refundWindowStart } from '../../core/rules/refund-window';
import type { UnusedCredits } from '../../core/schemas/account';

/**
 * What the delete-account dialog tells a member about credits they paid for and have not used (issue 45 item 5),
 * read in one batch from the balance and the orders the server settles: how many credits of the balance came from
 * still-paid orders (at most), and which orders the brand's refund rule still covers. Refunded and charged-back
 * orders took their credits back already and count for nothing here.
 */
export async function unusedCredits(
  db: D1Database,
  tenantId: string,
  memberId: number,
  refundDays: number,
  now: Date,
): Promise<UnusedCredits> {
  const [balance, granted, refundable] = await db.batch([
    db.prepare('SELECT credits FROM members WHERE id = ? AND tenant_id = ?').bind(memberId, tenantId),
    db
      .prepare("SELECT COALESCE(SUM(credits), 0) AS n FROM orders WHERE tenant_id = ? AND member_id = ? AND status = 'paid'")
      .bind(tenantId, memberId),
    db
      .prepare(
        `SELECT id AS order_id, credits, amount, currency, paid_at FROM orders
         WHERE tenant_id = ? AND member_id = ? AND status = 'paid' AND paid_at >= ? ORDER BY paid_at`,
      )
      .bind(tenantId, memberId, refundWindowStart(now, refundDays)),
  ]);
  const credits = (balance.results[0] as { credits: number } | undefined)?.credits ?? 0;
  return {
    credits,
    paid_unused: paidCreditsLeft(credits, (granted.results[0] as { n: number }).n),
    refund_days: refundDays,
    refundable: (refundable.results as Omit<UnusedCredits['refundable'][number], 'refundable_until'>[]).map((o) => ({
      ...o,
      refundable_until: refundableUntil(o.paid_at, refundDays),
    })),
  };
}
