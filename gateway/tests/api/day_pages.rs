//! Every day a page offers has an address of its own, answered by the server with that
//! day's page (readable without JavaScript, in the sitemap, canonical to itself); the
//! first day is the page itself. A single-location site has no list of theaters.

use crate::helpers::{
    SINGLE_SITE, eventually, spawn_gateway_for_site, spawn_gateway_with_catalogue,
};

const ORIGIN: &str = "http://127.0.0.1:8080";

fn canonical(html: &str) -> &str {
    let start = html
        .find(r#"<link rel="canonical" href=""#)
        .expect("a canonical link")
        + r#"<link rel="canonical" href=""#.len();
    &html[start..start + html[start..].find('"').expect("closed")]
}

#[tokio::test]
async fn each_later_day_of_a_movie_is_its_own_page_and_the_first_is_the_page() {
    // 8 AM at the demo chain, so that no show of the first day has started whenever the
    // test runs (late in the evening every show of today has, and today stays the page's
    // first day while the API's bookable showtimes begin tomorrow).
    let gateway = spawn_gateway_with_catalogue(&[("CATALOGUE_NOW", "2026-11-22T08:00")]).await;
    let (_, movie) = gateway.get_json("/api/v1/movies/1001").await;
    let path = movie["path"].as_str().expect("a path").to_owned();
    let (_, showtimes) = gateway.get_json("/api/v1/showtimes?movieId=1001").await;
    let mut days: Vec<String> = showtimes
        .as_array()
        .expect("a list")
        .iter()
        .filter(|showtime| showtime["started"] == false)
        .filter_map(|showtime| showtime["date"].as_str().map(str::to_owned))
        .collect();
    days.dedup();
    assert!(days.len() > 1, "the movie plays on several days: {days:?}");
    let published = eventually(30, || async {
        gateway
            .get(&format!("{path}?date={}", days[1]))
            .await
            .status()
            == 200
    })
    .await;
    assert!(published);

    let page = gateway.get(&path).await.text().await.expect("a page");
    assert_eq!(canonical(&page), format!("{ORIGIN}{path}"));
    let sitemap = gateway
        .get("/sitemap.xml")
        .await
        .text()
        .await
        .expect("a sitemap");
    for day in &days[1..] {
        let address = format!("{path}?date={day}");
        let day_page = gateway.get(&address).await.text().await.expect("a page");
        assert_eq!(
            canonical(&day_page),
            format!("{ORIGIN}{address}"),
            "{address}"
        );
        assert!(
            day_page.contains(&format!("({day})")),
            "{address}: titled with its day"
        );
        assert!(
            sitemap.contains(&format!("<loc>{ORIGIN}{address}</loc>")),
            "{address}"
        );
    }
    // The first day, a day not offered and a malformed one: the page itself.
    for day in [days[0].as_str(), "2001-01-01", "<script>"] {
        let response = gateway.get(&format!("{path}?date={day}")).await;
        assert_eq!(response.status(), 200, "{day}");
        let html = response.text().await.expect("a page");
        assert_eq!(canonical(&html), format!("{ORIGIN}{path}"), "{day}");
    }
    assert!(
        !sitemap.contains(&format!("?date={}<", days[0])),
        "the first day is the page"
    );
}

#[tokio::test]
async fn a_single_location_site_has_no_theater_list_and_the_address_leads_to_its_theater() {
    let gateway = spawn_gateway_for_site(SINGLE_SITE, &[], &[]).await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let theater = &theaters.as_array().expect("a list")[0];
    let theater_path = format!(
        "/theaters/{}-{}/",
        theater["id"].as_str().expect("an id"),
        theater["slug"].as_str().expect("a slug")
    );
    let published = eventually(30, || async {
        gateway.get(&theater_path).await.status() == 200
    })
    .await;
    assert!(published);
    let response = gateway.get("/theaters/").await;
    assert_eq!(response.status(), 308);
    assert_eq!(response.headers()["location"], theater_path.as_str());
    let sitemap = gateway
        .get("/sitemap.xml")
        .await
        .text()
        .await
        .expect("a sitemap");
    assert!(!sitemap.contains("/theaters/</loc>"), "{sitemap}");
}
