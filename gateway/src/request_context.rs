//! The request id and trace context of each HTTP request: taken from the client's
//! `x-request-id` and `traceparent` when valid, made up otherwise. The request runs in
//! a span carrying both ids (so every log line of it names them) and as the current
//! request of [`proto::trace`], whose interceptor passes them on to each gRPC call.
//! The response names its request id, for support questions. The request's span is
//! exported when OTLP export is on ([`proto::otlp`]).

use std::time::SystemTime;

use axum::extract::{MatchedPath, Request};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use proto::otlp::{FinishedSpan, KeyValue, SpanKind};
use proto::trace::{REQUEST_ID_HEADER, RequestContext};
use tracing::Instrument;

pub async fn scope(request: Request, next: Next) -> Response {
    let context = RequestContext::from_headers(request.headers());
    let span = tracing::info_span!(
        "http",
        request_id = %context.request_id,
        trace_id = %context.trace.trace_id,
        span_id = %context.trace.span_id,
    );
    let request_id = HeaderValue::from_str(&context.request_id);
    let method = request.method().to_string();
    // Matched routes, never raw paths: span names must stay few.
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |path| path.as_str().to_owned());
    let started = SystemTime::now();
    let exported = context.clone();
    let mut response = proto::trace::scope(context, next.run(request))
        .instrument(span)
        .await;
    let status = response.status();
    proto::otlp::export(FinishedSpan {
        name: format!("{method} {route}"),
        kind: SpanKind::Server,
        context: &exported,
        started,
        attributes: vec![
            KeyValue::new("http.request.method", method),
            KeyValue::new("http.route", route),
            KeyValue::new("http.response.status_code", i64::from(status.as_u16())),
        ],
        failed: status.is_server_error(),
    });
    if let Ok(request_id) = request_id {
        response.headers_mut().insert(REQUEST_ID_HEADER, request_id);
    }
    response
}
