//! Request identity across processes: a request id (`x-request-id`, the client's or a
//! new one) and a W3C trace context (`traceparent`) travel from the gateway through the
//! metadata of every gRPC call, so the log lines of one page view share both ids in
//! every service.
//!
//! The gateway scopes a [`RequestContext`] around each HTTP request ([`scope`]); the
//! [`Propagate`] interceptor on its gRPC channels writes a child context into each
//! call; the services' [`RpcLayer`] reads it back, opens the `rpc` span carrying the
//! ids, and records the call's metrics.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Instant, SystemTime};

use tonic::metadata::MetadataValue;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;
use tracing::Instrument;

use crate::otlp::{FinishedSpan, KeyValue, SpanKind};

pub const REQUEST_ID_HEADER: &str = "x-request-id";
pub const TRACEPARENT_HEADER: &str = "traceparent";

/// The longest client-supplied request id kept; longer or non-printable ones are
/// replaced so a client cannot flood the logs through it.
const MAX_REQUEST_ID_LEN: usize = 128;

/// One hop of a W3C trace: the trace's id, this span's id, and the caller's span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceContext {
    /// 32 lowercase hex digits, shared by every span of the trace.
    pub trace_id: String,
    /// 16 lowercase hex digits naming this span.
    pub span_id: String,
    /// The caller's span, when the trace came from outside.
    pub parent_span_id: Option<String>,
    pub sampled: bool,
}

impl TraceContext {
    /// A new trace, sampled.
    pub fn root() -> TraceContext {
        TraceContext {
            trace_id: random_hex(16),
            span_id: random_hex(8),
            parent_span_id: None,
            sampled: true,
        }
    }

    /// The span this process opens for a call that arrived with `traceparent`:
    /// same trace, new span id, the caller's span as parent. `None` when the header
    /// is not a valid version-00 trace context (W3C: then a new trace starts).
    pub fn continued_from(traceparent: &str) -> Option<TraceContext> {
        let mut parts = traceparent.trim().split('-');
        let (version, trace_id, parent, flags) =
            (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
        let hex = |s: &str, len: usize| {
            s.len() == len
                && s.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
                && s.bytes().any(|b| b != b'0')
        };
        let valid = version == "00"
            && parts.next().is_none()
            && hex(trace_id, 32)
            && hex(parent, 16)
            && flags.len() == 2
            && flags.bytes().all(|b| b.is_ascii_hexdigit());
        if !valid {
            return None;
        }
        let flags = u8::from_str_radix(flags, 16).ok()?;
        Some(TraceContext {
            trace_id: trace_id.to_owned(),
            span_id: random_hex(8),
            parent_span_id: Some(parent.to_owned()),
            sampled: flags & 1 == 1,
        })
    }

    /// The `traceparent` header naming this span.
    pub fn traceparent(&self) -> String {
        format!(
            "00-{}-{}-{}",
            self.trace_id,
            self.span_id,
            if self.sampled { "01" } else { "00" }
        )
    }
}

/// What identifies one request in every process it reaches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestContext {
    pub request_id: String,
    pub trace: TraceContext,
}

impl RequestContext {
    /// The context of a request that arrived with these headers (HTTP or gRPC
    /// metadata): the caller's request id and trace when valid, new ones otherwise.
    pub fn from_headers(headers: &http::HeaderMap) -> RequestContext {
        let request_id = headers
            .get(REQUEST_ID_HEADER)
            .and_then(|value| value.to_str().ok())
            .filter(|id| {
                !id.is_empty()
                    && id.len() <= MAX_REQUEST_ID_LEN
                    && id.bytes().all(|b| b.is_ascii_graphic())
            })
            .map_or_else(|| random_hex(16), str::to_owned);
        let trace = headers
            .get(TRACEPARENT_HEADER)
            .and_then(|value| value.to_str().ok())
            .and_then(TraceContext::continued_from)
            .unwrap_or_else(TraceContext::root);
        RequestContext { request_id, trace }
    }

    /// The context of the request being handled by this task, if any.
    pub fn current() -> Option<RequestContext> {
        CURRENT.try_with(Clone::clone).ok()
    }
}

tokio::task_local! {
    static CURRENT: RequestContext;
}

/// Runs `future` with `context` as the current request (for [`Propagate`]).
pub async fn scope<F: Future>(context: RequestContext, future: F) -> F::Output {
    CURRENT.scope(context, future).await
}

