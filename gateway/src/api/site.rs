use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{SiteConfig, SiteSettings};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};
use crate::site_data::loyalty_json;

pub fn router() -> Router<ApiState> {
    Router::new().route("/site", get(site))
}

/// The site configuration of docs/ingest.md#site-configuration with its theme, the public
/// site settings (secrets left out) and the normalised loyalty configuration.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Site)]
pub struct SiteBody {
    config: Option<SiteConfig>,
    settings: Option<SiteSettings>,
    /// The normalised loyalty configuration (docs/loyalty.md#configuration) with circuitId and
    /// cinemaId and the provider settings, its loggedInMenu, the loyalty
    /// brand (LOYALTY_BRAND), and the captchaSiteKey when one is configured.
    #[schema(value_type = Object)]
    loyalty: Value,
}

/// The site configuration with its theme, the public settings and the normalised
/// loyalty configuration.
#[utoipa::path(get, path = "/api/v1/site", responses(
    (status = 200, description = "OK", body = SiteBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn site(State(state): State<ApiState>) -> Result<Json<SiteBody>, AppError> {
    let snapshot = state.site.get(&state.services).await?;
    Ok(Json(SiteBody {
        config: snapshot.site.config.clone(),
        settings: snapshot.site.settings.clone(),
        loyalty: loyalty_json(&snapshot.loyalty, state.site.overrides()),
    }))
}
