use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use proto::ads::v1::{AdSize, AdsConfig, AdsSettings, GetAdsConfigRequest};
use proto::catalogue::v1::GetMovieRequest;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::AppError;
use crate::extract::Query;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/ads/config", get(config))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AdsQuery {
    path: Option<String>,
    #[serde(default)]
    theater_id: String,
    #[serde(default)]
    movie_id: String,
    #[serde(default)]
    page_title: String,
    /// Comma-separated movie ids scheduled on the page.
    #[serde(default)]
    scheduled_movie_ids: String,
    is_logged_in: Option<bool>,
}

/// The ad set-up of one page: mode, script, page path, targeting and slots.
async fn config(
    State(state): State<AppState>,
    Query(query): Query<AdsQuery>,
) -> Result<Json<Value>, AppError> {
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
    Ok(Json(ads_json(&reply.into_inner())))
}

/// DESIGN.md section 4: each slot's `sizes` is a list of [width, height] or "fluid".
fn ads_json(config: &AdsConfig) -> Value {
    let pairs = |sizes: &[AdSize]| -> Vec<[i32; 2]> {
        sizes.iter().map(|size| [size.width, size.height]).collect()
    };
    let slots: Vec<Value> = config
        .slots
        .iter()
        .map(|slot| {
            let sizes = if slot.fluid {
                json!("fluid")
            } else {
                json!(pairs(&slot.sizes))
            };
            let size_mapping: Vec<Value> = slot
                .size_mapping
                .iter()
                .map(|entry| json!({ "viewportWidth": entry.viewport_width, "sizes": pairs(&entry.sizes) }))
                .collect();
            json!({
                "id": slot.id,
                "container": slot.container,
                "sizes": sizes,
                "sizeMapping": size_mapping,
            })
        })
        .collect();
    json!({
        "enabled": config.enabled,
        "mode": config.mode,
        "scriptUrl": config.script_url,
        "adClass": config.ad_class,
        "pagePath": config.page_path,
        "targeting": config.targeting,
        "slots": slots,
        "warnings": config.warnings,
        "requiresConsent": config.requires_consent,
        "singleRequest": config.single_request,
        "collapseEmptySlots": config.collapse_empty_slots,
    })
}
