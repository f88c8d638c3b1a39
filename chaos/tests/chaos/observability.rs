//! One request followed across processes: the client's request id and trace reach
//! the services' JSON logs through gRPC metadata, both processes export their span of
//! it to the OTLP collector, and every service serves its Prometheus metrics on
//! METRICS_ADDR.

use chaos::collector::Collector;
use chaos::stack::Stack;
use chaos::test_dir;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_id_and_trace_reach_the_services_logs_and_calls_are_counted() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("observability");
    let collector = Collector::start().await;
    let export = [
        ("OTEL_EXPORTER_OTLP_ENDPOINT", collector.endpoint.clone()),
        // Spans go out in batches every 5 s by default; the test waits less.
        ("OTEL_BSP_SCHEDULE_DELAY", "100".to_owned()),
        // A call answered is logged at DEBUG (INFO is for lifecycle and state changes).
        (
            "RUST_LOG",
            "info,platform::trace=debug,tower_http=debug".to_owned(),
        ),
    ];
    let stack = Stack::start(&dir, &export, &[]).await;
    let client = chaos::http_client(std::time::Duration::from_secs(10));
    let trace_id = "4bf92f3577b34da6a3ce929d0e0e4736";
    let response = client
        .get(format!("{}/api/v1/movies", stack.url))
        .header("x-request-id", "chaos-req-42")
        .header("traceparent", format!("00-{trace_id}-00f067aa0ba902b7-01"))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["x-request-id"], "chaos-req-42");

    let logged = chaos::eventually(std::time::Duration::from_secs(5), || async {
        stack.catalogue.log().lines().any(|line| {
            line.contains("\"request_id\":\"chaos-req-42\"")
                && line.contains(&format!("\"trace_id\":\"{trace_id}\""))
                && line.contains("ListMovies")
        })
    })
    .await;
    assert!(logged, "catalogue log: {}", stack.catalogue.log());
    let gateway_log = stack.gateway.log();
    assert!(
        gateway_log.contains("\"request_id\":\"chaos-req-42\""),
        "{gateway_log}"
    );

    // The trace id travels as 16 raw bytes in the protobuf, beside the service's name.
    let trace_bytes: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&trace_id[2 * i..2 * i + 2], 16).expect("hex"))
        .collect();
    for service in ["gateway", "svc-catalogue"] {
        let exported = chaos::eventually(std::time::Duration::from_secs(10), || async {
            collector.received(&[&trace_bytes, service.as_bytes()])
        })
        .await;
        assert!(exported, "{service} exported its span of the trace");
    }

    let generated = client
        .get(format!("{}/api/v1/theaters", stack.url))
        .send()
        .await
        .expect("an answer");
    let id = generated.headers()["x-request-id"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert_eq!(id.len(), 32, "a generated request id: {id}");

    let metrics_addr = stack
        .catalogue
        .env_var("METRICS_ADDR")
        .expect("the catalogue's METRICS_ADDR");
    let metrics = client
        .get(format!("http://{metrics_addr}/metrics"))
        .send()
        .await
        .expect("metrics answer")
        .text()
        .await
        .expect("text");
    assert!(
        metrics.contains(
            "grpc_server_requests_total{rpc=\"/catalogue.v1.Catalogue/ListMovies\",code=\"Ok\"}"
        ),
        "{metrics}"
    );
    assert!(
        metrics.contains(
            "grpc_server_request_duration_seconds_bucket{rpc=\"/catalogue.v1.Catalogue/ListMovies\""
        ),
        "{metrics}"
    );
}
