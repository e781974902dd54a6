-- § 312k BGB for visitors (issue 45 item 4): "Verträge hier kündigen" must not sit behind a login, so a cancellation
-- can come from someone who only gives a name and an e-mail address. member_id is the member with that address on
-- the brand when there is one, NULL otherwise (the declaration is kept as received either way). SQLite cannot drop a
-- NOT NULL in place: the table is rebuilt with its rows and index.
CREATE TABLE contract_cancellations_new (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER,
  contract TEXT NOT NULL CHECK (contract IN ('all', 'premium', 'payment_method')),
  kind TEXT NOT NULL CHECK (kind IN ('ordinary', 'extraordinary')),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  received_at TEXT NOT NULL,
  -- 'member': sent while logged in; 'visitor': sent with a name and address only.
  source TEXT NOT NULL DEFAULT 'member' CHECK (source IN ('member', 'visitor'))
);
INSERT INTO contract_cancellations_new (id, tenant_id, member_id, contract, kind, name, email, received_at)
  SELECT id, tenant_id, member_id, contract, kind, name, email, received_at FROM contract_cancellations;
DROP TABLE contract_cancellations;
ALTER TABLE contract_cancellations_new RENAME TO contract_cancellations;
CREATE INDEX contract_cancellations_member ON contract_cancellations (tenant_id, member_id, received_at);
