-- Issue 49, the move's last step: which of a moved conversation's D1 rows were dropped. The move drops a prefix of
-- the conversation's ids (every row up to the newest one past the replay horizon), so one id says it: a later run
-- compares D1's remaining rows with the log's messages after that id, and the way back knows what to bring back.
ALTER TABLE conversation_log_moves ADD COLUMN dropped_upto INTEGER NOT NULL DEFAULT 0;
