//! Many sites on one gateway (docs/architecture.md#sites): with one site, every host is its;
//! once the catalogue names a second site and each site's hosts, a request goes to the
//! site its Host names, nothing of one site is answered through another's host, and a
//! host no site has is 404 (the JSON error under /api/, a page elsewhere; the
//! operations endpoints answer on any host).

use std::path::Path;

use reqwest::header::{CONTENT_TYPE, HOST};
use serde_json::Value;

use crate::helpers::{
    SINGLE_SITE, TestGateway, catalogue_store, error_of, eventually, spawn_gateway,
    spawn_gateway_with,
};

/// `path` asked of the gateway under the host name `host`.
async fn get_at(gateway: &TestGateway, host: &str, path: &str) -> reqwest::Response {
    gateway
        .client
        .get(gateway.url(path))
        .header(HOST, format!("{host}:8080"))
        .send()
        .await
        .expect("the gateway answers")
}

async fn json_at(gateway: &TestGateway, host: &str, path: &str) -> (u16, Value) {
    let response = get_at(gateway, host, path).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub async fn site_name_at(gateway: &TestGateway, host: &str) -> String {
    let (_, site) = json_at(gateway, host, "/api/v1/site").await;
    site["config"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Writes `single`'s bundle beside the demo in the gateway's catalogue store, as the
/// `import` and `sites` commands do, with a host name for each site.
pub async fn add_single(gateway: &TestGateway) {
    let store = catalogue_store(gateway).await;
    let clock = svc_catalogue::version::Clock::default();
    svc_catalogue::import::import(&store, "single", Path::new(SINGLE_SITE), clock)
        .await
        .expect("imported");
    store
        .set_site_address("demo", Some(&["demo.localhost".to_owned()]), None)
        .await
        .expect("the demo's host");
    store
        .set_site_address("single", Some(&["single.localhost".to_owned()]), None)
        .await
        .expect("single's host");
}

#[tokio::test]
async fn one_site_serves_every_host_and_two_each_their_own() {
    let gateway = spawn_gateway().await;
    let demo = site_name_at(&gateway, "anything.example").await;
    assert!(!demo.is_empty(), "the only site answers any host");

    add_single(&gateway).await;
    let routed = eventually(15, || async {
        let single = site_name_at(&gateway, "single.localhost").await;
        !single.is_empty() && single != demo
    })
    .await;
    assert!(routed, "single.localhost is the site single");
    assert_eq!(site_name_at(&gateway, "demo.localhost").await, demo);
    assert_eq!(site_name_at(&gateway, "DEMO.localhost").await, demo);

    // Each host has its own published app data.
    let app_data = |host: &'static str| {
        let gateway = &gateway;
        async move {
            get_at(gateway, host, "/page-data/app-data.json")
                .await
                .bytes()
                .await
                .expect("a body")
        }
    };
    let published = eventually(15, || async {
        let single = app_data("single.localhost").await;
        !single.is_empty() && single != app_data("demo.localhost").await
    })
    .await;
    assert!(published, "each site publishes its own app data");
}

#[tokio::test]
async fn nothing_of_one_site_is_answered_through_another_s_host() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = json_at(&gateway, "demo.localhost", "/api/v1/theaters").await;
    let demo_theaters: Vec<String> = theaters
        .as_array()
        .expect("a list")
        .iter()
        .map(|theater| theater["id"].as_str().unwrap_or_default().to_owned())
        .collect();
    add_single(&gateway).await;
    let routed = eventually(15, || async {
        site_name_at(&gateway, "single.localhost").await
            != site_name_at(&gateway, "demo.localhost").await
    })
    .await;
    assert!(routed);
    let (_, single) = json_at(&gateway, "single.localhost", "/api/v1/theaters").await;
    let single_theaters: Vec<&str> = single
        .as_array()
        .expect("a list")
        .iter()
        .map(|theater| theater["id"].as_str().unwrap_or_default())
        .collect();
    for id in demo_theaters
        .iter()
        .filter(|id| !single_theaters.contains(&id.as_str()))
    {
        let (status, body) = json_at(
            &gateway,
            "single.localhost",
            &format!("/api/v1/theaters/{id}"),
        )
        .await;
        assert_eq!(
            status, 404,
            "the demo's theater {id} through single: {body}"
        );
        let (status, _) = json_at(
            &gateway,
            "demo.localhost",
            &format!("/api/v1/theaters/{id}"),
        )
        .await;
        assert_eq!(status, 200, "the demo's theater {id} through the demo");
    }
}

#[tokio::test]
async fn a_host_no_site_has_is_not_found_once_there_are_two() {
    let gateway = spawn_gateway().await;
    add_single(&gateway).await;
    let unknown = eventually(15, || async {
        get_at(&gateway, "nowhere.example", "/").await.status() == 404
    })
    .await;
    assert!(unknown, "an unknown host is not found");
    let (status, body) = json_at(&gateway, "nowhere.example", "/api/v1/movies").await;
    assert_eq!(status, 404);
    assert_eq!(error_of(&body).0, "unknown_host");
    // Probes name an address, not a site.
    assert_eq!(get_at(&gateway, "10.0.0.7", "/readyz").await.status(), 200);
    assert_eq!(get_at(&gateway, "10.0.0.7", "/healthz").await.status(), 200);
    let page = get_at(&gateway, "nowhere.example", "/movies/").await;
    assert_eq!(page.status(), 404);
    assert!(
        page.headers()[CONTENT_TYPE]
            .to_str()
            .unwrap_or_default()
            .starts_with("text/html"),
        "a page elsewhere"
    );
}

#[tokio::test]
async fn readyz_names_a_site_whose_settings_broke_and_it_and_the_others_still_serve() {
    let gateway = spawn_gateway().await;
    add_single(&gateway).await;
    let routed = eventually(15, || async {
        let (_, ready) = gateway.ops_json("/readyz").await;
        ready["sites"]["single"]["status"] == "published"
    })
    .await;
    assert!(routed, "both sites published");
    // Settings no bundle check would let through, as a faulty writer might leave them,
    // committed: the catalogue hears the file change and reads the site again.
    let store = catalogue_store(&gateway).await;
    sqlx::query(
        "UPDATE catalogue_sites \
         SET settings = json_set(settings, '$.config.timeZone', 'Nowhere/Land'), \
         version = version + 1, records_version = version + 1, revision = 'broken' \
         WHERE id = 'single'",
    )
    .execute(store.pool())
    .await
    .expect("broken");
    let named = eventually(15, || async {
        let (_, ready) = gateway.ops_json("/readyz").await;
        ready["sites"]["single"]["status"] == "stale"
    })
    .await;
    let (_, ready) = gateway.ops_json("/readyz").await;
    assert!(named, "{ready}");
    assert_eq!(ready["status"], "degraded", "{ready}");
    assert_eq!(ready["sites"]["demo"]["status"], "published", "{ready}");
    assert!(
        ready["sites"]["single"]["problem"]
            .as_str()
            .is_some_and(|problem| problem.contains("timeZone")),
        "{ready}"
    );
    assert!(!site_name_at(&gateway, "demo.localhost").await.is_empty());
    assert!(
        !site_name_at(&gateway, "single.localhost").await.is_empty(),
        "the last good revision of the broken site serves"
    );
}

/// Every call names its site, the default site's too: svc-loyalty configured with
/// another default site (SITE_ID) still files the demo's members under the demo.
#[tokio::test]
async fn a_service_with_another_default_site_gets_the_demos_calls_as_the_demos() {
    let gateway = spawn_gateway_with(&[], &[("SITE_ID", "elsewhere")]).await;
    let email = gateway.create_member("named-site").await;
    gateway.login("/Member/v3/Login", &email).await;
    let store = svc_loyalty::store::Store::connect(
        &format!(
            "sqlite://{}?mode=rwc",
            gateway.data_dir.join("loyalty.db").display()
        ),
        1,
    )
    .await
    .expect("the loyalty store");
    let site: String = sqlx::query_scalar("SELECT site_id FROM members WHERE email = $1")
        .bind(&email)
        .fetch_one(store.pool())
        .await
        .expect("the member");
    assert_eq!(site, "demo");
}
