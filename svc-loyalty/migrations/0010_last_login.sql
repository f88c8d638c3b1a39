-- When each member last signed in, for the studio's member support (docs/studio.md#member-support).
-- Unknown (NULL) for sign-ins before this column.
ALTER TABLE members ADD COLUMN last_login_at BIGINT;
