//! Process metrics, recorded through the `metrics` facade and rendered in the Prometheus
//! text format by metrics-exporter-prometheus: one recorder per process (the embedded
//! gateway's `/metrics` shows its services too), so a module records without threading
//! a handle through, and recording takes no lock across series. Services serve it on
//! `METRICS_ADDR` ([`serve`]); the gateway on its `/metrics`.
//!
//! [`METRICS`] is the platform's list of metrics: each is described there once, and
//! README.md ("Observability") lists the same. Label values come from bounded sets
//! (matched routes, status codes, gRPC methods), never from raw client input.

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Upper bounds of the latency buckets, in seconds, of every `*_seconds` histogram.
pub const BUCKETS: [f64; 10] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0];

#[derive(Debug, Clone, Copy)]
pub enum Kind {
    Counter,
    Gauge,
    Histogram,
}

/// Every metric of the platform: name, kind and help text.
pub const METRICS: [(&str, Kind, &str); 15] = [
    (
        "http_requests_total",
        Kind::Counter,
        "HTTP requests answered, by method, matched route and status.",
    ),
    (
        "http_request_duration_seconds",
        Kind::Histogram,
        "Time to answer HTTP requests, by method, matched route and status.",
    ),
    (
        "gateway_stored_revision_catalogue_calls_total",
        Kind::Counter,
        "Catalogue calls made to serve a stored revision (only for revisions stored without their site).",
    ),
    (
        "grpc_server_requests_total",
        Kind::Counter,
        "gRPC calls answered, by method and status code.",
    ),
    (
        "grpc_server_request_duration_seconds",
        Kind::Histogram,
        "Time to answer gRPC calls, by method.",
    ),
    (
        "catalogue_bundle_rejections_total",
        Kind::Counter,
        "Changed site bundles that failed to load (the last good one kept serving).",
    ),
    (
        "catalogue_bundle_rejected",
        Kind::Gauge,
        "1 while the bundle on disk is broken and the last good one is served.",
    ),
    (
        "loyalty_outbox_backlog",
        Kind::Gauge,
        "Login events in the outbox waiting for NATS.",
    ),
    (
        "loyalty_nats_publish_failures_total",
        Kind::Counter,
        "Relay passes that could not publish login events to NATS.",
    ),
    (
        "studio_nats_publish_failures_total",
        Kind::Counter,
        "Relay passes that could not publish the studio's audit events to NATS.",
    ),
    (
        "catalogue_events_publish_failures_total",
        Kind::Counter,
        "Relay passes that could not publish the catalogue's events (movies on sale, last chances) to NATS.",
    ),
    (
        "loyalty_alert_messages_queued_total",
        Kind::Counter,
        "Members' alert messages queued (one per member, batch of events and way: e-mail or a browser).",
    ),
    (
        "loyalty_alert_messages_sent_total",
        Kind::Counter,
        "Members' alert messages sent.",
    ),
    (
        "loyalty_alert_message_failures_total",
        Kind::Counter,
        "Tries of members' alert messages that failed and wait to be tried again.",
    ),
    (
        "store_pool_connections",
        Kind::Gauge,
        "Connections of the member store's pool, by state.",
    ),
];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs this process's recorder and describes [`METRICS`], once; later calls answer
/// the same handle. Every binary calls it at start-up, before recording.
pub fn install() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        // Fails only for an empty list of buckets, which BUCKETS is not.
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".to_owned()), &BUCKETS)
            .unwrap_or_else(|_| PrometheusBuilder::new());
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("a metrics recorder was installed already: this one stays empty");
        }
        for (name, kind, help) in METRICS {
            match kind {
                Kind::Counter => metrics::describe_counter!(name, help),
                Kind::Gauge => metrics::describe_gauge!(name, help),
                Kind::Histogram => metrics::describe_histogram!(name, help),
            }
        }
        handle
    })
}

/// Every metric recorded so far, in the Prometheus text format.
pub fn render() -> String {
    install().render()
}

/// Serves `GET /metrics` with [`render`] on `listener` until the process ends: the
/// Prometheus endpoint of a service binary (METRICS_ADDR).
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    use axum::http::header::CONTENT_TYPE;
    let router = axum::Router::new().route(
        "/metrics",
        axum::routing::get(|| async {
            (
                [(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
                render(),
            )
        }),
    );
    axum::serve(listener, router).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_gauges_and_histograms_render_with_their_help_type_and_labels() {
        install();
        metrics::counter!("catalogue_bundle_rejections_total").increment(2);
        metrics::gauge!("store_pool_connections", "state" => "a\"b").set(7.0);
        metrics::histogram!("grpc_server_request_duration_seconds", "rpc" => "/x.v1.X/Get")
            .record(0.003);
        let text = render();
        assert!(
            text.contains("# HELP catalogue_bundle_rejections_total Changed site bundles"),
            "{text}"
        );
        assert!(
            text.contains("# TYPE catalogue_bundle_rejections_total counter\n"),
            "{text}"
        );
        assert!(
            text.contains("catalogue_bundle_rejections_total 2\n"),
            "{text}"
        );
        assert!(
            text.contains("store_pool_connections{state=\"a\\\"b\"} 7\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "grpc_server_request_duration_seconds_bucket{rpc=\"/x.v1.X/Get\",le=\"0.005\"} 1\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("grpc_server_request_duration_seconds_count{rpc=\"/x.v1.X/Get\"} 1\n"),
            "{text}"
        );
    }
}
