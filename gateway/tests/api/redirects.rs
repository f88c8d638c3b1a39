use crate::helpers::{error_of, spawn_gateway};

#[tokio::test]
async fn each_hand_off_endpoint_redirects_to_the_theaters_provider_with_codes() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    for theater in theaters.as_array().expect("a list") {
        let id = theater["id"].as_str().expect("an id");
        let code = theater["code"].as_str().expect("a code");
        let provider = theater["ticketingProvider"]["url"]
            .as_str()
            .expect("a provider");
        for (endpoint, kind) in [
            ("startticketing", "startticketing"),
            ("launch/ticketing", "launch/ticketing"),
            ("startconcessions", "startconcessions"),
            ("refund", "refund"),
        ] {
            let response = gateway
                .get(&format!(
                    "/api/{endpoint}/redirect?theaterId={id}&perfCode=P-1001"
                ))
                .await;
            assert_eq!(response.status(), 302, "{endpoint}");
            let location = response.headers()["location"].to_str().expect("ascii");
            assert!(
                location.starts_with(provider.trim_end_matches('/')),
                "{location}"
            );
            assert!(location.contains(kind), "{location}");
            assert!(
                location.contains(&format!("theaterCode={code}")),
                "{location}"
            );
            assert!(location.contains("perfCode=P-1001"), "{location}");
        }
    }
}

#[tokio::test]
async fn the_hand_off_route_segments_hand_off_like_their_endpoints() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let code = theaters[0]["code"].as_str().expect("a code");
    for segment in [
        "startticketing",
        "launch/ticketing",
        "startconcessions",
        "refund",
    ] {
        for slash in ["/", ""] {
            let page = gateway
                .get(&format!(
                    "/{segment}{slash}?theaterCode={code}&perfCode=P-7"
                ))
                .await;
            let endpoint = gateway
                .get(&format!(
                    "/api/{segment}/redirect?theaterCode={code}&perfCode=P-7"
                ))
                .await;
            assert_eq!(page.status(), 302, "/{segment}{slash}");
            assert_eq!(
                page.headers()["location"],
                endpoint.headers()["location"],
                "/{segment}{slash}"
            );
        }
    }
}

#[tokio::test]
async fn a_hand_off_may_name_the_theater_by_its_ticketing_code() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let code = theaters[0]["code"].as_str().expect("a code");
    let response = gateway
        .get(&format!(
            "/api/startticketing/redirect?theaterCode={code}&perfCode=P-7"
        ))
        .await;
    assert_eq!(response.status(), 302);
    let location = response.headers()["location"].to_str().expect("ascii");
    assert!(
        location.contains(&format!("theaterCode={code}")),
        "{location}"
    );
    assert!(location.contains("perfCode=P-7"), "{location}");
}

#[tokio::test]
async fn theaters_without_their_own_provider_use_the_site_wide_one() {
    let gateway = spawn_gateway().await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    let site_wide = site["settings"]["ticketingProvider"]["url"]
        .as_str()
        .expect("a site-wide provider");
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let providers: Vec<&str> = theaters
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|theater| theater["ticketingProvider"]["url"].as_str())
        .collect();
    assert!(providers.contains(&site_wide), "some theater falls back");
    assert!(
        providers.iter().any(|url| *url != site_wide),
        "one theater names its own"
    );
}

#[tokio::test]
async fn bad_hand_off_parameters_are_400_naming_them() {
    let gateway = spawn_gateway().await;
    for (query, parameter) in [
        ("perfCode=1", "theaterId"),
        ("theaterId=x&perfCode=%22%3E%3Cscript%3E", "perfCode"),
    ] {
        let (status, body) = gateway
            .get_json(&format!("/api/startticketing/redirect?{query}"))
            .await;
        assert_eq!(status, 400, "{query}");
        assert!(error_of(&body).1.contains(parameter), "{query}");
    }
    let (status, _) = gateway
        .get_json("/api/refund/redirect?theaterId=no-such-theater")
        .await;
    assert_eq!(status, 404);
}
