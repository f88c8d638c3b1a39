-- One-time sign-in links by e-mail (docs/studio.md#sign-in-links): 15 minutes, used once,
-- kept only as their token's SHA-256.
CREATE TABLE studio_sign_in_links (
    token_sha256 TEXT PRIMARY KEY,
    staff_id TEXT NOT NULL REFERENCES studio_staff (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
