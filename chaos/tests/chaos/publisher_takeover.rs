//! Published once, served everywhere (DESIGN.md section 12): two publishing gateways
//! share a private nats-server (PUBLISH_NATS_URL); one holds the site's lease and
//! publishes, the other serves the revision it stored. The holder is killed (SIGKILL):
//! the other takes the lease over within 15 s and publishes the next change, and every
//! read of its published pages is answered throughout.

use std::time::{Duration, Instant};

use chaos::load::{Members, Outcomes};
use chaos::process::Process;
use chaos::site::{self, Readers};
use chaos::stack::Stack;
use chaos::{free_port, test_dir};
use serde_json::Value;

/// `/readyz` of the gateway at `url`; null while it does not answer.
async fn readiness(url: &str) -> Value {
    let response = chaos::http_client(Duration::from_secs(5))
        .get(format!("{url}/readyz"))
        .send()
        .await;
    match response {
        Ok(response) => response.json().await.unwrap_or(Value::Null),
        Err(_) => Value::Null,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_publisher_is_taken_over_and_the_next_change_is_published() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("publisher-takeover");
    let nats_port = free_port();
    let nats_dir = dir.join("nats");
    std::fs::create_dir_all(&nats_dir).expect("a JetStream directory");
    let port = nats_port.to_string();
    let store = nats_dir.display().to_string();
    let _nats = Process::start_program(
        "nats-server",
        "nats-server",
        &["-a", "127.0.0.1", "-p", &port, "-js", "-sd", &store],
        Vec::new(),
        &dir,
    );
    let nats_url = format!("nats://127.0.0.1:{nats_port}");

    let bundle = dir.join("site");
    site::copy_demo_bundle(&bundle);
    let mut stack = Stack::start_serving(
        &dir,
        &bundle,
        &[
            ("CATALOGUE_RELOAD_MS", "200".to_owned()),
            ("PUBLISH_NATS_URL", nats_url.clone()),
        ],
        &[],
    )
    .await;
    let first = stack.url.clone();
    let second_port = free_port();
    let _second = stack.gateway.another(
        "gateway-2",
        &[("GATEWAY_ADDR", format!("127.0.0.1:{second_port}"))],
        &dir,
    );
    let second = format!("http://127.0.0.1:{second_port}");

    // The first gateway holds the lease; the second serves what it stored.
    let shared = chaos::eventually(Duration::from_secs(30), || async {
        let (one, two) = (readiness(&first).await, readiness(&second).await);
        let stored = &one["sites"]["demo"]["storedRevision"];
        one["sites"]["demo"]["role"] == "publisher"
            && two["sites"]["demo"]["role"] == "replica"
            && stored.is_string()
            && two["sites"]["demo"]["storedRevision"] == *stored
    })
    .await;
    let (one, two) = (readiness(&first).await, readiness(&second).await);
    assert!(shared, "one publisher, one replica: {one}\n{two}");

    let movies = site::json(&format!("{second}/api/v1/movies")).await;
    let movie = movies[0].clone();
    let movie_path = movie["path"].as_str().expect("a path");
    let members = Members::new(&second);
    let outcomes = Outcomes::default();
    let readers = Readers::start(&members, &outcomes, &site::published_paths(movie_path), 3);
    let started = Instant::now();

    stack.gateway.kill();
    let killed = Instant::now();
    let took_over = chaos::eventually(Duration::from_secs(20), || async {
        readiness(&second).await["sites"]["demo"]["role"] == "publisher"
    })
    .await;
    let took_over_in = killed.elapsed();
    assert!(took_over, "{}", readiness(&second).await);
    assert!(
        took_over_in <= Duration::from_secs(15),
        "the lease was taken over in {took_over_in:?}"
    );

    let changed = "Published by the gateway that took over.";
    site::change_synopsis(&bundle, movie["id"].as_str().expect("an id"), changed);
    let page = format!("{second}{movie_path}");
    let published = chaos::eventually(Duration::from_secs(30), || async {
        text(&page).await.contains(changed)
    })
    .await;
    readers.stop().await;
    let ended = Instant::now();
    site::assert_every_read_answered(&outcomes, started, ended);
    assert!(published, "{}", readiness(&second).await);
    // The new revision is stored too, for the gateways that serve it.
    let stored = chaos::eventually(Duration::from_secs(10), || async {
        let after = readiness(&second).await;
        after["sites"]["demo"]["storedRevision"] == after["snapshot"]["revision"]
            && after["sites"]["demo"]["storedRevision"] != one["sites"]["demo"]["storedRevision"]
    })
    .await;
    assert!(stored, "{}", readiness(&second).await);
}

async fn text(url: &str) -> String {
    let response = chaos::http_client(Duration::from_secs(5))
        .get(url)
        .send()
        .await;
    match response {
        Ok(response) => response.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}
