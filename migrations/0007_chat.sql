-- Chat (issue 5): conversations between two profiles, their messages, each member's view of a conversation,
-- and web push subscriptions. Credits for messages are spent through credit_ledger (0005) in the same batch as
-- the message insert; see worker/chat/send.ts.

-- One conversation per pair of profiles; profile_lo < profile_hi makes the pair unique in either direction.
-- started_by is the profile that wrote first: free members may start at most 2 conversations (SPEC.md §6).
CREATE TABLE conversations (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  profile_lo INTEGER NOT NULL,
  profile_hi INTEGER NOT NULL,
  started_by INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, profile_lo, profile_hi)
);
CREATE INDEX conversations_started ON conversations (tenant_id, started_by);

-- A member's side of a conversation (fictional profiles have no member, so no side). read_upto / delivered_upto
-- are message ids: the sender's ticks read them. A deleted conversation is hidden and keeps only messages after
-- cleared_upto; a new message shows it again.
CREATE TABLE chat_sides (
  tenant_id TEXT NOT NULL,
  conversation_id INTEGER NOT NULL REFERENCES conversations (id),
  member_id INTEGER NOT NULL,
  peer_profile_id INTEGER NOT NULL,
  read_upto INTEGER NOT NULL DEFAULT 0,
  delivered_upto INTEGER NOT NULL DEFAULT 0,
  cleared_upto INTEGER NOT NULL DEFAULT 0,
  hidden INTEGER NOT NULL DEFAULT 0,
  last_activity TEXT NOT NULL,
  PRIMARY KEY (member_id, conversation_id)
);
CREATE INDEX chat_sides_list ON chat_sides (tenant_id, member_id, hidden, last_activity);
CREATE UNIQUE INDEX chat_sides_peer ON chat_sides (tenant_id, member_id, peer_profile_id);

-- A message. sender_member_id is null for fictional senders (operators). Whether the recipient sees it is decided
-- when reading (the sender's e-mail confirmed, not invisible), so confirming or leaving invisible mode releases
-- held messages without a job. (tenant, sender, client_key) makes a retried send a no-op.
CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  conversation_id INTEGER NOT NULL REFERENCES conversations (id),
  sender_profile_id INTEGER NOT NULL,
  sender_member_id INTEGER,
  recipient_profile_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('text', 'photo', 'gift')),
  body TEXT,
  gift TEXT,
  photo_id INTEGER,
  cost INTEGER NOT NULL,
  client_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, sender_profile_id, client_key)
);
CREATE INDEX messages_conversation ON messages (conversation_id, id);

-- Web push subscriptions (RFC 8030); a 404/410 from the push service deletes the row.
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, endpoint)
);
CREATE INDEX push_subscriptions_member ON push_subscriptions (tenant_id, member_id);
