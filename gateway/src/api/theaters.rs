use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{GetTheaterRequest, ListTheatersRequest, Theater};

use crate::error::AppError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/theaters", get(list))
        .route("/theaters/{id}", get(detail))
}

async fn list(State(state): State<AppState>) -> Result<Json<Vec<Theater>>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .list_theaters(ListTheatersRequest {})
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner().theaters))
}

async fn detail(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Theater>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .get_theater(GetTheaterRequest { id })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner()))
}
