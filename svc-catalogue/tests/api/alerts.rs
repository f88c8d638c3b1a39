//! The catalogue's events for members' alerts (docs/architecture.md#catalogue-events), from
//! the ingest API to NATS: a movie's first showtimes at a theater put it on sale, once;
//! days later, its last day near while the theater's schedule goes on is its last
//! chance; a write refused tells nothing; every event is as docs/asyncapi.yaml describes.

use std::time::Duration;

use futures_util::StreamExt;
use proto::catalogue::v1 as pb;
use proto::catalogue::v1::ingest_client::IngestClient;
use serde_json::{Value, json};

use crate::helpers::{DEMO, serve};

/// Movies of this test alone: other tests publish the demo's own events on its subjects.
const ON_SALE_SOON: &str = "9901";
const LATER: &str = "9902";
const REFUSED: &str = "9903";

/// How long an event may take: what is checked is that it comes, not how fast.
const ARRIVES_WITHIN: Duration = Duration::from_secs(10);

fn with_key<T>(key: &str, message: T) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert(
        "authorization",
        format!("Bearer {key}").parse().expect("a header value"),
    );
    request
}

fn showtime(perf_code: &str, movie_id: &str, starts_at: &str) -> pb::ShowtimeRecord {
    pb::ShowtimeRecord {
        perf_code: perf_code.to_owned(),
        movie_id: movie_id.to_owned(),
        starts_at: starts_at.to_owned(),
        ..Default::default()
    }
}

fn day(date: &str, showtimes: Vec<pb::ShowtimeRecord>) -> pb::PutScheduleRequest {
    pb::PutScheduleRequest {
        theater_id: "101".to_owned(),
        from: date.to_owned(),
        to: date.to_owned(),
        showtimes,
    }
}

/// The next event of this test's movies within `within`, if one comes.
async fn next_of_ours(
    events: &mut async_nats::Subscriber,
    within: Duration,
) -> Option<(String, Value)> {
    let waited = tokio::time::timeout(within, async {
        while let Some(message) = events.next().await {
            let payload: Value = serde_json::from_slice(&message.payload).expect("JSON");
            let movie = payload["movie"]["id"].as_str().unwrap_or_default();
            if [ON_SALE_SOON, LATER, REFUSED].contains(&movie) {
                let id = message
                    .headers
                    .as_ref()
                    .and_then(|headers| headers.get("Nats-Msg-Id"))
                    .map(ToString::to_string);
                assert_eq!(id.as_deref(), payload["eventId"].as_str());
                return Some((message.subject.to_string(), payload));
            }
        }
        None
    })
    .await;
    waited.ok().flatten()
}

