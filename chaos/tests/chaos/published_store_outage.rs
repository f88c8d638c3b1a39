//! NATS, where the revisions are stored (docs/publishing.md#published-store), goes away: a
//! gateway that only serves goes on answering the pages it has read (its file cache and the
//! last manifest) and 503 with Retry-After for those it has not, and says degraded; the
//! publisher publishes the catalogue's next change for itself meanwhile. When NATS
//! returns, the publisher stores that revision and the serving gateway serves it.

use std::time::Duration;

use chaos::deployment::{self, readiness, stored_revision, text};
use chaos::site;
use chaos::{http_client, test_dir};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_nats_outage_keeps_what_is_served_and_the_next_revision_is_stored_on_its_return() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("published-store-outage");
    let (mut nats, stack, bundle) = deployment::start(&dir).await;
    let publisher = stack.url.clone();
    let (_serving, serving) = deployment::gateway(&stack, "gateway-serving", false);
    let shared = chaos::eventually(Duration::from_secs(30), || async {
        let stored = stored_revision(&publisher).await;
        stored.is_some() && stored_revision(&serving).await == stored
    })
    .await;
    assert!(shared, "{}", readiness(&serving).await);
    let before = stored_revision(&serving).await;

    // The serving gateway reads the home page and a movie's: they are in its cache.
    let movies = site::json(&format!("{serving}/api/v1/movies")).await;
    let movie = &movies[0];
    let movie_path = movie["path"].as_str().expect("a path");
    let client = http_client(Duration::from_secs(10));
    let status = |path: String| {
        let client = client.clone();
        async move {
            let response = client.get(path).send().await.expect("an answer");
            let retry_after = response.headers().get("retry-after").cloned();
            (response.status().as_u16(), retry_after)
        }
    };
    for path in ["/", movie_path] {
        assert_eq!(status(format!("{serving}{path}")).await.0, 200, "{path}");
    }

    nats.kill();
    let degraded = chaos::eventually(Duration::from_secs(15), || async {
        let readiness = readiness(&serving).await;
        readiness["publishedStore"] == "unreachable" && readiness["status"] == "degraded"
    })
    .await;
    assert!(degraded, "{}", readiness(&serving).await);
    for path in ["/", movie_path] {
        assert_eq!(
            status(format!("{serving}{path}")).await.0,
            200,
            "{path} from the cache"
        );
    }
    let (missed, retry_after) = status(format!("{serving}/theaters/")).await;
    assert_eq!(missed, 503, "a page the gateway never read");
    assert!(retry_after.is_some(), "with Retry-After");

    // The publisher goes on publishing for itself; its revision cannot be stored.
    let changed = "Published while NATS was away, stored on its return.";
    site::change_synopsis(&bundle, movie["id"].as_str().expect("an id"), changed);
    let published = chaos::eventually(Duration::from_secs(30), || async {
        text(&format!("{publisher}{movie_path}"))
            .await
            .contains(changed)
    })
    .await;
    assert!(published, "{}", readiness(&publisher).await);
    assert!(
        !text(&format!("{serving}{movie_path}"))
            .await
            .contains(changed),
        "the serving gateway has only what was stored"
    );

    nats.restart();
    let followed = chaos::eventually(Duration::from_secs(60), || async {
        text(&format!("{serving}{movie_path}"))
            .await
            .contains(changed)
    })
    .await;
    assert!(followed, "{}", readiness(&serving).await);
    assert_ne!(stored_revision(&serving).await, before);
    assert_eq!(status(format!("{serving}/theaters/")).await.0, 200);
    let connected = chaos::eventually(Duration::from_secs(15), || async {
        readiness(&serving).await["publishedStore"] == "connected"
    })
    .await;
    assert!(connected, "{}", readiness(&serving).await);
}
