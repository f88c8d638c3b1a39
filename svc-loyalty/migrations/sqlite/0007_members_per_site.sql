-- A member belongs to one site (DESIGN.md section 12): the same e-mail address may be a
-- member of two sites, each with its own password. Members from before sites have no
-- site ('') until the service adopts them into its default site at start-up
-- (Store::adopt_rows_from_before_sites). SQLite cannot drop a column's UNIQUE
-- constraint, so the table is rebuilt as its documentation says: foreign keys are off
-- while the store migrates SQLite (Store::connect), so dropping the old table neither
-- cascades to what is kept about its members nor is refused.
CREATE TABLE members_per_site (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    mobile_number TEXT NOT NULL,
    zip_code TEXT NOT NULL,
    birth_date TEXT NOT NULL,
    club_id TEXT NOT NULL,
    circuit_id TEXT NOT NULL,
    member_level_id BIGINT NOT NULL,
    member_level_name TEXT NOT NULL,
    member_expiry TEXT NOT NULL,
    is_activated BIGINT NOT NULL,
    send_newsletter BIGINT NOT NULL,
    points BIGINT NOT NULL,
    failed_logins BIGINT NOT NULL,
    locked_until BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    lockouts BIGINT NOT NULL DEFAULT 0,
    blocked BIGINT NOT NULL DEFAULT 0,
    password_changed_at BIGINT NOT NULL DEFAULT 0,
    has_username BIGINT NOT NULL DEFAULT 1
);
INSERT INTO members_per_site (id, email, password_hash, first_name, last_name,
    mobile_number, zip_code, birth_date, club_id, circuit_id, member_level_id,
    member_level_name, member_expiry, is_activated, send_newsletter, points, failed_logins,
    locked_until, created_at, lockouts, blocked, password_changed_at, has_username)
SELECT id, email, password_hash, first_name, last_name, mobile_number, zip_code,
    birth_date, club_id, circuit_id, member_level_id, member_level_name, member_expiry,
    is_activated, send_newsletter, points, failed_logins, locked_until, created_at,
    lockouts, blocked, password_changed_at, has_username
FROM members;
DROP TABLE members;
ALTER TABLE members_per_site RENAME TO members;
CREATE UNIQUE INDEX members_site_email ON members (site_id, email);
