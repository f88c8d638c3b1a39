use proto::catalogue::v1::TicketingProvider;
use site_paths::hand_off::{HAND_OFFS, HandOff, HandOffScope, hand_off};

use crate::helpers::{TestGateway, error_of, spawn_gateway};

/// Whether a theater's (resolved) provider offers the hand-off at `segment`.
fn offers(provider: &serde_json::Value, segment: &str) -> bool {
    let offered = provider["handOffs"].as_array().expect("a list");
    hand_off(segment)
        .expect("a hand-off")
        .offered_by(&TicketingProvider {
            name: String::new(),
            url: String::new(),
            hand_offs: offered
                .iter()
                .map(|segment| segment.as_str().expect("a segment").to_owned())
                .collect(),
        })
}

#[tokio::test]
async fn each_hand_off_endpoint_redirects_to_the_theaters_provider_with_codes() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let mut refused = 0;
    for theater in theaters.as_array().expect("a list") {
        let id = theater["id"].as_str().expect("an id");
        let code = theater["code"].as_str().expect("a code");
        let provider = &theater["ticketingProvider"];
        let url = provider["url"].as_str().expect("a provider");
        for HandOff { segment, .. } in &HAND_OFFS {
            let response = gateway
                .get(&format!(
                    "/api/{segment}/redirect?theaterId={id}&perfCode=P-1001"
                ))
                .await;
            if !offers(provider, segment) {
                assert_eq!(response.status(), 404, "{segment} at {id}");
                refused += 1;
                continue;
            }
            assert_eq!(response.status(), 302, "{segment} at {id}");
            let location = response.headers()["location"].to_str().expect("ascii");
            assert_eq!(
                location,
                format!(
                    "{}/{segment}?theaterCode={code}&perfCode=P-1001",
                    url.trim_end_matches('/')
                )
            );
        }
    }
    assert!(
        refused > 0,
        "the demo's own-provider theater offers fewer hand-offs"
    );
}

