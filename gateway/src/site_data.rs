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
use loyalty_config::{LoyaltyConfig, LoyaltySettings, SettingsError, SiteContext, normalise};
use prost::Message;
use proto::catalogue::v1 as catalogue;
use serde::Serialize;
use utoipa::ToSchema;

use crate::clients::Services;
use crate::error::AppError;
use crate::etag::ETag;
use crate::external_scripts::analytics::AnalyticsScripts;
use crate::security::{self, ContentSecurityPolicy};

#[derive(Debug)]
pub struct SiteData {
    pub site: catalogue::Site,
    pub loyalty: LoyaltyConfig,
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
    /// What it was built from (the catalogue's site, theaters, messages and current
    /// theater, without movies, events or pages), protobuf-encoded: stored with each
    /// revision, so that a gateway serving it builds the same site without asking the
    /// catalogue ([`from_source`]).
    pub source: Bytes,
}

impl SiteData {
    pub fn config(&self) -> catalogue::SiteConfig {
        self.site.config.clone().unwrap_or_default()
    }

    pub fn settings(&self) -> catalogue::SiteSettings {
        self.site.settings.clone().unwrap_or_default()
    }

    /// The site's name: the catalogue applies the site-name rule
    /// (docs/pages-and-links.md#site-name) to `config.name` (svc-catalogue's
    /// `SiteFile::site_name`), for the pages and the web app alike.
    pub fn site_name(&self) -> String {
        self.site
            .config
            .as_ref()
            .map(|config| config.name.clone())
            .unwrap_or_default()
    }
}

/// `/page-data/app-data.json` (docs/publishing.md#page-data): what every page needs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppData {
    site: SiteBody,
    theaters: Vec<catalogue::Theater>,
    messages: catalogue::Messages,
    analytics: AnalyticsConfig,
    /// The studio's origin, whose live preview frames the site and sends it the
    /// customisation messages; null where the deployment serves no studio.
    #[schema(required = true)]
    studio_origin: Option<String>,
}

/// The site configuration of docs/ingest.md#site-configuration with its theme, the public
/// site settings (secrets left out) and the normalised loyalty configuration.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Site)]
pub struct SiteBody {
    pub config: Option<catalogue::SiteConfig>,
    pub settings: Option<catalogue::SiteSettings>,
    pub loyalty: SiteLoyalty,
}

/// The normalised loyalty configuration (docs/loyalty.md#configuration) as the browser
/// reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteLoyalty {
    #[serde(flatten)]
    config: LoyaltyConfig,
    /// The loyalty brand (LOYALTY_BRAND), lower-case: the browser names its session
    /// headers, query parameters and fields by it.
    brand: String,
    /// The invisible captcha's public site key (CAPTCHA_SITE_KEY), when the site uses one.
    #[serde(skip_serializing_if = "Option::is_none")]
    captcha_site_key: Option<String>,
}

impl SiteLoyalty {
    pub fn of(config: &LoyaltyConfig, overrides: &SiteOverrides) -> SiteLoyalty {
        SiteLoyalty {
            config: config.clone(),
            brand: overrides.loyalty_brand.clone(),
            captcha_site_key: overrides.captcha_site_key.clone(),
        }
    }
}

/// The analytics scripts the gateway is configured with (ANALYTICS_LAUNCH_SCRIPT_URL,
/// CINEMA_MARKETING_*).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AnalyticsConfig {
    launch_script_url: Option<String>,
    cinema_marketing: Option<CinemaMarketing>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CinemaMarketing {
    customer_id: String,
    script_url: String,
}

/// What the gateway's own configuration changes in the site it serves.
#[derive(Debug, Clone, Default)]
pub struct SiteOverrides {
    /// CAPTCHA_SITE_KEY.
    pub captcha_site_key: Option<String>,
    /// LOYALTY_BRAND as configured.
    pub loyalty_brand: String,
    /// ANALYTICS_LAUNCH_SCRIPT_URL and CINEMA_MARKETING_*: go into the app data and the policy.
    pub analytics: AnalyticsScripts,
    /// The studio's origin (STUDIO_URL, when the studio is served): its preview frames
    /// the site's pages and sends them the customisation messages (DESIGN.md section 13).
    pub studio_origin: Option<String>,
}

/// Shared handle to the current snapshot.
#[derive(Debug, Clone, Default)]
pub struct SiteCache {
    current: Arc<ArcSwapOption<SiteData>>,
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
    pub async fn get(&self, services: &Services) -> Result<Arc<SiteData>, AppError> {
        match self.cached() {
            Some(snapshot) => Ok(snapshot),
            None => self.refresh(services).await,
        }
    }

