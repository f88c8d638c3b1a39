//! Request identity across processes: a request id (`x-request-id`, the client's or a
//! new one) and the W3C trace context (`traceparent`) travel from the gateway through
//! the metadata of every gRPC call, so the log lines and spans of one page view share
//! both ids in every service.
//!
//! The trace context is the OpenTelemetry context of the current span
//! ([`crate::telemetry`]), read and written by the process's W3C TraceContext
//! propagator. The gateway opens each request's span with [`continue_trace`] and scopes
//! the request id around it ([`scope`]); the [`Propagate`] interceptor on its gRPC
//! channels writes both into each call; the services' [`RpcLayer`] reads them back,
//! opens the `rpc` span as a child of the caller's, and records the call's metrics.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;

use opentelemetry::trace::TraceContextExt as _;
use opentelemetry_http::HeaderExtractor;
use tonic::metadata::{MetadataKey, MetadataMap, MetadataValue};
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;
use tracing::Instrument;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;

pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// The longest client-supplied request id kept; longer or non-printable ones are
/// replaced so a client cannot flood the logs through it.
const MAX_REQUEST_ID_LEN: usize = 128;

/// The request id a request arrived with (HTTP headers or gRPC metadata), or a new one
/// when it has none that is printable and short enough.
pub fn request_id(headers: &http::HeaderMap) -> String {
    headers
        .get(REQUEST_ID_HEADER)
        .and_then(|value| value.to_str().ok())
        .filter(|id| {
            !id.is_empty()
                && id.len() <= MAX_REQUEST_ID_LEN
                && id.bytes().all(|b| b.is_ascii_graphic())
        })
        .map_or_else(new_request_id, str::to_owned)
}

tokio::task_local! {
    static REQUEST_ID: String;
}

/// Runs `future` as the handling of the request `request_id` (for [`Propagate`]).
pub async fn scope<F: Future>(request_id: String, future: F) -> F::Output {
    REQUEST_ID.scope(request_id, future).await
}

/// The id of the request this task is handling, if any.
pub fn current_request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}

/// Makes `span` continue the trace of the caller whose headers are `headers` (a valid
/// `traceparent`; otherwise `span` starts a new trace), and writes the span's
/// `trace_id` and `span_id` into its fields, where every log line inside it shows them.
/// `span` declares both fields empty; a `parent_span_id` field, if declared, gets the
/// caller's span.
pub fn continue_trace(span: &tracing::Span, headers: &http::HeaderMap) {
    let parent = opentelemetry::global::get_text_map_propagator(|propagator| {
        propagator.extract(&HeaderExtractor(headers))
    });
    let caller = parent.span().span_context().clone();
    if span.set_parent(parent).is_err() {
        // The span is off (no subscriber takes it): there is nothing to name.
        return;
    }
    if caller.is_valid() {
        span.record("parent_span_id", caller.span_id().to_string());
    }
    let context = span.context();
    let own = context.span().span_context().clone();
    if own.is_valid() {
        span.record("trace_id", own.trace_id().to_string());
        span.record("span_id", own.span_id().to_string());
    }
}

fn new_request_id() -> String {
    let mut buffer = [0u8; 16];
    if getrandom::fill(&mut buffer).is_err() {
        // Ids only need to be unique enough to find log lines, so the clock will do.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos());
        for (i, byte) in buffer.iter_mut().enumerate() {
            *byte = (nanos >> (i * 8)) as u8 | 1;
        }
    }
    buffer.iter().map(|b| format!("{b:02x}")).collect()
}

/// A gRPC channel whose calls carry the current request's id and trace.
pub type TracedChannel = InterceptedService<Channel, Propagate>;

/// Client interceptor: writes `x-request-id` and the current span's `traceparent` (the
/// called service's parent) into each call's metadata; a call outside any request (a
/// background refresh) gets a new request id and, outside any span, starts its own trace.
/// Made [`Propagate::for_site`], it names the site every call is about.
#[derive(Debug, Clone, Default)]
pub struct Propagate {
    /// The `site-id` metadata ([`proto::site::METADATA`]) of every call; none: the
    /// services' default site.
    site: Option<MetadataValue<tonic::metadata::Ascii>>,
}

