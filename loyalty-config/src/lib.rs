//! docs/loyalty.md#configuration: the defaults and provider overrides that
//! turn the loyalty block of a site's settings into the configuration every loyalty
//! call and screen reads, and the provider settings.
//!
//! One rule for both readers, with no call between them: svc-loyalty applies it to the
//! settings it learns from the catalogue, the gateway to the site it publishes (the
//! screens read the result from the app data).

use proto::catalogue::v1 as catalogue;
use serde::{Deserialize, Serialize};

/// Loyalty providers seen in docs/loyalty.md#configuration. Anything else is kept as written.
pub const RTS: &str = "RTS";
pub const BOOST_POS: &str = "BOOST_POS";
pub const BOOST_POS_WITHOUT_LOYALTY: &str = "BOOST_POS_WITHOUT_LOYALTY";
pub const TAPOS: &str = "TAPOS";
pub const CGR: &str = "CGR";

/// Session lifetime in hours when the provider settings name none (docs/loyalty.md#configuration).
pub const DEFAULT_SESSION_TIMEOUT_HOURS: i32 = 720;

/// The providers a loyalty block written by a person (the studio) may name: `NONE`, the
/// built-in provider, and those whose overrides docs/loyalty.md#configuration gives. A
/// bundle may name others, which are kept as written.
pub const PROVIDERS: [&str; 6] = [
    "NONE",
    RTS,
    BOOST_POS,
    BOOST_POS_WITHOUT_LOYALTY,
    TAPOS,
    CGR,
];

/// The API generations a loyalty block may name.
const VERSIONS: [i32; 2] = [1, 3];

/// The longest session a loyalty block may ask for: a year, in hours.
const MAX_SESSION_TIMEOUT_HOURS: i32 = 24 * 366;

/// Why a loyalty block written by a person is refused: the field at fault under
/// `loyalty` (`provider`, `sessionTimeout`), and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {problem}")]
pub struct Refusal {
    pub field: String,
    pub problem: String,
}

impl Refusal {
    fn new(field: &str, problem: impl Into<String>) -> Refusal {
        Refusal {
            field: field.to_owned(),
            problem: problem.into(),
        }
    }
}

/// Checks `loyalty` (settings.loyalty as a person writes it, before it is saved) by the
/// rules every reader applies: the shape of [`LoyaltySettings`], a provider of
/// [`PROVIDERS`], an API generation of 1 or 3, a session of an hour to a year. Absent
/// (null) is no loyalty programme, which holds.
pub fn check(loyalty: &serde_json::Value) -> Result<(), Refusal> {
    if loyalty.is_null() {
        return Ok(());
    }
    if !loyalty.is_object() {
        return Err(Refusal::new("", "the loyalty settings are a JSON object"));
    }
    let settings: LoyaltySettings = serde_path_to_error::deserialize(loyalty)
        .map_err(|error| Refusal::new(&error.path().to_string(), error.inner().to_string()))?;
    if let Some(provider) = settings.provider.as_deref()
        && !PROVIDERS.contains(&provider)
    {
        return Err(Refusal::new(
            "provider",
            format!(
                "'{provider}' is not a provider: one of {}",
                PROVIDERS.join(", ")
            ),
        ));
    }
    if let Some(version) = settings.version
        && !VERSIONS.contains(&version)
    {
        return Err(Refusal::new(
            "version",
            format!("{version} is no API generation: 1 or 3"),
        ));
    }
    if let Some(hours) = settings.session_timeout
        && !(1..=MAX_SESSION_TIMEOUT_HOURS).contains(&hours)
    {
        return Err(Refusal::new(
            "sessionTimeout",
            format!("{hours} hours: a session lasts from 1 hour to {MAX_SESSION_TIMEOUT_HOURS}"),
        ));
    }
    Ok(())
}

