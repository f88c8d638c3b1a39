use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use gateway::{Application, Config};
use serde_json::Value;
use test_support::dirs::fresh_dir;
pub use test_support::net::free_port;
use test_support::net::spawn_on_loopback;

/// The password of every member the tests create.
pub const PASSWORD: &str = "Popcorn#2024";

pub const DEMO_SITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/demo");
/// The single-location cinema: loyalty version 1, provider RTS, activation required.
pub const SINGLE_SITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/single");
/// The templates new sites are made from.
const SITE_TEMPLATES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site-templates");

/// The services a test can start without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    Catalogue,
    Loyalty,
    Ads,
    Consent,
    Studio,
}

pub struct TestGateway {
    pub address: String,
    /// The operations listener's base URL (OPS_ADDR): `/metrics` and the detailed
    /// `/readyz`.
    pub ops_address: String,
    /// Stops the gateway when notified ([`TestGateway::stop`]).
    stopping: std::sync::Arc<tokio::sync::Notify>,
    pub client: reqwest::Client,
    /// The services' DATA_DIR (their SQLite stores, the demo's ingest key).
    pub data_dir: PathBuf,
}

impl TestGateway {
    /// The ingest key the embedded demo wrote for the site `site`.
    pub fn ingest_key(&self, site: &str) -> String {
        std::fs::read_to_string(svc_catalogue::import::demo_key_file(&self.data_dir, site))
            .expect("the demo's ingest key")
            .trim()
            .to_owned()
    }

    /// Stops the gateway: it answers no more, and its tasks end.
    pub fn stop(&self) {
        self.stopping.notify_one();
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("the gateway answers")
    }

    /// One `/api/cypher` call as the browser makes it; `session` goes in the session
    /// header.
    pub async fn cypher(
        &self,
        method: &str,
        route: &str,
        payload: Value,
        session: Option<&str>,
    ) -> (u16, Value) {
        let mut body = payload;
        body["reqMetadata"] = serde_json::json!({ "method": method, "route": route });
        let mut request = self.client.post(self.url("/api/cypher")).json(&body);
        if let Some(token) = session {
            request = request.header("Boxoffice-Session-Token", token);
        }
        let response = request.send().await.expect("the gateway answers");
        let status = response.status().as_u16();
        (status, response.json().await.expect("a JSON body"))
    }

    /// Creates a member with a complex password and answers their e-mail address.
    pub async fn create_member(&self, name: &str) -> String {
        let email = format!("{name}@example.com");
        let (status, body) = self
            .cypher(
                "POST",
                "/Member/v3/Create",
                serde_json::json!({
                    "email": email, "username": email, "password": PASSWORD,
                    "firstname": "Ann", "lastname": "Lee", "mobileNumber": "5550100",
                    "zipCode": "10001", "sendNewsletter": "False", "memberLevelId": 0
                }),
                None,
            )
            .await;
        assert_eq!(
            (status, &body["peachCode"]),
            (200, &serde_json::json!(0)),
            "{body}"
        );
        email
    }

    /// Logs in on `route` (a v1 or v3 login route) and answers the body.
    pub async fn login(&self, route: &str, email: &str) -> Value {
        let (status, body) = self
            .cypher(
                "POST",
                route,
                serde_json::json!({ "username": email, "password": PASSWORD }),
                None,
            )
            .await;
        assert_eq!(
            (status, &body["peachCode"]),
            (200, &serde_json::json!(0)),
            "{body}"
        );
        body
    }

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        let body = response.json().await.expect("a JSON body");
        (status, body)
    }

    /// GET `path` on the operations listener.
    pub async fn ops_get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.ops_address))
            .send()
            .await
            .expect("the operations listener answers")
    }

    /// GET `path` on the operations listener: its status and JSON body.
    pub async fn ops_json(&self, path: &str) -> (u16, Value) {
        let response = self.ops_get(path).await;
        let status = response.status().as_u16();
        let body = response.json().await.expect("a JSON body");
        (status, body)
    }
}

/// The gateway with every service up.
pub async fn spawn_gateway() -> TestGateway {
    spawn_gateway_without(&[]).await
}

/// The gateway with the `down` services unreachable (a closed loopback port).
pub async fn spawn_gateway_without(down: &[Service]) -> TestGateway {
    spawn_gateway_with(down, &[]).await
}

