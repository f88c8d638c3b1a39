//! The Veezi connector against a local server answering Veezi's documented shapes: a
//! linked theater's schedule follows its cinema; when Veezi fails (its CDN's 403 HTML
//! page, bad JSON, a time-out) the last good schedule keeps serving and the health
//! service says so, until Veezi answers again.

use std::time::Duration;

use proto::catalogue::v1 as pb;
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use proto::catalogue::v1::points_of_sale_client::PointsOfSaleClient;
use serde_json::json;
use svc_catalogue::{Application, Config};
use test_support::polling::eventually;
use tonic::transport::Channel;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{DEMO, TODAY, copy_bundle, edit_json, serve};

const TOKEN: &str = "veezi-token-101";
const WAIT: Duration = Duration::from_secs(10);

/// Veezi's answers for the cinema of theater 101, in its documented shapes (extra
/// fields included, as Veezi sends them).
fn answers() -> Vec<(&'static str, serde_json::Value)> {
    vec![
        (
            "/v1/site",
            json!({
                "Name": "Marquee Riverfront", "ShortName": "MQRF",
                "TimeZoneIdentifier": "Eastern Standard Time", "Address1": "40 Dyer Street"
            }),
        ),
        (
            "/v1/screen",
            json!([
                {"Id": 3, "Name": "Screen 3", "ScreenNumber": "3", "TotalSeats": 120, "HouseSeats": 4},
            ]),
        ),
        (
            "/v4/film",
            json!([
                {"Id": "ST00000042", "Title": "Night Train", "ShortName": "NIGHT TRN",
                 "Synopsis": "A long night.", "Genre": "Drama", "Rating": "PG-13", "Duration": 104,
                 "OpeningDate": "2026-11-20T00:00:00", "Format": "2D Film", "Status": "Active"},
            ]),
        ),
        (
            "/v1/attribute",
            json!([
                {"Id": "0000000001", "ShortName": "OC", "Description": "Open Captions"},
            ]),
        ),
        (
            "/v1/session",
            json!([
                {"Id": 9001, "FilmId": "ST00000042", "FilmPackageId": null, "Title": "Night Train",
                 "ScreenId": 3, "SeatsAvailable": 0, "FeatureStartTime": format!("{TODAY}T19:30:00"),
                 "PreShowStartTime": format!("{TODAY}T19:10:00"), "Status": "Open",
                 "ShowType": "Public", "Attributes": ["0000000001"]},
                {"Id": 9002, "FilmId": "ST00000042", "ScreenId": 3, "SeatsAvailable": 20,
                 "FeatureStartTime": format!("{TODAY}T21:45:00"), "Status": "Open",
                 "ShowType": "Public", "Attributes": []},
                {"Id": 9003, "FilmId": "ST00000042", "ScreenId": 3, "SeatsAvailable": 90,
                 "FeatureStartTime": format!("{TODAY}T23:00:00"), "Status": "Open",
                 "ShowType": "Private", "Attributes": []},
            ]),
        ),
        (
            "/v1/websession",
            json!([
                {"Id": 9001, "FilmId": "ST00000042", "Title": "Night Train",
                 "URL": "https://ticketing.us.veezi.com/purchase/9001?siteToken=abc"},
            ]),
        ),
    ]
}

async fn mount_answers(server: &MockServer) {
    for (route, body) in answers() {
        Mock::given(method("GET"))
            .and(path(route))
            .and(header("VeeziAccessToken", TOKEN))
            .respond_with(ResponseTemplate::new(200).set_body_json(body))
            .mount(server)
            .await;
    }
}

struct Linked {
    client: CatalogueClient<Channel>,
    health: HealthClient<Channel>,
    points_of_sale: PointsOfSaleClient<Channel>,
}

/// The demo with theater 101 linked to the cinema `server` stands for.
async fn linked_to(server: &MockServer) -> Linked {
    linked_on_store(server, None).await
}

