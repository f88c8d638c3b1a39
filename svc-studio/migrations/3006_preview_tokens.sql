-- Tokens of the draft's preview on a site's own host (docs/studio.md#preview): one site,
-- one hour, kept only as their SHA-256; they show the draft only while their staff
-- member holds a grant on the site.
CREATE TABLE studio_preview_tokens (
    token_sha256 TEXT PRIMARY KEY,
    staff_id TEXT NOT NULL REFERENCES studio_staff (id) ON DELETE CASCADE,
    site_id TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