fn random_hex(bytes: usize) -> String {
    let mut buffer = [0u8; 16];
    let buffer = &mut buffer[..bytes];
    if getrandom::fill(buffer).is_err() {
        // Ids only need to be unique enough to find log lines, so the clock will do.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos());
        for (i, byte) in buffer.iter_mut().enumerate() {
            *byte = (nanos >> ((i % 16) * 8)) as u8 | 1;
        }
    }
    hex_string(buffer)
}

fn hex_string(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A gRPC channel whose calls carry the current request's id and trace.
pub type TracedChannel = InterceptedService<Channel, Propagate>;

/// Client interceptor: writes `x-request-id` and the current request's `traceparent`
/// (its span as the called service's parent) into each call's metadata; a call
/// outside any request (a background refresh) starts its own trace.
#[derive(Debug, Clone, Copy, Default)]
pub struct Propagate;

impl tonic::service::Interceptor for Propagate {
    fn call(
        &mut self,
        mut request: tonic::Request<()>,
    ) -> Result<tonic::Request<()>, tonic::Status> {
        let (request_id, trace) = match RequestContext::current() {
            Some(context) => (context.request_id, context.trace),
            None => (random_hex(16), TraceContext::root()),
        };
        let metadata = request.metadata_mut();
        if let Ok(value) = MetadataValue::try_from(request_id.as_str()) {
            metadata.insert(REQUEST_ID_HEADER, value);
        }
        if let Ok(value) = MetadataValue::try_from(trace.traceparent().as_str()) {
            metadata.insert(TRACEPARENT_HEADER, value);
        }
        Ok(request)
    }
}

/// Wraps `channel` in [`Propagate`].
pub fn traced(channel: Channel) -> TracedChannel {
    InterceptedService::new(channel, Propagate)
}

/// Server layer of every service: each call runs in an `rpc` span with its request
/// id and trace ids (and as the current request, so calls it makes carry them on),
/// is logged when answered, and counted in `grpc_server_requests_total` and
/// `grpc_server_request_duration_seconds`.
#[derive(Debug, Clone, Copy, Default)]
pub struct RpcLayer;

impl<S> tower_layer::Layer<S> for RpcLayer {
    type Service = Rpc<S>;

    fn layer(&self, inner: S) -> Rpc<S> {
        Rpc { inner }
    }
}

#[derive(Debug, Clone)]
pub struct Rpc<S> {
    inner: S,
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

impl<S, B, R> tower_service::Service<http::Request<B>> for Rpc<S>
where
    S: tower_service::Service<http::Request<B>, Response = http::Response<R>>,
    S::Future: Send + 'static,
    S::Error: 'static,
    R: 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = BoxFuture<Result<S::Response, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let context = RequestContext::from_headers(request.headers());
        let exported = context.clone();
        let rpc = request.uri().path().to_owned();
        let span = tracing::info_span!(
            "rpc",
            rpc = %rpc,
            request_id = %context.request_id,
            trace_id = %context.trace.trace_id,
            span_id = %context.trace.span_id,
            parent_span_id = context.trace.parent_span_id.as_deref().unwrap_or(""),
        );
        let answer = span.in_scope(|| self.inner.call(request));
        Box::pin(scope(
            context,
            async move {
                let started = Instant::now();
                let started_at = SystemTime::now();
                let result = answer.await;
                let seconds = started.elapsed().as_secs_f64();
                // Unary errors are "trailers-only" answers with grpc-status in the
                // headers; a success carries it in the trailers, after this point.
                let code = match &result {
                    Ok(response) => response
                        .headers()
                        .get("grpc-status")
                        .and_then(|value| value.to_str().ok())
                        .and_then(|value| value.parse::<i32>().ok())
                        .map_or(tonic::Code::Ok, tonic::Code::from),
                    Err(_) => tonic::Code::Unavailable,
                };
                record_rpc(&rpc, code, seconds);
                crate::otlp::export(FinishedSpan {
                    name: rpc.trim_start_matches('/').to_owned(),
                    kind: SpanKind::Server,
                    context: &exported,
                    started: started_at,
                    attributes: vec![
                        KeyValue::new("rpc.system", "grpc"),
                        KeyValue::new("rpc.grpc.status_code", code as i64),
                    ],
                    failed: code != tonic::Code::Ok,
                });
                result
            }
            .instrument(span),
        ))
    }
}

