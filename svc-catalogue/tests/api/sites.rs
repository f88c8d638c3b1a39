//! Many sites in one catalogue (docs/architecture.md#sites): every site of the store is
//! served, each to the calls that name it, none readable through another's name; sites
//! imported while serving are served from their first commit (by another process's
//! import, heard through PostgreSQL, or on SQLite through the file); host names and public URLs are set by the store's
//! functions of the `sites` command and streamed to the gateway.

use std::path::Path;
use std::time::Duration;

use proto::catalogue::v1 as pb;
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use svc_catalogue::Application;
use svc_catalogue::store::{Store, StoreError};
use test_support::polling::eventually;
use test_support::postgres::PostgresDatabase;
use tonic::Code;
use tonic::transport::Channel;

use crate::helpers::{
    DEMO, SINGLE, TODAY, TestCatalogue, config_in, replica_config, serve, spawn_demo,
};

/// How long a test waits for a site written while serving to be served.
const SERVED_WITHIN: Duration = Duration::from_secs(10);

/// `message` about the site `site`.
fn on<T>(site: &str, message: T) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert(
        proto::site::METADATA,
        site.parse().expect("a metadata value"),
    );
    request
}

fn clock() -> svc_catalogue::version::Clock {
    svc_catalogue::version::Clock::on(TODAY.parse().expect("a date"))
}

/// A catalogue replica on PostgreSQL serving the demo, and beside it in the same store,
/// as an import job would write it, `single`'s bundle as the site `single`.
async fn with_single() -> (TestCatalogue, Store, PostgresDatabase) {
    let database = PostgresDatabase::create("catalogue_sites").await;
    let application = Application::build(replica_config(&database.url, Some(Path::new(DEMO))))
        .await
        .expect("the catalogue starts");
    let catalogue = serve(application, test_support::dirs::fresh_dir("catalogue_data")).await;
    let store = Store::connect(&database.url, 2).await.expect("the store");
    svc_catalogue::import::import(&store, "single", Path::new(SINGLE), clock())
        .await
        .expect("imported");
    (catalogue, store, database)
}

/// `single`'s bundle imported as the site `single` into `catalogue`'s SQLite store by a
/// store of its own, as the `import` command's process does: that store.
async fn import_single_beside(catalogue: &TestCatalogue) -> Store {
    let store = svc_catalogue::connect_store(&config_in(Path::new(DEMO), &catalogue.data_dir))
        .await
        .expect("the store");
    svc_catalogue::import::import(&store, "single", Path::new(SINGLE), clock())
        .await
        .expect("imported");
    store
}

async fn site_name(client: &CatalogueClient<Channel>, site: Option<&str>) -> Result<String, Code> {
    let request = match site {
        Some(site) => on(site, pb::GetSiteRequest {}),
        None => tonic::Request::new(pb::GetSiteRequest {}),
    };
    client
        .clone()
        .get_site(request)
        .await
        .map(|site| site.into_inner().config.unwrap_or_default().name)
        .map_err(|status| status.code())
}

#[tokio::test]
async fn a_site_imported_while_serving_is_served_by_its_name_and_a_call_naming_none_is_the_default()
{
    let (catalogue, _store, database) = with_single().await;
    let client = &catalogue.client;
    let served = eventually(SERVED_WITHIN, || async {
        site_name(client, Some("single")).await.is_ok()
    })
    .await;
    assert!(served, "the site imported while serving is served");
    let demo = site_name(client, None).await.expect("the default site");
    let single = site_name(client, Some("single")).await.expect("single");
    assert_ne!(demo, single);
    assert_eq!(site_name(client, Some("demo")).await, Ok(demo));
    assert_eq!(
        site_name(client, Some("nowhere")).await,
        Err(Code::NotFound)
    );
    database.drop().await;
}

#[tokio::test]
async fn on_sqlite_a_site_the_import_command_writes_beside_the_serving_process_is_served() {
    let catalogue = spawn_demo().await;
    import_single_beside(&catalogue).await;
    let client = &catalogue.client;
    let served = eventually(SERVED_WITHIN, || async {
        site_name(client, Some("single")).await.is_ok()
    })
    .await;
    assert!(served, "the site the command imported is served");
}

#[tokio::test]
async fn no_record_of_one_site_is_read_through_another() {
    let (catalogue, _store, database) = with_single().await;
    let client = &catalogue.client;
    let served = eventually(SERVED_WITHIN, || async {
        site_name(client, Some("single")).await.is_ok()
    })
    .await;
    assert!(served);
    let theaters = |site: &'static str| {
        let mut client = client.clone();
        async move {
            client
                .list_theaters(on(site, pb::ListTheatersRequest::default()))
                .await
                .expect("theaters")
                .into_inner()
                .theaters
                .into_iter()
                .map(|theater| theater.id)
                .collect::<Vec<_>>()
        }
    };
    let (demo, single) = (theaters("demo").await, theaters("single").await);
    assert!(!demo.is_empty() && !single.is_empty());
    for id in &demo {
        if single.contains(id) {
            continue;
        }
        let other = client
            .clone()
            .get_theater(on("single", pb::GetTheaterRequest { id: id.clone() }))
            .await
            .expect_err("the demo's theater through single");
        assert_eq!(other.code(), Code::NotFound, "{other:?}");
    }
    let movies = |site: &'static str| {
        let mut client = client.clone();
        async move {
            client
                .list_movies(on(site, pb::ListMoviesRequest::default()))
                .await
                .expect("movies")
                .into_inner()
                .movies
                .into_iter()
                .map(|movie| movie.id)
                .collect::<Vec<_>>()
        }
    };
    assert_ne!(movies("demo").await, movies("single").await);
    database.drop().await;
}

