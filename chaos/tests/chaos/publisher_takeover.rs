//! Published once, served everywhere (docs/publishing.md#published-once-served-everywhere):
//! two publishing gateways and one that only serves share a private nats-server
//! (PUBLISH_NATS_URL); one publisher holds the site's lease, the others serve the revision
//! it stored. The chain is renamed, so every page is rendered again, and the holder is
//! killed (SIGKILL) in the middle of it: the other publisher takes the lease over within 15
//! s and publishes the whole change, the serving gateway follows, and every read of either
//! is answered throughout (a revision is stored before its key names it: none is half
//! served).

use std::time::{Duration, Instant};

use chaos::deployment::{self, pages_rendered, readiness, stored_revision, text};
use chaos::load::{Members, Outcomes};
use chaos::site::{self, Readers};
use chaos::test_dir;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_publisher_killed_mid_publish_is_taken_over_and_the_change_published_whole() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("publisher-takeover");
    let (_nats, mut stack, bundle) = deployment::start(&dir).await;
    let first = stack.url.clone();
    let (_second, second) = deployment::gateway(&stack, "gateway-2", true);
    let (_serving, serving) = deployment::gateway(&stack, "gateway-serving", false);

    // The first gateway holds the lease; the others serve what it stored.
    let shared = chaos::eventually(Duration::from_secs(30), || async {
        let (one, two) = (readiness(&first).await, readiness(&second).await);
        let stored = stored_revision(&first).await;
        one["sites"]["demo"]["role"] == "publisher"
            && two["sites"]["demo"]["role"] == "replica"
            && stored.is_some()
            && stored_revision(&second).await == stored
            && stored_revision(&serving).await == stored
    })
    .await;
    let (one, two) = (readiness(&first).await, readiness(&second).await);
    assert!(shared, "one publisher, one replica: {one}\n{two}");
    let before = stored_revision(&first).await;

    let movies = site::json(&format!("{second}/api/v1/movies")).await;
    let movie_path = movies[0]["path"].as_str().expect("a path").to_owned();
    let outcomes = Outcomes::default();
    let paths = site::published_paths(&movie_path);
    let readers =
        [&second, &serving].map(|url| Readers::start(&Members::new(url), &outcomes, &paths, 2));
    let started = Instant::now();

    // The holder starts rendering the renamed chain's pages, and is killed.
    let renamed = "Marquee Cinemas Renamed";
    let rendered_before = pages_rendered(&stack).await;
    site::rename_chain(&bundle, renamed);
    let rendering = chaos::eventually(Duration::from_secs(30), || async {
        pages_rendered(&stack).await > rendered_before
    })
    .await;
    assert!(rendering, "the holder renders the change");
    stack.gateway.kill();
    let killed = Instant::now();
    assert_eq!(
        stored_revision(&serving).await,
        before,
        "killed before it stored the change"
    );

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

    // The change is published whole by the new holder, stored, and served by the
    // gateway that only serves.
    let complete = chaos::eventually(Duration::from_secs(60), || async {
        let after = readiness(&second).await;
        let revision = after["snapshot"]["revision"].as_str().map(str::to_owned);
        after["snapshot"]["rendered"] == true
            && revision.is_some()
            && revision != before
            && stored_revision(&second).await == revision
            && stored_revision(&serving).await == revision
    })
    .await;
    assert!(complete, "{}", readiness(&second).await);
    for path in ["/", movie_path.as_str()] {
        let page = text(&format!("{serving}{path}")).await;
        assert!(page.contains(renamed), "{path} of the new revision: {page}");
    }
    for readers in readers {
        readers.stop().await;
    }
    site::assert_every_read_answered(&outcomes, started, Instant::now());
}
