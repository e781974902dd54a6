-- Brands made in the staff workspace (issue 48 items 3-5, docs/decisions/019-brands-in-d1.md). These tables live in
-- the deployment's primary database only (binding DB, with the staff accounts): the host -> brand lookup reads them
-- before it knows a brand, so they cannot sit in a brand's own database. A brand's members, orders and messages go
-- to the database named in `database` (one of the deployment's bound D1 databases, the pool).

CREATE TABLE brands (
  id TEXT PRIMARY KEY,                          -- the tenant id (tenant_id of its rows)
  database TEXT NOT NULL,                       -- the D1 binding that holds its data: DB, DB_VELVET, ...
  status TEXT NOT NULL CHECK (status IN ('draft', 'live')),
  live_version INTEGER,                         -- the version its hosts serve; NULL until it first goes live
  latest_version INTEGER NOT NULL,              -- the newest version: what the preview host serves
  created_at TEXT NOT NULL,
  created_by INTEGER,                           -- staff id
  updated_at TEXT NOT NULL
);

-- Append-only: an edit is a new version, a rollback points live_version at an older one.
CREATE TABLE brand_versions (
  brand_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  settings TEXT NOT NULL,                       -- JSON: the tenant file's object without id, hosts and database
  note TEXT,
  created_at TEXT NOT NULL,
  created_by INTEGER,
  PRIMARY KEY (brand_id, version)
);
CREATE TRIGGER brand_versions_no_update BEFORE UPDATE ON brand_versions BEGIN SELECT RAISE(ABORT, 'brand_versions is append-only'); END;

-- A host of a runtime brand. One host, one brand: the primary key refuses a host another brand has.
CREATE TABLE brand_hosts (
  host TEXT PRIMARY KEY,                        -- lower case, no port
  brand_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('live', 'preview')),
  provider TEXT NOT NULL,                       -- local, cloudflare_saas, workers_domain
  provider_id TEXT,                             -- the custom hostname's id at Cloudflare
  status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'failed')),
  ssl_status TEXT,                              -- the certificate's status as the provider says it
  verification TEXT,                            -- JSON: the TXT record or HTTP file the partner must publish
  checked_at TEXT,
  created_at TEXT NOT NULL,
  created_by INTEGER
);
CREATE INDEX brand_hosts_brand ON brand_hosts (brand_id, host);
