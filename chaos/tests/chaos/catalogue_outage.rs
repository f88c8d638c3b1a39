//! svc-catalogue killed under load: every published page, its page data and the app
//! data keep answering 200 from the last snapshot, only the JSON API's catalogue routes
//! answer 503, readiness says degraded; a change made to the bundle while the catalogue
//! was down is published once it is back.

use std::path::Path;
use std::time::{Duration, Instant};

use chaos::load::{Members, Outcomes};
use chaos::stack::Stack;
use chaos::{http_client, test_dir, workspace_root};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the bundle copy");
    for entry in std::fs::read_dir(from).expect("read the bundle") {
        let path = entry.expect("an entry").path();
        let target = to.join(path.file_name().expect("a file name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy a file");
        }
    }
}

async fn json(url: &str) -> serde_json::Value {
    http_client(Duration::from_secs(5))
        .get(url)
        .send()
        .await
        .expect("an answer")
        .json()
        .await
        .expect("JSON")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_catalogue_leaves_the_published_site_up_and_its_changes_are_published_on_return() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("catalogue-outage");
    let site = dir.join("site");
    copy_dir(&workspace_root().join("site/demo"), &site);
    let mut stack = Stack::start_serving(
        &dir,
        &site,
        &[("CATALOGUE_RELOAD_MS", "200".to_owned())],
        &[],
    )
    .await;
    let movies = json(&format!("{}/api/v1/movies", stack.url)).await;
    let movie = &movies[0];
    let movie_path = movie["path"].as_str().expect("a path").to_owned();
    let movie_data = format!("/page-data{movie_path}page-data.json");
    let published = [
        "/".to_owned(),
        movie_path.clone(),
        movie_data.clone(),
        "/page-data/movies/page-data.json".to_owned(),
        "/page-data/app-data.json".to_owned(),
        "/sitemap.xml".to_owned(),
    ];

    let members = Members::new(&stack.url);
    let outcomes = Outcomes::default();
    let (stop, _) = tokio::sync::watch::channel(false);
    let mut load = Vec::new();
    for worker in 0..3 {
        let (members, outcomes, stop) = (members.clone(), outcomes.clone(), stop.subscribe());
        let published = published.clone();
        load.push(tokio::spawn(async move {
            let mut i = worker;
            while !*stop.borrow() {
                outcomes.record(
                    "published",
                    members.get(&published[i % published.len()]).await,
                );
                i += 1;
            }
        }));
    }
    {
        let (members, outcomes, stop) = (members.clone(), outcomes.clone(), stop.subscribe());
        load.push(tokio::spawn(async move {
            while !*stop.borrow() {
                outcomes.record("api", members.get("/api/v1/movies").await);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }

    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(1)).await;
    stack.catalogue.kill();
    let killed = Instant::now();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let readiness = json(&format!("{}/readyz", stack.url)).await;
    // A change made while the catalogue is away.
    let movies_file = site.join("movies.json");
    let mut bundle: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&movies_file).expect("read")).expect("JSON");
    let id = movie["id"].as_str().expect("an id");
    let entry = bundle
        .as_array_mut()
        .expect("a list")
        .iter_mut()
        .find(|entry| entry["id"] == id)
        .expect("the movie in the bundle");
    entry["synopsis"] = "Changed while the catalogue was away.".into();
    std::fs::write(
        &movies_file,
        serde_json::to_string_pretty(&bundle).expect("JSON"),
    )
    .expect("write");
    stack.catalogue.restart();
    let restarted = Instant::now();
    let republished = chaos::eventually(Duration::from_secs(20), || async {
        json(&format!("{}{movie_data}", stack.url)).await["data"]["movie"]["synopsis"]
            == "Changed while the catalogue was away."
    })
    .await;
    stop.send_replace(true);
    for task in load {
        task.await.expect("a load task");
    }
    let ended = Instant::now();

    let served = outcomes.statuses("published", started, ended);
    let failed: Vec<_> = served.iter().filter(|s| **s != Some(200)).collect();
    assert!(
        served.len() > 30,
        "published paths were asked for: {}",
        served.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} not 200: {:?}",
        failed.len(),
        served.len(),
        &failed[..failed.len().min(10)]
    );
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
