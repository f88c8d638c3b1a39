//! Each site's published revisions stored for the deployment in NATS JetStream
//! (docs/publishing.md#published-once-served-everywhere; PUBLISH_NATS_URL): every file's
//! bytes as an object named by their SHA-256, then the revision's manifest, then the site's
//! key, on the local nats-server.

use gateway::served::depot::{Buckets, Depot};
use reqwest::header;
use serde_json::Value;

use crate::helpers::{
    DEMO_SITE, TestGateway, catalogue_store, copy_site, eventually, free_port,
    spawn_gateway_configured,
};

fn nats_url() -> String {
    std::env::var("TEST_NATS_URL")
        .ok()
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| "nats://127.0.0.1:4222".to_owned())
}

#[tokio::test]
async fn a_published_revision_is_stored_with_every_file_it_names() {
    let url = nats_url();
    let gateway = spawn_gateway_configured(&[], |config| {
        config.publish_nats_url = Some(url.clone());
    })
    .await;
    let stored = eventually(20, || async {
        let (_, readiness) = gateway.ops_json("/readyz").await;
        let site = &readiness["sites"]["demo"];
        site["storedRevision"].is_string()
            && site["storedRevision"] == readiness["snapshot"]["revision"]
    })
    .await;
    let (_, readiness) = gateway.ops_json("/readyz").await;
    assert!(stored, "{readiness}");

    let client = async_nats::connect(&url)
        .await
        .expect("nats-server answers");
    let depot = Depot::new(client, Buckets::default());
    let manifest = depot
        .revision("demo")
        .await
        .expect("readable")
        .expect("stored");
    assert_eq!(
        manifest.revision, readiness["sites"]["demo"]["storedRevision"],
        "{readiness}"
    );
    // The files are the ones served, byte for byte, with their tags.
    for path in [
        "/",
        "/movies/",
        "/page-data/app-data.json",
        "/sitemap.xml",
        "/404.html",
    ] {
        let file = &manifest.files[path];
        let response = gateway.get(path).await;
        assert_eq!(response.status().as_u16(), file.status, "{path}");
        let etag = response.headers()[header::ETAG]
            .to_str()
            .expect("ascii")
            .to_owned();
        assert_eq!(etag, file.identity.etag, "{path}");
        let served = response.bytes().await.expect("a body");
        let stored = depot.object(&file.identity.object).await.expect("stored");
        assert_eq!(stored, served, "{path}");
    }
    // The revision carries the site it was published for.
    let site = manifest
        .site
        .as_deref()
        .expect("the manifest names its site");
    let source = depot.object(site).await.expect("the site is stored");
    let site = gateway::site_data::from_source(&source, &Default::default()).expect("readable");
    let (_, app_data) = gateway.get_json("/page-data/app-data.json").await;
    assert_eq!(site.site_name(), app_data["site"]["config"]["name"]);
    // A manifest names only stored files.
    for stored in manifest.objects() {
        let bytes = depot
            .object(&stored.object)
            .await
            .expect("every object is stored");
        assert_eq!(bytes.len(), stored.length, "{}", stored.object);
    }
}

#[tokio::test]
async fn without_nats_the_site_is_served_and_readyz_says_its_revision_is_not_stored() {
    let nowhere = format!("nats://127.0.0.1:{}", free_port());
    let gateway = spawn_gateway_configured(&[], |config| {
        config.publish_nats_url = Some(nowhere);
    })
    .await;
    // Storing waits for every file's best Brotli, which on two cores busy with other
    // suites can take well over half a minute.
    let said = eventually(120, || async {
        let (_, readiness) = gateway.ops_json("/readyz").await;
        readiness["sites"]["demo"]["problem"]
            .as_str()
            .is_some_and(|problem| problem.contains("published-files"))
    })
    .await;
    let (_, readiness) = gateway.ops_json("/readyz").await;
    assert!(said, "{readiness}");
    assert!(
        readiness["sites"]["demo"].get("storedRevision").is_none(),
        "{readiness}"
    );
    assert_eq!(
        readiness["sites"]["demo"]["status"], "published",
        "{readiness}"
    );
    assert_eq!(gateway.get("/movies/").await.status(), 200);
}

