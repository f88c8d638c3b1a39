use crate::helpers::{spawn_gateway, spawn_gateway_configured};

#[tokio::test]
async fn the_sandbox_shows_the_posted_token_and_the_return_path() {
    let gateway = spawn_gateway_configured(&[], |config| config.ticketing_sandbox = true).await;
    let response = gateway
        .client
        .post(gateway.url("/ticketing-sandbox/sales/101/book?perfcode=P-7"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("sessionToken=abc%2B123")
        .send()
        .await
        .expect("the gateway answers");
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let html = response.text().await.expect("a page");
    assert!(html.contains("a stand-in for the chain's ticketing site"));
    assert!(html.contains("<code>/sales/101/book</code>"));
    assert!(html.contains("data-name=\"perfcode\"><code>P-7</code>"));
    assert!(html.contains("data-name=\"sessionToken\"><code>abc+123</code>"));
}

#[tokio::test]
async fn with_the_sandbox_on_the_loyalty_ticketing_url_points_at_it() {
    let gateway = spawn_gateway_configured(&[], |config| config.ticketing_sandbox = true).await;
    let (status, site) = gateway.get_json("/api/v1/site").await;
    assert_eq!(status, 200);
    assert_eq!(site["loyalty"]["ticketingUrl"], "/ticketing-sandbox/");
}

#[tokio::test]
async fn without_the_sandbox_the_bundles_ticketing_url_stays_and_the_route_is_not_served() {
    let gateway = spawn_gateway().await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    assert_eq!(
        site["loyalty"]["ticketingUrl"],
        "https://tickets.marqueecinemas.example/"
    );
    let response = gateway.get("/ticketing-sandbox/sales/101/book").await;
    let html = response.text().await.expect("a body");
    assert!(!html.contains("stand-in"));
}
