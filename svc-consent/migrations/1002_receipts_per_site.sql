-- A receipt belongs to the site whose visitor chose (DESIGN.md section 12). Receipts from
-- before sites have none ('') until the service gives them to its default site at
-- start-up (ReceiptStore::adopt_receipts_from_before_sites).
ALTER TABLE consent_receipts ADD COLUMN site_id TEXT NOT NULL DEFAULT '';
CREATE INDEX consent_receipts_site ON consent_receipts (site_id, recorded_at);
