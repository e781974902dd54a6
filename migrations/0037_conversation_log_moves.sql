-- Issue 49 item 4: the move of each conversation's messages from D1 into its conversation log (one SQLite-backed
-- Durable Object per conversation, docs/decisions/016-messages-in-durable-objects.md). A row says the log held
-- exactly D1's messages (count and checksum equal) when it was verified; the job resumes after the newest row.
CREATE TABLE conversation_log_moves (
  tenant_id TEXT NOT NULL,
  conversation_id INTEGER NOT NULL,
  messages INTEGER NOT NULL,
  checksum TEXT NOT NULL,
  verified_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, conversation_id)
);

-- The data export reads a member's messages conversation by conversation from the logs: the member's profile is
-- either side of a conversation; (tenant_id, profile_lo, profile_hi) is unique already, this finds the other side.
CREATE INDEX conversations_hi ON conversations (tenant_id, profile_hi);
