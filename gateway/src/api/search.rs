use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{SearchHit, SearchRequest};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::{AppError, ErrorBody};
use crate::extract::Query;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/search", get(search))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// What the visitor typed: case and accents ignored, a typo forgiven in words of 4+
    /// letters and two in 8+, the last word matched as a prefix.
    #[param(min_length = 1, max_length = 100, pattern = r"\S")]
    q: Option<String>,
    /// At most this many hits (default 10).
    #[param(minimum = 1, maximum = 50)]
    limit: Option<u32>,
}

/// Movies, theaters, events and pages matching a query, best first.
#[utoipa::path(get, path = "/api/v1/search", params(SearchQuery), responses(
    (status = 200, description = "OK", body = Vec<SearchHit>),
    (status = 400, description = "q missing, blank or over 100 characters, or limit not 1 to 50", body = ErrorBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn search(
    State(state): State<AppState>,
    Query(query): Query<SearchQuery>,
) -> Result<impl IntoResponse, AppError> {
    let text = query
        .q
        .ok_or_else(|| AppError::BadRequest("q: required, the words to search for".to_owned()))?;
    if query.limit == Some(0) {
        return Err(AppError::BadRequest("limit: 1 to 50".to_owned()));
    }
    let reply = state
        .services
        .catalogue
        .clone()
        .search(SearchRequest {
            query: text,
            limit: query.limit.unwrap_or(0),
        })
        .await
        .map_err(AppError::catalogue)?;
    // The same words find the same things until the catalogue changes.
    Ok((
        [(header::CACHE_CONTROL, "public, max-age=60")],
        Json(reply.into_inner().hits),
    ))
}
