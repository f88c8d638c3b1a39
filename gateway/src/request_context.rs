//! The request id and trace context of each HTTP request: taken from the client's
//! `x-request-id` and `traceparent` when valid, made up otherwise. The request runs in
//! a span carrying both ids (so every log line of it names them) and as the current
//! request of [`proto::trace`], whose interceptor passes them on to each gRPC call.
//! The response names its request id, for support questions.

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
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
    let mut response = proto::trace::scope(context, next.run(request))
        .instrument(span)
        .await;
    if let Ok(request_id) = request_id {
        response.headers_mut().insert(REQUEST_ID_HEADER, request_id);
    }
    response
}