impl Propagate {
    /// Calls about the site `site_id` (a site id is letters, digits and '-'; one that
    /// is not valid metadata is left out, and the called service answers for its
    /// default site).
    pub fn for_site(site_id: &str) -> Propagate {
        Propagate {
            site: MetadataValue::try_from(site_id).ok(),
        }
    }
}

impl tonic::service::Interceptor for Propagate {
    fn call(
        &mut self,
        mut request: tonic::Request<()>,
    ) -> Result<tonic::Request<()>, tonic::Status> {
        let request_id = current_request_id().unwrap_or_else(new_request_id);
        let metadata = request.metadata_mut();
        if let Some(site) = &self.site {
            metadata.insert(proto::site::METADATA, site.clone());
        }
        if let Ok(value) = MetadataValue::try_from(request_id.as_str()) {
            metadata.insert(REQUEST_ID_HEADER, value);
        }
        let context = tracing::Span::current().context();
        opentelemetry::global::get_text_map_propagator(|propagator| {
            propagator.inject_context(&context, &mut MetadataInjector(metadata));
        });
        Ok(request)
    }
}

/// gRPC metadata as the propagator's carrier.
struct MetadataInjector<'a>(&'a mut MetadataMap);

impl opentelemetry::propagation::Injector for MetadataInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(key), Ok(value)) = (
            MetadataKey::from_bytes(key.as_bytes()),
            MetadataValue::try_from(value.as_str()),
        ) {
            self.0.insert(key, value);
        }
    }
}

/// Wraps `channel` in [`Propagate`].
pub fn traced(channel: Channel) -> TracedChannel {
    InterceptedService::new(channel, Propagate::default())
}

/// A channel to the service at `addr` (host:port) that connects at its first call (within
/// 2 s), so that a service starts before those it calls, carrying the caller's trace.
pub fn lazy_channel(addr: &str) -> Result<TracedChannel, tonic::transport::Error> {
    let endpoint = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))?
        .connect_timeout(std::time::Duration::from_secs(2));
    Ok(traced(endpoint.connect_lazy()))
}

