use crate::helpers::{Service, error_of, spawn_gateway_without};

#[tokio::test]
async fn with_the_ads_service_down_only_ads_answer_503() {
    let gateway = spawn_gateway_without(&[Service::Ads]).await;
    let (status, body) = gateway.get_json("/api/v1/ads/config?path=/movies/").await;
    assert_eq!(status, 503);
    let (code, message) = error_of(&body);
    assert_eq!(code, "service_unavailable");
    assert!(message.contains("ads"), "{message}");
    for path in [
        "/api/v1/movies",
        "/api/v1/site",
        "/page-data/app-data.json",
        "/healthz",
    ] {
        assert_eq!(gateway.get(path).await.status(), 200, "{path}");
    }
    assert_eq!(gateway.get("/").await.status(), 200);
    let (status, consent) = gateway
        .client
        .post(gateway.url("/api/v1/consent/evaluate"))
        .json(&serde_json::json!({ "regulation": "ccpa" }))
        .send()
        .await
        .map(|r| (r.status().as_u16(), r))
        .expect("an answer");
    assert_eq!(status, 200, "{:?}", consent.text().await);
}

#[tokio::test]
async fn with_the_consent_service_down_only_consent_answers_503() {
    let gateway = spawn_gateway_without(&[Service::Consent]).await;
    let response = gateway
        .client
        .post(gateway.url("/api/v1/consent/evaluate"))
        .json(&serde_json::json!({ "regulation": "gdpr" }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), 503);
    assert_eq!(gateway.get("/api/v1/movies").await.status(), 200);
}

#[tokio::test]
async fn with_the_catalogue_down_catalogue_routes_answer_503_and_the_rest_stays_up() {
    let gateway = spawn_gateway_without(&[Service::Catalogue]).await;
    for path in [
        "/api/v1/movies",
        "/api/v1/theaters",
        "/api/v1/site",
        "/page-data/app-data.json",
    ] {
        let (status, body) = gateway.get_json(path).await;
        assert_eq!(status, 503, "{path}");
        assert!(error_of(&body).1.contains("catalogue"), "{path}");
    }
    assert_eq!(gateway.get("/healthz").await.status(), 200);
    assert_eq!(gateway.ops_get("/metrics").await.status(), 200);
    let (status, readiness) = gateway.ops_json("/readyz").await;
    assert_eq!(status, 503);
    assert_eq!(readiness["services"]["catalogue"], "unavailable");
    assert_eq!(readiness["services"]["ads"], "serving");
    // Security headers hold even without a site: frame-ancestors falls back to 'self'.
    let response = gateway.get("/healthz").await;
    let csp = response.headers()["content-security-policy"]
        .to_str()
        .expect("ascii");
    assert!(csp.ends_with("frame-ancestors 'self'"), "{csp}");
}

#[tokio::test]
async fn with_the_loyalty_service_down_browsing_goes_on_and_the_site_is_published() {
    let gateway = spawn_gateway_without(&[Service::Loyalty]).await;
    assert_eq!(gateway.get("/api/v1/movies").await.status(), 200);
    assert_eq!(gateway.get("/api/v1/theaters").await.status(), 200);
    // Publishing needs the catalogue alone: the gateway normalises the loyalty settings.
    let (status, app_data) = gateway.get_json("/page-data/app-data.json").await;
    assert_eq!(status, 200, "{app_data}");
    assert_eq!(app_data["site"]["loyalty"]["provider"], "BOOST_POS");
    assert_eq!(app_data["site"]["loyalty"]["version"], 3);
    let (status, readiness) = gateway.ops_json("/readyz").await;
    assert_eq!(status, 200, "{readiness}");
    assert_eq!(readiness["status"], "degraded");
    assert_eq!(readiness["services"]["loyalty"], "unavailable");
}

#[tokio::test]
async fn readiness_can_be_narrowed_to_the_services_a_probe_needs() {
    let gateway = spawn_gateway_without(&[Service::Catalogue]).await;
    let (status, readiness) = gateway.ops_json("/readyz").await;
    assert_eq!(status, 503);
    assert_eq!(readiness["services"]["catalogue"], "unavailable");
    let (status, readiness) = gateway.ops_json("/readyz?only=loyalty").await;
    assert_eq!(status, 200, "{readiness}");
    assert_eq!(readiness["services"]["loyalty"], "serving");
    assert!(readiness["services"].get("catalogue").is_none());
    let (status, readiness) = gateway.ops_json("/readyz?only=loyalty,catalogue").await;
    assert_eq!(status, 503, "{readiness}");
    let (status, body) = gateway.ops_json("/readyz?only=popcorn").await;
    assert_eq!(status, 400);
    assert!(error_of(&body).1.contains("popcorn"), "{body}");
}
