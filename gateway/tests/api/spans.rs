//! One trace across processes' boundaries: a member's login runs through the gateway's
//! `http` span, svc-loyalty's `rpc` span (its parent sent over gRPC metadata as W3C
//! `traceparent`) and the SQL that checks the password, all in the client's trace.

use std::sync::OnceLock;

use opentelemetry::trace::{SpanId, TraceId, TracerProvider as _};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

use crate::helpers::{PASSWORD, eventually, spawn_gateway};

const TRACE_ID: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const CLIENT_SPAN: &str = "00f067aa0ba902b7";

/// The spans every test of this binary ends, kept in memory: the platform's span layer
/// and propagator over a tracer that exports as each span ends.
fn exported() -> &'static InMemorySpanExporter {
    static EXPORTER: OnceLock<InMemorySpanExporter> = OnceLock::new();
    EXPORTER.get_or_init(|| {
        let exporter = InMemorySpanExporter::default();
        let provider = SdkTracerProvider::builder()
            .with_simple_exporter(exporter.clone())
            .build();
        tracing_subscriber::registry()
            .with(platform::telemetry::span_layer(provider.tracer("test")))
            .try_init()
            .expect("no other subscriber in this test binary");
        platform::telemetry::install_propagator();
        exporter
    })
}

/// The span named `name` among `spans`.
fn span_named<'a>(spans: &'a [SpanData], name: &str) -> &'a SpanData {
    spans
        .iter()
        .find(|span| span.name == name)
        .unwrap_or_else(|| {
            let names: Vec<&str> = spans.iter().map(|span| span.name.as_ref()).collect();
            panic!("no span {name} in the trace: {names:?}")
        })
}

/// Whether `ancestor` is `span`'s parent, or its parent's, and so on.
fn descends_from(spans: &[SpanData], span: &SpanData, ancestor: SpanId) -> bool {
    let mut parent = span.parent_span_id;
    while parent != SpanId::INVALID {
        if parent == ancestor {
            return true;
        }
        parent = spans
            .iter()
            .find(|span| span.span_context.span_id() == parent)
            .map_or(SpanId::INVALID, |span| span.parent_span_id);
    }
    false
}

#[tokio::test]
async fn a_login_is_one_trace_from_the_gateway_through_svc_loyalty_to_its_sql() {
    let exporter = exported();
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("traced").await;
    let response = gateway
        .client
        .post(gateway.url("/api/cypher"))
        .header("traceparent", format!("00-{TRACE_ID}-{CLIENT_SPAN}-01"))
        .json(&serde_json::json!({
            "username": email,
            "password": PASSWORD,
            "reqMetadata": { "method": "POST", "route": "/Member/v3/Login?boxofficeCircuitId=MQ" },
        }))
        .send()
        .await
        .expect("the gateway answers");
    assert_eq!(response.status(), 200);

    let trace = TraceId::from_hex(TRACE_ID).expect("hex");
    let of_the_trace = || -> Vec<SpanData> {
        exporter
            .get_finished_spans()
            .expect("spans")
            .into_iter()
            .filter(|span| span.span_context.trace_id() == trace)
            .collect()
    };
    // A server's span ends once its answer has left (hyper drops the call after sending
    // the headers), so each may end after the client has the answer.
    let names = [
        "POST /api/cypher",
        "loyalty.v1.Loyalty/Cypher",
        "sql members::credentials",
    ];
    let ended = eventually(5, || async {
        let spans = of_the_trace();
        names
            .iter()
            .all(|name| spans.iter().any(|span| span.name == *name))
    })
    .await;
    assert!(ended, "the spans of {names:?} ended: {:#?}", of_the_trace());
    let spans = of_the_trace();
    let http = span_named(&spans, "POST /api/cypher");
    assert_eq!(
        http.parent_span_id,
        SpanId::from_hex(CLIENT_SPAN).expect("hex"),
        "the gateway continues the client's span"
    );
    let rpc = span_named(&spans, "loyalty.v1.Loyalty/Cypher");
    assert!(
        descends_from(&spans, rpc, http.span_context.span_id()),
        "svc-loyalty's call is in the gateway's request: {spans:#?}"
    );
    let sql = span_named(&spans, "sql members::credentials");
    assert!(
        descends_from(&spans, sql, rpc.span_context.span_id()),
        "the SQL is in svc-loyalty's call: {spans:#?}"
    );
}
