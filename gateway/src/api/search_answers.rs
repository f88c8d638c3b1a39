//! Site search's recent answers, kept between requests.

use bytes::Bytes;

/// How many answers are kept: a chain's visitors type the same few prefixes of its titles.
const KEPT_ANSWERS: usize = 4096;

/// Site search's recent answers, by catalogue revision, words (trimmed, lower-case) and
/// limit: autocomplete asks the same prefixes again and again, and an answer stays right
/// until the catalogue changes, when the revision in the key moves on and the old answers
/// age out. Bounded, and without one lock for every request.
pub struct SearchAnswers(pub quick_cache::sync::Cache<(String, String, u32), Bytes>);

impl Default for SearchAnswers {
    fn default() -> Self {
        SearchAnswers(quick_cache::sync::Cache::new(KEPT_ANSWERS))
    }
}

impl std::fmt::Debug for SearchAnswers {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("SearchAnswers")
            .field("kept", &self.0.len())
            .finish()
    }
}
