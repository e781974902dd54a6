-- Payments: orders and their state machine, discount codes and their redemptions, stored mandates for repeat
-- orders, direct-debit requests confirmed by SMS, and the sandbox payment service's own records.
-- Amounts are integer cents. Credits are granted only through credit_ledger (ref 'order:<id>'), in the same batch
-- that moves an order to 'paid'.

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members (id),
  package_id INTEGER NOT NULL,
  credits INTEGER NOT NULL CHECK (credits > 0),
  currency TEXT NOT NULL,
  list_price INTEGER NOT NULL,                 -- cents before discount
  amount INTEGER NOT NULL CHECK (amount > 0),  -- cents to pay; the webhook checks the provider's amount against it
  discount_code TEXT,
  discount_percentage REAL,
  country TEXT NOT NULL,
  method TEXT NOT NULL,                        -- ideal | bancontact | creditcard | paypal | applepay | banktransfer | directdebit | ...
  issuer TEXT,                                 -- the iDEAL bank
  recurring TEXT NOT NULL DEFAULT 'oneoff',    -- oneoff | first (asks for a mandate) | recurring (uses one)
  provider TEXT NOT NULL,                      -- sandbox | mollie
  provider_payment_id TEXT,
  status TEXT NOT NULL DEFAULT 'created',      -- created | pending | paid | failed | cancelled | expired
  consent_at TEXT NOT NULL,                    -- immediate delivery + loss of the 14-day withdrawal right
  language TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  paid_at TEXT
);
CREATE UNIQUE INDEX orders_provider_payment ON orders (tenant_id, provider, provider_payment_id) WHERE provider_payment_id IS NOT NULL;
CREATE INDEX orders_member ON orders (tenant_id, member_id, created_at);

-- Discount codes of SPEC.md §3. validity: 'once' (one use in total) or 'once_per_user'. user_id set: only that
-- member may use it (the welcome discount). paymentmethods: JSON list, NULL = any.
CREATE TABLE discount_codes (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  code TEXT NOT NULL,                          -- stored upper case
  country TEXT,
  user_id INTEGER,
  expires TEXT,
  value_percentage REAL NOT NULL CHECK (value_percentage > 0 AND value_percentage < 100),
  currency TEXT,
  minimum_order_value INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'active',       -- active | disabled
  validity TEXT NOT NULL DEFAULT 'once',
  paymentmethods TEXT,
  kind TEXT NOT NULL DEFAULT 'code',           -- code | welcome
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, code)
);
CREATE INDEX discount_codes_user ON discount_codes (tenant_id, user_id, kind);

-- A use of a code. scope is the code for 'once' codes and '<code>:<member>' for per-member ones, so the unique
-- index makes "used once" hold under concurrency. An order that fails or is cancelled releases its use.
CREATE TABLE discount_redemptions (
  tenant_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  code TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  order_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, scope)
);
CREATE INDEX discount_redemptions_order ON discount_redemptions (order_id);

-- A mandate the provider made with a member's first payment: repeat orders charge it without a checkout.
CREATE TABLE payment_mandates (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  provider TEXT NOT NULL,
  customer_id TEXT,
  mandate_id TEXT NOT NULL,
  method TEXT NOT NULL,
  label TEXT NOT NULL,                         -- e.g. 'Visa •••• 4242' or a masked IBAN
  status TEXT NOT NULL DEFAULT 'valid',        -- valid | invalid
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, provider, mandate_id)
);
CREATE INDEX payment_mandates_member ON payment_mandates (tenant_id, member_id, status, created_at);

-- A direct-debit order waiting for its SMS code. code_hash is HMAC(code); tries counts wrong codes.
CREATE TABLE directdebit_requests (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  package_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  discount_code TEXT,
  holder TEXT NOT NULL,
  iban TEXT NOT NULL,
  street TEXT NOT NULL,
  house_number TEXT NOT NULL,
  zip TEXT NOT NULL,
  city TEXT NOT NULL,
  phone TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'open',         -- open | confirmed | void
  order_id INTEGER,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX directdebit_requests_member ON directdebit_requests (tenant_id, member_id, created_at);

-- Accounts (IBAN hash) and members that may no longer pay by direct debit, e.g. after a reversed collection.
CREATE TABLE directdebit_blocks (
  tenant_id TEXT NOT NULL,
  subject TEXT NOT NULL,                       -- 'iban:<sha256>' or 'member:<id>'
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, subject)
);

-- The sandbox payment service (local and tests only): what a real provider would keep on its side.
CREATE TABLE sandbox_payments (
  id TEXT PRIMARY KEY,                         -- 'sbx_<random>'
  tenant_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  method TEXT NOT NULL,
  issuer TEXT,
  status TEXT NOT NULL DEFAULT 'open',         -- open | pending | paid | failed | canceled | expired
  sequence_type TEXT NOT NULL DEFAULT 'oneoff',
  mandate_id TEXT,
  metadata TEXT NOT NULL,
  redirect_url TEXT NOT NULL,
  webhook_url TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE sandbox_mandates (
  id TEXT PRIMARY KEY,                         -- 'sbm_<random>'
  tenant_id TEXT NOT NULL,
  method TEXT NOT NULL,
  label TEXT NOT NULL,
  decline INTEGER NOT NULL DEFAULT 0,          -- later charges fail (a card that expired or was blocked)
  created_at TEXT NOT NULL
);