#[tokio::test]
async fn host_names_belong_to_one_site_and_every_change_is_streamed() {
    let (catalogue, store, database) = with_single().await;
    let demo_hosts = ["demo.localhost".to_owned(), "127.0.0.1".to_owned()];
    store
        .set_site_address(
            "demo",
            Some(&demo_hosts),
            Some("https://www.marquee.example"),
        )
        .await
        .expect("set");
    store
        .set_site_address("single", Some(&["single.localhost".to_owned()]), None)
        .await
        .expect("set");
    let taken = store
        .set_site_address("single", Some(&["demo.localhost".to_owned()]), None)
        .await
        .expect_err("a host of another site");
    assert!(
        matches!(&taken, StoreError::Exists(invalid) if invalid.field == "hosts" && invalid.problem.contains("'demo'")),
        "{taken}"
    );

    let mut sites = catalogue
        .client
        .clone()
        .watch_sites(pb::WatchSitesRequest {})
        .await
        .expect("the stream")
        .into_inner();
    let expected = vec![
        pb::SiteAddress {
            site_id: "demo".to_owned(),
            hosts: vec!["127.0.0.1".to_owned(), "demo.localhost".to_owned()],
            public_url: "https://www.marquee.example".to_owned(),
            ..Default::default()
        },
        pb::SiteAddress {
            site_id: "single".to_owned(),
            hosts: vec!["single.localhost".to_owned()],
            ..Default::default()
        },
    ];
    let mut seen = Vec::new();
    let streamed = tokio::time::timeout(SERVED_WITHIN, async {
        while let Some(addresses) = sites.message().await.expect("a message") {
            seen = addresses.sites;
            if seen == expected {
                return true;
            }
        }
        false
    })
    .await;
    assert_eq!(streamed, Ok(true), "{seen:?}");
    // Listed at once, each site with its name (once its catalogue is served).
    let listed = |client: CatalogueClient<Channel>| async move {
        let listed = client
            .clone()
            .list_sites(pb::ListSitesRequest {})
            .await
            .expect("listed")
            .into_inner();
        let named: Vec<(String, String)> = listed
            .sites
            .into_iter()
            .map(|site| (site.site_id, site.name))
            .collect();
        (named, listed.default_site_id)
    };
    let expected_names = vec![
        ("demo".to_owned(), "Marquee Cinemas".to_owned()),
        ("single".to_owned(), "The Bijou".to_owned()),
    ];
    let named = eventually(SERVED_WITHIN, || async {
        listed(catalogue.client.clone()).await.0 == expected_names
    })
    .await;
    assert!(named, "{:?}", listed(catalogue.client.clone()).await);
    assert_eq!(listed(catalogue.client.clone()).await.1, "demo");

    // A host moved from one site to the other is streamed as such.
    store
        .set_site_address("demo", Some(&["127.0.0.1".to_owned()]), Some(""))
        .await
        .expect("set");
    store
        .set_site_address("single", Some(&["demo.localhost".to_owned()]), None)
        .await
        .expect("the host is free now");
    let moved = tokio::time::timeout(SERVED_WITHIN, async {
        while let Some(addresses) = sites.message().await.expect("a message") {
            if addresses.sites.iter().any(|site| {
                site.site_id == "single" && site.hosts.contains(&"demo.localhost".to_owned())
            }) {
                return addresses.sites;
            }
        }
        Vec::new()
    })
    .await
    .expect("streamed");
    assert_eq!(moved[0].hosts, ["127.0.0.1"]);
    assert_eq!(moved[0].public_url, "");
    database.drop().await;
}

