-- Issue 47: the funnel's daily rollup (as daily_figures is for the figures dashboard) and what a network is paid in.
-- worker/tracking/traffic-rollup.ts writes it from the hourly cron: whole past days, recomputed (deleted and written
-- again in one batch) for the last days and for the days of conversions reversed lately. traffic.php reads it for
-- whole past days and the raw rows for today (and any day not rolled up yet).

-- Per brand and day, one set of rows per dimension the funnel reads, so that reading one is a short range of the
-- primary key however many distinct combinations the clicks carry: dimension 'network' (key '', per network: the
-- funnel by network and by day, and the payout), and 'campaign', 'sub1', 'lander', 'country' (network_id 0, key = the
-- value). Each per currency ('' for clicks and events without money). Clicks count on the click's day, conversions
-- on theirs, under their click's values ('' when the click was purged). The rows outlive the clicks they count:
-- clicks are kept 13 months, the aggregate stays (item 7).
CREATE TABLE traffic_daily (
  tenant_id TEXT NOT NULL,
  dimension TEXT NOT NULL,
  day TEXT NOT NULL,
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
  clawed_sales INTEGER NOT NULL DEFAULT 0,       -- first purchases reversed inside the network's hold period
  gross INTEGER NOT NULL DEFAULT 0,              -- cents paid (first and later purchases)
  net INTEGER NOT NULL DEFAULT 0,                -- cents left after refunds and chargebacks
  kept INTEGER NOT NULL DEFAULT 0,               -- cents not reversed inside the hold period: revenue share's base
  PRIMARY KEY (tenant_id, dimension, day, network_id, key, currency)
) WITHOUT ROWID;

-- The days of a brand that are rolled up (a day without any click still is), so the funnel knows which days to read
-- from the rollup and which from the raw rows.
CREATE TABLE traffic_days (
  tenant_id TEXT NOT NULL,
  day TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, day)
) WITHOUT ROWID;

-- The cron finds the days whose conversions were reversed lately (their net and clawbacks changed).
CREATE INDEX conversions_reversed ON conversions (tenant_id, reversed_at);

-- CPL and CPA amounts are in the currency the network is paid in (revenue share is in each sale's currency).
ALTER TABLE traffic_networks ADD COLUMN payout_currency TEXT NOT NULL DEFAULT 'EUR';

-- Local mode only: what the demo brands' stand-in network ("Demo Network", seeded by scripts/seed.mjs) received at
-- /dev/network/pb, shown on /dev/postbacks. Production has no route that writes it.
CREATE TABLE dev_network_receipts (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  query TEXT NOT NULL,
  received_at TEXT NOT NULL
);
CREATE INDEX dev_network_receipts_recent ON dev_network_receipts (tenant_id, id);