    /// The snapshot built from the catalogue now, kept in place of the cached one.
    pub async fn refresh(&self, services: &Services) -> Result<Arc<SiteData>, AppError> {
        let content = services
            .catalogue
            .clone()
            .get_site_content(catalogue::GetSiteContentRequest { draft: false })
            .await
            .map_err(AppError::catalogue)?
            .into_inner();
        let snapshot = Arc::new(build(&content, &self.overrides).map_err(|error| {
            tracing::error!(%error, "the site's loyalty settings cannot be read");
            AppError::catalogue(tonic::Status::internal(error.to_string()))
        })?);
        self.set(snapshot.clone());
        Ok(snapshot)
    }

    pub fn cached(&self) -> Option<Arc<SiteData>> {
        self.current.load_full()
    }

    pub fn set(&self, snapshot: Arc<SiteData>) {
        self.current.store(Some(snapshot));
    }
}

/// The site data of the catalogue's `content`: the app data, the normalised loyalty
/// configuration and the Content-Security-Policy, all derived here, with no call.
pub fn build(
    content: &catalogue::SiteContent,
    overrides: &SiteOverrides,
) -> Result<SiteData, SettingsError> {
    let site = content.site.clone().unwrap_or_default();
    let config = site.config.clone().unwrap_or_default();
    let settings = site.settings.clone().unwrap_or_default();
    let theaters = content.theaters.clone();
    let messages = content.messages.clone().unwrap_or_default();
    let current_theater = content.current_theater.as_ref();
    let loyalty_settings = LoyaltySettings::of(&site)?;
    let context = SiteContext::of(
        &site,
        current_theater
            .map(|theater| theater.id.clone())
            .unwrap_or_default(),
    );
    let loyalty = normalise(loyalty_settings, &context);
    let captcha_site_key = overrides.captcha_site_key.clone();
    let source = catalogue::SiteContent {
        site: content.site.clone(),
        theaters: content.theaters.clone(),
        messages: content.messages.clone(),
        current_theater: content.current_theater.clone(),
        ..Default::default()
    }
    .encode_to_vec()
    .into();

    let app_data = AppData {
        studio_origin: overrides.studio_origin.clone(),
        site: SiteBody {
            config: Some(config.clone()),
            settings: Some(settings.clone()),
            loyalty: SiteLoyalty::of(&loyalty, overrides),
        },
        theaters: theaters.clone(),
        messages: messages.clone(),
        analytics: AnalyticsConfig {
            launch_script_url: overrides
                .analytics
                .launch_script
                .as_ref()
                .map(|script| script.url().to_owned()),
            cinema_marketing: overrides
                .analytics
                .cinema_marketing
                .as_ref()
                .map(|marketing| CinemaMarketing {
                    customer_id: marketing.customer_id.clone(),
                    script_url: marketing.script.url().to_owned(),
                }),
        },
    };
    let app_data = Bytes::from(serde_json::to_vec(&app_data).expect("the app data serialises"));
    let policy = security::content_security_policy(
        &config,
        &settings,
        &theaters,
        &loyalty.ticketing_url,
        &security::DeploymentSources {
            analytics: &overrides.analytics,
            captcha: captcha_site_key.is_some(),
            studio_origin: overrides.studio_origin.as_deref(),
        },
        &content_images(content),
    );
    Ok(SiteData {
        app_data_etag: ETag::of(&app_data),
        app_data,
        content_security_policy: policy.header(),
        policy,
        site,
        loyalty,
        captcha_site_key,
        theaters,
        messages,
        source,
    })
}

/// The site data of a stored revision's `source` ([`SiteData::source`]), with this
/// gateway's `overrides`.
pub fn from_source(source: &[u8], overrides: &SiteOverrides) -> Result<SiteData, String> {
    let content = catalogue::SiteContent::decode(source)
        .map_err(|error| format!("the stored site cannot be read: {error}"))?;
    build(&content, overrides).map_err(|error| error.to_string())
}

/// The addresses of the images the site's content shows: its pages' image blocks and its
/// events' pictures (those at other sites' https addresses open the policy's `img-src`).
fn content_images(content: &catalogue::SiteContent) -> Vec<&str> {
    let blocks = content
        .pages
        .iter()
        .flat_map(|page| &page.blocks)
        .filter(|block| block.r#type == "image")
        .map(|block| block.src.as_str());
    let events = content.events.iter().map(|event| event.poster_url.as_str());
    blocks
        .chain(events)
        .filter(|address| address.starts_with("https://"))
        .collect()
}
