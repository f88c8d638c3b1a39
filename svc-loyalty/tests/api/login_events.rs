//! Login events on a real nats-server: one event per login, and none lost or doubled
//! while NATS is down. The stop/start test runs its own nats-server.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::StreamExt;
use platform::tokens::sha256_hex;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::helpers::{PASSWORD, TestDatabase, call, create_member, spawn_loyalty_with};

async fn login(client: &mut LoyaltyClient<Channel>, email: &str) {
    let body = call(
        client,
        "POST",
        "/Member/v3/Login?boxofficeCircuitId=MQ&boxofficeCinemaId=1",
        json!({"username": email, "password": PASSWORD}),
    )
    .await;
    assert_eq!(body["peachCode"], 0, "{body}");
}

#[tokio::test]
async fn each_login_publishes_one_event_with_its_message_id() {
    let (url, mut events) = test_support::events::subscribe("loyalty.member.login").await;
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(&database, &[("NATS_URL", &url)]).await;
    let email = "events@example.com";
    let member_id = create_member(&mut client, email).await;
    login(&mut client, email).await;
    login(&mut client, email).await;

    let mine = sha256_hex(&member_id);
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while seen.len() < 3 {
        let Ok(Some(message)) = tokio::time::timeout_at(deadline, events.next()).await else {
            break;
        };
        let event: Value = serde_json::from_slice(&message.payload).expect("JSON event");
        if event["hashedMemberId"] != mine.as_str() {
            continue;
        }
        let id_header = message
            .headers
            .as_ref()
            .and_then(|headers| headers.get("Nats-Msg-Id"))
            .map(|id| id.as_str().to_owned());
        assert_eq!(id_header.as_deref(), event["eventId"].as_str());
        // The demo chain's circuit, as its settings name it, whatever the route says.
        assert_eq!(event["circuitId"], "77");
        assert_eq!(event["cinemaId"], "1");
        assert_eq!(event["provider"], "BOOST_POS");
        assert!(
            event["loginDateTime"]
                .as_str()
                .is_some_and(|at| at.ends_with('Z'))
        );
        seen.push(event);
    }
    assert_eq!(seen.len(), 2, "one event per login, no more: {seen:?}");
    assert_ne!(seen[0]["eventId"], seen[1]["eventId"]);
    database.drop().await;
}

/// A nats-server of this test's own, with JetStream storing under a temporary folder.
struct OwnNats {
    port: u16,
    store_dir: std::path::PathBuf,
    process: Option<Child>,
}

impl OwnNats {
    fn start(port: u16, store_dir: std::path::PathBuf) -> OwnNats {
        let mut nats = OwnNats {
            port,
            store_dir,
            process: None,
        };
        nats.restart();
        nats
    }

    fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    fn restart(&mut self) {
        let process = Command::new("nats-server")
            .args([
                "-a",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-js",
                "-sd",
            ])
            .arg(&self.store_dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts");
        self.process = Some(process);
    }

    fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

impl Drop for OwnNats {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.store_dir);
    }
}

async fn wait_for_nats(url: &str) -> async_nats::Client {
    for _ in 0..50 {
        if let Ok(client) = async_nats::connect(url).await {
            return client;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("nats-server did not start at {url}");
}

/// The LOYALTY stream's login events, once it holds `expected` of them (or after 30 s).
async fn stream_events(nats: &async_nats::Client, expected: usize) -> Vec<Value> {
    let jetstream = async_nats::jetstream::new(nats.clone());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(mut stream) = jetstream.get_stream("LOYALTY").await
            && let Ok(info) = stream.info().await
        {
            let mut events = Vec::new();
            for sequence in info.state.first_sequence..=info.state.last_sequence {
                if let Ok(message) = stream.get_raw_message(sequence).await
                    && message.subject.as_str() == "loyalty.member.login"
                {
                    events.push(serde_json::from_slice(&message.payload).expect("JSON event"));
                }
            }
            if events.len() >= expected || tokio::time::Instant::now() > deadline {
                return events;
            }
        }
        assert!(tokio::time::Instant::now() <= deadline, "no LOYALTY stream");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn logins_while_nats_is_down_arrive_once_it_is_back_each_once() {
    let store_dir = test_support::dirs::fresh_dir("loyalty_nats");
    let mut nats = OwnNats::start(test_support::net::free_port(), store_dir);
    wait_for_nats(&nats.url()).await;
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(&database, &[("NATS_URL", &nats.url())]).await;
    let email = "outage@example.com";
    create_member(&mut client, email).await;
    login(&mut client, email).await;
    let watcher = wait_for_nats(&nats.url()).await;
    assert_eq!(stream_events(&watcher, 1).await.len(), 1);

    nats.stop();
    for _ in 0..3 {
        login(&mut client, email).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    nats.restart();
    let watcher = wait_for_nats(&nats.url()).await;

    let events = stream_events(&watcher, 4).await;
    let mut ids: Vec<&str> = events
        .iter()
        .filter_map(|event| event["eventId"].as_str())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(
        (events.len(), ids.len()),
        (4, 4),
        "every login once: {events:?}"
    );
    database.drop().await;
}
