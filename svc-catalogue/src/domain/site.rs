//! site.json's `config` and `settings` as the bundle holds them
//! (docs/ingest.md#site-configuration); the site-wide ticketing provider is also the
//! shape of a theater's own; and the site-name rule.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;

/// site.json.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SiteFile {
    /// The site's own name; empty = the related entity's (docs/pages-and-links.md#site-name).
    #[serde(default)]
    pub name: String,
    pub related_entity: RelatedEntity,
    pub config: SiteConfig,
    pub settings: SiteSettings,
    /// settings.loyalty as written; the loyalty-config crate normalises it.
    #[serde(default)]
    pub loyalty: serde_json::Value,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RelatedEntity {
    #[serde(rename = "type")]
    pub entity_type: String,
    pub name: String,
}

impl SiteFile {
    /// Whether the site has a loyalty programme: `loyalty` names a provider other than NONE.
    pub fn loyalty_is_on(&self) -> bool {
        self.loyalty["provider"]
            .as_str()
            .is_some_and(|provider| !provider.is_empty() && provider != "NONE")
    }

    /// `settings.loginPage.slug`: the sign-in page's route
    /// (docs/pages-and-links.md#routes), "" for none.
    pub fn login_slug(&self) -> &str {
        self.settings
            .login_page
            .as_ref()
            .map_or("", |page| page.slug.as_str())
    }

    /// The site-name rule (docs/pages-and-links.md#site-name): the site's own name, else
    /// its related entity's, else its circuit's, else its domain. The one place it is
    /// applied: the site goes out with it as `config.name`.
    pub fn site_name(&self) -> &str {
        let circuit = self
            .settings
            .circuit
            .as_ref()
            .map(|circuit| circuit.name.as_str());
        [
            Some(self.name.as_str()),
            Some(self.related_entity.name.as_str()),
            circuit,
            Some(self.settings.domain.as_str()),
        ]
        .into_iter()
        .flatten()
        .find(|name| !name.trim().is_empty())
        .unwrap_or_default()
    }
}

