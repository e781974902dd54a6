-- Issue 49: a message's id must never be handed out twice. The conversation objects hold the ids D1 gave their
-- messages; with a plain INTEGER PRIMARY KEY, deleting the newest rows (a purge, the move to the objects) lets
-- SQLite give those ids to the next messages, and an object would then take a new message for a replay of an old
-- one. AUTOINCREMENT keeps a counter (sqlite_sequence) that never goes back. SQLite cannot add it to an existing
-- table, so the table is rebuilt with the same columns, rows and indexes. Nothing references messages.
CREATE TABLE messages_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO messages_next
  (id, tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, gift,
   photo_id, cost, client_key, created_at)
SELECT id, tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, gift,
   photo_id, cost, client_key, created_at
FROM messages;
DROP TABLE messages;
ALTER TABLE messages_next RENAME TO messages;
CREATE INDEX messages_conversation ON messages (conversation_id, id);
CREATE INDEX messages_photo ON messages (tenant_id, photo_id) WHERE photo_id IS NOT NULL;
CREATE INDEX messages_members_day ON messages (tenant_id, created_at, sender_member_id) WHERE sender_member_id IS NOT NULL;
CREATE INDEX messages_member_texts ON messages (conversation_id, sender_profile_id, created_at, body, sender_member_id)
  WHERE kind = 'text' AND sender_member_id IS NOT NULL;