#[tokio::test]
async fn a_full_object_store_switches_no_revision_and_readyz_says_why() {
    let (url, buckets) = (nats_url(), own_buckets());
    // A store with room for a few pages, not a revision.
    let client = async_nats::connect(&url)
        .await
        .expect("nats-server answers");
    async_nats::jetstream::new(client.clone())
        .create_object_store(async_nats::jetstream::object_store::Config {
            bucket: buckets.files.clone(),
            max_bytes: 64 * 1024,
            ..Default::default()
        })
        .await
        .expect("a small store");
    let gateway = spawn_gateway_configured(&[], |config| {
        config.publish_nats_url = Some(url.clone());
        config.publish_buckets = buckets.clone();
    })
    .await;
    let said = eventually(30, || async {
        let (_, readiness) = gateway.ops_json("/readyz").await;
        readiness["sites"]["demo"]["problem"]
            .as_str()
            .is_some_and(|problem| problem.contains("storing the object"))
    })
    .await;
    let (_, readiness) = gateway.ops_json("/readyz").await;
    assert!(said, "{readiness}");
    assert!(
        readiness["sites"]["demo"]["storedRevision"].is_null(),
        "{readiness}"
    );
    // The site's key names no revision, and this gateway serves what it published.
    let depot = Depot::new(client, buckets.clone());
    assert!(depot.revision("demo").await.expect("readable").is_none());
    assert_eq!(gateway.get("/movies/").await.status(), 200);

    remove(&url, &buckets).await;
}

#[tokio::test]
async fn a_file_missing_from_the_store_is_not_stored_anew_empty_and_readyz_says_so() {
    let (url, buckets) = (nats_url(), own_buckets());
    let first = publishing_gateway(&url, &buckets).await;
    stored_revision(&first).await;
    // The movie list's bytes go missing from the store.
    let client = async_nats::connect(&url)
        .await
        .expect("nats-server answers");
    let depot = Depot::new(client.clone(), buckets.clone());
    let manifest = depot
        .revision("demo")
        .await
        .expect("readable")
        .expect("stored");
    let lost = manifest.files["/movies/"].identity.object.clone();
    async_nats::jetstream::new(client)
        .get_object_store(&buckets.files)
        .await
        .expect("the files' store")
        .delete(&lost)
        .await
        .expect("deleted");

    // Another publisher takes the site over with the stored revision's files, the lost
    // one among them: it cannot store its revision, and says why.
    let second = publishing_gateway(&url, &buckets).await;
    assert_eq!(role(&second).await, "replica");
    first.stop();
    let said = eventually(30, || async {
        let (_, readiness) = second.ops_json("/readyz").await;
        readiness["sites"]["demo"]["role"] == "publisher"
            && readiness["sites"]["demo"]["problem"]
                .as_str()
                .is_some_and(|problem| problem.contains(&lost) && problem.contains("missing"))
    })
    .await;
    let (_, readiness) = second.ops_json("/readyz").await;
    assert!(said, "{readiness}");
    // Nothing (an empty body) stored in its place.
    assert!(depot.object(&lost).await.is_err(), "not stored anew");

    remove(&url, &buckets).await;
}

/// Buckets of the test's own on the local nats-server.
fn own_buckets() -> Buckets {
    let name = test_support::dirs::unique_name("gateway").replace('_', "-");
    Buckets {
        files: format!("{name}-files"),
        revisions: format!("{name}-revisions"),
        leases: format!("{name}-leases"),
        files_bytes: 64 * 1024 * 1024,
        ..Buckets::default()
    }
}

