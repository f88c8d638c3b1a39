use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{GetPageRequest, Page};

use crate::error::AppError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/pages/{slug}", get(detail))
}

async fn detail(
    State(state): State<AppState>,
    Path(slug): Path<String>,
) -> Result<Json<Page>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .get_page(GetPageRequest { slug })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner()))
}
