-- Accounts: signup progress, one-time links, rate limits, notification preferences, mail outbox, deletion.

ALTER TABLE members ADD COLUMN signup_step TEXT NOT NULL DEFAULT 'complete'; -- account..check_email, complete
ALTER TABLE members ADD COLUMN email_disabled_reason TEXT;                  -- fbl | bounce | unsubscribe
ALTER TABLE members ADD COLUMN notification_prefs TEXT NOT NULL DEFAULT '{}'; -- JSON {email: {type: bool}, push: {...}}
ALTER TABLE members ADD COLUMN delete_reason TEXT;
ALTER TABLE members ADD COLUMN password_changed_at TEXT;
ALTER TABLE members ADD COLUMN invite_code TEXT;
CREATE INDEX members_deleted ON members (status, deleted_at);

-- One-time links (activation, password reset, e-mail change, account recovery, unsubscribe). The link carries a
-- signed token; this table makes each usable once and remembers what it was for.
CREATE TABLE one_time_tokens (
  jti TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  purpose TEXT NOT NULL,
  data TEXT,                                   -- e.g. the new e-mail address of a change
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX one_time_tokens_member ON one_time_tokens (tenant_id, member_id, purpose, created_at);

-- Fixed-window counters for rate limits and login lockout. key names its subject, e.g. "login:acct:<tenant>:<email>".
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL,
  blocked_until TEXT
);

-- Invitation codes for brands whose signups are invite-only.
CREATE TABLE invite_codes (
  code TEXT NOT NULL,
  tenant_id TEXT NOT NULL,
  uses_left INTEGER NOT NULL DEFAULT 1,
  expires_at TEXT,
  PRIMARY KEY (tenant_id, code)
);

-- Every mail and SMS goes through this outbox. Locally the dev mailbox shows it; in production a transport sends
-- it and records the outcome.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER,
  channel TEXT NOT NULL DEFAULT 'mail',        -- mail | sms
  recipient TEXT NOT NULL,
  subject TEXT,
  text_body TEXT NOT NULL,
  html_body TEXT,
  headers TEXT NOT NULL DEFAULT '{}',          -- JSON, e.g. List-Unsubscribe
  template TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued',       -- queued | sent | failed | held (local)
  error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE INDEX outbox_recent ON outbox (tenant_id, created_at);
CREATE INDEX outbox_recipient ON outbox (tenant_id, recipient, created_at);
