use crate::helpers::{eventually, free_port, spawn_gateway, spawn_gateway_with_nats};

#[tokio::test]
async fn healthz_and_readyz_answer_when_everything_runs() {
    let gateway = spawn_gateway().await;
    let (status, health) = gateway.get_json("/healthz").await;
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")));
    let (status, readiness) = gateway.ops_json("/readyz").await;
    assert_eq!(status, 200, "{readiness}");
    for service in ["catalogue", "loyalty", "ads", "consent"] {
        assert_eq!(readiness["services"][service], "serving", "{service}");
    }
    // svc-loyalty sends member events to the local nats-server by default; the
    // catalogue's store answers.
    let connected = eventually(10, || async {
        let readiness = gateway.ops_json("/readyz").await.1;
        readiness["memberEvents"] == "connected" && readiness["catalogueStore"] == "connected"
    })
    .await;
    assert!(connected, "{}", gateway.ops_json("/readyz").await.1);
}

/// A site's public host says how the gateway stands and no more: the deployment's
/// sites, their errors and the services are the operations listener's to tell.
#[tokio::test]
async fn a_public_host_gets_the_readiness_word_and_no_metrics() {
    let gateway = spawn_gateway().await;
    let (status, readiness) = gateway.get_json("/readyz").await;
    assert_eq!(status, 200, "{readiness}");
    let fields: Vec<&String> = readiness.as_object().expect("an object").keys().collect();
    assert_eq!(fields, ["status"], "{readiness}");
    assert!(
        ["ready", "degraded"].contains(&readiness["status"].as_str().unwrap_or_default()),
        "{readiness}"
    );
    let (status, _) = gateway.get_json("/readyz?only=popcorn").await;
    assert_eq!(status, 400);
    assert_eq!(gateway.get("/metrics").await.status(), 404);
    // The operations listener tells it all, and serves nothing else.
    let (_, detailed) = gateway.ops_json("/readyz").await;
    assert!(detailed["sites"]["demo"].is_object(), "{detailed}");
    assert_eq!(gateway.ops_get("/metrics").await.status(), 200);
    assert_eq!(gateway.ops_get("/api/v1/movies").await.status(), 404);
}

#[tokio::test]
async fn readyz_shows_member_and_catalogue_events_waiting_while_nats_is_unreachable_and_off_when_turned_off()
 {
    // Nothing listens there: events wait in the outbox, which loses nothing.
    let nowhere = format!("nats://127.0.0.1:{}", free_port());
    let gateway = spawn_gateway_with_nats(&nowhere).await;
    let waiting = eventually(10, || async {
        let readiness = gateway.ops_json("/readyz").await.1;
        readiness["memberEvents"] == "unreachable" && readiness["catalogueEvents"] == "unreachable"
    })
    .await;
    let (status, readiness) = gateway.ops_json("/readyz").await;
    assert!(waiting, "{readiness}");
    assert_eq!(
        (status, &readiness["status"]),
        (200, &serde_json::json!("degraded"))
    );

    let off = spawn_gateway_with_nats("").await;
    let (_, readiness) = off.ops_json("/readyz").await;
    assert_eq!(readiness["memberEvents"], "off", "{readiness}");
    assert_eq!(readiness["catalogueEvents"], "off", "{readiness}");
}

#[tokio::test]
async fn metrics_count_requests_by_matched_route() {
    let gateway = spawn_gateway().await;
    gateway.get("/api/v1/movies/no-such-movie").await;
    let response = gateway.ops_get("/metrics").await;
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .is_ok_and(|t| t.starts_with("text/plain"))
    );
    let text = response.text().await.expect("a body");
    // The process's recorder is shared by the tests running beside this one: at least ours.
    let count = text
        .lines()
        .find_map(|line| {
            line.strip_prefix(
                "http_requests_total{method=\"GET\",route=\"/api/v1/movies/{id}\",status=\"404\"} ",
            )
        })
        .and_then(|count| count.parse::<u64>().ok());
    assert!(count.is_some_and(|count| count >= 1), "{text}");
    assert!(!text.contains("no-such-movie"), "{text}");
    assert!(text.contains("# TYPE http_request_duration_seconds histogram"));
}
