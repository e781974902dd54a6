-- CCBill (worker/payments/ccbill/, docs/decisions/013-adult-acquirers.md).
--
-- ccbill_events: the webhooks CCBill sent for a brand's orders, once verified (the sale's digest; CCBill's source
-- addresses in production). The order's payment at CCBill is read from here (`get`), and in production confirmed
-- with CCBill's subscription status call. One row per order reference and kind: a replayed webhook changes nothing.
-- A subscription pays one order only (the partial unique index), so a sale's digest cannot pay a second order.
CREATE TABLE ccbill_events (
  tenant_id TEXT NOT NULL,
  reference TEXT NOT NULL,                     -- the order reference (<tenant>-<order id>) passed through the FlexForm
  kind TEXT NOT NULL,                          -- sale | failure | refund | chargeback | void
  subscription_id TEXT,                        -- CCBill's subscriptionId (a sale, and what a refund or chargeback names)
  amount INTEGER,                              -- cents, as the webhook billed them
  currency TEXT,                               -- ISO 4217 letters (the webhook's numeric code translated)
  failure_code TEXT,                           -- a NewSaleFailure's failureCode
  soft INTEGER,                                -- 1: a soft decline that another provider may still take (cascade)
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, reference, kind)
);
CREATE UNIQUE INDEX ccbill_events_sale_subscription ON ccbill_events (tenant_id, subscription_id) WHERE kind = 'sale';

-- The local CCBill sandbox's own records (worker/payments/ccbill/sandbox.ts), as CCBill keeps them on its side:
-- the FlexForm's outcomes and later events. Local mode and tests only: a production build has no code that
-- writes this table.
CREATE TABLE ccbill_sandbox_transactions (
  subscription_id TEXT PRIMARY KEY,            -- CCBill's subscriptionId, or a denialId for a declined sale
  tenant_id TEXT NOT NULL,
  reference TEXT NOT NULL,
  amount INTEGER NOT NULL,                     -- cents
  currency_code TEXT NOT NULL,                 -- ISO 4217 numeric, as CCBill sends it
  result TEXT NOT NULL,                        -- approved | soft_decline | hard_decline
  three_d_secure TEXT,                         -- passed | failed, when the tester chose a challenge
  payment_token TEXT,                          -- a token made for a one-click repeat charge on this sale
  later_event TEXT,                            -- refund | chargeback | void, once one was sent
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, reference)
);
