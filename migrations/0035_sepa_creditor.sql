-- SEPA direct debit: what the member signed (issue 44 item 10) and the brand as its own creditor
-- (docs/decisions/013-adult-acquirers.md, "SEPA: the brand as creditor"; worker/payments/sepa/).

-- The creditor and the mandate reference the mandate text named, kept with the mandate (any provider).
ALTER TABLE payment_mandates ADD COLUMN creditor_id TEXT;
ALTER TABLE payment_mandates ADD COLUMN mandate_reference TEXT;
CREATE UNIQUE INDEX payment_mandates_reference ON payment_mandates (tenant_id, mandate_reference) WHERE mandate_reference IS NOT NULL;
-- The request carries the reference from the preview's signed token to the mandate made with the code.
ALTER TABLE directdebit_requests ADD COLUMN mandate_reference TEXT;
ALTER TABLE directdebit_requests ADD COLUMN debit_date TEXT;

-- The creditor's own record of a signed mandate: the debtor's name and account the pain.008 file names.
CREATE TABLE sepa_mandates (
  tenant_id TEXT NOT NULL,
  reference TEXT NOT NULL,                     -- MndtId
  creditor_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  debtor_name TEXT NOT NULL,
  debtor_iban TEXT NOT NULL,
  signed_at TEXT NOT NULL,                     -- DtOfSgntr: when the SMS code confirmed it
  first_debit_date TEXT NOT NULL,              -- the date the mandate text promised: never collected earlier
  status TEXT NOT NULL DEFAULT 'valid',        -- valid | revoked (after a return)
  PRIMARY KEY (tenant_id, reference)
);

-- One debit per order, collected on its day through a pain.008 file.
CREATE TABLE sepa_debits (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  order_id INTEGER NOT NULL,
  mandate_reference TEXT NOT NULL,
  amount INTEGER NOT NULL,                     -- cents
  currency TEXT NOT NULL,
  collection_date TEXT NOT NULL,               -- ReqdColltnDt, YYYY-MM-DD
  sequence TEXT NOT NULL,                      -- FRST | RCUR
  status TEXT NOT NULL DEFAULT 'scheduled',    -- scheduled | submitted | returned | cancelled
  file_key TEXT,                               -- the pain.008 file it went out in
  return_reason TEXT,                          -- AM04 | MD06 | MD01 ...
  returned_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, order_id)
);
CREATE INDEX sepa_debits_collection ON sepa_debits (tenant_id, status, collection_date);

-- Money the creditor owes back (a refund staff gave): paid by credit transfer from the brand's account.
CREATE TABLE sepa_refunds (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  debit_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, idempotency_key)
);
