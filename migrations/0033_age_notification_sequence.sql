-- Yoti posts one notification per attempt of a session, numbered by sequence_number (1, 2...): a member may fail an
-- attempt and pass a retry in the same session. The check keeps the number of the notification it last took, so a
-- later attempt's notification is taken and the same one again is a replay (worker/age/checks.ts recordResult).
ALTER TABLE age_checks ADD COLUMN notification_seq INTEGER;
