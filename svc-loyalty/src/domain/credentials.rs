//! Passwords and session tokens. Passwords are argon2id with OWASP's parameters
//! (19 MiB, 2 passes, 1 lane); tokens are 256 random bits, handed out once and stored
//! only as their SHA-256.

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use sha2::{Digest, Sha256};

fn argon2id() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("OWASP parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The PHC string of `password`, with a fresh random salt.
pub fn hash_password(password: &str) -> Result<String, argon2::password_hash::Error> {
    Ok(argon2id().hash_password(password.as_bytes())?.to_string())
}

/// Whether `password` matches `phc`; a malformed stored hash never matches.
pub fn verify_password(password: &str, phc: &str) -> bool {
    argon2id().verify_password(password.as_bytes(), phc).is_ok()
}

/// A fresh opaque token: 32 random bytes as hex.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(hex::encode(bytes))
}

/// What the store keeps of a token (and of a member id in login events): SHA-256, hex.
pub fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_hash_is_argon2id_with_owasp_parameters() {
        let phc = hash_password("Popcorn#2024").expect("hashes");
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify_password("Popcorn#2024", &phc));
        assert!(!verify_password("popcorn#2024", &phc));
    }

    #[test]
    fn a_malformed_stored_hash_never_matches() {
        assert!(!verify_password("anything", "not a hash"));
    }

    #[test]
    fn tokens_are_256_random_bits_and_differ() {
        let a = new_token().expect("random");
        let b = new_token().expect("random");
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(sha256_hex(&a).len(), 64);
        assert_ne!(sha256_hex(&a), a);
    }
}