#[tokio::test]
async fn the_hand_off_route_segments_hand_off_like_their_endpoints() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let code = theaters[0]["code"].as_str().expect("a code");
    for HandOff { segment, .. } in &HAND_OFFS {
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
async fn a_chains_hand_off_without_a_theater_goes_to_the_site_wide_provider() {
    let gateway = spawn_gateway().await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    let site_wide = site["settings"]["ticketingProvider"]["url"]
        .as_str()
        .expect("a site-wide provider");
    for HandOff { segment, scope } in &HAND_OFFS {
        if *scope == HandOffScope::Theater {
            let (status, body) = gateway.get_json(&format!("/api/{segment}/redirect")).await;
            assert_eq!(status, 400, "{segment}");
            assert!(error_of(&body).1.contains("theaterId"), "{segment}");
            continue;
        }
        let response = gateway.get(&format!("/{segment}/")).await;
        assert_eq!(response.status(), 302, "{segment}");
        assert_eq!(
            response.headers()["location"],
            format!("{}/{segment}", site_wide.trim_end_matches('/')).as_str()
        );
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

    // Named both ways (an empty theaterId beside it too), the ticketing code wins.
    for query in [
        format!("theaterId=&theaterCode={code}"),
        format!("theaterId=nowhere&theaterCode={code}"),
    ] {
        let response = gateway
            .get(&format!(
                "/api/startticketing/redirect?{query}&perfCode=P-7"
            ))
            .await;
        assert_eq!(response.status(), 302, "{query}");
    }
    let response = gateway
        .get("/api/startticketing/redirect?theaterCode=&perfCode=P-7")
        .await;
    assert_eq!(
        response.status(),
        400,
        "a theater's hand-off needs its theater"
    );
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

/// The id of the demo's theater with its own provider, which offers no reservation payment.
async fn theater_without_pay_reservation(gateway: &TestGateway) -> String {
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    theaters
        .as_array()
        .expect("a list")
        .iter()
        .find(|theater| !offers(&theater["ticketingProvider"], "payreservation"))
        .and_then(|theater| theater["id"].as_str())
        .expect("the demo's theater with its own provider")
        .to_owned()
}

#[tokio::test]
async fn a_hand_off_the_provider_does_not_offer_is_a_404_saying_so() {
    let gateway = spawn_gateway().await;
    let own = theater_without_pay_reservation(&gateway).await;
    let (status, body) = gateway
        .get_json(&format!("/api/payreservation/redirect?theaterId={own}"))
        .await;
    assert_eq!(status, 404);
    assert!(
        error_of(&body)
            .1
            .contains("'payreservation' hand-off is not offered")
    );
}

#[tokio::test]
async fn a_hand_off_page_that_cannot_hand_off_is_the_sites_error_page_with_its_status() {
    let gateway = spawn_gateway().await;
    let own_id = theater_without_pay_reservation(&gateway).await;
    for (path, status) in [
        ("/launch/ticketing/".to_owned(), 400),
        (
            "/launch/ticketing/?theaterId=no-such-theater".to_owned(),
            404,
        ),
        (format!("/payreservation/?theaterId={own_id}"), 404),
        (
            "/startticketing?theaterId=x&perfCode=%3Cscript%3E".to_owned(),
            400,
        ),
    ] {
        let response = gateway.get(&path).await;
        assert_eq!(response.status(), status, "{path}");
        let content_type = response.headers()["content-type"].to_str().expect("ascii");
        assert!(
            content_type.starts_with("text/html"),
            "{path}: {content_type}"
        );
        assert!(
            response.text().await.expect("a body").contains("<html"),
            "{path}"
        );
    }
    // The endpoint under /api/ keeps answering JSON.
    let (status, body) = gateway.get_json("/api/launch/ticketing/redirect").await;
    assert_eq!(status, 400);
    assert!(error_of(&body).1.contains("theaterId"));
}

#[tokio::test]
async fn a_members_token_on_a_hand_off_page_goes_on_to_the_ticketing_site() {
    let gateway = spawn_gateway().await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    let site_wide = site["settings"]["ticketingProvider"]["url"]
        .as_str()
        .expect("a site-wide provider")
        .trim_end_matches('/')
        .to_owned();
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let code = theaters[0]["code"].as_str().expect("a code");
    let theater_site = theaters[0]["ticketingProvider"]["url"]
        .as_str()
        .expect("a provider")
        .trim_end_matches('/')
        .to_owned();
    for (path, location) in [
        (
            "/loyaltycredit/?sessionToken=t0k%2Ben&other=dropped".to_owned(),
            format!("{site_wide}/loyaltycredit?sessionToken=t0k%2Ben"),
        ),
        (
            format!("/startticketing/?theaterCode={code}&perfCode=P-7&taposToken=abc"),
            format!("{theater_site}/startticketing?theaterCode={code}&perfCode=P-7&taposToken=abc"),
        ),
        (
            "/loyalty/upgrade/?other=1".to_owned(),
            format!("{site_wide}/loyalty/upgrade"),
        ),
    ] {
        let response = gateway.get(&path).await;
        assert_eq!(response.status(), 302, "{path}");
        assert_eq!(response.headers()["location"], location.as_str(), "{path}");
    }
    // A theater with a provider of its own elsewhere gets no member's token: it goes
    // only to the loyalty ticketing service's origin.
    let own_provider = theaters
        .as_array()
        .expect("theaters")
        .iter()
        .find(|theater| {
            theater["ticketingProvider"]["url"]
                .as_str()
                .is_some_and(|url| !url.starts_with(&site_wide))
        })
        .expect("a theater with a provider of its own (Harbor IMAX)");
    let code = own_provider["code"].as_str().expect("a code");
    let response = gateway
        .get(&format!(
            "/startconcessions/?theaterCode={code}&sessionToken=live-token"
        ))
        .await;
    assert_eq!(response.status(), 302);
    let location = response.headers()["location"].to_str().expect("text");
    assert!(!location.contains("live-token"), "{location}");
    assert!(!location.starts_with(&site_wide), "{location}");
    // The redirect endpoints build their targets from the site alone.
    let response = gateway
        .get("/api/loyaltycredit/redirect?sessionToken=abc")
        .await;
    assert_eq!(
        response.headers()["location"],
        format!("{site_wide}/loyaltycredit").as_str()
    );
}
