-- The local Verotel FlexPay sandbox's own records (worker/payments/verotel/sandbox.ts): the sales its order page made,
-- as Verotel keeps them on its side. Its status service answers from here; staff or a test trigger a refund or a
-- chargeback on a sale later. Local mode and tests only: a production build has no code that writes this table.

CREATE TABLE verotel_sandbox_sales (
  sale_id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  shop_id INTEGER NOT NULL,
  reference_id TEXT NOT NULL,                  -- the shop's order reference (<tenant>-<order id>)
  amount INTEGER NOT NULL,                     -- cents
  currency TEXT NOT NULL,
  payment_method TEXT NOT NULL,                -- CC | DDEU
  result TEXT NOT NULL,                        -- APPROVED | DECLINED
  transaction_id INTEGER NOT NULL,
  later_event TEXT,                            -- credit | chargeback, once one was sent
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, reference_id)
);
