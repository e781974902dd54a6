-- Issue 45 items 6-8 (DSA Art. 16, 17, 20; docs/compliance.md "Notices, statements of reasons, appeals").
--
-- A notice ("Melden"): a visitor or member reports a profile, photo or message. `shared_text` is a reported
-- message's text as the reporter shared it (staff see that message only, never the conversation). A notice from a
-- flood (over the rate limit) is kept with state 'flood': refused to its sender, outside the queue, never lost.
CREATE TABLE reports (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  target_kind TEXT NOT NULL CHECK (target_kind IN ('profile', 'photo', 'message')),
  target_id INTEGER NOT NULL,
  target_profile_id INTEGER NOT NULL,          -- the profile the reported content belongs to
  reason TEXT NOT NULL CHECK (reason IN ('illegal', 'minor', 'scam', 'harassment', 'fake_or_stolen_photo', 'other')),
  body TEXT,
  shared_text TEXT,
  reporter_member_id INTEGER,
  reporter_email TEXT,                         -- a visitor's address for the outcome, or NULL
  language TEXT NOT NULL,
  ip TEXT,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'decided', 'flood')),
  decision_id INTEGER,
  created_at TEXT NOT NULL,
  decided_at TEXT
);
CREATE INDEX reports_queue ON reports (tenant_id, state, created_at);
CREATE INDEX reports_month ON reports (tenant_id, created_at);

-- A moderation decision (a notice's, or the photo and text queues' and the members page's block): what was done,
-- on what ground, human or automatic, by whom. Append-only like the audit log; an appeal's outcome is its own row.
CREATE TABLE moderation_decisions (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER,                           -- the member affected; NULL for no action or a fictional profile
  action TEXT NOT NULL CHECK (action IN ('no_action', 'remove_photo', 'remove_text', 'block_account', 'limit_visibility')),
  target_kind TEXT NOT NULL,                   -- profile | photo | message | member
  target_id INTEGER NOT NULL,
  ground TEXT NOT NULL,                        -- the rule or law (core/rules/moderation.ts GROUNDS)
  explanation TEXT,                            -- the facts, in the decider's words
  automated INTEGER NOT NULL DEFAULT 0,
  staff_id INTEGER,                            -- the decider (NULL when automated)
  report_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX moderation_decisions_month ON moderation_decisions (tenant_id, created_at);
CREATE TRIGGER moderation_decisions_no_update BEFORE UPDATE ON moderation_decisions BEGIN SELECT RAISE(ABORT, 'moderation_decisions is append-only'); END;

-- A statement of reasons (Art. 17): one per restricting decision, mailed to the member in their language.
-- `appeal_until`: six months after it was made (Art. 20 (1)).
CREATE TABLE statements_of_reasons (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  decision_id INTEGER NOT NULL UNIQUE REFERENCES moderation_decisions (id),
  member_id INTEGER NOT NULL,
  language TEXT NOT NULL,
  appeal_until TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX statements_member ON statements_of_reasons (tenant_id, member_id, id);

-- An appeal (Art. 20): one per statement, by its member; decided by another staff member than the decider.
CREATE TABLE appeals (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  statement_id INTEGER NOT NULL UNIQUE REFERENCES statements_of_reasons (id),
  member_id INTEGER NOT NULL,
  body TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'upheld', 'reversed')),
  answer TEXT,
  decided_by INTEGER,
  decided_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX appeals_queue ON appeals (tenant_id, state, created_at);

-- "Limit visibility": the profile leaves search until an appeal reverses it (searchable is recomputed with it).
ALTER TABLE profiles ADD COLUMN visibility_limited_at TEXT;
