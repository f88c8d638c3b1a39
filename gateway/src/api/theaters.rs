use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{GeoPoint, GetTheaterRequest, ListTheatersRequest, Theater};
use serde::Deserialize;
use utoipa::IntoParams;

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};
use crate::extract::Query;

pub fn router() -> Router<ApiState> {
    Router::new()
        .route("/theaters", get(list))
        .route("/theaters/{id}", get(detail))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TheaterFilter {
    /// LAT,LNG in decimal degrees (latitude -90 to 90, longitude -180 to 180): nearest
    /// first, each theater with its `distanceKm`.
    #[param(
        pattern = r"^-?(90(\.0+)?|[1-8]?\d(\.\d+)?),-?(180(\.0+)?|(1[0-7]\d|[1-9]?\d)(\.\d+)?)$",
        example = "41.824,-71.413"
    )]
    near: Option<String>,
}

/// "LAT,LNG" as a point; the catalogue checks the ranges.
fn point(near: &str) -> Result<GeoPoint, AppError> {
    let bad = || AppError::BadRequest(format!("near: '{near}' is not LAT,LNG in decimal degrees"));
    let (latitude, longitude) = near.split_once(',').ok_or_else(bad)?;
    let degrees = |text: &str| {
        text.trim()
            .parse::<f64>()
            .ok()
            .filter(|value| value.is_finite())
            .ok_or_else(bad)
    };
    Ok(GeoPoint {
        latitude: degrees(latitude)?,
        longitude: degrees(longitude)?,
    })
}

/// All theaters, in the chain's order or nearest a point first.
#[utoipa::path(get, path = "/api/v1/theaters", operation_id = "listTheaters", params(TheaterFilter), responses(
    (status = 200, description = "OK", body = Vec<Theater>),
    (status = 400, description = "near is not LAT,LNG, or out of range", body = ErrorBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn list(
    State(state): State<ApiState>,
    Query(filter): Query<TheaterFilter>,
) -> Result<Json<Vec<Theater>>, AppError> {
    let near = filter.near.as_deref().map(point).transpose()?;
    let reply = state
        .services
        .catalogue
        .clone()
        .list_theaters(ListTheatersRequest { near })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner().theaters))
}

/// One theater.
#[utoipa::path(get, path = "/api/v1/theaters/{id}", operation_id = "getTheater",
    params(("id" = String, Path, description = "Theater id")),
    responses(
        (status = 200, description = "OK", body = Theater),
        (status = 404, description = "No theater with this id", body = ErrorBody),
        (status = 503, description = "A service the route needs is down", body = ErrorBody),
    ))]
async fn detail(
    State(state): State<ApiState>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_reads_latitude_then_longitude() {
        let here = point("41.824,-71.413").expect("a point");
        assert_eq!((here.latitude, here.longitude), (41.824, -71.413));
        assert!(point(" 0 , 0 ").is_ok());
        for bad in ["41.8", "41.8;-71.4", "north,west", "NaN,1", "inf,0", ""] {
            assert!(
                matches!(point(bad), Err(AppError::BadRequest(m)) if m.starts_with("near:")),
                "{bad}"
            );
        }
    }
}
