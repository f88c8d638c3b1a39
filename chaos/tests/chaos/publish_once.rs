//! Published once, served everywhere (docs/publishing.md#published-once-served-everywhere):
//! two publishing gateways and two that only serve share a private nats-server. A catalogue
//! change is rendered once for the whole deployment (the renderer's own count of pages
//! against the pages the revision says it rendered), every gateway serves the new revision,
//! and a gateway started afterwards serves it without anything being rendered. The
//! gateways that only serve make no catalogue call for a stored revision: its site comes
//! with it.

use std::time::{Duration, Instant};

use chaos::deployment::{self, gateway_metric, pages_rendered, readiness, stored_revision, text};
use chaos::site;
use chaos::test_dir;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_change_is_rendered_once_for_the_deployment_and_served_by_every_gateway() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("publish-once");
    let (_nats, stack, bundle) = deployment::start(&dir).await;
    let (_publisher, publisher) = deployment::gateway(&stack, "gateway-publisher", true);
    let (_serving_1, serving_1) = deployment::gateway(&stack, "gateway-serving-1", false);
    let (_serving_2, serving_2) = deployment::gateway(&stack, "gateway-serving-2", false);
    let gateways = [stack.url.clone(), publisher, serving_1, serving_2];

    // The first gateway published the site alone; the others joined without rendering.
    let stored = chaos::eventually(Duration::from_secs(30), || async {
        stored_revision(&stack.url).await.is_some()
    })
    .await;
    assert!(stored, "{}", readiness(&stack.url).await);
    let first_revision = stored_revision(&stack.url).await;
    let rendered_at_start = pages_rendered(&stack).await;
    let joined = chaos::eventually(Duration::from_secs(30), || async {
        let mut same = true;
        for url in &gateways {
            same &= stored_revision(url).await == first_revision;
        }
        same
    })
    .await;
    assert!(joined, "every gateway serves {first_revision:?}");
    let holder = readiness(&stack.url).await;
    assert_eq!(holder["sites"]["demo"]["role"], "publisher", "{holder}");
    assert_eq!(
        readiness(&gateways[1]).await["sites"]["demo"]["role"],
        "replica"
    );
    assert_eq!(pages_rendered(&stack).await, rendered_at_start);

    // One change: the holder renders what it changed, once; every gateway serves it.
    let movies = site::json(&format!("{}/api/v1/movies", stack.url)).await;
    let movie = &movies[0];
    let movie_path = movie["path"].as_str().expect("a path");
    let changed = "A synopsis rendered once for the whole deployment.";
    let before = pages_rendered(&stack).await;
    site::change_synopsis(&bundle, movie["id"].as_str().expect("an id"), changed);
    let changed_at = Instant::now();
    let mut served_after = Vec::new();
    for url in &gateways {
        let page = format!("{url}{movie_path}");
        let served = chaos::eventually(Duration::from_secs(30), || async {
            text(&page).await.contains(changed)
        })
        .await;
        assert!(served, "{url} serves the change: {}", readiness(url).await);
        served_after.push(changed_at.elapsed());
    }
    let published = readiness(&stack.url).await;
    let revision = published["snapshot"]["revision"]
        .as_str()
        .map(str::to_owned);
    assert_ne!(revision, first_revision);
    for url in &gateways {
        assert_eq!(stored_revision(url).await, revision, "{url}");
    }
    let rendered = published["snapshot"]["pagesRendered"]
        .as_u64()
        .expect("pages rendered");
    assert!(rendered >= 1, "{published}");
    // A second publisher rendering it too would show by now: the others serve its result.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        pages_rendered(&stack).await - before,
        rendered,
        "each changed page rendered once for the deployment"
    );
    eprintln!("the change served by each gateway after {served_after:?}");
    // The gateways serving what the holder stored (the other publisher, whose role is
    // replica, and the two that only serve) built each revision's site from the store.
    for url in &gateways[1..] {
        assert_eq!(
            gateway_metric(url, "gateway_stored_revision_catalogue_calls_total").await,
            Some(0.0),
            "{url} asked the catalogue for a stored revision"
        );
    }

    // A gateway started now serves the site at once, from the store, rendering nothing.
    let rendered_before_start = pages_rendered(&stack).await;
    let started = Instant::now();
    let (_late, late) = deployment::gateway(&stack, "gateway-late", false);
    let serves = chaos::eventually(Duration::from_secs(30), || async {
        stored_revision(&late).await == revision
            && text(&format!("{late}{movie_path}")).await.contains(changed)
    })
    .await;
    assert!(serves, "{}", readiness(&late).await);
    eprintln!(
        "a new gateway served the site {:?} after its start",
        started.elapsed()
    );
    assert_eq!(pages_rendered(&stack).await, rendered_before_start);
}
