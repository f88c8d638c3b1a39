use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use crate::error::AppError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/site", get(site))
}

/// The site configuration with its theme, the public settings and the normalised
/// loyalty configuration.
async fn site(State(state): State<AppState>) -> Result<Json<serde_json::Value>, AppError> {
    let snapshot = state.site.get(&state.services).await?;
    Ok(Json(snapshot.site_json()))
}
