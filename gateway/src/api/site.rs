use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};
use crate::site_data::{SiteBody, SiteLoyalty};

pub fn router() -> Router<ApiState> {
    Router::new().route("/site", get(site))
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
        loyalty: SiteLoyalty::of(&snapshot.loyalty, state.site.overrides()),
    }))
}
