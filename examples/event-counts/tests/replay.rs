//! The consumer against its own nats-server with JetStream: a first run of a durable
//! replays the stream from its start, a later run reads only what came since, and a
//! new durable replays everything again.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use async_nats::jetstream;
use serde_json::json;

/// A nats-server with JetStream on a free loopback port, killed when dropped.
struct Nats {
    url: String,
    process: Child,
    store: std::path::PathBuf,
}

impl Nats {
    async fn start() -> Nats {
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
            listener.local_addr().expect("address").port()
        };
        let store = std::env::temp_dir().join(format!("event-counts-{port}"));
        let process = Command::new("nats-server")
            .args(["-a", "127.0.0.1", "-p", &port.to_string(), "-js", "-sd"])
            .arg(&store)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server runs (make test installs it)");
        // Owned at once: dropping it (a panic below too) ends the process.
        let nats = Nats {
            url: format!("nats://127.0.0.1:{port}"),
            process,
            store,
        };
        for _ in 0..50 {
            if async_nats::connect(&nats.url).await.is_ok() {
                return nats;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("nats-server did not start at {}", nats.url);
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
        let _ = std::fs::remove_dir_all(&self.store);
    }
}

async fn publish(jetstream: &jetstream::Context, subject: &'static str, at: &str, id: &str) {
    let event = json!({"eventId": id, "occurredAt": at, "hashedMemberId": "ab", "circuitId": "MQ",
                       "cinemaId": "101", "provider": "BOOST_POS"});
    jetstream
        .publish(subject, event.to_string().into())
        .await
        .expect("publish")
        .await
        .expect("stored");
}

fn pair(day: &str, event: &str) -> (String, String) {
    (day.to_owned(), event.to_owned())
}

#[tokio::test]
async fn a_durable_replays_the_stream_once_then_reads_what_is_new() {
    let nats = Nats::start().await;
    let jetstream = jetstream::new(async_nats::connect(&nats.url).await.expect("connect"));
    jetstream
        .create_stream(jetstream::stream::Config {
            name: event_counts::STREAM.to_owned(),
            subjects: vec!["loyalty.>".to_owned()],
            ..Default::default()
        })
        .await
        .expect("the stream");
    publish(
        &jetstream,
        "loyalty.member.login",
        "2026-11-24T20:00:00Z",
        "1",
    )
    .await;
    publish(
        &jetstream,
        "loyalty.member.login",
        "2026-11-25T09:00:00Z",
        "2",
    )
    .await;
    publish(
        &jetstream,
        "loyalty.member.login",
        "2026-11-25T10:00:00Z",
        "3",
    )
    .await;
    publish(
        &jetstream,
        "loyalty.member.registered",
        "2026-11-25T10:00:00Z",
        "4",
    )
    .await;

    let first = event_counts::count(&nats.url, event_counts::STREAM, "analytics")
        .await
        .expect("counted");
    assert_eq!(first.len(), 3, "{first:?}");
    assert_eq!(first[&pair("2026-11-24", "loyalty.member.login")], 1);
    assert_eq!(first[&pair("2026-11-25", "loyalty.member.login")], 2);
    assert_eq!(first[&pair("2026-11-25", "loyalty.member.registered")], 1);

    publish(&jetstream, "loyalty.card.lost", "2026-11-26T08:00:00Z", "5").await;
    let next = event_counts::count(&nats.url, event_counts::STREAM, "analytics")
        .await
        .expect("counted");
    assert_eq!(
        next.into_iter().collect::<Vec<_>>(),
        vec![(pair("2026-11-26", "loyalty.card.lost"), 1)],
        "the durable goes on where it stopped"
    );

    let fresh = event_counts::count(&nats.url, event_counts::STREAM, "another-team")
        .await
        .expect("counted");
    assert_eq!(
        fresh.values().sum::<u64>(),
        5,
        "a new durable replays it all"
    );
}

#[tokio::test]
async fn no_stream_is_a_clear_error() {
    let nats = Nats::start().await;
    let error = event_counts::count(&nats.url, event_counts::STREAM, "analytics")
        .await
        .expect_err("no stream yet");
    assert!(error.to_string().contains("LOYALTY"), "{error}");
}
