-- Issue 47: paid traffic that pays out. A brand's affiliate networks, the clicks they send, the conversions those
-- clicks bring (tied to the member's click for life) and the postbacks that tell each network (worker/tracking/).

-- The networks a brand works with, managed by its admins (staff ops traffic-networks*). `name` is the value of the
-- landing URL's `network` parameter (SPEC.md §3); click_id_param and campaign_param name the network's own
-- parameters. Postback templates are https URLs on postback_host only (core/rules/postback-template.ts).
CREATE TABLE traffic_networks (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  label TEXT NOT NULL,
  click_id_param TEXT NOT NULL DEFAULT 'clickid',
  campaign_param TEXT NOT NULL DEFAULT 'campaign',
  postback_host TEXT NOT NULL,
  lead_url TEXT,
  sale_url TEXT,
  rebill_url TEXT,
  reversal_url TEXT,
  payout_model TEXT NOT NULL DEFAULT 'cpa',      -- cpl | cpa | revshare
  payout_amount INTEGER NOT NULL DEFAULT 0,      -- cents per lead (cpl) or first sale (cpa)
  revshare_percent INTEGER NOT NULL DEFAULT 0,   -- revshare: percent of every purchase
  hold_days INTEGER NOT NULL DEFAULT 30,
  attribution_days INTEGER NOT NULL DEFAULT 30,
  countries TEXT NOT NULL DEFAULT '',            -- comma-separated ISO codes; '' accepts every country
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (tenant_id, name)
);

-- One row per paid click (id = the visitor's click cookie). A network's click id counts once: a replayed one is ignored.
CREATE TABLE clicks (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  network_id INTEGER NOT NULL,
  campaign TEXT,
  sub1 TEXT, sub2 TEXT, sub3 TEXT, sub4 TEXT, sub5 TEXT,
  ref TEXT,
  network_click_id TEXT,
  lander TEXT NOT NULL,
  country TEXT NOT NULL,
  device TEXT NOT NULL,                          -- mobile | tablet | desktop
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX clicks_network_click ON clicks (tenant_id, network_id, network_click_id);
CREATE INDEX clicks_tenant_time ON clicks (tenant_id, created_at);
CREATE INDEX clicks_time ON clicks (created_at);

-- The click a member came with (core/rules/attribution.ts), fixed at signup for the member's lifetime. The network is
-- kept beside it so that revenue share outlives the click row (purged after 13 months).
CREATE TABLE member_clicks (
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  click_id TEXT NOT NULL,
  network_id INTEGER NOT NULL,
  attributed_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, member_id)
);

-- What an attributed member did: signup, confirm, first_message, first_purchase, purchase. ref is 'member' for the
-- once-per-member events and 'order:<id>' for purchases. member_id and click_id are cleared when the account goes;
-- the row stays, so the figures per network keep adding up.
CREATE TABLE conversions (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER,
  network_id INTEGER NOT NULL,
  click_id TEXT,
  event TEXT NOT NULL,
  ref TEXT NOT NULL,
  order_id INTEGER,
  amount INTEGER NOT NULL DEFAULT 0,
  currency TEXT,
  created_at TEXT NOT NULL,
  reversed_at TEXT,
  reversal_kind TEXT                              -- refund | chargeback
);
CREATE UNIQUE INDEX conversions_once ON conversions (tenant_id, member_id, event, ref);
CREATE INDEX conversions_network ON conversions (tenant_id, network_id, created_at);
CREATE INDEX conversions_order ON conversions (tenant_id, order_id);
CREATE INDEX conversions_time ON conversions (tenant_id, created_at);

-- One postback per network, event and order: the conditional INSERT on this key is what makes it exactly-once.
CREATE TABLE postbacks (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  network_id INTEGER NOT NULL,
  conversion_id INTEGER NOT NULL,
  event TEXT NOT NULL,                            -- lead | sale | rebill | reversal
  order_key TEXT NOT NULL,                        -- 'member:<id>' for a lead, 'order:<id>' otherwise
  url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued',          -- queued | sending | sent | failed
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_until TEXT,                               -- a delivery in flight; another may take it over after this
  last_status_code INTEGER,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  UNIQUE (tenant_id, network_id, event, order_key)
);
CREATE INDEX postbacks_recent ON postbacks (tenant_id, created_at);

-- Every attempt to deliver a postback, with the network's status code (null: no answer) or the error.
CREATE TABLE postback_attempts (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  postback_id INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  status_code INTEGER,
  error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX postback_attempts_postback ON postback_attempts (postback_id, attempt);
