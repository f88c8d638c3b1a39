//! svc-catalogue killed under load: every published page, its page data and the app
//! data keep answering 200 from the last snapshot, only the JSON API's catalogue routes
//! answer 503, readiness says degraded; a change made to the bundle while the catalogue
//! was down is published once it is back.

use std::time::{Duration, Instant};

use chaos::load::{Members, Outcomes};
use chaos::site::{self, Readers};
use chaos::test_dir;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_catalogue_leaves_the_published_site_up_and_its_changes_are_published_on_return() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("catalogue-outage");
    let (mut stack, bundle, movie) = site::start_on_a_bundle_copy(&dir).await;
    let movie_path = movie["path"].as_str().expect("a path");
    let movie_data = format!("/page-data{movie_path}page-data.json");

    let members = Members::new(&stack.url);
    let outcomes = Outcomes::default();
    let readers = Readers::start(&members, &outcomes, &site::published_paths(movie_path), 3);
    let api = {
        let (members, outcomes) = (members.clone(), outcomes.clone());
        tokio::spawn(async move {
            loop {
                outcomes.record("api", members.get("/api/v1/movies").await);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };

    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(1)).await;
    stack.catalogue.kill();
    let killed = Instant::now();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let readiness = site::json(&format!("{}/readyz", chaos::ops_url(&stack.url))).await;
    let changed = "Changed while the catalogue was away.";
    site::change_synopsis(&bundle, movie["id"].as_str().expect("an id"), changed);
    stack.catalogue.restart();
    let restarted = Instant::now();
    let republished = chaos::eventually(Duration::from_secs(20), || async {
        site::json(&format!("{}{movie_data}", stack.url)).await["data"]["movie"]["synopsis"]
            == changed
    })
    .await;
    readers.stop().await;
    api.abort();
    let ended = Instant::now();

    site::assert_every_read_answered(&outcomes, started, ended);
    let api_down = outcomes.statuses("api", killed + Duration::from_millis(200), restarted);
    assert!(!api_down.is_empty());
    assert!(
        api_down.iter().all(|s| *s == Some(503)),
        "{:?}",
        &api_down[..api_down.len().min(10)]
    );
    assert_eq!(readiness["status"], "degraded", "{readiness}");
    assert_eq!(
        readiness["services"]["catalogue"], "unavailable",
        "{readiness}"
    );
    assert!(readiness["snapshot"]["revision"].is_string(), "{readiness}");
    assert!(
        republished,
        "the change made while the catalogue was down is published"
    );
}
