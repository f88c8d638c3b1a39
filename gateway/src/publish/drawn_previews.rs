//! The link previews this process drew before, by the SHA-256 of the poster they were
//! drawn from.
//!
//! A site's next revision keeps its unchanged posters' previews from the snapshot before
//! (pack.rs); this is for the same poster published by another site of the gateway, or
//! by the same site after its publishing started again: the sites of one chain group
//! made from one template draw the same generated posters, and a test process starts
//! many gateways of one bundle. Drawing a preview takes tens of milliseconds; a look-up
//! takes none. Bounded in bytes (quick_cache, as the JSON API's kept answers); the bytes
//! are shared with the snapshots that publish them.

use std::sync::LazyLock;

use bytes::Bytes;

/// How many bytes of previews are kept at most: a few hundred posters' previews.
const BUDGET_BYTES: u64 = 16 << 20;
/// About how many previews that is.
const EXPECTED_PREVIEWS: usize = 512;

/// A preview weighs its bytes.
#[derive(Debug, Clone, Copy)]
pub struct ByLength;

impl quick_cache::Weighter<String, Bytes> for ByLength {
    fn weight(&self, _svg_digest: &String, png: &Bytes) -> u64 {
        png.len() as u64
    }
}

/// The link-preview PNG of a generated poster, by the SHA-256 (hex) of its SVG.
pub static DRAWN: LazyLock<quick_cache::sync::Cache<String, Bytes, ByLength>> =
    LazyLock::new(|| {
        quick_cache::sync::Cache::with_weighter(EXPECTED_PREVIEWS, BUDGET_BYTES, ByLength)
    });
