-- Single sign-ons under way (docs/studio.md#single-sign-on): 10 minutes, used once,
-- kept under their state's SHA-256 with the nonce and PKCE verifier that finish them.
CREATE TABLE studio_single_sign_ons (
    state_sha256 TEXT PRIMARY KEY,
    nonce TEXT NOT NULL,
    pkce_verifier TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
