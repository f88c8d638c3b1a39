//! A showtime leaves the published pages, their data and its booking link once it has
//! started (a grace after its start, SHOWTIME_GRACE_MINUTES), with no catalogue change;
//! the JSON API keeps it in a range asked for, marked started. The clock is the test's:
//! 9:37 PM at the demo chain (CATALOGUE_NOW).

use serde_json::Value;

use crate::helpers::{TestGateway, eventually, spawn_gateway_with_catalogue};

const DAY: &str = "2026-11-22";
const NOW: &str = "2026-11-22T21:37";
/// With the default grace of 10 minutes, shows that start up to 9:25 PM have left at
/// 9:37 PM (they leave in steps of five minutes).
const LAST_STARTED: &str = "21:25";

async fn at_9_37_pm() -> TestGateway {
    spawn_gateway_with_catalogue(&[("CATALOGUE_NOW", NOW)]).await
}

fn showtimes_in(value: &Value, found: &mut Vec<Value>) {
    match value {
        Value::Object(fields) if fields.contains_key("perfCode") => found.push(value.clone()),
        Value::Object(fields) => fields.values().for_each(|field| showtimes_in(field, found)),
        Value::Array(items) => items.iter().for_each(|item| showtimes_in(item, found)),
        _ => {}
    }
}

#[tokio::test]
async fn the_api_marks_the_days_started_showtimes_and_keeps_them() {
    let gateway = at_9_37_pm().await;
    let (status, showtimes) = gateway
        .get_json(&format!(
            "/api/v1/showtimes?theaterId=101&from={DAY}&to={DAY}"
        ))
        .await;
    assert_eq!(status, 200);
    let showtimes = showtimes.as_array().expect("a list");
    assert!(showtimes.len() > 4, "the whole day: {}", showtimes.len());
    for showtime in showtimes {
        let time = showtime["time"].as_str().expect("a time");
        assert_eq!(
            showtime["started"],
            time <= LAST_STARTED,
            "{time}: {showtime}"
        );
    }
    assert!(showtimes.iter().any(|showtime| showtime["started"] == true));
    assert!(
        showtimes
            .iter()
            .any(|showtime| showtime["started"] == false)
    );
    let (_, site) = gateway.get_json("/api/v1/site").await;
    assert_eq!(site["config"]["showtimeGraceMinutes"], 10);
}

#[tokio::test]
async fn a_published_page_its_data_and_its_json_ld_offer_no_started_showtime() {
    let gateway = at_9_37_pm().await;
    let (_, movie) = gateway.get_json("/api/v1/movies/1001").await;
    let path = movie["path"].as_str().expect("a path").to_owned();
    let page_data = format!("/page-data{path}page-data.json");
    let published = eventually(30, || async {
        gateway.get(&page_data).await.status() == 200
    })
    .await;
    assert!(published, "the movie's page data is published");
    let (_, data) = gateway.get_json(&page_data).await;
    let mut showtimes = Vec::new();
    showtimes_in(&data, &mut showtimes);
    let today: Vec<&str> = showtimes
        .iter()
        .filter(|showtime| showtime["date"] == DAY)
        .filter_map(|showtime| showtime["time"].as_str())
        .collect();
    assert!(!today.is_empty(), "the evening's shows are offered");
    assert!(
        today.iter().all(|time| *time > LAST_STARTED),
        "nothing started: {today:?}"
    );
    assert!(
        showtimes
            .iter()
            .all(|showtime| showtime["started"] == false)
    );

    let html = gateway.get(&path).await.text().await.expect("a page");
    assert!(
        html.contains(&format!("{DAY}T21:45")),
        "the 9:45 show is an event of the page"
    );
    for started in ["13:15", "16:00", "19:10"] {
        assert!(
            !html.contains(&format!("{DAY}T{started}")),
            "the {started} show left the page and its JSON-LD"
        );
    }
}

#[tokio::test]
async fn the_booking_link_of_a_started_showtime_is_the_sites_error_page() {
    let gateway = at_9_37_pm().await;
    let (_, showtimes) = gateway
        .get_json(&format!(
            "/api/v1/showtimes?theaterId=101&from={DAY}&to={DAY}"
        ))
        .await;
    let showtimes = showtimes.as_array().expect("a list");
    let perf_code = |started: bool| {
        showtimes
            .iter()
            .find(|showtime| showtime["started"] == started)
            .and_then(|showtime| showtime["perfCode"].as_str())
            .expect("a showtime")
            .to_owned()
    };
    let gone = gateway
        .get(&format!(
            "/startticketing?theaterId=101&perfCode={}",
            perf_code(true)
        ))
        .await;
    assert_eq!(gone.status(), 422);
    assert!(gone.text().await.expect("a page").contains("<html"));
    let offered = gateway
        .get(&format!(
            "/startticketing?theaterId=101&perfCode={}",
            perf_code(false)
        ))
        .await;
    assert_eq!(offered.status(), 302, "a showtime still offered hands off");
}
