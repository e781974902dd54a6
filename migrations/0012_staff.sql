-- The staff workspace (issue 14, docs/api/staff.md): staff are not members. Their own accounts, roles per brand,
-- sessions, an append-only audit log; the answering queue's claims and notes; the daily cap on first messages from
-- fictional profiles.

CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,                  -- lower case
  name TEXT NOT NULL,
  password_hash TEXT,                          -- argon2id; NULL until the one-time setup link was used
  totp_secret TEXT,                            -- base32, encrypted with APP_SECRET (worker/staff/totp.ts); NULL until set up
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  setup_token_hash TEXT,                       -- sha256 of the one-time setup link's token
  setup_expires_at TEXT,
  created_at TEXT NOT NULL
);

-- A role on one brand, or on every brand of the deployment (brand '*', role 'owner').
CREATE TABLE staff_roles (
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  brand TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('operator', 'moderator', 'admin', 'owner')),
  PRIMARY KEY (staff_id, brand)
);

-- Sessions: a random token in a host-only cookie, stored hashed; 12 hours; listed and ended by their owner.
CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  user_agent TEXT,
  ip TEXT
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id, expires_at);

-- Every staff action: who, when, brand, what, target. Append-only: the triggers refuse changes.
CREATE TABLE staff_audit (
  id INTEGER PRIMARY KEY,
  staff_id INTEGER,                            -- NULL for a refused login of an unknown address
  brand TEXT,                                  -- NULL for deployment-wide actions (login)
  action TEXT NOT NULL,                        -- login, login_failed, logout, claim, release, reply, note, profile_create, profile_edit, ...
  target_type TEXT,                            -- conversation, member, profile, photo, staff, session
  target_id TEXT,
  detail TEXT,                                 -- JSON, never message texts of members
  created_at TEXT NOT NULL
);
CREATE INDEX staff_audit_brand ON staff_audit (brand, id);
CREATE INDEX staff_audit_staff ON staff_audit (staff_id, id);
CREATE TRIGGER staff_audit_no_update BEFORE UPDATE ON staff_audit BEGIN SELECT RAISE(ABORT, 'staff_audit is append-only'); END;
CREATE TRIGGER staff_audit_no_delete BEFORE DELETE ON staff_audit BEGIN SELECT RAISE(ABORT, 'staff_audit is append-only'); END;

-- A conversation with a fictional profile waits for an answer from the first unanswered member message on:
-- set by the member's send (worker/chat/send.ts), cleared by the staff reply. The queue reads this index only.
ALTER TABLE conversations ADD COLUMN waiting_since TEXT;
ALTER TABLE conversations ADD COLUMN fictional_profile_id INTEGER;   -- the fictional side, NULL between members
CREATE INDEX conversations_waiting ON conversations (tenant_id, waiting_since) WHERE waiting_since IS NOT NULL;

-- A claim: one operator answers a conversation; it expires 5 minutes after the operator's last activity.
CREATE TABLE chat_claims (
  tenant_id TEXT NOT NULL,
  conversation_id INTEGER NOT NULL,
  staff_id INTEGER NOT NULL,
  claimed_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, conversation_id)
);

-- Notes kept by a brand's operators about a member or a fictional profile; never shown to members.
CREATE TABLE staff_notes (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('member', 'profile')),
  subject_id INTEGER NOT NULL,
  staff_id INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX staff_notes_subject ON staff_notes (tenant_id, subject_type, subject_id, id);

-- Staff replies and first messages: who sent which message as the fictional profile (answer-time figures).
CREATE TABLE staff_messages (
  message_id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  staff_id INTEGER NOT NULL,
  conversation_id INTEGER NOT NULL,
  waited_ms INTEGER,                           -- from waiting_since to the reply; NULL for a first message
  created_at TEXT NOT NULL
);
CREATE INDEX staff_messages_day ON staff_messages (tenant_id, created_at);

-- At most one unsolicited first message from a fictional profile per member per day (UTC) per brand.
CREATE TABLE fictional_first_messages (
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  day TEXT NOT NULL,                           -- YYYY-MM-DD
  conversation_id INTEGER NOT NULL,
  staff_id INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, member_id, day)
);
