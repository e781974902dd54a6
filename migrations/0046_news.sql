-- Issue 46, item 13: the "news" choices of the notification settings control something real. A brand's admin sends
-- its news from the workspace to the members who chose it (e-mail: the marketing consent; push); each post is kept
-- with what it reached, once per request id (a repeated form sends nothing twice).
CREATE TABLE news_posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id TEXT NOT NULL,
  staff_id INTEGER NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  request_id TEXT NOT NULL,
  mails INTEGER NOT NULL DEFAULT 0,
  pushes INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  UNIQUE (tenant_id, request_id)
);
CREATE INDEX news_posts_tenant ON news_posts (tenant_id, id);

-- Where a consent was given or withdrawn: 'signup', 'settings', 'unsubscribe' (a mail's link, without logging in),
-- 'push' (the browser's permission). Rows from before this column say nothing (NULL).
ALTER TABLE consents ADD COLUMN source TEXT;
