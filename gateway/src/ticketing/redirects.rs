//! The server redirect endpoints of SPEC.md section 2, one for every hand-off of section
//! 1: each answers 302 to the theater's ticketing provider (the site-wide one when the
//! theater names none, or for a chain's hand-off without a theater), carrying
//! theaterCode and perfCode; to the same path on the ticketing sandbox when
//! TICKETING_SANDBOX is on. A hand-off the provider does not offer is a 404. The target
//! is built by the catalogue from the site's configuration, never from the request, so
//! this is no open redirect.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use proto::catalogue::v1::ResolveTicketingRequest;
use serde::Deserialize;
use site_paths::hand_off::HAND_OFFS;

use super::sandbox::TicketingSandbox;
use crate::clients::Services;
use crate::error::AppError;
use crate::extract::Query;

/// What the redirect endpoints read: the catalogue, which builds each target, and
/// whether targets lead to the stand-in ticketing site.
#[derive(Debug, Clone)]
struct Redirects {
    services: Services,
    ticketing_sandbox: TicketingSandbox,
}

/// Each hand-off of [`site_paths::hand_off::HAND_OFFS`] at its redirect endpoint
/// `/api/{segment}/redirect`, and at the site's own route segment, where its links lead
/// (in the tapos_embedded context a booking link becomes
/// /startticketing/?theaterCode=&perfCode=), with or without the trailing slash.
pub fn router(services: Services, ticketing_sandbox: TicketingSandbox) -> Router {
    let mut router = Router::new();
    for hand_off in &HAND_OFFS {
        let segment = hand_off.segment;
        let handler = get(
            move |state: State<Arc<Redirects>>, query: Query<HandOffQuery>| {
                redirect(state, query, segment)
            },
        );
        router = router
            .route(&format!("/api/{segment}/redirect"), handler.clone())
            .route(&format!("/{segment}"), handler.clone())
            .route(&format!("/{segment}/"), handler);
    }
    router.with_state(Arc::new(Redirects {
        services,
        ticketing_sandbox,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct HandOffQuery {
    /// The theater's id; required (this or theaterCode) for a theater's hand-offs,
    /// optional for the chain's. Empty counts as absent.
    #[serde(default)]
    theater_id: String,
    /// The theater's ticketing code, the hand-off's own name for it; wins over theaterId.
    #[serde(default)]
    theater_code: String,
    #[serde(default)]
    perf_code: String,
}

async fn redirect(
    State(state): State<Arc<Redirects>>,
    Query(hand_off): Query<HandOffQuery>,
    segment: &'static str,
) -> Result<Response, AppError> {
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
            // The catalogue finds a theater by its id or its code.
            theater_id: if hand_off.theater_code.is_empty() {
                hand_off.theater_id
            } else {
                hand_off.theater_code
            },
            perf_code: hand_off.perf_code,
            kind: segment.to_owned(),
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
