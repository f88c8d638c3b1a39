use axum::extract::{RawQuery, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{ListShowtimesRequest, Showtime};
use serde::Deserialize;
use utoipa::IntoParams;

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};
use crate::extract::Query;

pub fn router() -> Router<ApiState> {
    Router::new().route("/showtimes", get(list))
}

/// Dates are YYYY-MM-DD; the catalogue checks them and names the bad one.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ShowtimeFilter {
    /// Theater id.
    #[serde(default)]
    theater_id: String,
    /// Movie id.
    #[serde(default)]
    movie_id: String,
    /// First day, YYYY-MM-DD (default today).
    #[param(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$")]
    from: Option<String>,
    /// Last day, YYYY-MM-DD (default from + 6 days). One answer covers at most 62 days:
    /// a later `to` is read as from + 61 days, and a `to` before `from` answers no showtimes.
    #[param(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$")]
    to: Option<String>,
}

/// Every `attribute=` of the query string, in order.
fn attributes(query: Option<&str>) -> Result<Vec<String>, AppError> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query.unwrap_or_default())
        .map_err(|error| AppError::BadRequest(format!("invalid query: {error}")))?;
    Ok(pairs
        .into_iter()
        .filter(|(name, _)| name == "attribute")
        .map(|(_, value)| value)
        .collect())
}

/// Showtimes by theater, movie and date range (inclusive).
#[utoipa::path(get, path = "/api/v1/showtimes", operation_id = "listShowtimes", params(
    ShowtimeFilter,
    // One name given many times is no struct field: read from the query string by
    // [`attributes`].
    ("attribute" = Option<Vec<proto::showtime::Attribute>>, Query, explode, style = Form,
        description = "Only showtimes with every attribute named (repeat the parameter for more)"),
), responses(
    (status = 200, description = "OK", body = Vec<Showtime>),
    (status = 400, description = "A date that is not YYYY-MM-DD, or an unknown attribute", body = ErrorBody),
    (status = 404, description = "No theater or movie with the id given", body = ErrorBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn list(
    State(state): State<ApiState>,
    RawQuery(query): RawQuery,
    Query(filter): Query<ShowtimeFilter>,
) -> Result<Json<Vec<Showtime>>, AppError> {
    let attributes = attributes(query.as_deref())?;
    let reply = state
        .services
        .catalogue
        .clone()
        .list_showtimes(ListShowtimesRequest {
            theater_id: filter.theater_id,
            movie_id: filter.movie_id,
            from: crate::extract::optional("from", filter.from)?,
            to: crate::extract::optional("to", filter.to)?,
            attributes,
        })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner().showtimes))
}
