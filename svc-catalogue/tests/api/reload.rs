use std::time::Duration;

use proto::catalogue::v1::{GetMovieRequest, GetSiteRequest, WatchSiteRequest};
use test_support::polling::eventually;

use crate::helpers::{DEMO, copy_bundle, edit_json, spawn_catalogue};

async fn revision(
    client: &mut proto::catalogue::v1::catalogue_client::CatalogueClient<tonic::transport::Channel>,
) -> String {
    client
        .get_site(GetSiteRequest {})
        .await
        .expect("a site")
        .into_inner()
        .revision
}

async fn title(
    client: &mut proto::catalogue::v1::catalogue_client::CatalogueClient<tonic::transport::Channel>,
) -> String {
    client
        .get_movie(GetMovieRequest {
            id: "1001".to_owned(),
        })
        .await
        .expect("a movie")
        .into_inner()
        .title
}

/// How long a reload may take to be served (the bundle is checked every 100 ms).
const RELOADED_WITHIN: Duration = Duration::from_secs(5);

#[tokio::test]
async fn a_changed_bundle_is_served_without_a_restart() {
    let dir = copy_bundle(DEMO);
    let catalogue = spawn_catalogue(&dir).await;
    let mut client = catalogue.client.clone();
    let before = revision(&mut client).await;
    edit_json(&dir, "movies.json", |movies| {
        movies[0]["title"] = "The Longest Night".into()
    });
    let reloaded = eventually(RELOADED_WITHIN, || {
        let mut client = client.clone();
        async move { title(&mut client).await == "The Longest Night" }
    })
    .await;
    assert!(reloaded, "the new title is served");
    assert_ne!(revision(&mut client).await, before);
}

#[tokio::test]
async fn a_broken_bundle_keeps_the_last_good_one_serving() {
    let dir = copy_bundle(DEMO);
    let catalogue = spawn_catalogue(&dir).await;
    let mut client = catalogue.client.clone();
    let before = revision(&mut client).await;
    std::fs::write(dir.join("movies.json"), "[{ broken").expect("write");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(revision(&mut client).await, before);
    assert_eq!(title(&mut client).await, "The Long Night");
    // The rejection is reported where operators look: the metrics.
    let metrics = platform::metrics::render();
    let rejections = metrics
        .lines()
        .find_map(|line| line.strip_prefix("catalogue_bundle_rejections_total "))
        .and_then(|count| count.parse::<f64>().ok());
    assert!(rejections.is_some_and(|count| count >= 1.0), "{metrics}");
    // Fixed again: the fix is picked up.
    std::fs::copy(format!("{DEMO}/movies.json"), dir.join("movies.json")).expect("restore");
    edit_json(&dir, "movies.json", |movies| {
        movies[0]["title"] = "Night Again".into()
    });
    let recovered = eventually(RELOADED_WITHIN, || {
        let mut client = client.clone();
        async move { title(&mut client).await == "Night Again" }
    })
    .await;
    assert!(recovered);
}

#[tokio::test]
async fn a_subscriber_hears_the_version_at_once_and_again_after_each_reload() {
    let dir = copy_bundle(DEMO);
    let catalogue = spawn_catalogue(&dir).await;
    let mut client = catalogue.client.clone();
    let mut versions = client
        .watch_site(WatchSiteRequest {})
        .await
        .expect("a stream")
        .into_inner();
    let first = versions
        .message()
        .await
        .expect("no error")
        .expect("a first version");
    assert_eq!(first.revision, revision(&mut client).await);
    assert_eq!(first.today, crate::helpers::TODAY);

    edit_json(&dir, "movies.json", |movies| {
        movies[0]["title"] = "Pushed, not polled".into()
    });
    let next = tokio::time::timeout(Duration::from_secs(5), versions.message())
        .await
        .expect("a new version within 5 s")
        .expect("no error")
        .expect("a version");
    assert_ne!(next.revision, first.revision);
    assert_eq!(next.revision, revision(&mut client).await);
    assert_eq!(title(&mut client).await, "Pushed, not polled");
}

#[tokio::test]
async fn a_broken_bundle_pushes_no_version() {
    let dir = copy_bundle(DEMO);
    let catalogue = spawn_catalogue(&dir).await;
    let mut versions = catalogue
        .client
        .clone()
        .watch_site(WatchSiteRequest {})
        .await
        .expect("a stream")
        .into_inner();
    versions
        .message()
        .await
        .expect("no error")
        .expect("a first version");
    std::fs::write(dir.join("movies.json"), "[{ broken").expect("write");
    let pushed = tokio::time::timeout(Duration::from_millis(600), versions.message()).await;
    assert!(
        pushed.is_err(),
        "nothing is pushed for a bundle that did not load: {pushed:?}"
    );
}