/// settings.loyalty as a site bundle writes it; every field may be absent.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LoyaltySettings {
    pub version: Option<i32>,
    pub circuit_id: Option<String>,
    pub cinema_id: Option<String>,
    #[serde(rename = "type")]
    pub loyalty_type: Option<String>,
    pub club_id: Option<String>,
    pub ticketing_url: Option<String>,
    pub include_activation: Option<bool>,
    pub include_activation_card_number: Option<bool>,
    pub include_activation_phone_number: Option<bool>,
    pub balance_types: Option<Vec<String>>,
    pub scannable_code_format: Option<String>,
    pub provider: Option<String>,
    pub access_from_header: Option<bool>,
    pub guest_header_access_label: Option<String>,
    pub guest_signup_tab_button: Option<String>,
    pub guest_signup_tab_text: Option<String>,
    pub logged_in_header_access_label: Option<String>,
    pub logged_in_menu: Option<serde_json::Value>,
    pub include_watchlist: Option<bool>,
    pub card_type: Option<String>,
    /// The provider settings of docs/loyalty.md#configuration.
    pub session_timeout: Option<i32>,
    pub allow_expired_accounts_login: Option<bool>,
    pub display_original_cypher_messages: Option<bool>,
}

/// A site's loyalty block that does not have the shape of [`LoyaltySettings`].
#[derive(Debug, thiserror::Error)]
#[error("the site's settings.loyalty cannot be read: {0}")]
pub struct SettingsError(#[from] serde_json::Error);

impl LoyaltySettings {
    /// The loyalty block of the catalogue's `site` (every default when it has none).
    pub fn of(site: &catalogue::Site) -> Result<LoyaltySettings, SettingsError> {
        match &site.loyalty_settings {
            Some(settings) => Ok(serde_json::from_value(serde_json::Value::Object(
                proto::json::from_struct(settings.clone()),
            ))?),
            None => Ok(LoyaltySettings::default()),
        }
    }
}

/// The normalised configuration, serialised as the app data's `site.loyalty` (the web
/// app's `LoyaltyConfig`).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoyaltyConfig {
    pub version: i32,
    pub circuit_id: String,
    pub cinema_id: String,
    #[serde(rename = "type")]
    pub loyalty_type: String,
    pub club_id: String,
    pub ticketing_url: String,
    pub include_activation: bool,
    pub include_activation_card_number: bool,
    pub include_activation_phone_number: bool,
    pub balance_types: Vec<String>,
    pub scannable_code_format: String,
    pub provider: String,
    pub access_from_header: bool,
    pub guest_header_access_label: String,
    pub guest_signup_tab_button: String,
    pub guest_signup_tab_text: String,
    pub logged_in_header_access_label: String,
    /// Passed through as given (entries of a `label` and a link `to`); `None` when the
    /// settings have none.
    #[schema(value_type = Option<Vec<Object>>)]
    pub logged_in_menu: Option<serde_json::Value>,
    pub include_watchlist: bool,
    pub card_type: String,
    #[serde(rename = "sessionTimeout")]
    pub session_timeout_hours: i32,
    pub allow_expired_accounts_login: bool,
    pub display_original_cypher_messages: bool,
}

/// Where the configuration is used: the settings' circuit and the current cinema.
#[derive(Debug, Default, Clone)]
pub struct SiteContext {
    pub settings_circuit_id: String,
    pub current_cinema_id: String,
}

impl SiteContext {
    /// The catalogue's `site`, with `current_cinema_id` as its current theater ("" for none).
    pub fn of(site: &catalogue::Site, current_cinema_id: String) -> SiteContext {
        SiteContext {
            settings_circuit_id: site
                .settings
                .as_ref()
                .and_then(|settings| settings.circuit.as_ref())
                .map(|circuit| circuit.id.clone())
                .unwrap_or_default(),
            current_cinema_id,
        }
    }
}

