//! Logs and traces, set up the same way by every binary ([`init`]).
//!
//! - **Logs**: human-readable by default, JSON lines when LOG_FORMAT=json (for log
//!   collectors), level from RUST_LOG (default info). A JSON line carries its spans'
//!   fields, among them the `request_id`, `trace_id` and `span_id` of [`crate::trace`].
//! - **Traces**: every span is an OpenTelemetry span (tracing-opentelemetry), so the ids
//!   that reach the logs and the `traceparent` of each call are the spans' own. They are
//!   exported over OTLP HTTP/protobuf when OTEL_EXPORTER_OTLP_ENDPOINT is set (e.g.
//!   `http://otel-collector:4318`; the exporter's and batch processor's other standard
//!   OTEL_* variables apply); unset, ids are still made and passed on, and nothing leaves.
//! - **Propagation**: the W3C TraceContext propagator, for [`crate::trace`].

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::{SdkTracer, SdkTracerProvider};
use tracing::Subscriber;
use tracing_subscriber::filter::LevelFilter;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt as _;
use tracing_subscriber::{EnvFilter, Layer};

use crate::config::ConfigError;

const ENDPOINT: &str = "OTEL_EXPORTER_OTLP_ENDPOINT";

/// Keeps the tracer running; dropping it sends the spans still waiting for export.
#[derive(Debug)]
pub struct Telemetry(SdkTracerProvider);

impl Drop for Telemetry {
    fn drop(&mut self) {
        if let Err(error) = self.0.shutdown() {
            tracing::warn!(%error, "flushing spans to the collector");
        }
    }
}

/// Sets up logs, spans and their propagation for the process of `service`. An OTLP
/// endpoint that cannot be used is an error naming the variable. A second call (tests
/// that start several services in one process) keeps the first set-up.
pub fn init(service: &'static str) -> Result<Telemetry, ConfigError> {
    let exporting = std::env::var(ENDPOINT).is_ok_and(|value| !value.is_empty());
    let provider = tracer_provider(service, exporting)?;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|format| format == "json");
    let logs = if json {
        tracing_subscriber::fmt::layer().json().boxed()
    } else {
        tracing_subscriber::fmt::layer().boxed()
    };
    let _ = tracing_subscriber::registry()
        .with(logs.with_filter(filter))
        .with(span_layer(provider.tracer(service)))
        .try_init();
    install_propagator();
    if exporting {
        tracing::info!(service, "exporting spans over OTLP");
    }
    Ok(Telemetry(provider))
}

/// The layer that makes spans OpenTelemetry spans of `tracer`. RUST_LOG filters the logs
/// only: the spans of requests, calls and queries (INFO) exist whatever it says, so a
/// trace is never cut where a process logs less.
pub fn span_layer<S>(tracer: SdkTracer) -> impl Layer<S>
where
    S: Subscriber + for<'span> LookupSpan<'span>,
{
    tracing_opentelemetry::layer()
        .with_tracer(tracer)
        .with_filter(LevelFilter::INFO)
}

/// Makes the W3C TraceContext propagator the process's: [`crate::trace`] reads and writes
/// `traceparent` (and `tracestate`) through it.
pub fn install_propagator() {
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
}

/// The tracer provider: exporting in batches when OTEL_EXPORTER_OTLP_ENDPOINT is set,
/// making ids only otherwise.
fn tracer_provider(
    service: &'static str,
    exporting: bool,
) -> Result<SdkTracerProvider, ConfigError> {
    let resource = Resource::builder().with_service_name(service).build();
    let builder = SdkTracerProvider::builder().with_resource(resource);
    if !exporting {
        return Ok(builder.build());
    }
    // The exporter's HTTP client is reqwest on rustls: the process's one TLS stack.
    crate::tls::install();
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .build()
        .map_err(|error| ConfigError {
            variable: ENDPOINT,
            problem: error.to_string(),
        })?;
    Ok(builder.with_batch_exporter(exporter).build())
}
