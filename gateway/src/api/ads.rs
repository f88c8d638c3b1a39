use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use proto::ads::v1::{AdSize, AdsConfig, AdsSettings, GetAdsConfigRequest};
use proto::catalogue::v1::GetMovieRequest;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};
use crate::extract::Query;

pub fn router() -> Router<ApiState> {
    Router::new().route("/ads/config", get(config))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct AdsQuery {
    /// The page path, starting with '/'.
    #[param(required = true, min_length = 1, pattern = "^/")]
    path: Option<String>,
    /// Current theater.
    #[serde(default)]
    theater_id: String,
    /// Movie shown on the page.
    #[serde(default)]
    movie_id: String,
    /// Page title.
    #[serde(default)]
    page_title: String,
    /// Comma-separated movie ids scheduled on the page.
    #[serde(default)]
    scheduled_movie_ids: String,
    /// Whether a loyalty member is signed in.
    is_logged_in: Option<bool>,
}

/// The ad set-up of one page: mode, script, page path, targeting and slots.
#[utoipa::path(get, path = "/api/v1/ads/config", params(AdsQuery), responses(
    (status = 200, description = "OK", body = AdsConfigBody),
    (status = 400, description = "No path, or one not starting with '/'", body = ErrorBody),
    (status = 404, description = "No theater or movie with the id given", body = ErrorBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn config(
    State(state): State<ApiState>,
    Query(query): Query<AdsQuery>,
) -> Result<Json<AdsConfigBody>, AppError> {
    let path = query
        .path
        .filter(|path| path.starts_with('/'))
        .ok_or_else(|| {
            AppError::BadRequest("path: required, the page path starting with '/'".to_owned())
        })?;
    let snapshot = state.site.get(&state.services).await?;
    let (config, settings) = (snapshot.config(), snapshot.settings());
    let theater_name = if query.theater_id.is_empty() {
        String::new()
    } else {
        snapshot
            .theaters
            .iter()
            .find(|theater| theater.id == query.theater_id)
            .map(|theater| theater.name.clone())
            .ok_or_else(|| {
                AppError::NotFound(format!("theaterId: no theater '{}'", query.theater_id))
            })?
    };
    let movie_title = if query.movie_id.is_empty() {
        String::new()
    } else {
        state
            .services
            .catalogue
            .clone()
            .get_movie(GetMovieRequest {
                id: query.movie_id.clone(),
            })
            .await
            .map_err(AppError::catalogue)?
            .into_inner()
            .title
    };
    let custom = settings.ads_custom.clone().unwrap_or_default();
    let request = GetAdsConfigRequest {
        settings: Some(AdsSettings {
            ads_display: settings.ads_display.clone(),
            ads_location: settings.ads_location.clone(),
            custom_location_keys: custom.locations.iter().map(|l| l.key.clone()).collect(),
            custom_size_mapping: custom.size_mapping,
            custom_network_code: custom.network_code,
            custom_url: custom.url,
            country_code: config.country.clone().unwrap_or_default().code,
            is_single_location: config.is_single_location,
            circuit_name: settings.circuit.clone().unwrap_or_default().name,
            circuit_id: settings.circuit.clone().unwrap_or_default().id,
            website_id: settings.id.clone(),
            domain: settings.domain.clone(),
        }),
        path,
        page_title: query.page_title,
        theater_id: query.theater_id,
        theater_name,
        movie_id: query.movie_id,
        movie_title,
        scheduled_movie_ids: query
            .scheduled_movie_ids
            .split(',')
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(str::to_owned)
            .collect(),
        is_logged_in: query.is_logged_in,
    };
    let reply = state
        .services
        .ads
        .clone()
        .get_ads_config(request)
        .await
        .map_err(AppError::ads)?;
    Ok(Json(ads_body(reply.into_inner())))
}

/// The ad set-up of one page (docs/consent-and-ads.md#display-ads).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdsConfig)]
struct AdsConfigBody {
    /// false when the site has no adsDisplay.
    enabled: bool,
    /// adsDisplay: PROGRAMMATIC, CUSTOM, CUSTOM_WITHOUT_WRAPPER or another (restricted)
    /// value.
    mode: String,
    /// The ad library, adsCustom.url in CUSTOM mode, or the ad-server tag in
    /// CUSTOM_WITHOUT_WRAPPER mode.
    script_url: String,
    /// allads or restrictedads.
    ad_class: String,
    /// /{base}/{adClass}/{circuit}/{theater}, lower-case slugs; no circuit segment on a
    /// single-location site.
    page_path: String,
    /// The ad targeting data layer.
    targeting: BTreeMap<String, String>,
    slots: Vec<AdSlotBody>,
    /// What in the site's ad settings was ignored, and why.
    warnings: Vec<String>,
    requires_consent: bool,
    single_request: bool,
    collapse_empty_slots: bool,
}

/// One ad slot: where it goes and the sizes it takes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdSlot)]
struct AdSlotBody {
    /// interstitial, header, footer, pulse, or WMP_{key} for a custom location.
    id: String,
    /// InterstitialContainer, HeaderPromoContainer, FooterPromoContainer,
    /// PulsePromoContainer or {key}CustomPromoContainer.
    container: String,
    sizes: SlotSizes,
    size_mapping: Vec<SizeMappingBody>,
}

/// `"fluid"`, or a list of [width, height].
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
enum SlotSizes {
    Fluid(Fluid),
    Fixed(Vec<SizePair>),
}

/// [width, height] in CSS pixels: a pair in the document too, not a list of any length.
#[derive(Debug, Serialize)]
#[serde(transparent)]
struct SizePair([i32; 2]);

impl utoipa::PartialSchema for SizePair {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{
            ArrayBuilder, KnownFormat, ObjectBuilder, SchemaFormat, Type,
        };
        let pixels = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)));
        ArrayBuilder::new()
            .items(pixels)
            .min_items(Some(2))
            .max_items(Some(2))
            .description(Some("[width, height] in CSS pixels."))
            .into()
    }
}