#[tokio::test]
async fn every_bundle_of_sites_dir_is_served_at_its_local_host_and_a_broken_one_is_left_out() {
    // The local demo's folder of bundles: the demo, The Bijou, and one that is broken.
    let sites_dir = test_support::dirs::fresh_dir("catalogue_sites_dir");
    test_support::dirs::copy_dir(Path::new(DEMO), &sites_dir.join("demo"));
    test_support::dirs::copy_dir(Path::new(SINGLE), &sites_dir.join("single"));
    std::fs::create_dir_all(sites_dir.join("broken")).expect("a folder");
    std::fs::write(sites_dir.join("broken/site.json"), "{\"config\": ").expect("written");

    let data_dir = test_support::dirs::fresh_dir("catalogue_data");
    let mut config = config_in(&sites_dir.join("demo"), &data_dir);
    config.sites_dir = Some(sites_dir.clone());
    let application = Application::build(config)
        .await
        .expect("a broken bundle does not stop the others");
    let catalogue = serve(application, data_dir).await;

    let client = &catalogue.client;
    let served = eventually(SERVED_WITHIN, || async {
        site_name(client, Some("single")).await.is_ok()
    })
    .await;
    assert!(served, "the other bundle's site is served");
    assert_eq!(
        site_name(&catalogue.client, Some("broken")).await,
        Err(Code::NotFound)
    );
    let addresses = catalogue
        .client
        .clone()
        .watch_sites(pb::WatchSitesRequest {})
        .await
        .expect("the stream")
        .into_inner()
        .message()
        .await
        .expect("a message")
        .expect("the sites");
    let hosts: Vec<(String, Vec<String>)> = addresses
        .sites
        .into_iter()
        .map(|site| (site.site_id, site.hosts))
        .collect();
    assert_eq!(
        hosts,
        [
            (
                "demo".to_owned(),
                vec![
                    "127.0.0.1".to_owned(),
                    "demo.localhost".to_owned(),
                    "localhost".to_owned()
                ]
            ),
            ("single".to_owned(), vec!["single.localhost".to_owned()]),
        ]
    );
    // Each site of the local demo has its ingest key.
    assert!(!catalogue.demo_key("single").is_empty());
    let _ = std::fs::remove_dir_all(sites_dir);
}

#[tokio::test]
async fn a_site_whose_records_make_no_catalogue_is_named_unavailable_and_the_others_serve() {
    let data_dir = test_support::dirs::fresh_dir("catalogue_data");
    let config = config_in(Path::new(DEMO), &data_dir);
    let store = svc_catalogue::connect_store(&config)
        .await
        .expect("the store");
    svc_catalogue::import::import(&store, "single", Path::new(SINGLE), clock())
        .await
        .expect("imported");
    // Settings no bundle check would let through: a time zone that does not exist.
    sqlx::query(
        "UPDATE catalogue_sites \
         SET settings = json_set(settings, '$.config.timeZone', 'Nowhere/Land') \
         WHERE id = 'single'",
    )
    .execute(store.pool())
    .await
    .expect("broken");
    let application = Application::build(config)
        .await
        .expect("the default site starts");
    let catalogue = serve(application, data_dir).await;
    let mut sites = catalogue
        .client
        .clone()
        .watch_sites(pb::WatchSitesRequest {})
        .await
        .expect("the stream")
        .into_inner();
    let named = tokio::time::timeout(SERVED_WITHIN, async {
        while let Some(addresses) = sites.message().await.expect("a message") {
            if let Some(single) = addresses.sites.iter().find(|site| site.site_id == "single")
                && !single.unavailable.is_empty()
            {
                return single.unavailable.clone();
            }
        }
        String::new()
    })
    .await
    .expect("named within 10 s");
    assert!(named.contains("timeZone"), "{named}");
    assert!(site_name(&catalogue.client, Some("demo")).await.is_ok());
    assert_eq!(
        site_name(&catalogue.client, Some("single")).await,
        Err(Code::NotFound)
    );
}

#[tokio::test]
async fn an_ingest_key_writes_its_own_site_only_on_calls_about_that_site() {
    let catalogue = spawn_demo().await;
    let store = import_single_beside(&catalogue).await;
    let (_, single_key) = store.create_key("single", "test").await.expect("a key");
    let demo_key = catalogue.demo_key("demo");
    let client = proto::catalogue::v1::ingest_client::IngestClient::connect(format!(
        "http://{}",
        catalogue.addr
    ))
    .await
    .expect("connect");
    // The answer's code to a delete of a page nobody has, with `key`, about `site`.
    let code = |key: String, site: Option<&'static str>| {
        let mut client = client.clone();
        async move {
            let mut request = tonic::Request::new(pb::DeleteRequest {
                kind: "page".to_owned(),
                id: "no-such-page".to_owned(),
            });
            request.metadata_mut().insert(
                "authorization",
                format!("Bearer {key}").parse().expect("a header value"),
            );
            if let Some(site) = site {
                request
                    .metadata_mut()
                    .insert(proto::site::METADATA, site.parse().expect("a site id"));
            }
            match client.delete(request).await {
                Ok(_) => Code::Ok,
                Err(status) => status.code(),
            }
        }
    };
    assert_ne!(
        code(single_key.clone(), Some("single")).await,
        Code::Unauthenticated
    );
    assert_ne!(
        code(demo_key.clone(), Some("demo")).await,
        Code::Unauthenticated
    );
    assert_ne!(code(demo_key.clone(), None).await, Code::Unauthenticated);
    assert_eq!(
        code(single_key.clone(), Some("demo")).await,
        Code::Unauthenticated
    );
    assert_eq!(code(single_key, None).await, Code::Unauthenticated);
    assert_eq!(code(demo_key, Some("single")).await, Code::Unauthenticated);
}
