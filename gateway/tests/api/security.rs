use gateway::launch_script::LaunchScript;

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
        let ancestors = format!("frame-ancestors 'self' {}", domains.join(" "));
        assert!(csp.ends_with(&ancestors), "{path}: {csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_configured_launch_script_reaches_the_app_data_and_the_policy() {
    let url = "https://assets.adobedtm.com/abc123/launch-def456.min.js";
    let gateway = spawn_gateway_configured(&[], |config| {
        config.analytics_launch_script = Some(LaunchScript::parse(url).expect("a valid URL"));
    })
    .await;
    let response = gateway.get("/page-data/app-data.json").await;
    let csp = response.headers()["content-security-policy"]
        .to_str()
        .expect("ascii")
        .to_owned();
    let script_src = csp
        .split(';')
        .find(|directive| directive.trim().starts_with("script-src"))
        .expect("a script-src");
    assert!(script_src.contains(" https://assets.adobedtm.com"), "{csp}");
    let app_data: serde_json::Value = response.json().await.expect("JSON");
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
}
