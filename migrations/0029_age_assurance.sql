-- Issue 45 items 2 and 3: age assurance (docs/compliance.md "Age assurance", docs/api/age-assurance.md).
-- What is kept of a check: the provider, its session reference, the method the member chose, the outcome and the time.
-- Never an image, a document or an estimated age: the provider keeps those, under its own terms.

-- Every check a member started, append-only: a row is created when the check starts and its outcome is written once,
-- from the provider's own result (a replayed or forged callback finds the outcome already set and changes nothing).
CREATE TABLE age_checks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  provider TEXT NOT NULL,                      -- sandbox | yoti | verifymy ...
  session_id TEXT NOT NULL,                    -- the provider's reference of the check
  country TEXT,                                -- the country whose rule asked for it
  outcome TEXT CHECK (outcome IN ('pass', 'fail', 'inconclusive', 'cancelled')),  -- NULL while the member is at it
  method TEXT,                                 -- age_estimation | doc_scan | digital_id | credit_card | mobile
  created_at TEXT NOT NULL,
  completed_at TEXT,
  notification_id TEXT,                        -- the provider's notification that confirmed it: the same one again is a replay
  UNIQUE (tenant_id, provider, session_id)
);
CREATE INDEX age_checks_member ON age_checks (tenant_id, member_id, id);

-- The member's current status: one row per member, written in the batch that records an outcome. A pass stays a
-- pass (the check is done once per member); a later failure never takes it away.
CREATE TABLE age_status (
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('pass', 'fail', 'inconclusive', 'cancelled')),
  provider TEXT NOT NULL,
  session_id TEXT NOT NULL,
  method TEXT,
  checked_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, member_id)
);

-- Item 3: a visitor's self-declaration on the site-entry warning ("I am 18 or older"), logged as consents are: the
-- time, the version and the text as shown, the language and country. member_id when a member declared it.
CREATE TABLE age_declarations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id TEXT NOT NULL,
  member_id INTEGER,
  visitor TEXT NOT NULL,                       -- a random id the browser keeps (no IP address is stored)
  country TEXT,
  version TEXT NOT NULL,
  text TEXT NOT NULL,
  language TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX age_declarations_visitor ON age_declarations (tenant_id, visitor, id);

-- The local age-assurance sandbox's own records (worker/age/sandbox.ts), as a provider keeps them on its side: the
-- sessions it opened and the outcome the tester chose. Local mode and tests only.
CREATE TABLE age_sandbox_sessions (
  session_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  reference TEXT NOT NULL,
  threshold INTEGER NOT NULL,
  callback_url TEXT NOT NULL,
  cancel_url TEXT NOT NULL,
  notification_url TEXT NOT NULL,
  outcome TEXT,
  method TEXT,
  created_at TEXT NOT NULL,
  completed_at TEXT
);
