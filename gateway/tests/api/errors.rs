use crate::helpers::{error_of, spawn_gateway};

#[tokio::test]
async fn an_unknown_api_route_is_a_404_json() {
    let gateway = spawn_gateway().await;
    for path in ["/api/v1/nowhere", "/api/v2/movies", "/page-data/x"] {
        let (status, body) = gateway.get_json(path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(error_of(&body).0, "not_found", "{path}");
    }
}

#[tokio::test]
async fn a_wrong_method_is_a_405_json() {
    let gateway = spawn_gateway().await;
    let response = gateway
        .client
        .delete(gateway.url("/api/v1/movies"))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), 405);
    let body: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(error_of(&body).0, "method_not_allowed");
}

#[tokio::test]
async fn malformed_and_incomplete_json_bodies_are_400_naming_the_problem() {
    let gateway = spawn_gateway().await;
    for (body, expected) in [
        ("{\"regulation\": ", "malformed JSON"),
        ("{}", "regulation"),
        ("{\"regulation\": 5}", "regulation"),
        ("{\"regulation\": \"gdpr\", \"surprise\": 1}", "surprise"),
    ] {
        let response = gateway
            .client
            .post(gateway.url("/api/v1/consent/evaluate"))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("an answer");
        assert_eq!(response.status(), 400, "{body}");
        let json: serde_json::Value = response.json().await.expect("JSON");
        let (code, message) = error_of(&json);
        assert_eq!(code, "invalid_argument");
        assert!(message.contains(expected), "{body}: {message}");
    }
}

#[tokio::test]
async fn a_body_without_json_content_type_is_refused() {
    let gateway = spawn_gateway().await;
    let response = gateway
        .client
        .post(gateway.url("/api/v1/consent/evaluate"))
        .body("{\"regulation\":\"gdpr\"}")
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn an_oversized_body_is_a_413_json() {
    let gateway = spawn_gateway().await;
    let huge = format!("{{\"regulation\": \"{}\"}}", "x".repeat(100 * 1024));
    let response = gateway
        .client
        .post(gateway.url("/api/v1/consent/evaluate"))
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), 413);
    let body: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(error_of(&body).0, "payload_too_large");
}

#[tokio::test]
async fn the_ads_config_requires_a_page_path() {
    let gateway = spawn_gateway().await;
    for query in ["", "?path=movies", "?path=/&isLoggedIn=perhaps"] {
        let (status, body) = gateway
            .get_json(&format!("/api/v1/ads/config{query}"))
            .await;
        assert_eq!(status, 400, "{query}");
        assert_eq!(error_of(&body).0, "invalid_argument", "{query}");
    }
    let (status, _) = gateway
        .get_json("/api/v1/ads/config?path=/&theaterId=no-such-theater")
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_ads_config_and_consent_answer_through_the_gateway() {
    let gateway = spawn_gateway().await;
    let (status, ads) = gateway.get_json("/api/v1/ads/config?path=/movies/").await;
    assert_eq!(status, 200, "{ads}");
    assert_eq!(ads["enabled"], true);
    assert!(
        ads["slots"]
            .as_array()
            .is_some_and(|slots| !slots.is_empty())
    );
    let response = gateway
        .client
        .post(gateway.url("/api/v1/consent/evaluate"))
        .json(&serde_json::json!({
            "regulation": "gdpr",
            "consentRequired": true,
            "vendors": {},
            "cmpEnabled": true
        }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), 200);
    let decision: serde_json::Value = response.json().await.expect("JSON");
    assert!(decision["state"].is_string());
    assert!(decision["trackersEnabled"].is_boolean());
}
