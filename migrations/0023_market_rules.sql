-- Issue 45: the market rules' member-facing parts.
--
-- A member's own spending limits and pause (issue 45, item 9). One row per member and kind: 'day', 'week' and 'month'
-- hold a limit in cents of `currency` over the last 24 hours, 7 days and 30 days (`amount`, NULL: none); 'pause' holds
-- the end of a pause (`until`, NULL: none). Lowering a limit or pausing is written at once; raising, removing or
-- lifting waits 24 hours: the new value waits in pending_amount / pending_until and applies from `pending_from` on.
-- Nothing moves it there: whoever reads (the order's INSERT included) takes the pending value once its time has come.
CREATE TABLE spending_limits (
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('day', 'week', 'month', 'pause')),
  currency TEXT NOT NULL,
  amount INTEGER,
  until TEXT,
  pending_amount INTEGER,
  pending_until TEXT,
  pending_from TEXT,
  updated_at TEXT NOT NULL,
  -- Counts the writes: a change is written only over the version it was decided on (no lost lowering in a race).
  version INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, member_id, kind)
);

-- "Verträge hier kündigen" (§ 312k BGB, issue 45 item 4): a member's cancellation as received, with its time; the
-- confirmation mail carries the same date and time. `contract`: what was cancelled; `kind`: ordinary or
-- extraordinary (for good cause); `name`: as the member typed it to identify themselves.
CREATE TABLE contract_cancellations (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  contract TEXT NOT NULL CHECK (contract IN ('all', 'premium', 'payment_method')),
  kind TEXT NOT NULL CHECK (kind IN ('ordinary', 'extraordinary')),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  received_at TEXT NOT NULL
);
CREATE INDEX contract_cancellations_member ON contract_cancellations (tenant_id, member_id, received_at);