impl ToSchema for SizePair {
    fn name() -> std::borrow::Cow<'static, str> {
        "AdSizePair".into()
    }
}

#[derive(Debug, Serialize, ToSchema)]
enum Fluid {
    #[serde(rename = "fluid")]
    Fluid,
}

/// The sizes a slot takes from a viewport width up.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SizeMapping)]
struct SizeMappingBody {
    viewport_width: i32,
    sizes: Vec<SizePair>,
}

/// docs/consent-and-ads.md#display-ads: each slot's `sizes` is a list of [width, height] or
/// "fluid".
fn ads_body(config: AdsConfig) -> AdsConfigBody {
    let pairs = |sizes: &[AdSize]| -> Vec<SizePair> {
        sizes
            .iter()
            .map(|size| SizePair([size.width, size.height]))
            .collect()
    };
    let slots = config
        .slots
        .iter()
        .map(|slot| AdSlotBody {
            id: slot.id.clone(),
            container: slot.container.clone(),
            sizes: if slot.fluid {
                SlotSizes::Fluid(Fluid::Fluid)
            } else {
                SlotSizes::Fixed(pairs(&slot.sizes))
            },
            size_mapping: slot
                .size_mapping
                .iter()
                .map(|entry| SizeMappingBody {
                    viewport_width: entry.viewport_width,
                    sizes: pairs(&entry.sizes),
                })
                .collect(),
        })
        .collect();
    AdsConfigBody {
        enabled: config.enabled,
        mode: config.mode,
        script_url: config.script_url,
        ad_class: config.ad_class,
        page_path: config.page_path,
        targeting: config.targeting,
        slots,
        warnings: config.warnings,
        requires_consent: config.requires_consent,
        single_request: config.single_request,
        collapse_empty_slots: config.collapse_empty_slots,
    }
}
