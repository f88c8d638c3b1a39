//! The server redirect endpoints of SPEC.md section 2: each answers 302 to the
//! theater's ticketing provider (the site-wide one when the theater names none),
//! carrying theaterCode and perfCode; to the same path on the ticketing sandbox when
//! TICKETING_SANDBOX is on. The target is built by the catalogue from the site's
//! configuration, never from the request, so this is no open redirect.

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use proto::catalogue::v1::ResolveTicketingRequest;
use serde::Deserialize;

use crate::error::AppError;
use crate::extract::Query;
use crate::state::AppState;

/// Each hand-off at its redirect endpoint `/api/{segment}/redirect`, and at the site's
/// own route segment, where its links lead (in the tapos_embedded context a booking link
/// becomes /startticketing/?theaterCode=&perfCode=), with or without the trailing slash.
pub fn router() -> Router<AppState> {
    let mut router = Router::new();
    for (segment, handler) in [
        ("/startticketing", get(start_ticketing)),
        ("/launch/ticketing", get(launch_ticketing)),
        ("/startconcessions", get(start_concessions)),
        ("/refund", get(refund)),
    ] {
        router = router
            .route(&format!("/api{segment}/redirect"), handler.clone())
            .route(segment, handler.clone())
            .route(&format!("{segment}/"), handler);
    }
    router
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct HandOff {
    /// The theater's id, or its ticketing code under the hand-off name theaterCode.
    #[serde(alias = "theaterCode")]
    theater_id: Option<String>,
    #[serde(default)]
    perf_code: String,
}

async fn start_ticketing(
    state: State<AppState>,
    query: Query<HandOff>,
) -> Result<Response, AppError> {
    redirect(state, query, "startticketing").await
}

async fn launch_ticketing(
    state: State<AppState>,
    query: Query<HandOff>,
) -> Result<Response, AppError> {
    redirect(state, query, "launch/ticketing").await
}

async fn start_concessions(
    state: State<AppState>,
    query: Query<HandOff>,
) -> Result<Response, AppError> {
    redirect(state, query, "startconcessions").await
}

async fn refund(state: State<AppState>, query: Query<HandOff>) -> Result<Response, AppError> {
    redirect(state, query, "refund").await
}

async fn redirect(
    State(state): State<AppState>,
    Query(hand_off): Query<HandOff>,
    kind: &str,
) -> Result<Response, AppError> {
    let theater_id = hand_off
        .theater_id
        .filter(|id| !id.is_empty())
        .ok_or_else(|| AppError::BadRequest("theaterId (or theaterCode): required".to_owned()))?;
    let well_formed = hand_off.perf_code.len() <= 64
        && hand_off
            .perf_code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !well_formed {
        return Err(AppError::BadRequest(
            "perfCode: up to 64 letters, digits, '-' or '_'".to_owned(),
        ));
    }
    let target = state
        .services
        .catalogue
        .clone()
        .resolve_ticketing(ResolveTicketingRequest {
            theater_id,
            perf_code: hand_off.perf_code,
            kind: kind.to_owned(),
        })
        .await
        .map_err(AppError::catalogue)?
        .into_inner();
    let location =
        HeaderValue::from_str(&state.ticketing_sandbox.link(target.url)).map_err(|_| {
            AppError::Service {
                service: "catalogue",
                status: tonic::Status::internal("ticketing URL is not a valid header value"),
            }
        })?;
    Ok((StatusCode::FOUND, [(header::LOCATION, location)]).into_response())
}
