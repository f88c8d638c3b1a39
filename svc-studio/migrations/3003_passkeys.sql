-- Staff members' passkeys (docs/studio.md#passkeys) and the WebAuthn ceremonies under way.

-- A passkey: a WebAuthn credential of a staff member, its public key and counter kept as
-- webauthn-rs serialises them. `user_handle` is the WebAuthn user id the authenticator
-- keeps beside it (the staff id's bytes as a UUID).
CREATE TABLE studio_passkeys (
    id TEXT PRIMARY KEY,
    -- The credential id, base64url: how a sign-in names its passkey.
    credential_id TEXT NOT NULL UNIQUE,
    staff_id TEXT NOT NULL REFERENCES studio_staff (id) ON DELETE CASCADE,
    user_handle TEXT NOT NULL,
    label TEXT NOT NULL,
    passkey TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
);

CREATE INDEX studio_passkeys_by_staff ON studio_passkeys (staff_id);

-- A registration or sign-in begun and not finished: the server's half of the ceremony,
-- found again by the challenge the authenticator signs. Five minutes, used once.
CREATE TABLE studio_passkey_ceremonies (
    challenge TEXT PRIMARY KEY,
    -- 'registration' or 'sign-in'.
    kind TEXT NOT NULL,
    -- Registration: the staff member the passkey is for (a new one's id, when an
    -- invitation is accepted by someone who is not staff yet); sign-in: ''.
    staff_id TEXT NOT NULL,
    -- Registration with an invitation: its token's SHA-256; otherwise ''.
    invitation_sha256 TEXT NOT NULL,
    -- Registration with an invitation: the name and address the person gave.
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    state TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
