use serde_json::Value;

use crate::helpers::{TestGateway, a_showing_movie, spawn_gateway, spawn_gateway_configured};

async fn spawn_sandbox() -> TestGateway {
    spawn_gateway_configured(&[], |config| config.ticketing_sandbox = true).await
}

/// The showtimes of a movie as its page gets them: from its page data and from the API.
async fn showtimes_of(gateway: &TestGateway, movie: &Value) -> Vec<Value> {
    let id = movie["id"].as_str().expect("an id");
    let path = movie["path"].as_str().expect("a path");
    let (_, page) = gateway
        .get_json(&format!("/page-data{path}page-data.json"))
        .await;
    let (_, listed) = gateway
        .get_json(&format!("/api/v1/showtimes?movieId={id}"))
        .await;
    let mut showtimes = page["data"]["showtimes"]
        .as_array()
        .expect("a list")
        .clone();
    showtimes.extend(listed.as_array().expect("a list").iter().cloned());
    assert!(!showtimes.is_empty(), "{movie}");
    showtimes
}

/// The theater's ticketing code and its provider's URL, by theater id.
async fn theater(gateway: &TestGateway, id: &str) -> (String, String) {
    let (_, theater) = gateway.get_json(&format!("/api/v1/theaters/{id}")).await;
    (
        theater["code"].as_str().expect("a code").to_owned(),
        theater["ticketingProvider"]["url"]
            .as_str()
            .expect("a provider")
            .trim_end_matches('/')
            .to_owned(),
    )
}

/// The sandbox page at `link` names the theater and the performance.
async fn assert_sandbox_shows(gateway: &TestGateway, link: &str, theater: &str, performance: &str) {
    let html = gateway.get(link).await.text().await.expect("a page");
    for (id, code) in [
        ("sandbox-theater-code", theater),
        ("sandbox-perf-code", performance),
    ] {
        let shown = format!("data-testid=\"{id}\"><code>{code}</code>");
        assert!(html.contains(&shown), "{shown} in {html}");
    }
}

#[tokio::test]
async fn the_sandbox_shows_the_posted_token_and_the_return_path() {
    let gateway = spawn_sandbox().await;
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
    let gateway = spawn_sandbox().await;
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

#[tokio::test]
async fn with_the_sandbox_on_a_showtime_books_on_the_sandbox_which_shows_its_codes() {
    let gateway = spawn_sandbox().await;
    let movie = a_showing_movie(&gateway).await;
    for showtime in showtimes_of(&gateway, &movie).await {
        let (code, _) = theater(&gateway, showtime["theaterId"].as_str().expect("an id")).await;
        let perf_code = showtime["perfCode"].as_str().expect("a perfCode");
        assert_eq!(
            showtime["ticketingUrl"],
            format!("/ticketing-sandbox/sales/{code}/book?perfcode={perf_code}")
        );
    }
    let showtime = &showtimes_of(&gateway, &movie).await[0];
    let (code, _) = theater(&gateway, showtime["theaterId"].as_str().expect("an id")).await;
    let link = showtime["ticketingUrl"].as_str().expect("a link");
    let perf_code = showtime["perfCode"].as_str().expect("a perfCode");
    assert_sandbox_shows(&gateway, link, &code, perf_code).await;
}

#[tokio::test]
async fn with_the_sandbox_on_events_book_on_the_sandbox() {
    let gateway = spawn_sandbox().await;
    let (_, events) = gateway.get_json("/api/v1/events").await;
    let events = events.as_array().expect("a list");
    assert!(!events.is_empty());
    for event in events {
        let url = event["ticketingUrl"].as_str().expect("a link");
        assert!(url.starts_with("/ticketing-sandbox/sales/"), "{url}");
        let id = event["id"].as_str().expect("an id");
        let (_, detail) = gateway.get_json(&format!("/api/v1/events/{id}")).await;
        assert_eq!(detail["ticketingUrl"], url);
    }
}

#[tokio::test]
async fn with_the_sandbox_on_the_redirect_endpoints_lead_to_it_with_the_codes() {
    let gateway = spawn_sandbox().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    for theater in theaters.as_array().expect("a list") {
        let id = theater["id"].as_str().expect("an id");
        let code = theater["code"].as_str().expect("a code");
        for endpoint in [
            "startticketing",
            "launch/ticketing",
            "startconcessions",
            "refund",
        ] {
            let response = gateway
                .get(&format!(
                    "/api/{endpoint}/redirect?theaterId={id}&perfCode=P-1001"
                ))
                .await;
            assert_eq!(response.status(), 302, "{endpoint}");
            let location = response.headers()["location"].to_str().expect("ascii");
            assert_eq!(
                location,
                format!("/ticketing-sandbox/{endpoint}?theaterCode={code}&perfCode=P-1001")
            );
            assert_sandbox_shows(&gateway, location, code, "P-1001").await;
        }
    }
}

#[tokio::test]
async fn without_the_sandbox_a_showtime_books_on_its_theaters_ticketing_provider() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    for showtime in showtimes_of(&gateway, &movie).await {
        let (code, provider) =
            theater(&gateway, showtime["theaterId"].as_str().expect("an id")).await;
        let perf_code = showtime["perfCode"].as_str().expect("a perfCode");
        assert_eq!(
            showtime["ticketingUrl"],
            format!("{provider}/sales/{code}/book?perfcode={perf_code}")
        );
    }
}