/// [`linked_to`], its store the PostgreSQL database at `database_url` when given (a
/// replica of the distributed stack) rather than a SQLite file of its own.
async fn linked_on_store(server: &MockServer, database_url: Option<&str>) -> Linked {
    let dir = copy_bundle(DEMO);
    edit_json(&dir, "theaters.json", |theaters| {
        theaters[0]["pointOfSale"] = json!({
            "provider": "veezi", "token": "riverfront",
            "attributes": {"OC": "open-captions"}
        });
    });
    let data_dir = test_support::dirs::fresh_dir("catalogue_veezi");
    std::fs::create_dir_all(data_dir.join("tokens/demo")).expect("a token folder");
    std::fs::write(
        data_dir.join("tokens/demo/riverfront"),
        format!("{TOKEN}\n"),
    )
    .expect("a token");
    let vars = [
        ("SITE_ID", "demo".to_owned()),
        ("SITE_DIR", dir.display().to_string()),
        ("DATA_DIR", data_dir.display().to_string()),
        ("CATALOGUE_TODAY", TODAY.to_owned()),
        ("VEEZI_API_URL", server.uri()),
        (
            "VEEZI_TOKEN_DIR",
            data_dir.join("tokens").display().to_string(),
        ),
        ("VEEZI_POLL_MS", "200".to_owned()),
        ("VEEZI_TIMEOUT_MS", "500".to_owned()),
        ("DATABASE_URL", database_url.unwrap_or_default().to_owned()),
    ];
    let config = Config::from_lookup(|name| {
        vars.iter()
            .find(|(var, _)| *var == name)
            .map(|(_, value)| value.clone())
    })
    .expect("a valid configuration");
    let application = Application::build(config)
        .await
        .expect("the catalogue starts");
    let served = serve(application, data_dir).await;
    Linked {
        client: served.client,
        health: HealthClient::new(served.channel.clone()),
        points_of_sale: PointsOfSaleClient::new(served.channel),
    }
}

impl Linked {
    async fn showtimes(&self) -> Vec<pb::Showtime> {
        self.client
            .clone()
            .list_showtimes(pb::ListShowtimesRequest {
                theater_id: "101".to_owned(),
                from: TODAY.to_owned(),
                to: TODAY.to_owned(),
                ..Default::default()
            })
            .await
            .map(|reply| reply.into_inner().showtimes)
            .unwrap_or_default()
    }

    async fn perf_codes(&self) -> Vec<String> {
        self.showtimes()
            .await
            .into_iter()
            .map(|s| s.perf_code)
            .collect()
    }

    async fn connectors(&self) -> i32 {
        self.health
            .clone()
            .check(HealthCheckRequest {
                service: proto::POS_CONNECTORS_HEALTH.to_owned(),
            })
            .await
            .map(|reply| reply.into_inner().status)
            .unwrap_or(-1)
    }

    async fn in_step(&self) -> bool {
        eventually(WAIT, || async {
            self.perf_codes().await == ["9001", "9002"]
                && self.connectors().await == ServingStatus::Serving as i32
        })
        .await
    }

    /// Waits until the health service says a theater is not in step, then checks the
    /// schedule is still the last good one.
    async fn failing_but_serving(&self) {
        let said = eventually(WAIT, || async {
            self.connectors().await == ServingStatus::NotServing as i32
        })
        .await;
        assert!(said, "the health service says the connector fails");
        assert_eq!(self.perf_codes().await, ["9001", "9002"]);
    }
}

