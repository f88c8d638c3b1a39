-- The audit log's entries waiting for NATS (studio.audit.{siteId}, docs/asyncapi.yaml):
-- written in the entry's own transaction, marked published once NATS has them
-- (platform::outbox).
CREATE TABLE studio_outbox (
    event_id TEXT PRIMARY KEY,
    subject TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    published_at BIGINT
);
CREATE INDEX studio_outbox_pending ON studio_outbox (published_at, created_at);
