-- The operations screen and its alerts (issue 48 items 6-8, docs/operations.md).
--
-- Requests per brand, route pattern and 15-minute bucket: how many, how many failed (5xx) or were refused (4xx),
-- and how many took at most 50/100/250/500/1000/2500/5000 ms or longer, so p50 and p95 come from the buckets
-- (core/rules/latency.ts) without a row per request. Written by worker/observe/rollups.ts after the answer is sent,
-- one UPSERT per request. Pushes sent count here too, under the route 'push'. Rows older than 8 days are purged by
-- the hourly cron.
CREATE TABLE request_rollups (
  tenant_id TEXT NOT NULL,
  bucket TEXT NOT NULL,                 -- start of the 15-minute bucket, ISO 'YYYY-MM-DDTHH:MM'
  route TEXT NOT NULL,                  -- the route pattern (worker/observe/route-pattern.ts), never the raw URL
  requests INTEGER NOT NULL DEFAULT 0,
  errors INTEGER NOT NULL DEFAULT 0,    -- status >= 500
  refused INTEGER NOT NULL DEFAULT 0,   -- 400 <= status < 500
  ms_total INTEGER NOT NULL DEFAULT 0,
  le_50 INTEGER NOT NULL DEFAULT 0,
  le_100 INTEGER NOT NULL DEFAULT 0,
  le_250 INTEGER NOT NULL DEFAULT 0,
  le_500 INTEGER NOT NULL DEFAULT 0,
  le_1000 INTEGER NOT NULL DEFAULT 0,
  le_2500 INTEGER NOT NULL DEFAULT 0,
  le_5000 INTEGER NOT NULL DEFAULT 0,
  le_inf INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, bucket, route)
) WITHOUT ROWID;
CREATE INDEX request_rollups_bucket ON request_rollups (bucket);

-- Background jobs (cron tasks, queue batches), one row per run and database: what ran, when, how it ended.
CREATE TABLE job_runs (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,                   -- 'purge', 'figures rollup', 'postbacks queue', 'operations alerts', ...
  cron TEXT,                            -- the schedule, or NULL for a queue batch
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  outcome TEXT NOT NULL,                -- ok | failed
  detail TEXT                           -- JSON counts, or the error's class; never personal data
);
CREATE INDEX job_runs_recent ON job_runs (started_at);

-- Alert incidents (core/rules/ops-alerts.ts): one open row per brand and condition at most. The cron run whose
-- INSERT writes the row mails the owners; the row is closed when the condition ends, and only a new row mails again.
CREATE TABLE ops_incidents (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  key TEXT NOT NULL,                    -- 'error_rate', 'queue_wait', 'postbacks:<network id>'
  kind TEXT NOT NULL,                   -- error_rate | queue_wait | postbacks
  detail TEXT NOT NULL,                 -- JSON figures at opening
  opened_at TEXT NOT NULL,
  closed_at TEXT
);
CREATE UNIQUE INDEX ops_incidents_open ON ops_incidents (tenant_id, key) WHERE closed_at IS NULL;
CREATE INDEX ops_incidents_recent ON ops_incidents (tenant_id, opened_at);
