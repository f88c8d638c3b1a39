//! The whole HTTP surface: each area's router merged, then the layers every response
//! goes through.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::middleware;
use axum::response::Response;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::error::error_response;
use crate::state::AppState;
use crate::{
    api, cypher, load_shedding, metrics, ops, publish, redirects, request_context, security,
    third_party_proxy, ticketing_sandbox, web,
};

/// Request bodies larger than this are refused with 413 by the body extractors.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

pub fn app(state: AppState) -> Router {
    let sandbox = if state.ticketing_sandbox.is_on() {
        ticketing_sandbox::router()
    } else {
        Router::new()
    };
    let routes = Router::new()
        .merge(sandbox)
        .merge(ops::router())
        .merge(api::router())
        .merge(cypher::router())
        .merge(redirects::router())
        .merge(third_party_proxy::router())
        .merge(web::router(&state.web))
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state.clone())
        .fallback_service(web::fallback(state.clone()));
    load_shedding::shed_load(routes, state.max_in_flight)
        .layer(middleware::from_fn(metrics::record))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            security::headers,
        ))
        .layer(CompressionLayer::new())
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(
            // A request answered is routine: DEBUG (the metrics count each one); a
            // server error is logged as one by the layer's failure hook.
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(DefaultOnResponse::new().level(Level::DEBUG)),
        )
        .layer(middleware::from_fn(request_context::scope))
        .layer(CatchPanicLayer::custom(|_| internal_error()))
        // Outermost: a published page is a lookup and a write, past no other layer.
        .layer(middleware::from_fn_with_state(
            state.published.clone(),
            publish::serve::published,
        ))
}

async fn method_not_allowed() -> Response {
    error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this route does not answer that method",
    )
}

fn internal_error() -> Response {
    error_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        "the gateway failed to answer",
    )
}
