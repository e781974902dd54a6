-- Issue 46: a brand's news goes out from the NEWS queue, off the request (worker/staff/news/news-queue.ts). The post
-- records what it was queued for and how many batches of members it was cut into; each batch is one queue message.
ALTER TABLE news_posts ADD COLUMN status TEXT NOT NULL DEFAULT 'sent';
ALTER TABLE news_posts ADD COLUMN queued_mails INTEGER NOT NULL DEFAULT 0;
ALTER TABLE news_posts ADD COLUMN queued_pushes INTEGER NOT NULL DEFAULT 0;

-- One row per batch: members with ids from first_member to last_member (as they were when the post was queued).
-- done_at is set once the consumer went through it; a batch left undone is queued again by the hourly sweep.
CREATE TABLE news_batches (
  tenant_id TEXT NOT NULL,
  news_id INTEGER NOT NULL,
  first_member INTEGER NOT NULL,
  last_member INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  done_at TEXT,
  PRIMARY KEY (news_id, first_member)
);
CREATE INDEX news_batches_undone ON news_batches (tenant_id, done_at, created_at);

-- Who a post went to, once per post, member and channel ('mail' or 'push'): the claim a delivery makes before it
-- sends, so a batch delivered twice (a retry, a requeue) sends nothing twice. delivered: the mail was written to the
-- outbox, or a device of the member took the push.
CREATE TABLE news_deliveries (
  tenant_id TEXT NOT NULL,
  news_id INTEGER NOT NULL,
  member_id INTEGER NOT NULL,
  channel TEXT NOT NULL,
  delivered INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  PRIMARY KEY (news_id, channel, member_id)
) WITHOUT ROWID;
