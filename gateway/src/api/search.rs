use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{SearchHit, SearchRequest};
use serde::Deserialize;
use utoipa::IntoParams;

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};
use crate::extract::Query;

pub fn router() -> Router<ApiState> {
    Router::new().route("/search", get(search))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// What the visitor typed: case and accents ignored, a typo forgiven in words of 4+
    /// letters and two in 8+, the last word matched as a prefix.
    #[param(min_length = 1, max_length = 100)]
    q: String,
    /// At most this many hits (default 10).
    #[param(minimum = 1, maximum = 50)]
    limit: Option<u32>,
}

/// Movies, theaters, events and pages matching a query, best first.
#[utoipa::path(get, path = "/api/v1/search", params(SearchQuery), responses(
    (status = 200, description = "OK", body = Vec<SearchHit>),
    (status = 400, description = "q missing, empty or over 100 characters, or limit not 1 to 50", body = ErrorBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn search(
    State(state): State<ApiState>,
    Query(query): Query<SearchQuery>,
) -> Result<Json<Vec<SearchHit>>, AppError> {
    if query.limit == Some(0) {
        return Err(AppError::BadRequest("limit: 1 to 50".to_owned()));
    }
    let reply = state
        .services
        .catalogue
        .clone()
        .search(SearchRequest {
            query: query.q,
            limit: query.limit.unwrap_or(0),
        })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner().hits))
}
