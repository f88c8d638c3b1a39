//! No password or token ever reaches a log line.

use std::io::Write;
use std::sync::{Arc, Mutex};

use proto::loyalty::v1::CypherRequest;
use serde_json::{Value, json};

use crate::helpers::{TestDatabase, spawn_loyalty};

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_login_logs_neither_the_password_nor_the_tokens() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_writer(move || writer.clone())
        .finish();
    // tracing caches whether each log statement is wanted, for the whole process. With
    // one dispatcher alive, a statement that another test's thread (no subscriber) reaches
    // first is cached as unwanted for good, and this test would capture no login. With
    // two alive, every cache rebuild asks both, and both want everything.
    let _anchor = tracing::Dispatch::new(tracing_subscriber::registry());
    let _guard = tracing::subscriber::set_default(subscriber);

    let database = TestDatabase::sqlite();
    let client = spawn_loyalty(&database).await;
    let password = "Secret#Popcorn42";
    let call = |route: &str, payload: Value, session: &str, refresh: &str| {
        let request = CypherRequest {
            method: if route.contains("Get") || route.contains("Refresh") {
                "GET"
            } else {
                "POST"
            }
            .to_owned(),
            route: route.to_owned(),
            session_token: session.to_owned(),
            refresh_token: refresh.to_owned(),
            payload: payload.as_object().cloned().map(proto::json::to_struct),
            ..Default::default()
        };
        let mut client = client.clone();
        async move {
            let reply = client.cypher(request).await.expect("answers").into_inner();
            serde_json::from_str::<Value>(&reply.body).expect("JSON")
        }
    };
    call(
        "/Member/v3/Create",
        json!({"email": "quiet@example.com", "password": password}),
        "",
        "",
    )
    .await;
    let login = call(
        "/Member/v3/Login",
        json!({"username": "quiet@example.com", "password": password}),
        "",
        "",
    )
    .await;
    let tokens = &login["sessionManagementTokens"];
    let session = tokens["boxofficeSessionToken"]
        .as_str()
        .expect("token")
        .to_owned();
    let refresh = tokens["boxofficeRefreshSessionToken"]
        .as_str()
        .expect("token")
        .to_owned();
    call("/Member/v3/GetMember/", json!({}), &session, "").await;
    call("/Member/v3/RefreshLogin", json!({}), "", &refresh).await;

    let logs = String::from_utf8_lossy(
        &captured
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    )
    .into_owned();
    assert!(logs.contains("member logged in"), "the login is logged");
    for secret in [password, session.as_str(), refresh.as_str()] {
        assert!(!logs.contains(secret), "a secret reached the logs");
    }
    database.drop().await;
}
