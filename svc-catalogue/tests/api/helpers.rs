use std::path::{Path, PathBuf};

use proto::catalogue::v1::catalogue_client::CatalogueClient;
use svc_catalogue::{Application, Config};
use tonic::transport::Channel;

pub const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/demo");
pub const SINGLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/single");
/// Who the store's writes in tests are by, as its history names them.
pub const TEST_AUTHOR: svc_catalogue::store::Author<'static> =
    svc_catalogue::store::Author::named("test");

/// A Sunday: the play week started on Friday 2026-11-20.
pub const TODAY: &str = "2026-11-22";

/// Serves the bundle in `site_dir`, with a store of its own in `data_dir`.
pub fn config_in(site_dir: &Path, data_dir: &Path) -> Config {
    let site_dir = site_dir.display().to_string();
    let data_dir = data_dir.display().to_string();
    Config::from_lookup(|name| match name {
        "SITE_DIR" => Some(site_dir.clone()),
        "DATA_DIR" => Some(data_dir.clone()),
        "CATALOGUE_TODAY" => Some(TODAY.to_owned()),
        "CATALOGUE_RELOAD_MS" => Some("100".to_owned()),
        _ => None,
    })
    .expect("a valid configuration")
}

/// Serves the bundle in `site_dir`, with a store of its own.
pub fn config(site_dir: &Path) -> Config {
    config_in(site_dir, &test_support::dirs::fresh_dir("catalogue_data"))
}

/// A replica of the distributed stack: the store on PostgreSQL at `database_url`, the
/// site `demo`, imported from `site_dir` if given.
pub fn replica_config(database_url: &str, site_dir: Option<&Path>) -> Config {
    let site_dir = site_dir.map_or_else(String::new, |dir| dir.display().to_string());
    let database_url = database_url.to_owned();
    Config::from_lookup(|name| match name {
        "SITE_DIR" => Some(site_dir.clone()),
        "SITE_ID" => Some("demo".to_owned()),
        "DATABASE_URL" => Some(database_url.clone()),
        "CATALOGUE_TODAY" => Some(TODAY.to_owned()),
        "CATALOGUE_RELOAD_MS" => Some("100".to_owned()),
        _ => None,
    })
    .expect("a valid configuration")
}

pub struct TestCatalogue {
    pub client: CatalogueClient<Channel>,
    /// The connection, for the service's other clients (health).
    pub channel: Channel,
    pub addr: String,
    /// DATA_DIR: the SQLite store and the demo's ingest key.
    pub data_dir: PathBuf,
}

impl TestCatalogue {
    /// The ingest key the embedded demo wrote for `site`.
    pub fn demo_key(&self, site: &str) -> String {
        let file = svc_catalogue::import::demo_key_file(&self.data_dir, site);
        std::fs::read_to_string(&file)
            .expect("the demo's ingest key file")
            .trim()
            .to_owned()
    }
}

/// Serves the bundle in `site_dir` and connects a client.
pub async fn spawn_catalogue(site_dir: &Path) -> TestCatalogue {
    let data_dir = test_support::dirs::fresh_dir("catalogue_data");
    let application = Application::build(config_in(site_dir, &data_dir))
        .await
        .expect("the bundle loads");
    serve(application, data_dir).await
}

/// Serves `application`, whose store is in `data_dir`, and connects a client.
pub async fn serve(application: Application, data_dir: PathBuf) -> TestCatalogue {
    let addr = test_support::net::spawn_on_loopback(|listener| {
        application.serve(listener, std::future::pending())
    })
    .await;
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
        .expect("a URI")
        .connect()
        .await
        .expect("connect");
    TestCatalogue {
        client: CatalogueClient::new(channel.clone()),
        channel,
        addr,
        data_dir,
    }
}

pub async fn spawn_demo() -> TestCatalogue {
    spawn_catalogue(Path::new(DEMO)).await
}

/// A private copy of a bundle that a test may change.
pub fn copy_bundle(from: &str) -> PathBuf {
    let to = test_support::dirs::fresh_dir("catalogue_bundle");
    test_support::dirs::copy_dir(Path::new(from), &to);
    to
}

/// Rewrites one JSON file of a bundle copy.
pub fn edit_json(dir: &Path, file: &str, edit: impl FnOnce(&mut serde_json::Value)) {
    let path = dir.join(file);
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("JSON");
    edit(&mut value);
    std::fs::write(&path, serde_json::to_string_pretty(&value).expect("JSON")).expect("write");
}
