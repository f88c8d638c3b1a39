use crate::helpers::spawn_gateway;

#[tokio::test]
async fn healthz_and_readyz_answer_when_everything_runs() {
    let gateway = spawn_gateway().await;
    let (status, health) = gateway.get_json("/healthz").await;
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")));
    let (status, readiness) = gateway.get_json("/readyz").await;
    assert_eq!(status, 200, "{readiness}");
    for service in ["catalogue", "loyalty", "ads", "consent"] {
        assert_eq!(readiness["services"][service], "serving", "{service}");
    }
}

#[tokio::test]
async fn metrics_count_requests_by_matched_route() {
    let gateway = spawn_gateway().await;
    gateway.get("/api/v1/movies/no-such-movie").await;
    let response = gateway.get("/metrics").await;
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .is_ok_and(|t| t.starts_with("text/plain"))
    );
    let text = response.text().await.expect("a body");
    assert!(
        text.contains(
            "http_requests_total{method=\"GET\",route=\"/api/v1/movies/{id}\",status=\"404\"} 1"
        ),
        "{text}"
    );
    assert!(text.contains("# TYPE http_request_duration_seconds histogram"));
}
