//! The ingest keys svc-catalogue accepted lately: the JSON API's ingest calls
//! ([`super::ingest`]) ask svc-catalogue about a key only when it is not believed here.

use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

/// How long a key svc-catalogue accepted is believed without asking again. svc-catalogue
/// checks the key of every write in any case: a key revoked within this time still has
/// its body read, and its write refused.
const KEY_BELIEVED_FOR: Duration = Duration::from_secs(30);

/// The ingest keys svc-catalogue accepted lately, by their SHA-256, so that a busy point
/// of sale's calls make one authentication call a half-minute. Refused keys are not
/// kept: each costs one call, which the gateway's rate limits bound.
#[derive(Debug)]
pub struct CheckedKeys(quick_cache::sync::Cache<[u8; 32], Instant>);

impl Default for CheckedKeys {
    fn default() -> CheckedKeys {
        CheckedKeys(quick_cache::sync::Cache::new(256))
    }
}

impl CheckedKeys {
    /// Whether svc-catalogue accepted `key` within the last [`KEY_BELIEVED_FOR`].
    pub fn believed(&self, key: &str) -> bool {
        self.0
            .get(&digest(key))
            .is_some_and(|checked| checked.elapsed() < KEY_BELIEVED_FOR)
    }

    /// svc-catalogue accepted `key` just now.
    pub fn accepted(&self, key: &str) {
        self.0.insert(digest(key), Instant::now());
    }
}

fn digest(key: &str) -> [u8; 32] {
    Sha256::digest(key.as_bytes()).into()
}
