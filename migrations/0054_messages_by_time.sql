-- Issue 49: the hourly sweep (worker/chat/log-move.ts) finds the message rows past the replay horizon by brand and
-- time, with their conversation, from this index alone. D1 keeps about a day of rows, so the index stays small.
CREATE INDEX messages_by_time ON messages (tenant_id, created_at, conversation_id);
