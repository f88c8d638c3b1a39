//! The site as the gateway last saw it: configuration, settings, normalised loyalty
//! configuration, theaters and locale messages, plus the ready-made app-data JSON and
//! the Content-Security-Policy derived from them.
//!
//! Every page load needs this, so it is built once per catalogue version rather than per
//! request: the publisher ([`crate::publish`]) builds it with each version the catalogue
//! pushes. When the catalogue is down the last good snapshot keeps serving.

use std::sync::Arc;

use arc_swap::ArcSwapOption;

use axum::http::HeaderValue;
use bytes::Bytes;
use proto::catalogue::v1 as catalogue;
use proto::loyalty::v1 as loyalty;
use serde_json::{Value, json};

use crate::clients::Services;
use crate::error::AppError;
use crate::etag::ETag;
use crate::security::{self, ContentSecurityPolicy};
use crate::third_party::analytics_scripts::{AnalyticsScripts, ThirdPartyScript};
use crate::ticketing::sandbox::TicketingSandbox;

#[derive(Debug)]
pub struct SiteSnapshot {
    pub site: catalogue::Site,
    pub loyalty: loyalty::LoyaltyConfig,
    /// The invisible captcha's public site key (CAPTCHA_SITE_KEY), given to the browser
    /// with the loyalty configuration.
    pub captcha_site_key: Option<String>,
    pub theaters: Vec<catalogue::Theater>,
    pub messages: catalogue::Messages,
    /// `/page-data/app-data.json`, serialised once.
    pub app_data: Bytes,
    pub app_data_etag: ETag,
    /// The policy of everything that is not a page.
    pub content_security_policy: HeaderValue,
    /// The policy pages extend with their script hashes.
    pub policy: ContentSecurityPolicy,
}

impl SiteSnapshot {
    pub fn config(&self) -> catalogue::SiteConfig {
        self.site.config.clone().unwrap_or_default()
    }

    pub fn settings(&self) -> catalogue::SiteSettings {
        self.site.settings.clone().unwrap_or_default()
    }

    /// SPEC.md section 1: the site's own name, or its related entity's (the circuit of a
    /// chain), as the web app's `siteName` reads it (`lib/site-name.ts`).
    pub fn site_name(&self) -> String {
        let settings = self.site.settings.as_ref();
        [
            self.site.config.as_ref().map(|config| &config.name),
            settings.and_then(|s| s.circuit.as_ref()).map(|c| &c.name),
            settings.map(|s| &s.domain),
        ]
        .into_iter()
        .flatten()
        .find(|name| !name.is_empty())
        .cloned()
        .unwrap_or_default()
    }
}

/// The normalised loyalty configuration with `loggedInMenu` as the JSON it was given, the
/// loyalty brand (LOYALTY_BRAND: the browser names its session headers, query parameters
/// and fields by it) and the captcha site key when one is configured.
pub fn loyalty_json(config: &loyalty::LoyaltyConfig, overrides: &SiteOverrides) -> Value {
    let mut value = json!(config);
    if let Value::Object(fields) = &mut value {
        fields.remove("loggedInMenuJson");
        let menu = serde_json::from_str(&config.logged_in_menu_json).unwrap_or(Value::Null);
        fields.insert("loggedInMenu".to_owned(), menu);
        fields.insert("brand".to_owned(), json!(overrides.loyalty_brand));
        if let Some(key) = &overrides.captcha_site_key {
            fields.insert("captchaSiteKey".to_owned(), json!(key));
        }
    }
    value
}

/// What the gateway's own configuration changes in the site it serves.
#[derive(Debug, Clone, Default)]
pub struct SiteOverrides {
    /// TICKETING_SANDBOX: the loyalty ticketingUrl leads to the sandbox when it is on.
    pub ticketing_sandbox: TicketingSandbox,
    /// CAPTCHA_SITE_KEY.
    pub captcha_site_key: Option<String>,
    /// LOYALTY_BRAND as configured.
    pub loyalty_brand: String,
    /// ANALYTICS_LAUNCH_SCRIPT_URL and CINEMA_MARKETING_*: go into the app data and the policy.
    pub analytics: AnalyticsScripts,
}

