-- The membership-activation flow of SPEC.md section 4: a pending activation is named by
-- a random userSessionId (stored as its SHA-256), gets an order, and completes once.
CREATE TABLE activations (
    session_hash TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    member_level_id BIGINT NOT NULL,
    order_id TEXT UNIQUE,
    created_at BIGINT NOT NULL,
    completed_at BIGINT
);
CREATE INDEX activations_member ON activations (member_id);
