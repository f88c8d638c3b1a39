//! The link previews this process drew before, by the SHA-256 of the poster they were
//! drawn from.
//!
//! A site's next revision keeps its unchanged posters' previews from the snapshot before
//! (pack.rs); this is for the same poster published by another site of the gateway, or
//! by the same site after its publishing started again: the sites of one chain group
//! made from one template draw the same generated posters, and a test process starts
//! many gateways of one bundle. Drawing a preview takes tens of milliseconds; a look-up
//! takes none. Bounded in bytes, the oldest forgotten first; the bytes are shared with
//! the snapshots that publish them.

use std::collections::{HashMap, VecDeque};
use std::sync::{LazyLock, Mutex, PoisonError};

use bytes::Bytes;

/// How many bytes of previews are kept at most: a few hundred posters' previews.
const BUDGET_BYTES: usize = 16 << 20;

/// The link-preview PNG of a generated poster, by the SHA-256 (hex) of its SVG.
pub static DRAWN: LazyLock<DrawnPreviews> =
    LazyLock::new(|| DrawnPreviews::with_budget(BUDGET_BYTES));

#[derive(Debug)]
pub struct DrawnPreviews {
    kept: Mutex<Kept>,
    budget: usize,
}

#[derive(Debug, Default)]
struct Kept {
    by_source: HashMap<String, Bytes>,
    /// The sources in the order they were kept, the oldest first.
    order: VecDeque<String>,
    bytes: usize,
}

impl DrawnPreviews {
    fn with_budget(budget: usize) -> DrawnPreviews {
        DrawnPreviews {
            kept: Mutex::default(),
            budget,
        }
    }

    /// What was made from the bytes whose SHA-256 is `source`, if it is still kept.
    pub fn get(&self, source: &str) -> Option<Bytes> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.by_source.get(source).cloned()
    }

    /// Keeps `made` for `source`, forgetting the oldest while over the budget; something
    /// larger than the whole budget is not kept.
    pub fn keep(&self, source: &str, made: &Bytes) {
        if made.len() > self.budget {
            return;
        }
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        match kept.by_source.insert(source.to_owned(), made.clone()) {
            Some(replaced) => kept.bytes -= replaced.len(),
            None => kept.order.push_back(source.to_owned()),
        }
        kept.bytes += made.len();
        while kept.bytes > self.budget {
            let Some(oldest) = kept.order.pop_front() else {
                break;
            };
            if let Some(forgotten) = kept.by_source.remove(&oldest) {
                kept.bytes -= forgotten.len();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_are_forgotten_past_the_budget() {
        let drawn = DrawnPreviews::with_budget(10);
        drawn.keep("first", &Bytes::from_static(b"12345"));
        drawn.keep("second", &Bytes::from_static(b"12345"));
        drawn.keep("third", &Bytes::from_static(b"123"));
        assert_eq!(drawn.get("first"), None);
        assert!(drawn.get("second").is_some());
        assert!(drawn.get("third").is_some());
        drawn.keep("too large", &Bytes::from_static(b"12345678901"));
        assert_eq!(drawn.get("too large"), None);
        assert!(drawn.get("third").is_some());
    }

    #[test]
    fn kept_again_it_replaces_what_was_kept() {
        let drawn = DrawnPreviews::with_budget(10);
        drawn.keep("poster", &Bytes::from_static(b"12345678"));
        drawn.keep("poster", &Bytes::from_static(b"1234"));
        drawn.keep("other", &Bytes::from_static(b"123456"));
        assert_eq!(drawn.get("poster"), Some(Bytes::from_static(b"1234")));
        assert!(drawn.get("other").is_some());
    }
}
