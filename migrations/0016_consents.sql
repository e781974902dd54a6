-- Issue 17, items 6 and 9: every consent a member gives or withdraws (terms, marketing e-mail, push), with its time,
-- the version of the text and the text as the member read it. Append-only: the latest row per kind is the state;
-- the GDPR export shows them all.
CREATE TABLE consents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('terms', 'marketing', 'push')),
  granted INTEGER NOT NULL CHECK (granted IN (0, 1)),
  version TEXT NOT NULL,
  text TEXT NOT NULL,
  language TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX consents_member ON consents (tenant_id, member_id, id);
