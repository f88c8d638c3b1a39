-- The studio's audit log (docs/studio.md#audit): one row per change a staff member made,
-- written once the change succeeded; append-only (nothing updates or deletes a row).
CREATE TABLE studio_audit (
    id TEXT PRIMARY KEY,
    -- Unix milliseconds.
    at BIGINT NOT NULL,
    staff_id TEXT NOT NULL,
    staff_email TEXT NOT NULL,
    staff_name TEXT NOT NULL,
    -- The role the change was made with; '' where none applied (one's own passkeys).
    role TEXT NOT NULL,
    -- '' for the deployment (an operator's invitation).
    site_id TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    -- A JSON object: each changed field's {"before", "after"}; never a secret.
    changes TEXT NOT NULL,
    client_address TEXT NOT NULL,
    request_id TEXT NOT NULL
);

CREATE INDEX studio_audit_by_site ON studio_audit (site_id, at);
