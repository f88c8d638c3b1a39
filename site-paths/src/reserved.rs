//! The first path segments the site's own routes take (fixtures/reserved-segments.json,
//! read by the web app's router test too): a content page, an event or anything else
//! with a slug of its own may not take one, or its page would hide the route (a page
//! `refund` would hide the refund hand-off of every theater).

use std::sync::LazyLock;

static RESERVED: LazyLock<Vec<String>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../fixtures/reserved-segments.json"))
        .expect("fixtures/reserved-segments.json is a list of segments")
});

/// Every reserved first segment, in order.
pub fn reserved_segments() -> &'static [String] {
    &RESERVED
}

/// Whether a page at `/{slug}/` would shadow one of the site's routes.
pub fn is_reserved(slug: &str) -> bool {
    RESERVED
        .iter()
        .any(|segment| segment.eq_ignore_ascii_case(slug))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand_off::HAND_OFFS;

    #[test]
    fn every_hand_off_takes_its_first_segment() {
        for hand_off in &HAND_OFFS {
            let first = hand_off.segment.split('/').next().unwrap_or_default();
            assert!(is_reserved(first), "{first}");
        }
    }

    #[test]
    fn the_sections_and_the_services_paths_are_reserved_and_a_plain_slug_is_not() {
        for slug in [
            "api",
            "account",
            "movies",
            "posters",
            "page-data",
            "cms-preview",
            "Refund",
        ] {
            assert!(is_reserved(slug), "{slug}");
        }
        for slug in ["about", "privacy-policy", "movies-night", "apis"] {
            assert!(!is_reserved(slug), "{slug}");
        }
    }

    #[test]
    fn the_list_is_sorted_and_has_no_duplicates() {
        let segments = reserved_segments();
        assert!(
            segments.windows(2).all(|pair| pair[0] < pair[1]),
            "{segments:?}"
        );
    }
}
