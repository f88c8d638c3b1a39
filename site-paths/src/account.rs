//! The member area's screens under `/account/` (docs/loyalty.md#member-area). Their names are
//! kept in `account-screens.json` beside this crate, which the web app's tests check its
//! own list against, so the gateway and the app's router agree on which addresses exist.

use std::sync::LazyLock;

static SCREENS: LazyLock<Vec<String>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../account-screens.json"))
        .unwrap_or_else(|error| panic!("site-paths/account-screens.json: {error}"))
});

/// Whether `segment` (the part of the path after `/account/`) names a member screen.
pub fn is_screen(segment: &str) -> bool {
    SCREENS.iter().any(|screen| screen == segment)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_screens_are_read_and_only_they_are_screens() {
        assert!(SCREENS.len() > 10, "{SCREENS:?}");
        for screen in ["profile", "reset-password", "delete-account"] {
            assert!(is_screen(screen), "{screen}");
        }
        for segment in ["", "no-such-screen", "Profile", "profile/"] {
            assert!(!is_screen(segment), "{segment}");
        }
    }
}
