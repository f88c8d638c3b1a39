//! Secrets handed to their holder once and kept only as a digest: session and refresh
//! tokens, one-time codes, invitation and sign-in links, ingest keys; and opaque ids.

use sha2::{Digest, Sha256};

/// `N` random bytes from the operating system, as lower-case hex.
pub fn random_hex<const N: usize>() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes)?;
    Ok(hex::encode(bytes))
}

/// A new opaque token: 32 random bytes (256 bits) as hex.
pub fn new_token() -> Result<String, getrandom::Error> {
    random_hex::<32>()
}

/// What a store keeps of a token (and what events carry of an id they must not name):
/// its SHA-256, hex.
pub fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_differ_and_are_kept_as_a_digest_that_is_not_the_token() {
        let (one, two) = (new_token().expect("random"), new_token().expect("random"));
        assert_ne!(one, two);
        assert_eq!(one.len(), 64);
        assert_eq!(random_hex::<12>().expect("random").len(), 24);
        assert_eq!(sha256_hex(&one), sha256_hex(&one));
        assert_eq!(sha256_hex(&one).len(), 64);
        assert_ne!(sha256_hex(&one), one);
    }

    #[test]
    fn the_digest_is_sha256() {
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
