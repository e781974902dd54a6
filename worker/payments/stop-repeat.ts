/**
 * After a chargeback, no more one-click charges on that card (issue 44 item 4): the stored payment tokens that
 * belong to the charged-back payment are set invalid, in the reversal's own batch (verotel/reversal.ts), so the
 * shop no longer offers them and /api/repeat-order.php no longer charges them (orders.ts latestMandate reads only
 * valid ones). Other methods, and a new checkout, still work: the account is not locked.
 *
 * Which tokens are the card's: the one the order charged (its card_fingerprint, `<provider>:<mandate id>`), the one
 * its sale made (CCBill: the sale's subscriptionId, ccbill_events), and, following the member's orders, every token
 * made from or charged on one of those (a one-click charge on token A makes token B: the same card).
 * Parameters: ?1 order id, ?2 tenant, ?3 member, ?4 provider, ?5 the order's provider payment id.
 */
const CARD_TOKENS = `
  WITH RECURSIVE
    link(a, b) AS (
      SELECT substr(o.card_fingerprint, length(?4) + 2), e.subscription_id
        FROM orders o JOIN ccbill_events e ON e.tenant_id = o.tenant_id AND e.reference = o.provider_payment_id AND e.kind = 'sale'
       WHERE o.tenant_id = ?2 AND o.member_id = ?3 AND o.provider = ?4 AND o.card_fingerprint LIKE ?4 || ':%'),
    edge(a, b) AS (SELECT a, b FROM link UNION ALL SELECT b, a FROM link),
    card(m) AS (
      SELECT substr(card_fingerprint, length(?4) + 2) FROM orders
       WHERE id = ?1 AND tenant_id = ?2 AND card_fingerprint LIKE ?4 || ':%'
      UNION SELECT subscription_id FROM ccbill_events WHERE tenant_id = ?2 AND reference = ?5 AND kind = 'sale'
      UNION SELECT edge.b FROM edge JOIN card ON edge.a = card.m)
  SELECT m FROM card WHERE m IS NOT NULL`;

export interface ChargedBack {
  id: number;
  member_id: number;
  provider: string;
  provider_payment_id: string | null;
}

/** The statement for the reversal's batch: only while the order has not been charged back yet (?1, ?2 as there). */
export function stopRepeatCharges(db: D1Database, tenantId: string, order: ChargedBack): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE payment_mandates SET status = 'invalid'
        WHERE tenant_id = ?2 AND member_id = ?3 AND provider = ?4 AND status = 'valid'
          AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND tenant_id = ?2 AND status IN ('paid', 'refunded'))
          AND mandate_id IN (${CARD_TOKENS})`,
    )
    .bind(order.id, tenantId, order.member_id, order.provider, order.provider_payment_id ?? '');
}
