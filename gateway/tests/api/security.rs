use gateway::Config;
use gateway::external_scripts::analytics::{AnalyticsScripts, CinemaMarketing, ThirdPartyScript};

use crate::helpers::{spawn_gateway, spawn_gateway_configured};

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let gateway = spawn_gateway().await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    let domains: Vec<&str> = site["config"]["allowedEmbeddingDomains"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|d| d.as_str())
        .collect();
    assert!(
        !domains.is_empty(),
        "the demo allows some embedding domains"
    );
    for path in [
        "/",
        "/api/v1/movies",
        "/api/v1/nowhere",
        "/page-data/app-data.json",
    ] {
        let response = gateway.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().expect("ascii");
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        let script_src = csp
            .split(';')
            .find(|directive| directive.trim().starts_with("script-src"))
            .expect("a script-src");
        assert!(script_src.contains("'self'"), "{path}: {csp}");
        assert!(!script_src.contains("unsafe"), "{path}: {csp}");
        // The site's embedding domains, then the studio, whose preview frames it.
        let ancestors = format!(
            "frame-ancestors 'self' {} http://studio.localhost:8080",
            domains.join(" ")
        );
        assert!(csp.ends_with(&ancestors), "{path}: {csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
    }
}

/// The app data and the policy's script-src of the demo's gateway configured by `adjust`.
async fn app_data_and_script_src(adjust: impl FnOnce(&mut Config)) -> (serde_json::Value, String) {
    let gateway = spawn_gateway_configured(&[], adjust).await;
    let response = gateway.get("/page-data/app-data.json").await;
    let csp = response.headers()["content-security-policy"]
        .to_str()
        .expect("ascii")
        .to_owned();
    let script_src = csp
        .split(';')
        .find(|directive| directive.trim().starts_with("script-src"))
        .expect("a script-src")
        .to_owned();
    (response.json().await.expect("JSON"), script_src)
}

#[tokio::test]
async fn a_configured_launch_script_reaches_the_app_data_and_the_policy() {
    let url = "https://assets.adobedtm.com/abc123/launch-def456.min.js";
    let (app_data, script_src) = app_data_and_script_src(|config| {
        config.analytics_scripts.launch_script =
            Some(ThirdPartyScript::parse("ANALYTICS_LAUNCH_SCRIPT_URL", url).expect("a valid URL"));
    })
    .await;
    assert!(
        script_src.contains(" https://assets.adobedtm.com"),
        "{script_src}"
    );
    assert_eq!(app_data["analytics"]["launchScriptUrl"], url);
}

#[tokio::test]
async fn without_a_launch_script_the_app_data_names_none() {
    let gateway = spawn_gateway().await;
    let (_, app_data) = gateway.get_json("/page-data/app-data.json").await;
    assert!(
        app_data["analytics"]["launchScriptUrl"].is_null(),
        "{app_data}"
    );
    assert!(
        app_data["analytics"]["cinemaMarketing"].is_null(),
        "off by default: {app_data}"
    );
}

#[tokio::test]
async fn a_configured_cinema_marketing_tracker_reaches_the_app_data_and_the_policy() {
    let url = "https://tracker.cinema-marketing.example/web.js";
    let (app_data, script_src) = app_data_and_script_src(|config| {
        config.analytics_scripts = AnalyticsScripts {
            launch_script: None,
            cinema_marketing: Some(CinemaMarketing::parse("marquee-42", url).expect("valid")),
        };
    })
    .await;
    assert!(
        script_src.contains(" https://tracker.cinema-marketing.example"),
        "{script_src}"
    );
    assert_eq!(
        app_data["analytics"]["cinemaMarketing"],
        serde_json::json!({ "customerId": "marquee-42", "scriptUrl": url })
    );
}
