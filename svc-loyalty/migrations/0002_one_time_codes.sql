-- Codes e-mailed to members (password reset, activation): stored as their SHA-256,
-- each works once, until it expires.
CREATE TABLE one_time_codes (
    code_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX one_time_codes_member ON one_time_codes (member_id);
