-- Back office (issue 15): codes and moderation in the staff workspace.

-- Codes: a code's uses and revenue are read from its paid orders by code, and an invitation code's members by code.
CREATE INDEX orders_discount_code ON orders (tenant_id, discount_code, status) WHERE discount_code IS NOT NULL;
CREATE INDEX members_invite_code ON members (tenant_id, invite_code) WHERE invite_code IS NOT NULL;
-- When an invitation code was made (NULL for codes made before the back office).
ALTER TABLE invite_codes ADD COLUMN created_at TEXT;

-- Moderation: complaints get a state the workspace moves (new -> in progress -> closed; the old `status` column is
-- no longer read) and the language they were written in, so a reply goes out in the sender's language.
ALTER TABLE complaints ADD COLUMN state TEXT NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'in_progress', 'closed'));
UPDATE complaints SET state = 'closed' WHERE status = 'handled';
ALTER TABLE complaints ADD COLUMN language TEXT;
CREATE INDEX complaints_state ON complaints (tenant_id, state, created_at);

-- A staff member's reply to a complaint, mailed to its sender (the mail itself is in the outbox).
CREATE TABLE complaint_replies (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  complaint_id INTEGER NOT NULL REFERENCES complaints (id),
  staff_id INTEGER NOT NULL,
  body TEXT NOT NULL,
  language TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX complaint_replies_complaint ON complaint_replies (tenant_id, complaint_id);

-- Moderation of profile texts: each brand's word list, kept by its admins in the workspace (audited; no deploy to
-- change it). A member's name or about that contains a word, or a profile an open complaint names, waits in the
-- queue until a moderator approves or clears it; the approved texts are kept, so an edit puts them back in the queue.
CREATE TABLE moderation_words (
  tenant_id TEXT NOT NULL,
  word TEXT NOT NULL,                           -- stored lower case
  created_by INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, word)
);
CREATE TABLE profile_text_reviews (
  tenant_id TEXT NOT NULL,
  profile_id INTEGER NOT NULL,
  name TEXT NOT NULL,                           -- the texts as they were approved
  about TEXT,
  decided_by INTEGER NOT NULL,
  decided_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, profile_id)
);
