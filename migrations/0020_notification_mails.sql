-- Notification e-mails (issue 18, items 1-2). An event that reached no open tab leaves a pending row; the member's
-- hub (a Durable Object alarm) later turns the pending rows of a type into at most one mail per 4 hours.

-- What happened while the member was away: a message (ref = message id, conversation_id set), a like or a match
-- (ref = null) from sender_profile_id. Deleted when mailed or when it no longer matters (read, seen, switched off).
CREATE TABLE notification_pending (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('messages', 'likes', 'matches')),
  sender_profile_id INTEGER NOT NULL,
  conversation_id INTEGER,
  ref INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX notification_pending_member ON notification_pending (tenant_id, member_id, type, id);

-- The last notification mail per member and type: the 4-hour batch window is decided by one conditional upsert on
-- this row, so two alarms (or a retried one) never send twice.
CREATE TABLE notification_mails (
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  last_sent_at TEXT NOT NULL,
  mails INTEGER NOT NULL DEFAULT 0,            -- notification mails of this type sent to the member, ever
  items INTEGER NOT NULL DEFAULT 0,            -- the messages, likes or matches those mails told of
  PRIMARY KEY (tenant_id, member_id, type)
);