#[tokio::test]
async fn first_showtimes_put_a_movie_on_sale_once_and_later_a_near_last_day_is_its_last_chance() {
    let (url, mut events) = test_support::events::subscribe("catalogue.demo.movie.>").await;
    let data_dir = test_support::dirs::fresh_dir("catalogue_data");
    let site_dir = DEMO.to_owned();
    let config_dir = data_dir.display().to_string();
    let config = svc_catalogue::Config::from_lookup(|name| match name {
        "SITE_DIR" => Some(site_dir.clone()),
        "DATA_DIR" => Some(config_dir.clone()),
        "CATALOGUE_TODAY" => Some(crate::helpers::TODAY.to_owned()),
        "NATS_URL" => Some(url.clone()),
        _ => None,
    })
    .expect("a valid configuration");
    let application = svc_catalogue::Application::build(config)
        .await
        .expect("the demo loads");
    let catalogue = serve(application, data_dir).await;
    let key = catalogue.demo_key("demo");
    let mut ingest = IngestClient::connect(format!("http://{}", catalogue.addr))
        .await
        .expect("connect");
    for (id, title) in [
        (ON_SALE_SOON, "Soon Pictures"),
        (LATER, "Later Pictures"),
        (REFUSED, "Refused Pictures"),
    ] {
        ingest
            .put_movie(with_key(
                &key,
                pb::PutMovieRequest {
                    movie: Some(pb::MovieRecord {
                        id: id.to_owned(),
                        title: title.to_owned(),
                        runtime_minutes: 100,
                        rating: "PG".to_owned(),
                        ..Default::default()
                    }),
                },
            ))
            .await
            .expect("a movie");
    }

    // The clock says 2026-11-22 00:00; the theater's demo schedule goes on for weeks.
    // The movie's first day at the theater: on sale, not yet a last chance (the on-sale
    // alert says when).
    let first_day = |showtimes| day("2026-11-23", showtimes);
    ingest
        .put_schedule(with_key(
            &key,
            first_day(vec![
                showtime("A2", ON_SALE_SOON, "2026-11-23T21:00"),
                showtime("A1", ON_SALE_SOON, "2026-11-23T19:00"),
            ]),
        ))
        .await
        .expect("a day's schedule");
    let mut told = vec![
        next_of_ours(&mut events, ARRIVES_WITHIN)
            .await
            .expect("an event within seconds"),
    ];
    let on_sale = &told[0];
    assert_eq!(on_sale.0, "catalogue.demo.movie.on-sale");
    assert_eq!(
        on_sale.1["showtime"]["perfCode"], "A1",
        "the first showtime"
    );
    assert_eq!(on_sale.1["movie"]["title"], "Soon Pictures");
    assert_eq!(on_sale.1["movie"]["path"], "/movies/9901-soon-pictures/");
    assert_eq!(on_sale.1["theater"]["id"], "101");
    assert_eq!(on_sale.1["batch"]["size"], 1);

    // Days later (the store told it on sale long ago), one more showtime that day: told on
    // sale already; its last day near while the theater's schedule goes on, a last chance.
    let store = svc_catalogue::store::Store::connect(
        &format!(
            "sqlite://{}?mode=rwc",
            catalogue.data_dir.join("catalogue.db").display()
        ),
        1,
    )
    .await
    .expect("the store");
    sqlx::query("UPDATE catalogue_movie_alerts SET told_at = 0 WHERE movie_id = $1")
        .bind(ON_SALE_SOON)
        .execute(store.pool())
        .await
        .expect("on sale for days");
    ingest
        .put_schedule(with_key(
            &key,
            first_day(vec![
                showtime("A1", ON_SALE_SOON, "2026-11-23T19:00"),
                showtime("A2", ON_SALE_SOON, "2026-11-23T21:00"),
                showtime("A3", ON_SALE_SOON, "2026-11-23T23:00"),
            ]),
        ))
        .await
        .expect("the day again");
    let last_chance = next_of_ours(&mut events, ARRIVES_WITHIN)
        .await
        .expect("a last chance");
    assert_eq!(last_chance.0, "catalogue.demo.movie.last-chance");
    assert_eq!(
        last_chance.1["showtime"]["perfCode"], "A3",
        "the last showtime"
    );
    assert_ne!(told[0].1["batch"]["id"], last_chance.1["batch"]["id"]);
    told.push(last_chance);

    // A schedule refused (its last showtime's start is no time) tells nothing; a later
    // movie's first day: on sale only.
    let refused = ingest
        .put_schedule(with_key(
            &key,
            day(
                "2026-11-28",
                vec![
                    showtime("R1", REFUSED, "2026-11-28T19:00"),
                    showtime("R2", REFUSED, "seven"),
                ],
            ),
        ))
        .await
        .expect_err("a start that is no time");
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);
    ingest
        .put_schedule(with_key(
            &key,
            day(
                "2026-11-28",
                vec![showtime("B1", LATER, "2026-11-28T19:00")],
            ),
        ))
        .await
        .expect("a later day");
    let (subject, later) = next_of_ours(&mut events, ARRIVES_WITHIN)
        .await
        .expect("the later movie's event");
    assert_eq!(subject, "catalogue.demo.movie.on-sale");
    assert_eq!(later["movie"]["id"], LATER, "nothing of the movie refused");
    assert_eq!(later["showtime"]["startsAt"], "2026-11-28T19:00:00-05:00");

    let published: Vec<String> = told
        .iter()
        .chain([&(subject, later)])
        .map(|(subject, payload)| json!({"subject": subject, "payload": payload}).to_string())
        .collect();
    test_support::events::match_the_asyncapi_document(&published.join("\n"));
    assert!(
        next_of_ours(&mut events, Duration::from_secs(1))
            .await
            .is_none(),
        "no event beside the three"
    );
}
