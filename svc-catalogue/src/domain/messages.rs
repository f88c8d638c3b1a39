//! The user-interface text every site inherits: one default catalogue per locale, built
//! into the service (svc-catalogue/messages/{locale}.json). A site's own
//! `messages/{locale}.json` holds only what it says differently; a locale without a
//! default is the site's alone.

use std::collections::BTreeMap;

/// Locale -> message key -> text.
pub type Messages = BTreeMap<String, BTreeMap<String, String>>;

/// The default catalogues, by locale, as JSON.
const DEFAULTS: [(&str, &str); 1] = [("en-US", include_str!("../../messages/en-US.json"))];

/// The default catalogues' text, for what names the content a site was built from (a
/// bundle's fingerprint): a new default reaches every site.
pub fn defaults_source() -> impl Iterator<Item = &'static str> {
    DEFAULTS.iter().map(|(_, json)| *json)
}

/// Every default catalogue with the site's own texts over it, and the site's locales
/// that have no default.
pub fn with_defaults(own: Messages) -> Messages {
    let mut all: Messages = DEFAULTS
        .iter()
        .map(|(locale, json)| {
            // Checked by this module's tests: a catalogue that is not a JSON object of
            // strings never ships.
            let messages = serde_json::from_str(json).unwrap_or_default();
            ((*locale).to_owned(), messages)
        })
        .collect();
    for (locale, texts) in own {
        all.entry(locale).or_default().extend(texts);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_catalogue_is_an_object_of_texts() {
        for (locale, json) in DEFAULTS {
            let messages: BTreeMap<String, String> =
                serde_json::from_str(json).unwrap_or_else(|error| panic!("{locale}: {error}"));
            assert!(
                messages.len() > 100,
                "{locale} holds {} texts",
                messages.len()
            );
        }
    }

    #[test]
    fn a_sites_own_text_wins_and_the_default_fills_the_rest() {
        let own = Messages::from([(
            "en-US".to_owned(),
            BTreeMap::from([("footer.tagline".to_owned(), "Since 1927.".to_owned())]),
        )]);
        let all = with_defaults(own);
        assert_eq!(all["en-US"]["footer.tagline"], "Since 1927.");
        assert_eq!(all["en-US"]["nav.movies"], "Movies");
    }

    #[test]
    fn a_locale_without_a_default_is_the_sites_alone() {
        let own = Messages::from([(
            "fr-CA".to_owned(),
            BTreeMap::from([("nav.movies".to_owned(), "Films".to_owned())]),
        )]);
        let all = with_defaults(own);
        assert_eq!(all["fr-CA"].len(), 1);
        assert!(all.contains_key("en-US"));
    }
}
