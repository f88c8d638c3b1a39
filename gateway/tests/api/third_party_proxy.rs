use std::time::Duration;

use axum::Router;
use axum::response::Redirect;
use axum::routing::get;

use crate::helpers::{TestGateway, error_of, spawn_gateway_configured};

/// A local third party: a script, a large body, a slow answer and two redirects.
async fn spawn_third_party() -> String {
    let app = Router::new()
        .route(
            "/tag.js",
            get(|| async {
                (
                    [("content-type", "text/javascript")],
                    "window.tagged = true;",
                )
            }),
        )
        .route("/large.js", get(|| async { "x".repeat(4096) }))
        .route(
            "/page.html",
            get(|| async {
                (
                    [("content-type", "text/html; charset=utf-8")],
                    "<script>alert(document.cookie)</script>",
                )
            }),
        )
        .route(
            "/image.svg",
            get(|| async {
                (
                    [("content-type", "image/svg+xml")],
                    "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
                )
            }),
        )
        .route(
            "/slow.js",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(3)).await;
                "late"
            }),
        )
        .route(
            "/moved.js",
            get(|| async { Redirect::temporary("/tag.js") }),
        )
        .route(
            "/elsewhere.js",
            get(|| async { Redirect::temporary("http://localhost:9/tag.js") }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("an address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}")
}

fn proxied(third_party: &str, path: &str) -> String {
    let url = format!("{third_party}{path}");
    let encoded: String = url
        .bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (byte as char).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect();
    format!("/__third-party-proxy?url={encoded}")
}

/// The gateway with the local third party on its allowlist, as tests may (no
/// variable allows plain http or a loopback address).
async fn gateway_trusting_the_local_third_party() -> TestGateway {
    spawn_gateway_configured(&[], |config| {
        let proxy = &mut config.third_party_proxy;
        proxy.allowed_hosts = vec!["127.0.0.1".to_owned()];
        proxy.allow_local_test_server = true;
        proxy.max_bytes = 1024;
        proxy.timeout = Duration::from_millis(500);
    })
    .await
}

#[tokio::test]
async fn an_allowed_script_is_passed_through() {
    let third_party = spawn_third_party().await;
    let gateway = gateway_trusting_the_local_third_party().await;
    let response = gateway.get(&proxied(&third_party, "/tag.js")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/javascript");
    assert_eq!(
        response.text().await.expect("a body"),
        "window.tagged = true;"
    );
    let moved = gateway.get(&proxied(&third_party, "/moved.js")).await;
    assert_eq!(
        moved.status(),
        200,
        "a redirect on the same host is followed"
    );
}

#[tokio::test]
async fn size_time_and_redirect_limits_hold() {
    let third_party = spawn_third_party().await;
    let gateway = gateway_trusting_the_local_third_party().await;
    for (path, status) in [
        ("/large.js", 502),
        ("/slow.js", 504),
        ("/elsewhere.js", 502),
        // Markup on the site's own origin would run as the site's.
        ("/page.html", 502),
        ("/image.svg", 502),
    ] {
        let (answered, body) = gateway.get_json(&proxied(&third_party, path)).await;
        assert_eq!(answered, status, "{path}: {body}");
    }
}

#[tokio::test]
async fn loopback_private_link_local_and_unlisted_hosts_are_refused() {
    let third_party = spawn_third_party().await;
    let port = third_party.rsplit(':').next().expect("a port");
    let gateway = spawn_gateway_configured(&[], |config| {
        config.third_party_proxy.allowed_hosts = [
            "127.0.0.1",
            "localhost",
            "10.0.0.8",
            "192.168.1.1",
            "169.254.169.254",
            "www.googletagmanager.com",
        ]
        .map(str::to_owned)
        .to_vec();
    })
    .await;
    for url in [
        format!("https://127.0.0.1:{port}/tag.js"),
        format!("https://localhost:{port}/tag.js"),
        "https://10.0.0.8/tag.js".to_owned(),
        "https://192.168.1.1/tag.js".to_owned(),
        "https://169.254.169.254/latest/meta-data/".to_owned(),
        "https://evil.example/tag.js".to_owned(),
        "http://www.googletagmanager.com/gtm.js".to_owned(),
        format!("{third_party}/tag.js"),
    ] {
        let (status, body) = gateway.get_json(&proxied("", &url)).await;
        assert_eq!(status, 403, "{url}: {body}");
        assert_eq!(error_of(&body).0, "forbidden", "{url}");
    }
    let (status, body) = gateway.get_json("/__third-party-proxy").await;
    assert_eq!(status, 400, "{body}");
    assert!(error_of(&body).1.contains("url"));
}