fn record_rpc(rpc: &str, code: tonic::Code, seconds: f64) {
    let millis = (seconds * 1000.0).round();
    // A call answered is routine: DEBUG, so a quiet site writes nothing at INFO (the
    // metrics count every call); a failed one is worth a WARN.
    if code == tonic::Code::Ok || rpc.starts_with("/grpc.health.") {
        tracing::debug!(code = ?code, millis, "rpc answered");
    } else {
        tracing::warn!(code = ?code, millis, "rpc failed");
    }
    metrics::counter!("grpc_server_requests_total", "rpc" => rpc.to_owned(), "code" => format!("{code:?}"))
        .increment(1);
    metrics::histogram!("grpc_server_request_duration_seconds", "rpc" => rpc.to_owned())
        .record(seconds);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `record` writes at INFO and above.
    fn logged_at_info(record: impl FnOnce()) -> String {
        let buffer = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::INFO)
            .with_writer(move || LockedWriter(writer.clone()))
            .finish();
        tracing::subscriber::with_default(subscriber, record);
        let bytes = buffer.lock().expect("not poisoned").clone();
        String::from_utf8(bytes).expect("text")
    }

    struct LockedWriter(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for LockedWriter {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .expect("not poisoned")
                .extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn an_answered_call_writes_nothing_at_info_a_failed_one_warns() {
        let answered = logged_at_info(|| {
            record_rpc("/catalogue.v1.Catalogue/GetSite", tonic::Code::Ok, 0.002);
            record_rpc("/grpc.health.v1.Health/Check", tonic::Code::Ok, 0.001);
        });
        assert_eq!(answered, "");
        let failed = logged_at_info(|| {
            record_rpc(
                "/catalogue.v1.Catalogue/GetMovie",
                tonic::Code::NotFound,
                0.002,
            );
        });
        assert!(
            failed.contains("WARN") && failed.contains("rpc failed"),
            "{failed}"
        );
    }

    #[test]
    fn a_valid_traceparent_is_continued_with_a_new_span() {
        let incoming = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        let context = TraceContext::continued_from(incoming).expect("valid");
        assert_eq!(context.trace_id, "4bf92f3577b34da6a3ce929d0e0e4736");
        assert_eq!(context.parent_span_id.as_deref(), Some("00f067aa0ba902b7"));
        assert_ne!(context.span_id, "00f067aa0ba902b7");
        assert!(context.sampled);
        let header = context.traceparent();
        assert!(
            header.starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-"),
            "{header}"
        );
        assert_eq!(
            TraceContext::continued_from(&header).map(|c| c.trace_id),
            Some(context.trace_id)
        );
    }

    #[test]
    fn malformed_traceparents_start_a_new_trace() {
        for bad in [
            "",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
        ] {
            assert_eq!(TraceContext::continued_from(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_clients_request_id_is_kept_unless_it_is_unprintable_or_long() {
        let mut headers = http::HeaderMap::new();
        headers.insert(REQUEST_ID_HEADER, "abc-123".parse().expect("header"));
        assert_eq!(RequestContext::from_headers(&headers).request_id, "abc-123");
        headers.insert(REQUEST_ID_HEADER, "a b".parse().expect("header"));
        assert_ne!(RequestContext::from_headers(&headers).request_id, "a b");
        headers.insert(REQUEST_ID_HEADER, "x".repeat(200).parse().expect("header"));
        assert_eq!(RequestContext::from_headers(&headers).request_id.len(), 32);
    }

    #[tokio::test]
    async fn the_interceptor_carries_the_current_request_into_the_call() {
        use tonic::service::Interceptor;
        let context = RequestContext {
            request_id: "req-1".to_owned(),
            trace: TraceContext::root(),
        };
        let trace_id = context.trace.trace_id.clone();
        let parent = context.trace.span_id.clone();
        let request = scope(context, async {
            Propagate
                .call(tonic::Request::new(()))
                .expect("intercepted")
        })
        .await;
        let metadata = request.metadata();
        assert_eq!(
            metadata.get(REQUEST_ID_HEADER).map(|v| v.to_str().ok()),
            Some(Some("req-1"))
        );
        let traceparent = metadata
            .get(TRACEPARENT_HEADER)
            .and_then(|v| v.to_str().ok())
            .expect("traceparent");
        let hop = TraceContext::continued_from(traceparent).expect("valid");
        assert_eq!(hop.trace_id, trace_id);
        assert_eq!(hop.parent_span_id, Some(parent));
    }
}
