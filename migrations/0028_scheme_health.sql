-- Scheme health per brand and provider (issue 44, item 7; worker/staff/dashboard/scheme-health.ts).
--
-- charged_back_at: when the provider's chargeback reached us. Visa VAMP and Mastercard ECP count a dispute in the
-- month it is reported, not the month of the sale; refunded_at cannot say it (a chargeback on an order that was not
-- refunded sets refunded_at too, and one on a refunded order keeps the refund's date). Orders charged back before
-- this migration take their last change (updated_at), which is when the chargeback moved them.
ALTER TABLE orders ADD COLUMN charged_back_at TEXT;
UPDATE orders SET charged_back_at = updated_at WHERE status = 'charged_back';
CREATE INDEX orders_charged_back ON orders (tenant_id, charged_back_at) WHERE charged_back_at IS NOT NULL;

-- One row per brand, provider and calendar month whose ratio reached the mail threshold (1.2 %): written by the
-- INSERT ... ON CONFLICT DO NOTHING that decides the mail, so the brand's owners and admins are mailed once for it,
-- however many runs find the month above the threshold at the same time.
CREATE TABLE scheme_health_alerts (
  tenant_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  month TEXT NOT NULL,                         -- YYYY-MM (UTC)
  vamp_ratio REAL,                             -- the ratios when the threshold was found reached (NULL: not known)
  ecp_ratio REAL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, provider, month)
) WITHOUT ROWID;
