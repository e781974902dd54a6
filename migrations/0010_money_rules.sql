-- Money rules that must hold under concurrency (docs/decisions/004-payments.md, "Reservations").
-- discount_scope: the reservation key the order holds in discount_redemptions (NULL for unlimited codes and
-- orders without a code); settling a paid order requires that reservation, so a single-use code is paid at most
-- as often as it may be used. A paid order whose reservation was lost is refunded: status 'refunded' with
-- refund_reason 'code_used'.
ALTER TABLE orders ADD COLUMN discount_scope TEXT;
ALTER TABLE orders ADD COLUMN refund_reason TEXT;
ALTER TABLE orders ADD COLUMN refunded_at TEXT;
-- The direct-debit limit sums a member's direct debits of the last 30 days inside the INSERT that places one.
CREATE INDEX orders_member_method ON orders (tenant_id, member_id, method, created_at);

-- The sandbox payment service's refunds (local and tests only). The idempotency key makes a repeated refund
-- request (two settles at once, a retry) refund once, as a real provider's Idempotency-Key does.
CREATE TABLE sandbox_refunds (
  id TEXT PRIMARY KEY,                         -- 'sbr_<random>'
  tenant_id TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, idempotency_key)
);
