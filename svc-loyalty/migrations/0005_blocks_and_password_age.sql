-- Lockouts that keep coming block the account until its owner resets the password by
-- e-mail (peachCode 1019); a password older than the chain allows must be changed the
-- same way (1015). Existing passwords count from the member's creation.
ALTER TABLE members ADD COLUMN lockouts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN blocked BIGINT NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN password_changed_at BIGINT NOT NULL DEFAULT 0;
UPDATE members SET password_changed_at = created_at;
