//! Each site's published revisions stored for the deployment in NATS JetStream
//! (DESIGN.md section 12, "Published once"; PUBLISH_NATS_URL): every file's bytes as an
//! object named by their SHA-256, then the revision's manifest, then the site's key, on
//! the local nats-server.

use gateway::publish::depot::{Buckets, Depot};
use reqwest::header;

use crate::helpers::{eventually, free_port, spawn_gateway_configured};

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
        let (_, readiness) = gateway.get_json("/readyz").await;
        let site = &readiness["sites"]["demo"];
        site["storedRevision"].is_string()
            && site["storedRevision"] == readiness["snapshot"]["revision"]
    })
    .await;
    let (_, readiness) = gateway.get_json("/readyz").await;
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
    let said = eventually(30, || async {
        let (_, readiness) = gateway.get_json("/readyz").await;
        readiness["sites"]["demo"]["problem"]
            .as_str()
            .is_some_and(|problem| problem.contains("published-files"))
    })
    .await;
    let (_, readiness) = gateway.get_json("/readyz").await;
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
