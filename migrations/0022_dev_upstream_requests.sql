-- Local mode only (worker/dev/upstream-log.ts): the last 100 requests the demo backend (a brand in local_only mode,
-- e.g. proxydemo-origin) received from the engine in proxy mode, with header names and values (cookie values
-- masked), so a brand's developers and the tests can see exactly what crosses the boundary (issue 42, item 6).
-- A production build never writes it.
CREATE TABLE dev_upstream_requests (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  received_at TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  headers TEXT NOT NULL
);
CREATE INDEX dev_upstream_requests_tenant ON dev_upstream_requests (tenant_id, id);
