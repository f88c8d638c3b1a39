//! The tokens of invitations and sessions: 32 random bytes from the operating system,
//! given once as hex and kept only as their SHA-256; and staff ids.

use sha2::{Digest, Sha256};

/// How long an invitation link may be used (once).
pub const INVITATION_SECONDS: i64 = 24 * 60 * 60;
/// The longest a session lasts.
pub const SESSION_SECONDS: i64 = 12 * 60 * 60;

/// A new token, as given to its holder.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(hex::encode(bytes))
}

/// A new id of a staff member: 16 random bytes as hex, naming nobody.
pub fn new_id() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(hex::encode(bytes))
}

/// What the store keeps of a token.
pub fn digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_differ_and_are_kept_as_a_digest_that_is_not_the_token() {
        let (one, two) = (new_token().expect("random"), new_token().expect("random"));
        assert_ne!(one, two);
        assert_eq!(one.len(), 64);
        assert_eq!(digest(&one), digest(&one));
        assert_ne!(digest(&one), one);
    }
}
