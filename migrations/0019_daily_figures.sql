-- Back office figures (issue 15, item 5): daily rollups per brand, written by the Cron Trigger, so the dashboard
-- reads a few hundred rows instead of the raw tables; and the indexes that let the rollup (and today's live
-- figures) read one brand's day by range.

-- When a member confirmed the e-mail address (activations per day). Members confirmed before this migration have
-- no date and are not counted as an activation of any day.
ALTER TABLE members ADD COLUMN activated_at TEXT;

-- One value per brand, UTC day, metric (and currency for revenue). tenant_id '*' holds the whole deployment, written
-- in the same batch as the brands' rows (answer times are not sums of the brands' medians). The cron overwrites
-- the last few days (INSERT ... ON CONFLICT DO UPDATE), so a late payment or a refund shows on the next run.
CREATE TABLE daily_figures (
  tenant_id TEXT NOT NULL,
  day TEXT NOT NULL,                           -- YYYY-MM-DD (UTC)
  metric TEXT NOT NULL,                        -- signups | activations | first_purchases | paying_members | revenue | ...
  currency TEXT NOT NULL DEFAULT '',           -- revenue only: ISO 4217, values in minor units (paid minus refunded)
  value INTEGER,                               -- NULL: no value that day (e.g. an answer time without answers)
  computed_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, day, metric, currency)
) WITHOUT ROWID;

CREATE INDEX members_created ON members (tenant_id, created_at);
CREATE INDEX members_activated ON members (tenant_id, activated_at) WHERE activated_at IS NOT NULL;
CREATE INDEX orders_paid ON orders (tenant_id, paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX orders_refunded ON orders (tenant_id, refunded_at) WHERE refunded_at IS NOT NULL;
-- Members' messages of a day, counted from the index alone (fictional profiles' messages have no sender member).
CREATE INDEX messages_members_day ON messages (tenant_id, created_at, sender_member_id) WHERE sender_member_id IS NOT NULL;
-- Staff messages and the answer times of a day from the index alone (the dashboard's today, the queue's figures).
CREATE INDEX staff_messages_answers ON staff_messages (tenant_id, created_at, waited_ms);
