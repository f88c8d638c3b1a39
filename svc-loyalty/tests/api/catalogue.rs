//! The real catalogue service, one for every test of this binary, from which svc-loyalty
//! learns each site's loyalty settings as in a deployment. It serves the demo chain
//! (BOOST_POS) as its default site, The Bijou (site/single: RTS, includeActivation) as
//! `single`, and copies of the demo chain whose loyalty settings differ, each a site of
//! its own: a test picks one with svc-loyalty's SITE_ID or a call's `site-id`.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::{Value, json};

const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/demo");
const SINGLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/single");

/// The demo chain whose new members must be activated.
pub const ACTIVATING: &str = "demo-activating";
/// The demo chain letting members past their expiry log in, with two-hour sessions.
pub const LENIENT: &str = "demo-lenient";
/// The demo chain's settings, as a second chain's.
pub const TWIN: &str = "demo-twin";
/// The Bijou with no membership activation: its members log in as soon as they join.
pub const OPEN_BIJOU: &str = "single-open";
/// The demo chain, for the one test that changes its bundle ([`change_loyalty`]).
pub const CHANGING: &str = "demo-changing";

/// The catalogue: its address, and the folder of its sites' bundles but the demo's.
struct Catalogue {
    address: String,
    sites: PathBuf,
}

/// The catalogue's address.
pub fn address() -> String {
    catalogue().address.clone()
}

/// Where `site`'s bundle is (not the demo's): the catalogue imports a change to it within
/// 100 ms.
pub fn bundle(site: &str) -> PathBuf {
    catalogue().sites.join(site)
}

/// The catalogue, started by the first test that asks on a thread of its own, so that it
/// outlives each test's runtime.
fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let (started, address) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .expect("a runtime for the catalogue");
            runtime.block_on(async {
                started.send(spawn().await).expect("the test waits");
                std::future::pending::<()>().await;
            });
        });
        address.recv().expect("the catalogue starts")
    })
}

/// Starts the catalogue on a random loopback port.
async fn spawn() -> Catalogue {
    let data_dir = test_support::dirs::fresh_dir("loyalty_catalogue");
    let sites = data_dir.join("sites");
    test_support::dirs::copy_dir(Path::new(SINGLE), &sites.join("single"));
    copy_with_loyalty(
        SINGLE,
        &sites.join(OPEN_BIJOU),
        json!({"includeActivation": false}),
    );
    copy_with_loyalty(
        DEMO,
        &sites.join(ACTIVATING),
        json!({"includeActivation": true, "circuitId": "MQ"}),
    );
    copy_with_loyalty(DEMO, &sites.join(TWIN), json!({}));
    copy_with_loyalty(DEMO, &sites.join(CHANGING), json!({}));
    copy_with_loyalty(
        DEMO,
        &sites.join(LENIENT),
        json!({"allowExpiredAccountsLogin": true, "sessionTimeout": 2}),
    );
    let config = svc_catalogue::Config::from_lookup(|name| match name {
        "SITE_DIR" => Some(DEMO.to_owned()),
        "SITES_DIR" => Some(sites.display().to_string()),
        "DATA_DIR" => Some(data_dir.display().to_string()),
        "CATALOGUE_RELOAD_MS" => Some("100".to_owned()),
        _ => None,
    })
    .expect("a valid configuration");
    let application = svc_catalogue::Application::build(config)
        .await
        .expect("the catalogue starts");
    let address = test_support::net::spawn_on_loopback(|listener| {
        application.serve(listener, std::future::pending())
    })
    .await;
    Catalogue { address, sites }
}

/// A copy of the bundle `from` at `to`, with `changes` to its loyalty settings.
fn copy_with_loyalty(from: &str, to: &Path, changes: Value) {
    test_support::dirs::copy_dir(Path::new(from), to);
    change_loyalty(to, &changes);
}

/// Changes the loyalty settings of the bundle at `bundle`: the values of `changes` replace
/// theirs. The new file replaces the old at once, so the catalogue never reads half of it.
pub fn change_loyalty(bundle: &Path, changes: &Value) {
    let file = bundle.join("site.json");
    let mut site: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("site.json")).expect("JSON");
    for (name, value) in changes.as_object().expect("an object") {
        site["loyalty"][name] = value.clone();
    }
    let written = bundle.join("site.json.new");
    std::fs::write(&written, site.to_string()).expect("write site.json");
    std::fs::rename(&written, &file).expect("replace site.json");
}