#[tokio::test]
async fn a_linked_theater_shows_its_cinemas_public_sessions_with_their_seats_and_links() {
    let server = MockServer::start().await;
    mount_answers(&server).await;
    let linked = linked_to(&server).await;
    assert!(linked.in_step().await, "{:?}", linked.perf_codes().await);
    let showtimes = linked.showtimes().await;
    let sold_out = &showtimes[0];
    assert_eq!(sold_out.starts_at, format!("{TODAY}T19:30:00-05:00"));
    assert_eq!(sold_out.availability, "sold-out");
    assert_eq!(
        (sold_out.seats_available, sold_out.seats_total),
        (Some(0), Some(120))
    );
    assert_eq!(sold_out.attributes, vec!["open-captions"]);
    assert_eq!(sold_out.auditorium, "Screen 3");
    assert_eq!(
        sold_out.ticketing_url,
        "https://ticketing.us.veezi.com/purchase/9001?siteToken=abc"
    );
    let selling_fast = &showtimes[1];
    assert_eq!(selling_fast.availability, "selling-fast");
    assert!(
        selling_fast.ticketing_url.ends_with("perfcode=9002"),
        "no web session: the provider's pattern, {}",
        selling_fast.ticketing_url
    );
    let movie = linked
        .client
        .clone()
        .get_movie(pb::GetMovieRequest {
            id: "ST00000042".to_owned(),
        })
        .await
        .expect("the film is a movie of the site")
        .into_inner();
    assert_eq!(
        (movie.title.as_str(), movie.runtime_minutes),
        ("Night Train", 104)
    );
    // Only the linked theater follows Veezi.
    let other = linked
        .client
        .clone()
        .list_showtimes(pb::ListShowtimesRequest {
            theater_id: "102".to_owned(),
            from: TODAY.to_owned(),
            to: TODAY.to_owned(),
            ..Default::default()
        })
        .await
        .expect("showtimes")
        .into_inner()
        .showtimes;
    assert!(!other.is_empty() && other.iter().all(|s| !s.perf_code.starts_with("900")));
}

impl Linked {
    async fn point_of_sale(&self) -> pb::PointOfSaleState {
        self.points_of_sale
            .clone()
            .get_point_of_sale(pb::PointOfSaleRequest {
                site_id: "demo".to_owned(),
                theater_id: "101".to_owned(),
            })
            .await
            .expect("the point of sale")
            .into_inner()
    }

    /// Links theater 101 to the token uploaded as `token`.
    async fn upload_token(&self, token: &str) -> pb::PointOfSaleState {
        self.points_of_sale
            .clone()
            .set_point_of_sale(pb::SetPointOfSaleRequest {
                site_id: "demo".to_owned(),
                theater_id: "101".to_owned(),
                link: Some(pb::PointOfSale {
                    provider: "veezi".to_owned(),
                    token: String::new(),
                    attributes: [("OC".to_owned(), "open-captions".to_owned())].into(),
                }),
                token: Some(token.to_owned()),
                author: "Riverfront's manager".to_owned(),
            })
            .await
            .expect("linked")
            .into_inner()
    }
}

#[tokio::test]
async fn an_uploaded_token_is_polled_with_and_each_polls_outcome_is_kept_for_the_studio() {
    let server = MockServer::start().await;
    mount_answers(&server).await;
    let linked = linked_to(&server).await;
    assert!(linked.in_step().await);
    let state = linked.point_of_sale().await;
    assert!(state.last_success_at > 0, "{state:?}");
    assert!(state.showtimes_changed >= 2, "{state:?}");
    assert!(
        state.last_change_at > 0 && state.last_error.is_empty(),
        "{state:?}"
    );
    assert!(!state.token_kept);

    // A token the cinema does not know: the polls fail, and say why.
    let state = linked.upload_token("not-the-cinemas-token").await;
    assert!(state.token_kept && state.token_set_by == "Riverfront's manager");
    assert_eq!(state.link.map(|link| link.token), Some(String::new()));
    let failing = eventually(WAIT, || async {
        let state = linked.point_of_sale().await;
        state.last_error_at > 0 && !state.last_error.is_empty()
    })
    .await;
    assert!(failing, "{:?}", linked.point_of_sale().await);
    assert!(
        !linked
            .point_of_sale()
            .await
            .last_error
            .contains("not-the-cinemas-token"),
        "the token is never told"
    );

    // The cinema's own token, uploaded: in step again with it.
    linked.upload_token(TOKEN).await;
    let failed_at = linked.point_of_sale().await.last_error_at;
    let again = eventually(WAIT, || async {
        linked.point_of_sale().await.last_success_at > failed_at
    })
    .await;
    assert!(again, "{:?}", linked.point_of_sale().await);

    // Without a token, a link naming no file is refused, naming the field.
    let refused = linked
        .points_of_sale
        .clone()
        .set_point_of_sale(pb::SetPointOfSaleRequest {
            site_id: "demo".to_owned(),
            theater_id: "102".to_owned(),
            link: Some(pb::PointOfSale {
                provider: "veezi".to_owned(),
                ..Default::default()
            }),
            token: None,
            author: "An admin".to_owned(),
        })
        .await
        .expect_err("no token");
    assert_eq!(refused.code(), tonic::Code::InvalidArgument, "{refused:?}");
    assert!(refused.message().contains("token"), "{refused:?}");
}

