use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{GetTheaterRequest, ListTheatersRequest, Theater};

use crate::error::{AppError, ErrorBody};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/theaters", get(list))
        .route("/theaters/{id}", get(detail))
}

/// All theaters.
#[utoipa::path(get, path = "/api/v1/theaters", responses(
    (status = 200, description = "OK", body = Vec<Theater>),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
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

/// One theater.
#[utoipa::path(get, path = "/api/v1/theaters/{id}",
    params(("id" = String, Path, description = "Theater id")),
    responses(
        (status = 200, description = "OK", body = Theater),
        (status = 404, description = "No theater with this id", body = ErrorBody),
        (status = 503, description = "A service the route needs is down", body = ErrorBody),
    ))]
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