/// Server layer of every service: each call runs in an `rpc` span, a child of the
/// caller's (named after the method, with its request id and trace ids), as the current
/// request (so calls it makes carry them on), is logged when answered, and counted in
/// `grpc_server_requests_total` and `grpc_server_request_duration_seconds`.
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
        let request_id = request_id(request.headers());
        let rpc = request.uri().path().to_owned();
        let span = tracing::info_span!(
            "rpc",
            otel.name = rpc.trim_start_matches('/'),
            otel.kind = "server",
            otel.status_code = tracing::field::Empty,
            rpc.system = "grpc",
            rpc.grpc.status_code = tracing::field::Empty,
            rpc = %rpc,
            request_id = %request_id,
            trace_id = tracing::field::Empty,
            span_id = tracing::field::Empty,
            parent_span_id = tracing::field::Empty,
        );
        continue_trace(&span, request.headers());
        let answer = span.in_scope(|| self.inner.call(request));
        let answered = span.clone();
        Box::pin(scope(
            request_id,
            async move {
                let started = Instant::now();
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
                answered.record("rpc.grpc.status_code", code as i64);
                if code != tonic::Code::Ok {
                    answered.record("otel.status_code", "error");
                }
                record_rpc(&rpc, code, seconds);
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
    use opentelemetry::trace::TracerProvider as _;
    use opentelemetry_sdk::trace::SdkTracerProvider;
    use tracing_subscriber::layer::SubscriberExt as _;

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
    fn the_clients_request_id_is_kept_unless_it_is_unprintable_or_long() {
        let mut headers = http::HeaderMap::new();
        headers.insert(REQUEST_ID_HEADER, "abc-123".parse().expect("header"));
        assert_eq!(request_id(&headers), "abc-123");
        headers.insert(REQUEST_ID_HEADER, "a b".parse().expect("header"));
        assert_ne!(request_id(&headers), "a b");
        headers.insert(REQUEST_ID_HEADER, "x".repeat(200).parse().expect("header"));
        assert_eq!(request_id(&headers).len(), 32);
    }

    /// Runs `test` with spans made by an OpenTelemetry tracer and the W3C propagator.
    fn with_spans(test: impl FnOnce()) {
        crate::telemetry::install_propagator();
        let provider = SdkTracerProvider::builder().build();
        let subscriber = tracing_subscriber::registry()
            .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("test")));
        tracing::subscriber::with_default(subscriber, test);
    }

    /// The span's own `traceparent`, as the interceptor writes it into a call.
    fn traceparent_of_a_call_in(span: &tracing::Span) -> String {
        let request = span.in_scope(|| {
            use tonic::service::Interceptor as _;
            Propagate::default()
                .call(tonic::Request::new(()))
                .expect("intercepted")
        });
        request
            .metadata()
            .get("traceparent")
            .and_then(|value| value.to_str().ok())
            .expect("a traceparent")
            .to_owned()
    }

    #[test]
    fn a_valid_traceparent_is_continued_by_a_child_span_and_passed_on() {
        with_spans(|| {
            let mut headers = http::HeaderMap::new();
            headers.insert(
                "traceparent",
                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
                    .parse()
                    .expect("header"),
            );
            let span = tracing::info_span!("http", trace_id = tracing::field::Empty);
            continue_trace(&span, &headers);
            let passed_on = traceparent_of_a_call_in(&span);
            let parts: Vec<&str> = passed_on.split('-').collect();
            assert_eq!(parts[1], "4bf92f3577b34da6a3ce929d0e0e4736", "{passed_on}");
            assert_ne!(
                parts[2], "00f067aa0ba902b7",
                "a span of its own: {passed_on}"
            );
            assert_eq!(parts[3], "01", "{passed_on}");
        });
    }

    #[test]
    fn malformed_traceparents_start_a_new_trace() {
        with_spans(|| {
            for bad in [
                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
                "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
                "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
                "not a trace",
            ] {
                let mut headers = http::HeaderMap::new();
                headers.insert("traceparent", bad.parse().expect("header"));
                let span = tracing::info_span!("http");
                continue_trace(&span, &headers);
                let passed_on = traceparent_of_a_call_in(&span);
                assert!(
                    !passed_on.contains("4bf92f3577b34da6a3ce929d0e0e4736")
                        && !passed_on.contains("-00000000000000000000000000000000-"),
                    "{bad} -> {passed_on}"
                );
            }
        });
    }

    #[test]
    fn a_site_s_interceptor_names_the_site_in_every_call_and_the_default_none() {
        use tonic::service::Interceptor as _;
        let named = Propagate::for_site("single")
            .call(tonic::Request::new(()))
            .expect("intercepted");
        assert_eq!(
            named
                .metadata()
                .get(proto::site::METADATA)
                .and_then(|value| value.to_str().ok()),
            Some("single")
        );
        let unnamed = Propagate::default()
            .call(tonic::Request::new(()))
            .expect("intercepted");
        assert!(unnamed.metadata().get(proto::site::METADATA).is_none());
    }

    #[tokio::test]
    async fn the_interceptor_carries_the_current_request_id_into_the_call() {
        use tonic::service::Interceptor as _;
        let request = scope("req-1".to_owned(), async {
            Propagate::default()
                .call(tonic::Request::new(()))
                .expect("intercepted")
        })
        .await;
        assert_eq!(
            request
                .metadata()
                .get(REQUEST_ID_HEADER)
                .map(|v| v.to_str().ok()),
            Some(Some("req-1"))
        );
        let outside = Propagate::default()
            .call(tonic::Request::new(()))
            .expect("intercepted");
        let made_up = outside.metadata().get(REQUEST_ID_HEADER).expect("an id");
        assert_eq!(made_up.len(), 32);
    }
}
