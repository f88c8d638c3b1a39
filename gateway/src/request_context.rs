//! The request id and trace of each HTTP request: the client's `x-request-id` when
//! valid, a new one otherwise; the client's trace continued when it sent a valid
//! `traceparent`, a new one otherwise. The request runs in an `http` span (an
//! OpenTelemetry server span named after its matched route, exported when OTLP export
//! is on) whose fields name both ids, so every log line of it does; as the current
//! request of [`platform::trace`], whose interceptor passes both on to each gRPC call.
//! The response names its request id, for support questions.

use axum::extract::{MatchedPath, Request};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use platform::trace::{REQUEST_ID_HEADER, continue_trace};
use tracing::Instrument;

pub async fn scope(request: Request, next: Next) -> Response {
    let request_id = platform::trace::request_id(request.headers());
    let method = request.method().as_str().to_owned();
    // Matched routes, never raw paths: span names must stay few.
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str)
        .to_owned();
    let span = tracing::info_span!(
        "http",
        otel.name = format!("{method} {route}"),
        otel.kind = "server",
        otel.status_code = tracing::field::Empty,
        http.request.method = %method,
        http.route = %route,
        http.response.status_code = tracing::field::Empty,
        request_id = %request_id,
        trace_id = tracing::field::Empty,
        span_id = tracing::field::Empty,
    );
    continue_trace(&span, request.headers());
    let header = HeaderValue::from_str(&request_id);
    let mut response = platform::trace::scope(request_id, next.run(request))
        .instrument(span.clone())
        .await;
    let status = response.status();
    span.record("http.response.status_code", status.as_u16());
    if status.is_server_error() {
        span.record("otel.status_code", "error");
    }
    if let Ok(request_id) = header {
        response.headers_mut().insert(REQUEST_ID_HEADER, request_id);
    }
    response
}
