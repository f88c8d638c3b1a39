use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{Event, GetEventRequest, ListEventsRequest};
use serde::Deserialize;

use crate::error::AppError;
use crate::extract::Query;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/events", get(list))
        .route("/events/{id}", get(detail))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct EventFilter {
    #[serde(default)]
    theater_id: String,
}

async fn list(
    State(state): State<AppState>,
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
    Ok(Json(
        state.ticketing_sandbox.events(reply.into_inner().events),
    ))
}

async fn detail(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Event>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .get_event(GetEventRequest { id })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(state.ticketing_sandbox.event(reply.into_inner())))
}
