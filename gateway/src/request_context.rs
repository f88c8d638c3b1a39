//! The request id and trace of each HTTP request: the client's `x-request-id` when
//! valid, a new one otherwise; the client's trace continued when it sent a valid
//! `traceparent`, a new one otherwise.
//!
//! [`scope`] chooses the id, runs the request as the current request of
//! [`platform::trace`] (whose interceptor passes the id and trace on to each gRPC call)
//! and names the id in the response, for support questions. tower-http's `TraceLayer`
//! opens the request's one span with [`HttpSpan`]: an OpenTelemetry server span named
//! after the matched route (exported when OTLP export is on), whose fields name both ids,
//! so every log line of the request does; [`RecordStatus`] writes the answer's status
//! on it.

use std::time::Duration;

use axum::Router;
use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::Response;
use platform::trace::{REQUEST_ID_HEADER, continue_trace};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::{DefaultOnResponse, MakeSpan, OnResponse, TraceLayer};
use tracing::{Level, Span};

/// `router` with what every request goes through: its id and trace ([`scope`]), its one
/// span (a server error logged as one by the layer's failure hook), and a panic answered
/// as a 500 in the API's error body.
pub fn traced(router: Router) -> Router {
    router
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(HttpSpan)
                .on_response(RecordStatus),
        )
        .layer(middleware::from_fn(scope))
        .layer(CatchPanicLayer::custom(|_| {
            crate::error::error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the gateway failed to answer",
            )
        }))
}

/// The request's id, chosen by [`scope`], for its span.
#[derive(Debug, Clone)]
struct RequestId(String);

pub async fn scope(mut request: Request, next: Next) -> Response {
    let request_id = platform::trace::request_id(request.headers());
    let header = HeaderValue::from_str(&request_id);
    request
        .extensions_mut()
        .insert(RequestId(request_id.clone()));
    let mut response = platform::trace::scope(request_id, next.run(request)).await;
    if let Ok(request_id) = header {
        response.headers_mut().insert(REQUEST_ID_HEADER, request_id);
    }
    response
}

/// The `http` span of a request, continuing the client's trace.
#[derive(Debug, Clone, Copy, Default)]
pub struct HttpSpan;

impl<B> MakeSpan<B> for HttpSpan {
    fn make_span(&mut self, request: &axum::http::Request<B>) -> Span {
        let method = request.method().as_str();
        // Matched routes, never raw paths: span names must stay few, and a raw path or
        // query may carry what the logs must not keep (a hand-off's token).
        let route = request
            .extensions()
            .get::<MatchedPath>()
            .map_or("unmatched", MatchedPath::as_str);
        let request_id = request
            .extensions()
            .get::<RequestId>()
            .map_or("", |id| id.0.as_str());
        let span = tracing::info_span!(
            "http",
            otel.name = format!("{method} {route}"),
            otel.kind = "server",
            otel.status_code = tracing::field::Empty,
            http.request.method = method,
            http.route = route,
            http.response.status_code = tracing::field::Empty,
            request_id = request_id,
            trace_id = tracing::field::Empty,
            span_id = tracing::field::Empty,
        );
        continue_trace(&span, request.headers());
        span
    }
}

/// Writes the answer's status on the request's span, then logs the answer as tower-http
/// does, at DEBUG: an answered request is routine, and the metrics count each one.
#[derive(Debug, Clone, Copy, Default)]
pub struct RecordStatus;

impl<B> OnResponse<B> for RecordStatus {
    fn on_response(self, response: &axum::http::Response<B>, latency: Duration, span: &Span) {
        let status = response.status();
        span.record("http.response.status_code", status.as_u16());
        if status.is_server_error() {
            span.record("otel.status_code", "error");
        }
        DefaultOnResponse::new()
            .level(Level::DEBUG)
            .on_response(response, latency, span);
    }
}
