-- A member belongs to one site (DESIGN.md section 12): the same e-mail address may be a
-- member of two sites, each with its own password. Members from before sites have no
-- site ('') until the service adopts them into its default site at start-up
-- (Store::adopt_rows_from_before_sites). SQLite rebuilds the table instead
-- (migrations/sqlite/): it cannot drop a column's UNIQUE constraint.
ALTER TABLE members ADD COLUMN site_id TEXT NOT NULL DEFAULT '';
ALTER TABLE members DROP CONSTRAINT members_email_key;
CREATE UNIQUE INDEX members_site_email ON members (site_id, email);