/// Applies the defaults, then the provider overrides.
pub fn normalise(settings: LoyaltySettings, site: &SiteContext) -> LoyaltyConfig {
    let provider = settings.provider.unwrap_or_else(|| "NONE".to_owned());
    let loyalty_type = if provider == RTS {
        "NON_TIERED".to_owned()
    } else {
        settings.loyalty_type.unwrap_or_else(|| "NONE".to_owned())
    };
    let own_circuit = settings.circuit_id.filter(|id| !id.is_empty());
    let mut config = LoyaltyConfig {
        version: settings.version.unwrap_or(1),
        circuit_id: own_circuit.clone().unwrap_or_default(),
        cinema_id: settings.cinema_id.unwrap_or_default(),
        loyalty_type,
        club_id: settings.club_id.unwrap_or_default(),
        ticketing_url: settings.ticketing_url.unwrap_or_default(),
        include_activation: settings.include_activation.unwrap_or(false),
        include_activation_card_number: settings.include_activation_card_number.unwrap_or(false),
        include_activation_phone_number: settings.include_activation_phone_number.unwrap_or(false),
        balance_types: settings.balance_types.unwrap_or_default(),
        scannable_code_format: settings
            .scannable_code_format
            .unwrap_or_else(|| "QR_CODE".to_owned()),
        provider: provider.clone(),
        access_from_header: settings.access_from_header.unwrap_or(false),
        guest_header_access_label: settings.guest_header_access_label.unwrap_or_default(),
        guest_signup_tab_button: settings.guest_signup_tab_button.unwrap_or_default(),
        guest_signup_tab_text: settings.guest_signup_tab_text.unwrap_or_default(),
        logged_in_header_access_label: settings.logged_in_header_access_label.unwrap_or_default(),
        logged_in_menu: settings.logged_in_menu,
        include_watchlist: settings.include_watchlist.unwrap_or(false),
        card_type: settings
            .card_type
            .unwrap_or_else(|| "DEMATERIALIZED".to_owned()),
        session_timeout_hours: settings
            .session_timeout
            .filter(|hours| *hours > 0)
            .unwrap_or(DEFAULT_SESSION_TIMEOUT_HOURS),
        allow_expired_accounts_login: settings.allow_expired_accounts_login.unwrap_or(false),
        display_original_cypher_messages: settings
            .display_original_cypher_messages
            .unwrap_or(false),
    };
    let circuit_or_settings = own_circuit.unwrap_or_else(|| site.settings_circuit_id.clone());
    match provider.as_str() {
        BOOST_POS | BOOST_POS_WITHOUT_LOYALTY => {
            config.balance_types = vec!["POINTS".to_owned()];
            config.version = 3;
            config.circuit_id = circuit_or_settings;
            config.cinema_id = site.current_cinema_id.clone();
        }
        TAPOS => {
            config.version = 3;
            config.circuit_id = circuit_or_settings;
            config.cinema_id = site.current_cinema_id.clone();
        }
        CGR => {
            config.version = 3;
            config.circuit_id = site.settings_circuit_id.clone();
            config.cinema_id = site.current_cinema_id.clone();
        }
        _ => {}
    }
    config
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loyalty_block_written_by_a_person_is_checked_naming_the_field() {
        use serde_json::json;
        for fine in [
            json!(null),
            json!({}),
            json!({"provider": "BOOST_POS", "version": 3, "sessionTimeout": 24}),
            json!({"provider": "NONE"}),
        ] {
            assert_eq!(check(&fine), Ok(()), "{fine}");
        }
        for (refused, field) in [
            (json!([]), ""),
            (json!({"provider": "ACME"}), "provider"),
            (json!({"version": 2}), "version"),
            (json!({"sessionTimeout": 0}), "sessionTimeout"),
            (json!({"sessionTimeout": 9000}), "sessionTimeout"),
            (json!({"includeWatchlist": "yes"}), "includeWatchlist"),
            (json!({"balanceTypes": ["POINTS", 3]}), "balanceTypes[1]"),
        ] {
            assert_eq!(
                check(&refused).map_err(|refusal| refusal.field),
                Err(field.to_owned()),
                "{refused}"
            );
        }
    }

    fn site() -> SiteContext {
        SiteContext {
            settings_circuit_id: "circuit-from-settings".to_owned(),
            current_cinema_id: "cinema-7".to_owned(),
        }
    }

    fn settings(json: &str) -> LoyaltySettings {
        serde_json::from_str(json).expect("test settings are valid JSON")
    }

    #[test]
    fn empty_settings_get_every_default_of_the_spec() {
        let config = normalise(LoyaltySettings::default(), &site());
        assert_eq!(config.version, 1);
        assert_eq!(config.circuit_id, "");
        assert_eq!(config.cinema_id, "");
        assert_eq!(config.loyalty_type, "NONE");
        assert_eq!(config.provider, "NONE");
        assert_eq!(config.scannable_code_format, "QR_CODE");
        assert_eq!(config.card_type, "DEMATERIALIZED");
        assert!(config.balance_types.is_empty());
        assert!(!config.include_watchlist);
        assert!(!config.include_activation);
        assert_eq!(config.logged_in_menu, None);
        assert_eq!(config.session_timeout_hours, 720);
        assert!(!config.allow_expired_accounts_login);
        assert!(!config.display_original_cypher_messages);
    }

    #[test]
    fn the_provider_settings_come_from_the_bundle() {
        let config = normalise(
            settings(
                r#"{"sessionTimeout":48,"allowExpiredAccountsLogin":true,"displayOriginalCypherMessages":true}"#,
            ),
            &site(),
        );
        assert_eq!(config.session_timeout_hours, 48);
        assert!(config.allow_expired_accounts_login);
        assert!(config.display_original_cypher_messages);
    }

    #[test]
    fn a_session_timeout_that_is_not_positive_keeps_the_default() {
        let config = normalise(settings(r#"{"sessionTimeout":0}"#), &site());
        assert_eq!(config.session_timeout_hours, 720);
    }

    #[test]
    fn rts_is_always_non_tiered() {
        let config = normalise(settings(r#"{"provider":"RTS","type":"TIERED"}"#), &site());
        assert_eq!(config.loyalty_type, "NON_TIERED");
        assert_eq!(config.version, 1);
    }

    #[test]
    fn boost_pos_counts_points_on_version_3_with_the_current_cinema() {
        for provider in [BOOST_POS, BOOST_POS_WITHOUT_LOYALTY] {
            let json = format!(r#"{{"provider":"{provider}","version":1,"cinemaId":"x"}}"#);
            let config = normalise(settings(&json), &site());
            assert_eq!(config.version, 3);
            assert_eq!(config.balance_types, vec!["POINTS".to_owned()]);
            assert_eq!(config.circuit_id, "circuit-from-settings");
            assert_eq!(config.cinema_id, "cinema-7");
        }
    }

    #[test]
    fn boost_pos_and_tapos_prefer_their_own_circuit_id() {
        for provider in [BOOST_POS, TAPOS] {
            let json = format!(r#"{{"provider":"{provider}","circuitId":"own"}}"#);
            assert_eq!(normalise(settings(&json), &site()).circuit_id, "own");
        }
    }

    #[test]
    fn tapos_keeps_its_balance_types() {
        let config = normalise(
            settings(r#"{"provider":"TAPOS","balanceTypes":["CREDIT"]}"#),
            &site(),
        );
        assert_eq!(config.version, 3);
        assert_eq!(config.balance_types, vec!["CREDIT".to_owned()]);
        assert_eq!(config.cinema_id, "cinema-7");
    }

    #[test]
    fn cgr_always_takes_the_circuit_of_the_settings() {
        let config = normalise(settings(r#"{"provider":"CGR","circuitId":"own"}"#), &site());
        assert_eq!(config.version, 3);
        assert_eq!(config.circuit_id, "circuit-from-settings");
        assert_eq!(config.cinema_id, "cinema-7");
    }

    #[test]
    fn the_logged_in_menu_is_passed_through_as_given() {
        let config = normalise(
            settings(r#"{"loggedInMenu":[{"label":"Rewards","to":"/account/rewards"}]}"#),
            &site(),
        );
        assert_eq!(
            config.logged_in_menu,
            Some(serde_json::json!([{"label":"Rewards","to":"/account/rewards"}]))
        );
    }

    #[test]
    fn the_configuration_is_written_with_the_names_the_screens_read() {
        let config = normalise(settings(r#"{"provider":"RTS"}"#), &site());
        let json = serde_json::to_value(config).expect("serialisable");
        assert_eq!(json["type"], "NON_TIERED");
        assert_eq!(json["sessionTimeout"], 720);
        assert_eq!(json["scannableCodeFormat"], "QR_CODE");
        assert_eq!(json["loggedInMenu"], serde_json::Value::Null);
    }

    #[test]
    fn the_settings_are_read_from_the_sites_struct() {
        let site = catalogue::Site {
            loyalty_settings: Some(proto::json::to_struct(
                serde_json::json!({"provider": "CGR", "sessionTimeout": 48})
                    .as_object()
                    .cloned()
                    .unwrap_or_default(),
            )),
            ..catalogue::Site::default()
        };
        let settings = LoyaltySettings::of(&site).expect("valid settings");
        assert_eq!(settings.provider.as_deref(), Some("CGR"));
        assert_eq!(settings.session_timeout, Some(48));
    }

    #[test]
    fn other_providers_keep_the_written_values() {
        let config = normalise(
            settings(
                r#"{"provider":"OTHER","version":3,"circuitId":"c","cinemaId":"k","type":"TIERED"}"#,
            ),
            &site(),
        );
        assert_eq!(
            (
                config.version,
                config.circuit_id.as_str(),
                config.cinema_id.as_str()
            ),
            (3, "c", "k")
        );
        assert_eq!(config.loyalty_type, "TIERED");
    }
}
