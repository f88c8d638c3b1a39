use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{ListShowtimesRequest, Showtime};
use serde::Deserialize;

use crate::error::AppError;
use crate::extract::Query;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/showtimes", get(list))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ShowtimeFilter {
    #[serde(default)]
    theater_id: String,
    #[serde(default)]
    movie_id: String,
    /// YYYY-MM-DD; the catalogue checks the dates and names the bad one.
    from: Option<String>,
    to: Option<String>,
}

async fn list(
    State(state): State<AppState>,
    Query(filter): Query<ShowtimeFilter>,
) -> Result<Json<Vec<Showtime>>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .list_showtimes(ListShowtimesRequest {
            theater_id: filter.theater_id,
            movie_id: filter.movie_id,
            from: super::optional("from", filter.from)?,
            to: super::optional("to", filter.to)?,
        })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(
        state
            .ticketing_sandbox
            .showtimes(reply.into_inner().showtimes),
    ))
}
