//! Passwords and session tokens. Passwords are argon2id with OWASP's parameters
//! (19 MiB, 2 passes, 1 lane); tokens are 256 random bits, handed out once and stored
//! only as their SHA-256.

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};

/// OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane.
fn owasp_params() -> Params {
    Params::new(19 * 1024, 2, 1, None).expect("OWASP parameters are valid")
}

/// The memory an argon2id run fills (19 MiB). A password worker keeps one for good and
/// lends it to every hash it computes: allocated afresh for each login, the blocks were
/// freed into glibc's heap, which kept them, and a soak saw the service grow by
/// hundreds of MiB.
pub struct HashingMemory(Vec<Block>);

impl HashingMemory {
    pub fn new() -> Self {
        Self(vec![Block::new(); owasp_params().block_count()])
    }
}

impl Default for HashingMemory {
    fn default() -> Self {
        Self::new()
    }
}

/// The PHC string of `password`, with a fresh random 128-bit salt.
pub fn hash_password(
    password: &str,
    memory: &mut HashingMemory,
) -> Result<String, argon2::password_hash::Error> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|_| argon2::password_hash::Error::RngFailure)?;
    let params = owasp_params();
    let mut output = [0u8; Params::DEFAULT_OUTPUT_LEN];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone())
        .hash_password_into_with_memory(password.as_bytes(), &salt, &mut output, &mut memory.0)?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params)?,
        salt: Some(Salt::new(&salt)?),
        hash: Some(Output::new(&output)?),
    };
    Ok(phc.to_string())
}

/// Whether `password` matches `phc`, with the parameters `phc` names; a malformed stored
/// hash never matches.
pub fn verify_password(password: &str, phc: &str, memory: &mut HashingMemory) -> bool {
    recomputes_to(password, phc, memory).unwrap_or(false)
}

fn recomputes_to(
    password: &str,
    phc: &str,
    memory: &mut HashingMemory,
) -> Result<bool, argon2::password_hash::Error> {
    let stored = PasswordHash::new(phc)?;
    let (Some(salt), Some(expected)) = (&stored.salt, &stored.hash) else {
        return Ok(false);
    };
    let algorithm = Algorithm::try_from(stored.algorithm.as_str())?;
    let version = stored
        .version
        .map(Version::try_from)
        .transpose()?
        .unwrap_or_default();
    let params = Params::try_from(&stored)?;
    let mut output = vec![0u8; expected.len()];
    let argon2 = Argon2::new(algorithm, version, params.clone());
    if params.block_count() <= memory.0.len() {
        argon2.hash_password_into_with_memory(
            password.as_bytes(),
            salt.as_ref(),
            &mut output,
            &mut memory.0,
        )?;
    } else {
        // A hash made with more memory than OWASP's: its own blocks, for this once.
        argon2.hash_password_into(password.as_bytes(), salt.as_ref(), &mut output)?;
    }
    // Output compares in constant time.
    Ok(Output::new(&output)? == *expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_hash_is_argon2id_with_owasp_parameters() {
        let memory = &mut HashingMemory::new();
        let phc = hash_password("Popcorn#2024", memory).expect("hashes");
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify_password("Popcorn#2024", &phc, memory));
        assert!(!verify_password("popcorn#2024", &phc, memory));
    }

    #[test]
    fn a_malformed_stored_hash_never_matches() {
        let memory = &mut HashingMemory::new();
        assert!(!verify_password("anything", "not a hash", memory));
        assert!(!verify_password(
            "anything",
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ",
            memory
        ));
    }

    #[test]
    fn hashes_made_by_the_argon2_crate_itself_verify_with_reused_memory() {
        use argon2::PasswordHasher;
        let made_with = |params: Params| {
            Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
                .hash_password(b"Popcorn#2024")
                .expect("hashes")
                .to_string()
        };
        let theirs = made_with(owasp_params());
        let small = made_with(Params::new(8 * 1024, 1, 1, None).expect("valid"));
        let large = made_with(Params::new(32 * 1024, 1, 1, None).expect("valid"));
        let memory = &mut HashingMemory::new();
        for phc in [&theirs, &small, &large, &theirs] {
            assert!(verify_password("Popcorn#2024", phc, memory), "{phc}");
            assert!(!verify_password("Popcorn#2025", phc, memory), "{phc}");
        }
    }
}
