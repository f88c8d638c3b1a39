-- The studio's staff, their grants, invitations and sessions (docs/studio.md). The same
-- statements on SQLite and PostgreSQL; times are Unix seconds. The database may be
-- shared with the other services: their migrations start at 0001, 1001 and 2001.

CREATE TABLE studio_staff (
    id TEXT PRIMARY KEY,
    -- Trimmed and lower-cased: one staff member per address.
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- One role per staff member and site; '' is the deployment (operators).
CREATE TABLE studio_grants (
    staff_id TEXT NOT NULL REFERENCES studio_staff (id) ON DELETE CASCADE,
    site_id TEXT NOT NULL,
    role TEXT NOT NULL,
    -- A JSON array of theater ids, for a theater manager.
    theater_ids TEXT NOT NULL,
    granted_at BIGINT NOT NULL,
    PRIMARY KEY (staff_id, site_id)
);

-- Tokens are kept only as their SHA-256 (hex).
CREATE TABLE studio_invitations (
    token_sha256 TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    role TEXT NOT NULL,
    site_id TEXT NOT NULL,
    theater_ids TEXT NOT NULL,
    -- The staff member who invited; NULL for the first operator's and the command's.
    invited_by TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    accepted_at BIGINT
);

CREATE TABLE studio_sessions (
    token_sha256 TEXT PRIMARY KEY,
    staff_id TEXT NOT NULL REFERENCES studio_staff (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE INDEX studio_sessions_by_staff ON studio_sessions (staff_id);
