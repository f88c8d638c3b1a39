use serde_json::Value;

use crate::helpers::{error_of, spawn_gateway};

#[tokio::test]
async fn the_demo_chain_gets_its_programmatic_ad_set_up() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let theater = &theaters[0];
    let theater_id = theater["id"].as_str().expect("a theater id");
    let (status, ads) = gateway
        .get_json(&format!(
            "/api/v1/ads/config?path=/movies/&theaterId={theater_id}&pageTitle=Movies&scheduledMovieIds=1,2&isLoggedIn=false"
        ))
        .await;
    assert_eq!(status, 200, "{ads}");
    assert_eq!(ads["enabled"], true);
    assert_eq!(ads["mode"], "PROGRAMMATIC");
    assert_eq!(ads["adClass"], "allads");
    let page_path = ads["pagePath"].as_str().expect("a page path");
    assert!(
        page_path.starts_with("/9518146/WMP_US_WEB/allads/marquee-cinemas/"),
        "{page_path}"
    );
    let slugs: Vec<&str> = page_path.rsplit('/').take(2).collect();
    assert!(
        slugs.iter().all(|slug| *slug == slug.to_lowercase()),
        "{page_path}"
    );
    assert!(
        ads["scriptUrl"]
            .as_str()
            .is_some_and(|url| url.starts_with("https://"))
    );
    let targeting = ads["targeting"].as_object().expect("targeting");
    assert!(targeting.values().all(Value::is_string), "{targeting:?}");
    for (key, value) in [
        ("page", "Movies"),
        ("websiteID", "1042"),
        ("currentPath", "/movies/"),
        ("theaterID", theater_id),
        ("scheduledMovieIds", "1,2"),
        ("isLoggedIn", "false"),
        ("adType", "captif-et-hors-captif"),
    ] {
        assert_eq!(targeting[key], value, "{key}");
    }
    let slots = ads["slots"].as_array().expect("slots");
    let containers: Vec<&str> = slots
        .iter()
        .filter_map(|slot| slot["container"].as_str())
        .collect();
    assert_eq!(
        containers,
        [
            "InterstitialContainer",
            "FooterPromoContainer",
            "HeaderPromoContainer",
            "PulsePromoContainer"
        ]
    );
    assert_eq!(slots[0]["sizes"], serde_json::json!([[1, 1]]));
    assert_eq!(slots[1]["sizes"], "fluid");
    assert_eq!(ads["singleRequest"], true);
    assert_eq!(ads["collapseEmptySlots"], true);
    assert_eq!(ads["warnings"], serde_json::json!([]));
}

#[tokio::test]
async fn bad_ads_queries_name_the_parameter() {
    let gateway = spawn_gateway().await;
    for (query, status, field) in [
        ("", 400, "path"),
        ("?path=movies", 400, "path"),
        ("?path=/&theaterId=nope", 404, "theaterId"),
        ("?path=/&isLoggedIn=maybe", 400, "isLoggedIn"),
    ] {
        let (answered, body) = gateway
            .get_json(&format!("/api/v1/ads/config{query}"))
            .await;
        assert_eq!(answered, status, "{query}: {body}");
        assert!(error_of(&body).1.contains(field), "{query}: {body}");
    }
}
