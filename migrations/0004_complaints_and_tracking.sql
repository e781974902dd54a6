-- Complaints (SPEC.md §2 /complaints) and page-bounce logging (SPEC.md §4, query "lb").

CREATE TABLE complaints (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER,                           -- the logged-in sender, if any
  subject TEXT NOT NULL,
  concerns TEXT,                               -- the member or profile the complaint is about (free text or id)
  body TEXT NOT NULL,
  contact_email TEXT NOT NULL,
  contact_name TEXT,
  status TEXT NOT NULL DEFAULT 'open',         -- open | handled
  ip TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX complaints_recent ON complaints (tenant_id, created_at);

-- Visits that leave a page quickly, logged when a landing URL carries ?lb=1 (and page-hidden beacons).
CREATE TABLE page_events (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL,                          -- bounce | hidden
  path TEXT NOT NULL,
  traffic_source TEXT,
  duration_ms INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX page_events_recent ON page_events (tenant_id, kind, created_at);