/// Shared handle to the current snapshot.
#[derive(Debug, Clone, Default)]
pub struct SiteCache {
    current: Arc<ArcSwapOption<SiteSnapshot>>,
    overrides: SiteOverrides,
}

impl SiteCache {
    pub fn with_overrides(overrides: SiteOverrides) -> SiteCache {
        SiteCache {
            current: Arc::default(),
            overrides,
        }
    }

    pub fn overrides(&self) -> &SiteOverrides {
        &self.overrides
    }

    /// The cached snapshot, or one built now when there is none yet (the catalogue was
    /// down when the gateway started, and no version has been published since).
    pub async fn get(&self, services: &Services) -> Result<Arc<SiteSnapshot>, AppError> {
        match self.cached() {
            Some(snapshot) => Ok(snapshot),
            None => self.refresh(services).await,
        }
    }

    /// The snapshot built from the catalogue now, kept in place of the cached one.
    pub async fn refresh(&self, services: &Services) -> Result<Arc<SiteSnapshot>, AppError> {
        let site = services
            .catalogue
            .clone()
            .get_site(catalogue::GetSiteRequest {})
            .await
            .map_err(AppError::catalogue)?
            .into_inner();
        let snapshot = Arc::new(build(services, site, &self.overrides).await?);
        self.set(snapshot.clone());
        Ok(snapshot)
    }

    pub fn cached(&self) -> Option<Arc<SiteSnapshot>> {
        self.current.load_full()
    }

    pub fn set(&self, snapshot: Arc<SiteSnapshot>) {
        self.current.store(Some(snapshot));
    }
}

pub async fn build(
    services: &Services,
    site: catalogue::Site,
    overrides: &SiteOverrides,
) -> Result<SiteSnapshot, AppError> {
    let mut catalogue_client = services.catalogue.clone();
    let config = site.config.clone().unwrap_or_default();
    let settings = site.settings.clone().unwrap_or_default();
    let theaters = catalogue_client
        .list_theaters(catalogue::ListTheatersRequest::default())
        .await
        .map_err(AppError::catalogue)?
        .into_inner()
        .theaters;
    let messages = catalogue_client
        .get_messages(catalogue::GetMessagesRequest {
            locale: config.locale.clone(),
        })
        .await
        .map_err(AppError::catalogue)?
        .into_inner();
    let current_theater = catalogue_client
        .resolve_current_theater(catalogue::ResolveCurrentTheaterRequest::default())
        .await
        .map_err(AppError::catalogue)?
        .into_inner()
        .theater;
    let mut loyalty = services
        .loyalty
        .clone()
        .normalise_config(loyalty::NormaliseConfigRequest {
            loyalty_settings_json: site.loyalty_settings_json.clone(),
            settings_circuit_id: settings.circuit.clone().unwrap_or_default().id,
            current_cinema_id: current_theater
                .map(|theater| theater.id)
                .unwrap_or_default(),
        })
        .await
        .map_err(AppError::loyalty)?
        .into_inner();
    loyalty.ticketing_url = overrides
        .ticketing_sandbox
        .link(std::mem::take(&mut loyalty.ticketing_url));
    let captcha_site_key = overrides.captcha_site_key.clone();

    let app_data = json!({
        "site": {
            "config": config,
            "settings": settings,
            "loyalty": loyalty_json(&loyalty, overrides),
        },
        "theaters": theaters,
        "messages": messages,
        "analytics": {
            "launchScriptUrl": overrides.analytics.launch_script.as_ref().map(ThirdPartyScript::url),
            "cinemaMarketing": overrides.analytics.cinema_marketing.as_ref().map(|marketing| json!({
                "customerId": marketing.customer_id,
                "scriptUrl": marketing.script.url(),
            })),
        },
    });
    let app_data = Bytes::from(app_data.to_string());
    let policy = security::content_security_policy(
        &config,
        &settings,
        &theaters,
        &loyalty.ticketing_url,
        &overrides.analytics,
        captcha_site_key.is_some(),
    );
    Ok(SiteSnapshot {
        app_data_etag: ETag::of(&app_data),
        app_data,
        content_security_policy: policy.header(),
        policy,
        site,
        loyalty,
        captcha_site_key,
        theaters,
        messages,
    })
}
