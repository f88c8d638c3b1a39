//! Span export to an OpenTelemetry collector, over OTLP HTTP/protobuf, when
//! OTEL_EXPORTER_OTLP_ENDPOINT is set (e.g. `http://otel-collector:4318`; the
//! standard OTEL_* variables of the exporter and batch processor apply). Unset, nothing
//! is exported and the ids of [`crate::trace`] still reach the logs and the services.
//!
//! The ids are [`crate::trace`]'s: an exported span carries exactly the trace id and
//! span id its log lines and its callers' `traceparent` name. The SDK always draws a
//! new span's ids from its id generator, so [`GivenIds`] hands it the ids set just
//! before the span is built, on the same thread.

use std::cell::Cell;
use std::sync::OnceLock;
use std::time::SystemTime;

use opentelemetry::Context;
pub use opentelemetry::KeyValue;
pub use opentelemetry::trace::SpanKind;
use opentelemetry::trace::{
    Span as _, SpanContext, SpanId, Status, TraceContextExt, TraceFlags, TraceId, TraceState,
    Tracer as _, TracerProvider as _,
};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::{IdGenerator, RandomIdGenerator, SdkTracer, SdkTracerProvider};

use crate::config::ConfigError;
use crate::trace::RequestContext;

const ENDPOINT: &str = "OTEL_EXPORTER_OTLP_ENDPOINT";

static TRACER: OnceLock<SdkTracer> = OnceLock::new();

thread_local! {
    static NEXT_IDS: Cell<Option<(TraceId, SpanId)>> = const { Cell::new(None) };
}

#[derive(Debug, Default)]
struct GivenIds {
    random: RandomIdGenerator,
}

impl IdGenerator for GivenIds {
    fn new_trace_id(&self) -> TraceId {
        NEXT_IDS
            .get()
            .map_or_else(|| self.random.new_trace_id(), |(trace, _)| trace)
    }

    fn new_span_id(&self) -> SpanId {
        NEXT_IDS
            .get()
            .map_or_else(|| self.random.new_span_id(), |(_, span)| span)
    }
}

/// Keeps the exporter running; dropping it sends the spans still waiting.
#[derive(Debug)]
pub struct Exporter(SdkTracerProvider);

impl Drop for Exporter {
    fn drop(&mut self) {
        if let Err(error) = self.0.shutdown() {
            tracing::warn!(%error, "flushing spans to the collector");
        }
    }
}

/// Starts exporting the spans of `service` when OTEL_EXPORTER_OTLP_ENDPOINT is set;
/// an endpoint that is not a URL is an error naming the variable.
pub fn init(service: &'static str) -> Result<Option<Exporter>, ConfigError> {
    let configured = std::env::var(ENDPOINT).is_ok_and(|value| !value.is_empty());
    if !configured {
        return Ok(None);
    }
    // The exporter's HTTP client is reqwest on rustls without a built-in provider: the
    // process's one TLS stack (ring), as for every other outgoing HTTPS call. A second
    // install (the gateway's own) is refused harmlessly.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .build()
        .map_err(|error| ConfigError {
            variable: ENDPOINT,
            problem: error.to_string(),
        })?;
    let provider = SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_id_generator(GivenIds::default())
        .with_resource(Resource::builder().with_service_name(service).build())
        .build();
    let _ = TRACER.set(provider.tracer(service));
    tracing::info!(service, "exporting spans over OTLP");
    Ok(Some(Exporter(provider)))
}

/// What one finished span was.
pub struct FinishedSpan<'a> {
    pub name: String,
    pub kind: SpanKind,
    pub context: &'a RequestContext,
    pub started: SystemTime,
    pub attributes: Vec<KeyValue>,
    pub failed: bool,
}

/// Exports a finished span, when exporting.
pub fn export(span: FinishedSpan<'_>) {
    let Some(tracer) = TRACER.get() else {
        return;
    };
    let trace = &span.context.trace;
    let (Ok(trace_id), Ok(span_id)) = (
        TraceId::from_hex(&trace.trace_id),
        SpanId::from_hex(&trace.span_id),
    ) else {
        return;
    };
    let parent = match trace
        .parent_span_id
        .as_deref()
        .and_then(|id| SpanId::from_hex(id).ok())
    {
        Some(parent) => Context::new().with_remote_span_context(SpanContext::new(
            trace_id,
            parent,
            if trace.sampled {
                TraceFlags::SAMPLED
            } else {
                TraceFlags::default()
            },
            true,
            TraceState::default(),
        )),
        None => Context::new(),
    };
    let mut attributes = span.attributes;
    attributes.push(KeyValue::new("request.id", span.context.request_id.clone()));
    NEXT_IDS.set(Some((trace_id, span_id)));
    let mut exported = tracer
        .span_builder(span.name)
        .with_kind(span.kind)
        .with_start_time(span.started)
        .with_attributes(attributes)
        .start_with_context(tracer, &parent);
    NEXT_IDS.set(None);
    if span.failed {
        exported.set_status(Status::error("failed"));
    }
    exported.end();
}
