//! How long the studio's tokens last, and staff ids. The tokens themselves are
//! `platform::tokens`: 32 random bytes given once, kept only as their SHA-256.

/// How long an invitation link may be used (once).
pub const INVITATION_SECONDS: i64 = 24 * 60 * 60;
/// How long a sign-in link sent by e-mail may be used (once).
pub const SIGN_IN_LINK_SECONDS: i64 = 15 * 60;
/// How long a single sign-on may take, from the studio to the provider and back.
pub const SINGLE_SIGN_ON_SECONDS: i64 = 10 * 60;
/// How long a passkey's registration or sign-in may take, from its options to its answer.
pub const CEREMONY_SECONDS: i64 = 5 * 60;
/// How long a link to the draft's preview shows it.
pub const PREVIEW_SECONDS: i64 = 60 * 60;
/// The longest a session lasts.
pub const SESSION_SECONDS: i64 = 12 * 60 * 60;

/// A new id of a staff member: 16 random bytes as hex, naming nobody.
pub fn new_id() -> Result<String, getrandom::Error> {
    platform::tokens::random_hex::<16>()
}