/// The gateway with the `down` services unreachable and its configuration adjusted by
/// `adjust` after it is read.
pub async fn spawn_gateway_configured(
    down: &[Service],
    adjust: impl FnOnce(&mut Config),
) -> TestGateway {
    spawn(DEMO_SITE, down, &ServiceVars::default(), adjust).await
}

/// The gateway with svc-loyalty configured by `loyalty_vars` and its own configuration
/// adjusted by `adjust`.
pub async fn spawn_gateway_with_config(
    loyalty_vars: &[(&str, &str)],
    adjust: impl FnOnce(&mut Config),
) -> TestGateway {
    let vars = ServiceVars {
        loyalty: loyalty_vars,
        ..ServiceVars::default()
    };
    spawn(DEMO_SITE, &[], &vars, adjust).await
}

/// The gateway with svc-loyalty configured by `loyalty_vars` on top of a fresh data
/// directory (its SQLite store) and a generous rate limit.
pub async fn spawn_gateway_with(down: &[Service], loyalty_vars: &[(&str, &str)]) -> TestGateway {
    spawn_gateway_for_site(DEMO_SITE, down, loyalty_vars).await
}

/// The gateway serving the site bundle in `site_dir`.
pub async fn spawn_gateway_for_site(
    site_dir: &str,
    down: &[Service],
    loyalty_vars: &[(&str, &str)],
) -> TestGateway {
    let vars = ServiceVars {
        loyalty: loyalty_vars,
        ..ServiceVars::default()
    };
    spawn(site_dir, down, &vars, |_| {}).await
}

/// The gateway with svc-catalogue configured by `catalogue_vars` (a test's clock).
pub async fn spawn_gateway_with_catalogue(catalogue_vars: &[(&str, &str)]) -> TestGateway {
    let vars = ServiceVars {
        catalogue: catalogue_vars,
        ..ServiceVars::default()
    };
    spawn(DEMO_SITE, &[], &vars, |_| {}).await
}

/// The gateway with svc-loyalty and svc-catalogue sending their events to `nats_url`.
pub async fn spawn_gateway_with_nats(nats_url: &str) -> TestGateway {
    let nats = [("NATS_URL", nats_url)];
    let vars = ServiceVars {
        loyalty: &nats,
        catalogue: &nats,
        ..ServiceVars::default()
    };
    spawn(DEMO_SITE, &[], &vars, |_| {}).await
}

/// The gateway with svc-studio configured by `studio_vars` (single sign-on).
pub async fn spawn_gateway_with_studio(studio_vars: &[(&str, &str)]) -> TestGateway {
    let vars = ServiceVars {
        studio: studio_vars,
        ..ServiceVars::default()
    };
    spawn(DEMO_SITE, &[], &vars, |_| {}).await
}

/// Variables of services beside the data directory and the site bundle.
#[derive(Default)]
struct ServiceVars<'a> {
    loyalty: &'a [(&'a str, &'a str)],
    catalogue: &'a [(&'a str, &'a str)],
    studio: &'a [(&'a str, &'a str)],
}

/// The value of `name` among `vars`.
fn var_of(vars: &[(&str, &str)], name: &str) -> Option<String> {
    vars.iter()
        .find(|(var, _)| *var == name)
        .map(|(_, value)| (*value).to_owned())
}

