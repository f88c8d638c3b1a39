//! What the site says of itself: its loyalty settings and its messages.

use std::collections::BTreeMap;

use super::Catalogue;

/// The messages of one locale: message key -> text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LocaleMessages {
    pub locale: String,
    pub messages: BTreeMap<String, String>,
}

impl Catalogue {
    /// settings.loyalty, `None` when the bundle has none.
    pub fn loyalty_settings(&self) -> Option<serde_json::Map<String, serde_json::Value>> {
        self.site.loyalty.as_object().cloned()
    }

    /// The messages of `locale`, else of the site's locale.
    pub fn messages(&self, locale: &str) -> LocaleMessages {
        self.messages
            .get_key_value(locale)
            .or_else(|| self.messages.get_key_value(&self.site.config.locale))
            .map(|(locale, messages)| LocaleMessages {
                locale: locale.clone(),
                messages: messages.clone(),
            })
            .unwrap_or_default()
    }
}