/// Removes the test's buckets from the nats-server at `url` (those it made).
async fn remove(url: &str, buckets: &Buckets) {
    let client = async_nats::connect(url).await.expect("nats-server answers");
    let jetstream = async_nats::jetstream::new(client);
    let _ = jetstream.delete_object_store(&buckets.files).await;
    let _ = jetstream.delete_key_value(&buckets.revisions).await;
    let _ = jetstream.delete_key_value(&buckets.leases).await;
}

/// Waits until `gateway`'s demo site names a stored revision: it.
async fn stored_revision(gateway: &TestGateway) -> String {
    demo_site_field(gateway, "storedRevision").await
}

/// Waits until `gateway`'s demo site has `field` in `/readyz`: its text.
async fn demo_site_field(gateway: &TestGateway, field: &str) -> String {
    let named = eventually(20, || async {
        gateway.ops_json("/readyz").await.1["sites"]["demo"][field].is_string()
    })
    .await;
    let (_, readiness) = gateway.ops_json("/readyz").await;
    assert!(named, "{readiness}");
    readiness["sites"]["demo"][field]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// A GET of `path` with `accept_encoding`: status, ETag, Content-Encoding, policy, body.
async fn fetched(
    gateway: &TestGateway,
    path: &str,
    accept_encoding: &str,
) -> (u16, Value, Vec<u8>) {
    let response = gateway
        .client
        .get(gateway.url(path))
        .header(header::ACCEPT_ENCODING, accept_encoding)
        .send()
        .await
        .expect("answered");
    let header = |name: header::HeaderName| {
        response
            .headers()
            .get(name)
            .map(|value| value.to_str().unwrap_or_default().to_owned())
    };
    let headers = serde_json::json!({
        "etag": header(header::ETAG),
        "encoding": header(header::CONTENT_ENCODING),
        "type": header(header::CONTENT_TYPE),
        "policy": header(header::CONTENT_SECURITY_POLICY),
    });
    let status = response.status().as_u16();
    (
        status,
        headers,
        response.bytes().await.expect("a body").to_vec(),
    )
}

/// A publishing gateway and one that does not publish, sharing `buckets`, once the
/// second serves the revision the first stored; that revision.
async fn publisher_and_replica(url: &str, buckets: &Buckets) -> (TestGateway, TestGateway, String) {
    let publisher = spawn_gateway_configured(&[], |config| {
        config.publish_nats_url = Some(url.to_owned());
        config.publish_buckets = buckets.clone();
    })
    .await;
    let revision = stored_revision(&publisher).await;
    let replica = spawn_gateway_configured(&[], |config| {
        config.publish_nats_url = Some(url.to_owned());
        config.publish_buckets = buckets.clone();
        config.publishes = false;
    })
    .await;
    assert_eq!(stored_revision(&replica).await, revision);
    (publisher, replica, revision)
}

#[tokio::test]
async fn a_gateway_that_does_not_publish_serves_the_revision_another_stored() {
    let (url, buckets) = (nats_url(), own_buckets());
    let (publisher, replica, revision) = publisher_and_replica(&url, &buckets).await;
    let (_, readiness) = replica.ops_json("/readyz").await;
    assert_eq!(
        readiness["snapshot"]["revision"],
        revision.as_str(),
        "{readiness}"
    );

    // The same answers, byte for byte, in each encoding.
    for path in [
        "/",
        "/movies/",
        "/page-data/app-data.json",
        "/sitemap.xml",
        "/no-such-page/",
    ] {
        for encoding in ["br", "gzip", "identity"] {
            assert_eq!(
                fetched(&replica, path, encoding).await,
                fetched(&publisher, path, encoding).await,
                "{path} {encoding}"
            );
        }
    }
    let etag = publisher.get("/movies/").await.headers()[header::ETAG].clone();
    let again = replica
        .client
        .get(replica.url("/movies/"))
        .header(header::IF_NONE_MATCH, etag)
        .send()
        .await
        .expect("answered");
    assert_eq!(again.status(), 304);
    let head = replica
        .client
        .head(replica.url("/movies/"))
        .send()
        .await
        .expect("answered");
    let length = publisher
        .get("/movies/")
        .await
        .bytes()
        .await
        .expect("a body")
        .len();
    assert_eq!(
        head.headers()[header::CONTENT_LENGTH],
        length.to_string().as_str()
    );

    remove(&url, &buckets).await;
}

/// `path` as `gateway` answers it without following a redirect: its status and where
/// it leads.
async fn status_and_location(gateway: &TestGateway, path: &str) -> (u16, String) {
    let response = gateway.get(path).await;
    let location = response
        .headers()
        .get(header::LOCATION)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (response.status().as_u16(), location)
}

#[tokio::test]
async fn a_replica_follows_a_changed_site_setting_with_the_next_revision() {
    let (url, buckets) = (nats_url(), own_buckets());
    let (publisher, replica, revision) = publisher_and_replica(&url, &buckets).await;
    assert_eq!(status_and_location(&replica, "/movies").await.1, "/movies/");

    // The chain turns its trailing-slash rule round: each gateway's catalogue has it (one
    // catalogue in a deployment; one per test gateway here, the replica's first).
    let changed = copy_site(DEMO_SITE);
    let settings_path = changed.join("site.json");
    let settings = std::fs::read_to_string(&settings_path).expect("site.json");
    assert!(settings.contains(r#""trailingSlash": "always""#));
    std::fs::write(
        &settings_path,
        settings.replace(
            r#""trailingSlash": "always""#,
            r#""trailingSlash": "never""#,
        ),
    )
    .expect("written");
    for gateway in [&replica, &publisher] {
        import_into(gateway, &changed).await;
    }
    let followed = eventually(15, || async {
        status_and_location(&replica, "/movies/").await.1 == "/movies"
    })
    .await;
    assert!(
        followed,
        "the replica serves the new revision under the new rule: {:?}",
        status_and_location(&replica, "/movies/").await
    );
    assert_ne!(stored_revision(&replica).await, revision);
    assert_eq!(status_and_location(&replica, "/movies").await.0, 200);

    remove(&url, &buckets).await;
}

/// A publishing gateway sharing `buckets`, with leases that expire one second after
/// their last renewal.
async fn publishing_gateway(url: &str, buckets: &Buckets) -> TestGateway {
    spawn_gateway_configured(&[], |config| {
        config.publish_nats_url = Some(url.to_owned());
        config.publish_buckets = buckets.clone();
        config.lease_ttl = std::time::Duration::from_secs(1);
    })
    .await
}

/// The demo site's role at `gateway`, once it has one.
async fn role(gateway: &TestGateway) -> String {
    demo_site_field(gateway, "role").await
}

#[tokio::test]
async fn one_publishing_gateway_publishes_a_site_and_another_takes_over_when_it_stops() {
    let (url, buckets) = (nats_url(), own_buckets());
    let first = publishing_gateway(&url, &buckets).await;
    let second = publishing_gateway(&url, &buckets).await;
    let roles = (role(&first).await, role(&second).await);
    let (publisher, replica) = match (roles.0.as_str(), roles.1.as_str()) {
        ("publisher", "replica") => (&first, &second),
        ("replica", "publisher") => (&second, &first),
        other => panic!("one publisher and one replica: {other:?}"),
    };
    let revision = stored_revision(publisher).await;
    assert_eq!(
        stored_revision(replica).await,
        revision,
        "the replica serves it"
    );
    assert_eq!(
        fetched(replica, "/movies/", "br").await,
        fetched(publisher, "/movies/", "br").await
    );

    // The publisher stops: its lease expires, and the other gateway publishes.
    publisher.stop();
    let took_over = eventually(15, || async {
        let (_, readiness) = replica.ops_json("/readyz").await;
        readiness["sites"]["demo"]["role"] == "publisher"
            && readiness["snapshot"]["rendered"].is_boolean()
    })
    .await;
    let (_, readiness) = replica.ops_json("/readyz").await;
    assert!(took_over, "{readiness}");
    assert_eq!(replica.get("/movies/").await.status(), 200);

    remove(&url, &buckets).await;
}

/// Imports the demo chain with its first movie retitled `title` into `gateway`'s catalogue
/// (each test gateway has its own).
async fn retitle_first_movie(gateway: &TestGateway, title: &str) {
    let site = copy_site(DEMO_SITE);
    let movies_path = site.join("movies.json");
    let mut movies: Value =
        serde_json::from_str(&std::fs::read_to_string(&movies_path).expect("movies.json"))
            .expect("JSON");
    movies[0]["title"] = title.into();
    std::fs::write(&movies_path, movies.to_string()).expect("written");
    import_into(gateway, &site).await;
}

/// Imports the bundle at `site` as the demo site into `gateway`'s own catalogue.
async fn import_into(gateway: &TestGateway, site: &std::path::Path) {
    svc_catalogue::import::import(
        &catalogue_store(gateway).await,
        "demo",
        site,
        svc_catalogue::version::Clock::default(),
    )
    .await
    .expect("imported");
}

/// Whether `gateway` answers `path` from its kept answers: the outermost layer answers
/// before the request's span, which names the request with its id.
async fn kept(gateway: &TestGateway, path: &str) -> bool {
    let response = gateway.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    !response.headers().contains_key("x-request-id")
}

/// The JSON API of `gateway`, which does not publish the site, after a catalogue change:
/// the new answer, then the same one kept, for the movies and a theater's showtimes.
async fn api_follows_the_catalogue(gateway: &TestGateway, title: &str) {
    const SHOWTIMES: &str = "/api/v1/showtimes?theaterId=101";
    for path in ["/api/v1/movies", SHOWTIMES] {
        gateway.get(path).await;
        assert!(
            kept(gateway, path).await,
            "{path} is kept before the change"
        );
    }
    retitle_first_movie(gateway, title).await;
    let changed = eventually(15, || async {
        let (_, movies) = gateway.get_json("/api/v1/movies").await;
        movies
            .as_array()
            .is_some_and(|movies| movies.iter().any(|movie| movie["title"] == title))
    })
    .await;
    assert!(changed, "the new title is on the JSON API");
    assert!(kept(gateway, "/api/v1/movies").await, "then kept");
    assert!(
        !kept(gateway, SHOWTIMES).await,
        "asked anew in the new revision"
    );
    assert!(kept(gateway, SHOWTIMES).await, "then kept");
}

#[tokio::test]
async fn a_gateway_that_does_not_publish_keeps_its_api_answers_current() {
    let (url, buckets) = (nats_url(), own_buckets());
    let (_publisher, replica, _) = publisher_and_replica(&url, &buckets).await;
    api_follows_the_catalogue(&replica, "Retitled Where It Is Served").await;
    remove(&url, &buckets).await;
}

#[tokio::test]
async fn a_gateway_that_lost_the_sites_lease_keeps_its_api_answers_current() {
    let (url, buckets) = (nats_url(), own_buckets());
    let gateway = publishing_gateway(&url, &buckets).await;
    assert_eq!(role(&gateway).await, "publisher");
    stored_revision(&gateway).await;
    // Another gateway holds the lease now, renewing it well within its second to live.
    let client = async_nats::connect(&url)
        .await
        .expect("nats-server answers");
    let leases = async_nats::jetstream::new(client)
        .get_key_value(&buckets.leases)
        .await
        .expect("the leases' bucket");
    let other_holder = tokio::spawn(async move {
        loop {
            let _ = leases.put("demo", "another-gateway".into()).await;
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
    });
    let lost = eventually(15, || async {
        gateway.ops_json("/readyz").await.1["sites"]["demo"]["role"] == "replica"
    })
    .await;
    assert!(lost, "{}", gateway.ops_json("/readyz").await.1);
    api_follows_the_catalogue(&gateway, "Retitled After The Lease Was Lost").await;
    other_holder.abort();
    remove(&url, &buckets).await;
}