/// site.json's `config`. The site's name and related entity type are sent with it but
/// come from the top of site.json.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct SiteConfig {
    pub theme: Option<Theme>,
    pub google_fonts: Vec<String>,
    pub country: Option<Country>,
    pub all_countries: Vec<Country>,
    pub locale: String,
    pub path_prefix: String,
    pub website_id: String,
    pub trackers: Option<Trackers>,
    pub is_single_location: bool,
    pub circuit_id: String,
    pub theater_ids: Vec<String>,
    pub allowed_embedding_domains: Vec<String>,
    pub roundness: Option<Roundness>,
    pub global_excluded_movie_ids: Vec<String>,
    pub movie_order_index: Vec<String>,
    /// The movie the home page's hero shows first; "" for the first now showing.
    pub featured_movie_id: String,
    /// A movie's poster from the media library (`/media/{id}.jpg`) in place of the
    /// point of sale's, by movie id.
    pub poster_overrides: BTreeMap<String, String>,
    pub defer_standard_pages: bool,
    pub defer_event_pages: bool,
    pub defer_movie_pages: bool,
    pub defer_theater_pages: bool,
    pub beta_features_enabled: bool,
    /// "always" or "never": trailing-slash handling of paths.
    pub trailing_slash: String,
    /// Where the site's timetable lives; showtimes are local times there.
    pub time_zone: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Theme {
    pub colors: Option<BrandColors>,
    pub palette: Option<Palette>,
    pub fonts: Option<Fonts>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct BrandColors {
    pub brand1: String,
    pub brand2: String,
    pub brand3: String,
    pub brand4: String,
    pub brand5: String,
    pub brand6: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Palette {
    pub muted: String,
    pub accent: String,
    pub primary: String,
    pub highlight: String,
    pub background: String,
    pub footer_background: String,
    pub header_background: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Fonts {
    pub body: String,
    pub heading: String,
    /// Per target ("body", "heading"): weights such as "400" and "400i" (i = italic).
    pub font_weights: HashMap<String, FontWeights>,
    pub font_styles: HashMap<String, String>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct FontWeights {
    pub weights: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Country {
    pub code: String,
    pub iso31661_a2: String,
    pub iso31661_a3: String,
    pub name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Trackers {
    pub google_analytics_v3: String,
    pub google_analytics_v4: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Roundness {
    /// "NONE", "MEDIUM" or "HIGH".
    pub buttons: String,
    pub content: String,
}

/// site.json's `settings`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct SiteSettings {
    pub id: String,
    pub domain: String,
    pub logo: Option<Logo>,
    pub circuit: Option<Circuit>,
    /// The site-wide ticketing provider, used when a theater names none.
    pub ticketing_provider: Option<TicketingProvider>,
    pub login_page: Option<Slug>,
    pub privacy_policy_page: Option<Slug>,
    pub cookie_banner_didomi_id: String,
    pub ads_display: String,
    pub ads_location: Vec<String>,
    pub ads_custom: Option<AdsCustom>,
    pub enable_targett_tracking: bool,
    pub trackers: Vec<Tracker>,
    pub social_links: Vec<SocialLink>,
    pub app_links: Vec<SocialLink>,
    pub navigation: Vec<NavigationLink>,
    pub footer_links: Vec<NavigationLink>,
    /// false turns the first-party consent banner off: without a consent notice id the site
    /// then has no consent manager at all (docs/consent-and-ads.md#consent-managers). Absent = on.
    pub first_party_consent_banner: Option<bool>,
    /// Whether the header offers site search (docs/ingest.md#site-search); a site builder's
    /// customisation message may override it live. Absent = off.
    pub has_search: Option<bool>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Logo {
    pub src: String,
    pub alt: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Circuit {
    pub id: String,
    pub name: String,
}

/// A booking site: the site-wide one of `settings`, or a theater's own.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct TicketingProvider {
    /// For example "VISTA", "BOOST_POS".
    pub name: String,
    /// Base URL of the booking site; paths such as sales/{theaterCode}/book are joined to it.
    pub url: String,
    /// The hand-offs the booking site offers beyond tickets, by route segment
    /// (docs/pages-and-links.md#hand-offs-to-ticketing): "startconcessions", "giftcards",
    /// "refund"... Tickets are always offered.
    pub hand_offs: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Slug {
    pub slug: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct AdsCustom {
    pub locations: Vec<AdsCustomLocation>,
    pub size_mapping: String,
    pub network_code: String,
    pub url: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct AdsCustomLocation {
    pub key: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Tracker {
    pub r#type: String,
    pub token: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct SocialLink {
    /// "facebook", "instagram", "x", "youtube", "tiktok", "app_store", "google_play".
    pub kind: String,
    pub url: String,
    pub label: String,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct NavigationLink {
    pub label: String,
    pub to: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_setting_is_refused_by_name() {
        let error = serde_json::from_str::<SiteSettings>(r#"{"ticketingProvider": {"ulr": ""}}"#)
            .expect_err("a misspelt field");
        assert!(error.to_string().contains("unknown field `ulr`"), "{error}");
    }

    #[test]
    fn the_sites_name_is_not_a_field_of_its_config() {
        // It comes from site.json's `name` and `relatedEntity`, and is sent in the config.
        for field in ["name", "relatedEntityType"] {
            let json = format!(r#"{{"{field}": "Marquee"}}"#);
            assert!(
                serde_json::from_str::<SiteConfig>(&json).is_err(),
                "{field}"
            );
        }
    }

    fn site(name: &str, related: &str, circuit: &str, domain: &str) -> SiteFile {
        serde_json::from_value(serde_json::json!({
            "name": name,
            "relatedEntity": {"type": "Chain", "name": related},
            "config": {},
            "settings": {"domain": domain, "circuit": {"id": "C", "name": circuit}},
        }))
        .expect("a site")
    }

    #[test]
    fn the_site_name_falls_back_from_its_own_to_its_chains_circuits_and_domain() {
        assert_eq!(
            site("Own", "Chain", "Circuit", "d.example").site_name(),
            "Own"
        );
        assert_eq!(
            site(" ", "Chain", "Circuit", "d.example").site_name(),
            "Chain"
        );
        assert_eq!(site("", "", "Circuit", "d.example").site_name(), "Circuit");
        assert_eq!(site("", "", "", "d.example").site_name(), "d.example");
    }
}