/// Every service of the bundle in `site_dir` but the `down` ones, on a fresh data
/// directory, and the gateway in front of them.
async fn spawn(
    site_dir: &str,
    down: &[Service],
    vars: &ServiceVars<'_>,
    adjust: impl FnOnce(&mut Config),
) -> TestGateway {
    let data_path = fresh_dir("gateway_test_data");
    let data_dir = data_path.display().to_string();
    let lookup = |name: &str| match name {
        "SITE_DIR" => Some(site_dir.to_owned()),
        "DATA_DIR" => Some(data_dir.clone()),
        "SITE_TEMPLATES_DIR" => Some(SITE_TEMPLATES.to_owned()),
        _ => None,
    };
    let catalogue = if down.contains(&Service::Catalogue) {
        closed_address()
    } else {
        let catalogue_lookup = |name: &str| var_of(vars.catalogue, name).or_else(|| lookup(name));
        let app = svc_catalogue::Application::build(
            svc_catalogue::Config::from_lookup(catalogue_lookup).expect("catalogue configuration"),
        )
        .await
        .expect("the demo bundle loads");
        spawn_on_loopback(|listener| app.serve(listener, std::future::pending())).await
    };
    let loyalty = if down.contains(&Service::Loyalty) {
        closed_address()
    } else {
        let loyalty_lookup = |name: &str| {
            if let Some(value) = var_of(vars.loyalty, name) {
                return Some(value);
            }
            match name {
                "CATALOGUE_ADDR" => Some(catalogue.clone()),
                "LOYALTY_RATE_LIMIT_PER_MINUTE" => Some("1000".to_owned()),
                _ => lookup(name),
            }
        };
        let app = svc_loyalty::Application::build(
            svc_loyalty::Config::from_lookup(loyalty_lookup).expect("loyalty configuration"),
        )
        .await
        .expect("loyalty builds");
        spawn_on_loopback(|listener| app.serve(listener, std::future::pending())).await
    };
    let ads = if down.contains(&Service::Ads) {
        closed_address()
    } else {
        let app = svc_ads::Application::build(
            svc_ads::Config::from_lookup(lookup).expect("ads configuration"),
        )
        .await
        .expect("ads builds");
        spawn_on_loopback(|listener| app.serve(listener, std::future::pending())).await
    };
    let consent = if down.contains(&Service::Consent) {
        closed_address()
    } else {
        let app = svc_consent::Application::build(
            svc_consent::Config::from_lookup(lookup).expect("consent configuration"),
        )
        .await
        .expect("consent builds");
        spawn_on_loopback(|listener| app.serve(listener, std::future::pending())).await
    };
    let studio = if down.contains(&Service::Studio) {
        closed_address()
    } else {
        let studio_lookup = |name: &str| match name {
            "CATALOGUE_ADDR" => Some(catalogue.clone()),
            "LOYALTY_ADDR" => Some(loyalty.clone()),
            _ => var_of(vars.studio, name).or_else(|| lookup(name)),
        };
        let app = svc_studio::Application::build(
            svc_studio::Config::from_lookup(studio_lookup).expect("studio configuration"),
        )
        .await
        .expect("studio builds");
        spawn_on_loopback(|listener| app.serve(listener, std::future::pending())).await
    };

    let renderer = closed_address();
    let dist = web_dist();
    let dist_text = dist.display().to_string();
    let mut config = Config::from_lookup(
        |name| match name {
            "GATEWAY_ADDR" => Some("127.0.0.1:0".to_owned()),
            "OPS_ADDR" => Some("127.0.0.1:0".to_owned()),
            // The default site, as the services take it (SITE_ID from the bundle's folder).
            "SITE_DIR" => Some(site_dir.to_owned()),
            "CATALOGUE_ADDR" => Some(catalogue.clone()),
            "LOYALTY_ADDR" => Some(loyalty.clone()),
            "ADS_ADDR" => Some(ads.clone()),
            "CONSENT_ADDR" => Some(consent.clone()),
            "STUDIO_ADDR" => Some(studio.clone()),
            "STUDIO_HOSTS" => Some(STUDIO_HOST.to_owned()),
            "WEB_DIST" => Some(dist_text.clone()),
            // The deployment's default: a member's password hashed while the whole suite
            // runs beside the chaos tests on two cores can take over a second.
            "GRPC_TIMEOUT_MS" => Some("2000".to_owned()),
            // No renderer: pages are published with the shell and their data.
            "RENDERER_URL" => Some(format!("http://{renderer}")),
            _ => None,
        },
        false,
    )
    .expect("gateway configuration");
    adjust(&mut config);
    let application = Application::build(config, |_| None)
        .await
        .expect("the gateway builds");
    let address = format!(
        "http://{}",
        application.local_addr().expect("a local address")
    );
    let ops_address = format!(
        "http://{}",
        application
            .local_ops_addr()
            .expect("an operations listener")
    );
    let stopping = std::sync::Arc::new(tokio::sync::Notify::new());
    let stopped = stopping.clone();
    tokio::spawn(application.run_until_stopped(async move { stopped.notified().await }));
    TestGateway {
        address,
        ops_address,
        stopping,
        client: platform::tls::http_client()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("an HTTP client"),
        data_dir: data_path,
    }
}

/// A loopback address where nothing listens.
fn closed_address() -> String {
    format!("127.0.0.1:{}", free_port())
}

