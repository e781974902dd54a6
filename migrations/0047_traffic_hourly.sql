-- Issue 47's budget (the funnel within 50 ms of D1 time): today rolled up to the last full hour, so that only the
-- current hour is counted from the raw rows (docs/decisions/022-traffic-hourly-rollup.md). The same columns as
-- traffic_daily (migration 0045), per hour ('YYYY-MM-DDTHH', UTC) instead of per day, for the days not rolled up
-- whole yet (today, and yesterday until the first run after midnight). The cron (worker/tracking/traffic-rollup.ts)
-- writes the full hours of those days again every run and deletes a day's hours when it writes the day; a reversal
-- of a conversion in a rolled-up hour deletes that hour (counted raw again until the next run).
CREATE TABLE traffic_hourly (
  tenant_id TEXT NOT NULL,
  dimension TEXT NOT NULL,
  hour TEXT NOT NULL,
  network_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  currency TEXT NOT NULL,
  clicks INTEGER NOT NULL DEFAULT 0,
  signups INTEGER NOT NULL DEFAULT 0,
  confirmed INTEGER NOT NULL DEFAULT 0,
  first_messages INTEGER NOT NULL DEFAULT 0,
  first_purchases INTEGER NOT NULL DEFAULT 0,
  repeat_purchases INTEGER NOT NULL DEFAULT 0,
  refunds INTEGER NOT NULL DEFAULT 0,
  chargebacks INTEGER NOT NULL DEFAULT 0,
  clawed_sales INTEGER NOT NULL DEFAULT 0,
  gross INTEGER NOT NULL DEFAULT 0,
  net INTEGER NOT NULL DEFAULT 0,
  kept INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, dimension, hour, network_id, key, currency)
) WITHOUT ROWID;

-- The hours of a brand that are rolled up, as traffic_days marks the days.
CREATE TABLE traffic_hours (
  tenant_id TEXT NOT NULL,
  hour TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, hour)
) WITHOUT ROWID;