#[tokio::test]
async fn a_cdn_refusal_bad_json_and_a_time_out_keep_the_last_good_schedule() {
    let server = MockServer::start().await;
    mount_answers(&server).await;
    let linked = linked_to(&server).await;
    assert!(linked.in_step().await, "{:?}", linked.perf_codes().await);

    let failures = [
        ResponseTemplate::new(403)
            .insert_header("content-type", "text/html")
            .set_body_string("<html><body><h1>403 Forbidden</h1>Request blocked.</body></html>"),
        ResponseTemplate::new(200)
            .insert_header("content-type", "application/json")
            .set_body_string("[{\"Id\": 9001, \"FilmId\": "),
        ResponseTemplate::new(200)
            .set_body_json(json!([]))
            .set_delay(Duration::from_secs(3)),
    ];
    for failure in failures {
        server.reset().await;
        Mock::given(method("GET"))
            .and(path("/v1/session"))
            .respond_with(failure)
            .mount(&server)
            .await;
        mount_answers(&server).await;
        linked.failing_but_serving().await;

        server.reset().await;
        mount_answers(&server).await;
        assert!(linked.in_step().await, "in step again once Veezi answers");
    }
}

#[tokio::test]
async fn a_token_veezi_refuses_keeps_the_last_good_schedule() {
    let server = MockServer::start().await;
    mount_answers(&server).await;
    let linked = linked_to(&server).await;
    assert!(linked.in_step().await);
    // Every call is now refused, as for a token the cinema revoked.
    server.reset().await;
    linked.failing_but_serving().await;
}

/// How many times `server`'s cinema was asked for.
async fn cinema_calls(server: &MockServer) -> usize {
    server
        .received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .filter(|request| request.url.path() == "/v1/site")
        .count()
}

#[tokio::test]
async fn of_two_replicas_on_one_store_one_polls_the_cinema() {
    let database = test_support::postgres::PostgresDatabase::create("catalogue_veezi").await;
    // Each replica reaches the cinema through a server of its own, which counts its calls.
    let (leader_side, other_side) = (MockServer::start().await, MockServer::start().await);
    mount_answers(&leader_side).await;
    mount_answers(&other_side).await;
    let leader = linked_on_store(&leader_side, Some(&database.url)).await;
    assert!(leader.in_step().await, "the first replica polls the cinema");
    let other = linked_on_store(&other_side, Some(&database.url)).await;
    let polled = cinema_calls(&leader_side).await;
    let polled_on = eventually(WAIT, || async {
        cinema_calls(&leader_side).await >= polled + 10
    })
    .await;
    assert!(polled_on, "the leader goes on polling");
    assert_eq!(
        cinema_calls(&other_side).await,
        0,
        "the second replica never calls the cinema"
    );
    // It serves what the leader wrote to the store they share.
    assert_eq!(other.perf_codes().await, ["9001", "9002"]);
    database.drop().await;
}