/// A minimal built web app: the HTML shell (untitled, like the real one) loading one
/// hashed asset, which has its Brotli copy.
fn web_dist() -> PathBuf {
    let dir = fresh_dir("gateway_test_dist");
    std::fs::create_dir_all(dir.join("assets")).expect("create the dist folder");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\" /><script type=\"module\" crossorigin src=\"/assets/app-3f9a1c.js\"></script></head><body><div id=\"root\"></div><div id=\"modal-root\"></div></body></html>",
    )
    .expect("write index.html");
    std::fs::write(dir.join("studio.html"), STUDIO_PAGE).expect("write studio.html");
    std::fs::write(dir.join("assets/app-3f9a1c.js"), "console.log('app');")
        .expect("write an asset");
    std::fs::write(dir.join("assets/app-3f9a1c.js.br"), BROTLI_ASSET).expect("write an asset");
    std::fs::write(
        dir.join("favicon.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .expect("write the icon");
    dir
}

/// The studio's host name in the tests (STUDIO_HOSTS).
pub const STUDIO_HOST: &str = "studio.localhost";

/// `studio.html` of the test build.
pub const STUDIO_PAGE: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\" /><title>Studio</title><script type=\"module\" crossorigin src=\"/assets/app-3f9a1c.js\"></script></head><body><div id=\"studio\"></div></body></html>";

/// The content of `assets/app-3f9a1c.js.br` in the test build.
pub const BROTLI_ASSET: &[u8] = b"brotli bytes";

/// The `{"error": {"code", "message"}}` body's code and message.
pub fn error_of(body: &Value) -> (&str, &str) {
    (
        body["error"]["code"].as_str().expect("an error code"),
        body["error"]["message"].as_str().expect("an error message"),
    )
}

/// The first movie of the demo chain that is showing.
pub async fn a_showing_movie(gateway: &TestGateway) -> Value {
    let (_, movies) = gateway
        .get_json("/api/v1/movies?playWeek=CURRENT_PLAYWEEK")
        .await;
    movies[0].clone()
}

/// The real renderer (`web/renderer/`, run by Node from the web app's build: `make web`
/// first).
pub struct Renderer {
    pub child: tokio::process::Child,
    port: u16,
}

impl Renderer {
    /// `node web/renderer/server.mjs` on `port`, answering its health check.
    pub async fn start(port: u16) -> Renderer {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/renderer/server.mjs");
        // Absolute: `make` exports WEB_DIST relative to the repository, and tests run in
        // the crate's folder.
        let web_dist = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist");
        let child = tokio::process::Command::new("node")
            .arg(script)
            .env("WEB_DIST", web_dist)
            .env("RENDERER_ADDR", format!("127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("node runs the renderer");
        let renderer = Renderer { child, port };
        let client = platform::tls::http_client()
            .build()
            .expect("an HTTP client");
        for _ in 0..200 {
            let health = client
                .get(format!("{}/healthz", renderer.url()))
                .send()
                .await;
            if health.is_ok_and(|response| response.status().is_success()) {
                return renderer;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the renderer did not start (is the web app built? make web)");
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

/// The web app's real build (`make web`): the published pages' template, and what the
/// renderer renders with.
pub fn built_web_app() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist"))
}

/// The gateway serving the bundle in `site_dir` with the real web app, published
/// through the renderer at `renderer_url`.
pub async fn spawn_rendered_gateway(site_dir: &str, renderer_url: &str) -> TestGateway {
    let renderer_url = renderer_url.to_owned();
    spawn(site_dir, &[], &ServiceVars::default(), move |config| {
        config.web_dist = built_web_app();
        config.renderer_url = Some(renderer_url);
    })
    .await
}

/// The gateway's catalogue store, as the `import` and `sites` commands open it.
pub async fn catalogue_store(gateway: &TestGateway) -> svc_catalogue::store::Store {
    let data_dir = gateway.data_dir.display().to_string();
    let config = svc_catalogue::Config::from_lookup(|name| match name {
        "SITE_DIR" => Some(DEMO_SITE.to_owned()),
        "DATA_DIR" => Some(data_dir.clone()),
        _ => None,
    })
    .expect("a configuration");
    svc_catalogue::connect_store(&config)
        .await
        .expect("the store")
}

/// A private copy of a site bundle that a test may change.
pub fn copy_site(from: &str) -> PathBuf {
    let to = fresh_dir("gateway_test_site");
    test_support::dirs::copy_dir(std::path::Path::new(from), &to);
    to
}

/// Waits until `check` holds, for at most `seconds`.
pub async fn eventually<F, Fut>(seconds: u64, check: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    test_support::polling::eventually(Duration::from_secs(seconds), check).await
}
