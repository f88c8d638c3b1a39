-- Members enrolled at a box office have a card but no web account yet: no username (the
-- e-mail address on file becomes it) and no password. SPEC.md section 4 "Member search
-- then edit" gives them their username; they then set a password by e-mail.
ALTER TABLE members ADD COLUMN has_username BIGINT NOT NULL DEFAULT 1;
