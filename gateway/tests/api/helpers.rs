use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use gateway::{Application, Config};
use serde_json::Value;
use tokio::net::TcpListener;

pub const DEMO_SITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/demo");

/// The services a test can start without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    Catalogue,
    Loyalty,
    Ads,
    Consent,
}

pub struct TestGateway {
    pub address: String,
    pub client: reqwest::Client,
}

impl TestGateway {
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

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let response = self.get(path).await;
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
    let lookup = |name: &str| (name == "SITE_DIR").then(|| DEMO_SITE.to_owned());
    let catalogue = if down.contains(&Service::Catalogue) {
        closed_port().await
    } else {
        let app = svc_catalogue::Application::build(
            svc_catalogue::Config::from_lookup(lookup).expect("catalogue configuration"),
        )
        .await
        .expect("the demo bundle loads");
        serve(|listener| app.serve(listener, std::future::pending())).await
    };
    let loyalty = if down.contains(&Service::Loyalty) {
        closed_port().await
    } else {
        let app = svc_loyalty::Application::build(
            svc_loyalty::Config::from_lookup(lookup).expect("loyalty configuration"),
        )
        .await
        .expect("loyalty builds");
        serve(|listener| app.serve(listener, std::future::pending())).await
    };
    let ads = if down.contains(&Service::Ads) {
        closed_port().await
    } else {
        let app = svc_ads::Application::build(
            svc_ads::Config::from_lookup(lookup).expect("ads configuration"),
        )
        .await
        .expect("ads builds");
        serve(|listener| app.serve(listener, std::future::pending())).await
    };
    let consent = if down.contains(&Service::Consent) {
        closed_port().await
    } else {
        let app = svc_consent::Application::build(
            svc_consent::Config::from_lookup(lookup).expect("consent configuration"),
        )
        .await
        .expect("consent builds");
        serve(|listener| app.serve(listener, std::future::pending())).await
    };

    let dist = web_dist();
    let dist_text = dist.display().to_string();
    let config = Config::from_lookup(
        |name| match name {
            "GATEWAY_ADDR" => Some("127.0.0.1:0".to_owned()),
            "CATALOGUE_ADDR" => Some(catalogue.clone()),
            "LOYALTY_ADDR" => Some(loyalty.clone()),
            "ADS_ADDR" => Some(ads.clone()),
            "CONSENT_ADDR" => Some(consent.clone()),
            "WEB_DIST" => Some(dist_text.clone()),
            "GRPC_TIMEOUT_MS" => Some("1000".to_owned()),
            _ => None,
        },
        false,
    )
    .expect("gateway configuration");
    let application = Application::build(config, |_| None)
        .await
        .expect("the gateway builds");
    let address = format!(
        "http://{}",
        application.local_addr().expect("a local address")
    );
    tokio::spawn(application.run_until_stopped(std::future::pending()));
    TestGateway {
        address,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("an HTTP client"),
    }
}

async fn serve<F, E>(serve: impl FnOnce(TcpListener) -> F) -> String
where
    F: std::future::Future<Output = Result<(), E>> + Send + 'static,
    E: Send + 'static,
{
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address").to_string();
    tokio::spawn(serve(listener));
    addr
}

/// A loopback port where nothing listens.
async fn closed_port() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    listener.local_addr().expect("address").to_string()
}

/// A minimal built web app: the HTML shell and one hashed asset.
fn web_dist() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "gateway-test-dist-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(dir.join("assets")).expect("create the dist folder");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><html><head><title>shell</title></head><body><div id=\"root\"></div><div id=\"modal-root\"></div></body></html>",
    )
    .expect("write index.html");
    std::fs::write(dir.join("assets/app-3f9a1c.js"), "console.log('app');")
        .expect("write an asset");
    std::fs::write(dir.join("robots.txt"), "User-agent: *\n").expect("write robots.txt");
    dir
}

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
