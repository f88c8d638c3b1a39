-- Consent receipts (DESIGN.md: consent), one row per choice stored. Versions from 1001:
-- the database may be svc-loyalty's too, whose migrations count from 1.
-- IF NOT EXISTS: databases made before the service had migrations have the table.
CREATE TABLE IF NOT EXISTS consent_receipts (
    id TEXT PRIMARY KEY,
    recorded_at TEXT NOT NULL,
    regulation TEXT NOT NULL,
    choices TEXT NOT NULL,
    policy_version TEXT NOT NULL,
    client_network TEXT NOT NULL
);
