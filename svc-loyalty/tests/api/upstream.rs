//! Upstream mode against an HTTP server the test starts.

use proto::loyalty::v1::CypherRequest;
use serde_json::{Value, json};

use test_support::http_stub::{header, spawn_http};

use crate::helpers::{TestDatabase, spawn_loyalty_with};

/// Answers what it received: the request line, the session header and the body.
fn echo(request: &wiremock::Request) -> (u16, String) {
    let query = request
        .url
        .query()
        .map(|query| format!("?{query}"))
        .unwrap_or_default();
    let line = format!("{} {}{query}", request.method, request.url.path());
    let reply = json!({
        "peachCode": 0,
        "line": line,
        "session": header(request, "boxoffice-session-token"),
        "body": String::from_utf8_lossy(&request.body),
    });
    (200, reply.to_string())
}

fn request(route: &str) -> CypherRequest {
    CypherRequest {
        method: "POST".to_owned(),
        route: route.to_owned(),
        session_token: "tok".to_owned(),
        payload: json!({"cardCode": "MQ1"})
            .as_object()
            .cloned()
            .map(proto::json::to_struct),
        ..Default::default()
    }
}

#[tokio::test]
async fn calls_go_to_the_upstream_as_the_browser_sent_them() {
    let upstream = spawn_http(echo).await;
    let database = TestDatabase::sqlite();
    let mut client =
        spawn_loyalty_with(&database, &[("LOYALTY_UPSTREAM_URL", &upstream.uri())]).await;
    let reply = client
        .cypher(request("/Member/v3/AddCard/?boxofficeCircuitId=MQ"))
        .await
        .expect("answers")
        .into_inner();
    assert_eq!(reply.http_status, 200);
    let body: Value = serde_json::from_str(&reply.body).expect("JSON");
    assert_eq!(
        body["line"],
        "POST /Member/v3/AddCard/?boxofficeCircuitId=MQ"
    );
    assert_eq!(body["session"], "tok");
    assert_eq!(body["body"], r#"{"cardCode":"MQ1"}"#);
    database.drop().await;
}

#[tokio::test]
async fn an_upstream_that_is_down_is_unavailable() {
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(
        &database,
        &[
            ("LOYALTY_UPSTREAM_URL", "http://127.0.0.1:9"),
            ("LOYALTY_UPSTREAM_TIMEOUT_MS", "500"),
        ],
    )
    .await;
    let status = client
        .cypher(request("/Member/v3/GetCards/"))
        .await
        .expect_err("no answer");
    assert_eq!(status.code(), tonic::Code::Unavailable);
    assert!(
        status.message().contains("upstream"),
        "{}",
        status.message()
    );
    database.drop().await;
}
