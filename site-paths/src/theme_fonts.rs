//! The font families and weights a site's theme may name (docs/pages-and-links.md#fonts):
//! each family's fontsource package is installed with the web app, which can load it.
//! They are kept in `theme-fonts.json` beside this crate, which the web app's tests check
//! its own list against, so that the studio offers, and the catalogue accepts, the same.

use std::sync::LazyLock;

use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct ThemeFonts {
    families: Vec<String>,
    weights: Vec<String>,
}

static FONTS: LazyLock<ThemeFonts> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../theme-fonts.json"))
        .unwrap_or_else(|error| panic!("site-paths/theme-fonts.json: {error}"))
});

/// Whether a theme may name `family` ("Playfair Display").
pub fn is_family(family: &str) -> bool {
    FONTS.families.iter().any(|known| known == family)
}

/// Whether a theme may name `weight` for a font ("400", "700i").
pub fn is_weight(weight: &str) -> bool {
    FONTS.weights.iter().any(|known| known == weight)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_families_and_weights_are_read_and_only_they_are_known() {
        assert_eq!(FONTS.families.len(), 43);
        for family in ["Lato", "Playfair Display", "Open Sans Condensed"] {
            assert!(is_family(family), "{family}");
        }
        for family in ["", "Comic Sans MS", "lato", "Lato "] {
            assert!(!is_family(family), "{family}");
        }
        assert!(is_weight("400") && is_weight("700i"));
        assert!(!is_weight("450") && !is_weight("bold"));
    }
}
