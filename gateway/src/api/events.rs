use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{Event, GetEventRequest, ListEventsRequest};
use serde::Deserialize;
use utoipa::IntoParams;

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};
use crate::extract::Query;

pub fn router() -> Router<ApiState> {
    Router::new()
        .route("/events", get(list))
        .route("/events/{id}", get(detail))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct EventFilter {
    /// Only events at this theater.
    #[serde(default)]
    theater_id: String,
}

/// Events.
#[utoipa::path(get, path = "/api/v1/events", operation_id = "listEvents", params(EventFilter), responses(
    (status = 200, description = "OK", body = Vec<Event>),
    (status = 404, description = "No theater with the theaterId given", body = ErrorBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn list(
    State(state): State<ApiState>,
    Query(filter): Query<EventFilter>,
) -> Result<Json<Vec<Event>>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .list_events(ListEventsRequest {
            theater_id: filter.theater_id,
        })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner().events))
}

/// One event.
#[utoipa::path(get, path = "/api/v1/events/{id}", operation_id = "getEvent",
    params(("id" = String, Path, description = "Event id")),
    responses(
        (status = 200, description = "OK", body = Event),
        (status = 404, description = "No event with this id", body = ErrorBody),
        (status = 503, description = "A service the route needs is down", body = ErrorBody),
    ))]
async fn detail(
    State(state): State<ApiState>,
    Path(id): Path<String>,
) -> Result<Json<Event>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .get_event(GetEventRequest { id })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner()))
}
