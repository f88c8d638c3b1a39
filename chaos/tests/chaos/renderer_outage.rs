//! The renderer killed under load: every published page, its page data and the app data
//! keep answering 200 from the last snapshot, readiness says degraded and names the
//! renderer; a catalogue change made while it is down waits (pages and their data stay
//! a matching pair) and is published, rendered, once it is back.

use std::time::{Duration, Instant};

use chaos::load::{Members, Outcomes};
use chaos::site::{self, Readers};
use chaos::test_dir;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_renderer_leaves_the_published_site_up_and_a_change_is_rendered_on_its_return() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("renderer-outage");
    let (mut stack, bundle, movie) = site::start_on_a_bundle_copy(&dir).await;
    let movie_path = movie["path"].as_str().expect("a path");
    let page = format!("{}{movie_path}", stack.url);

    let members = Members::new(&stack.url);
    let outcomes = Outcomes::default();
    let readers = Readers::start(&members, &outcomes, &site::published_paths(movie_path), 3);

    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(1)).await;
    stack.renderer.kill();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let changed = "Rewritten while the renderer was away.";
    site::change_synopsis(&bundle, movie["id"].as_str().expect("an id"), changed);
    // The catalogue has the change; the gateway cannot render it and keeps the last pages.
    let catalogue_has_it = chaos::eventually(Duration::from_secs(10), || async {
        site::json(&format!(
            "{}/api/v1/movies/{}",
            stack.url,
            movie["id"].as_str().unwrap_or_default()
        ))
        .await["synopsis"]
            == changed
    })
    .await;
    let waiting = chaos::eventually(Duration::from_secs(10), || async {
        !site::json(&format!("{}/readyz", chaos::ops_url(&stack.url))).await["publishing"]["pending"].is_null()
    })
    .await;
    let readiness = site::json(&format!("{}/readyz", chaos::ops_url(&stack.url))).await;
    let html_while_down = text(&page).await;

    stack.renderer.restart();
    let restarted = Instant::now();
    let republished = chaos::eventually(Duration::from_secs(30), || async {
        text(&page).await.contains(changed)
    })
    .await;
    let republished_in = restarted.elapsed();
    readers.stop().await;
    let ended = Instant::now();

    site::assert_every_read_answered(&outcomes, started, ended);
    assert!(
        catalogue_has_it,
        "svc-catalogue reloaded the changed bundle"
    );
    assert!(waiting, "the change waits to be published: {readiness}");
    assert_eq!(readiness["status"], "degraded", "{readiness}");
    assert_eq!(
        readiness["publishing"]["renderer"], "unavailable",
        "{readiness}"
    );
    assert_eq!(readiness["snapshot"]["rendered"], true, "{readiness}");
    assert!(
        !html_while_down.contains(changed) && html_while_down.contains("<h1"),
        "while the renderer is down the last rendered page serves"
    );
    assert!(
        republished,
        "the change is rendered once the renderer is back (waited {republished_in:?})"
    );
    let readiness = site::json(&format!("{}/readyz", chaos::ops_url(&stack.url))).await;
    assert_eq!(readiness["status"], "ready", "{readiness}");
}

async fn text(url: &str) -> String {
    chaos::http_client(Duration::from_secs(5))
        .get(url)
        .send()
        .await
        .expect("an answer")
        .text()
        .await
        .expect("a body")
}
