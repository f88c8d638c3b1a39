//! The ingest API over gRPC: keys, all-or-nothing writes naming the field at fault,
//! idempotency, replace semantics, seat thresholds, and every accepted write served.

use std::time::Duration;

use proto::catalogue::v1 as pb;
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use proto::catalogue::v1::ingest_client::IngestClient;
use svc_catalogue::store::Store;
use test_support::polling::eventually;
use tonic::Code;
use tonic::transport::Channel;
use tonic_types::StatusExt;

use crate::helpers::{TODAY, TestCatalogue, spawn_demo};

/// How long a test waits for an accepted write to be served: what it checks is that the
/// write is served, with no restart; how fast is bench/'s to measure.
const SERVED_WITHIN: Duration = Duration::from_secs(10);

struct Ingest {
    catalogue: TestCatalogue,
    client: IngestClient<Channel>,
    key: String,
}

async fn ingest() -> Ingest {
    let catalogue = spawn_demo().await;
    let client = IngestClient::connect(format!("http://{}", catalogue.addr))
        .await
        .expect("connect");
    let key = catalogue.demo_key("demo");
    Ingest {
        catalogue,
        client,
        key,
    }
}

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
        auditorium: "7".to_owned(),
        format: "Standard".to_owned(),
        ..Default::default()
    }
}

fn schedule(showtimes: Vec<pb::ShowtimeRecord>) -> pb::PutScheduleRequest {
    pb::PutScheduleRequest {
        theater_id: "101".to_owned(),
        from: TODAY.to_owned(),
        to: TODAY.to_owned(),
        showtimes,
    }
}

async fn showtimes_today(client: &CatalogueClient<Channel>, theater: &str) -> Vec<pb::Showtime> {
    client
        .clone()
        .list_showtimes(pb::ListShowtimesRequest {
            theater_id: theater.to_owned(),
            from: TODAY.to_owned(),
            to: TODAY.to_owned(),
            ..Default::default()
        })
        .await
        .expect("showtimes")
        .into_inner()
        .showtimes
}

/// The field a refusal names.
fn field(status: &tonic::Status) -> String {
    status
        .get_details_bad_request()
        .and_then(|details| details.field_violations.into_iter().next())
        .map(|violation| violation.field)
        .unwrap_or_default()
}

/// The version the catalogue streams now.
async fn version(client: &CatalogueClient<Channel>) -> pb::SiteVersion {
    client
        .clone()
        .watch_site(pb::WatchSiteRequest {})
        .await
        .expect("the stream")
        .into_inner()
        .message()
        .await
        .expect("a version")
        .expect("a version")
}

async fn revision(client: &CatalogueClient<Channel>) -> String {
    client
        .clone()
        .get_site(pb::GetSiteRequest {})
        .await
        .expect("the site")
        .into_inner()
        .revision
}

#[tokio::test]
async fn a_call_needs_a_key_of_the_site_that_is_not_revoked() {
    let ingest = ingest().await;
    let mut client = ingest.client.clone();
    let without = client
        .put_schedule(schedule(vec![]))
        .await
        .expect_err("no key");
    assert_eq!(without.code(), Code::Unauthenticated);
    let unknown = client
        .put_schedule(with_key("cik_0000", schedule(vec![])))
        .await
        .expect_err("an unknown key");
    assert_eq!(unknown.code(), Code::Unauthenticated);

    let store = Store::connect(
        &format!(
            "sqlite://{}?mode=rwc",
            ingest.catalogue.data_dir.join("catalogue.db").display()
        ),
        1,
    )
    .await
    .expect("the store");
    let (made, text) = store.create_key("demo", "box office").await.expect("a key");
    client
        .put_schedule(with_key(&text, schedule(vec![])))
        .await
        .expect("a new key writes");
    assert!(store.revoke_key(&made.id, None).await.expect("revoked"));
    let revoked = client
        .put_schedule(with_key(&text, schedule(vec![])))
        .await
        .expect_err("a revoked key");
    assert_eq!(revoked.code(), Code::Unauthenticated);
    let listed = store.list_keys(Some("demo")).await.expect("listed");
    assert!(
        listed
            .iter()
            .any(|key| key.id == made.id && key.revoked_at.is_some())
    );
}

#[tokio::test]
async fn a_schedule_replaces_its_days_is_served_and_the_same_again_changes_nothing() {
    let ingest = ingest().await;
    let mut client = ingest.client.clone();
    let reads = &ingest.catalogue.client;
    let other_day_before = reads
        .clone()
        .list_showtimes(pb::ListShowtimesRequest {
            theater_id: "101".to_owned(),
            from: "2026-11-23".to_owned(),
            to: "2026-11-23".to_owned(),
            ..Default::default()
        })
        .await
        .expect("showtimes")
        .into_inner()
        .showtimes;
    let before = version(reads).await;

    let mut sold_out = showtime("88213", "1001", "2026-11-22T19:30");
    sold_out.seats_available = Some(0);
    sold_out.seats_total = Some(120);
    let mut own_link = showtime("V-7", "1002", "2026-11-22T21:45:00-05:00");
    own_link.booking_url = "https://pos.example/book/V-7".to_owned();
    own_link.attributes = vec!["open-captions".to_owned()];
    let written = client
        .put_schedule(with_key(&ingest.key, schedule(vec![sold_out, own_link])))
        .await
        .expect("written")
        .into_inner();
    assert!(
        written.changed > 2,
        "the day's other showtimes went: {written:?}"
    );

    let served = eventually(SERVED_WITHIN, || async {
        showtimes_today(reads, "101").await.len() == 2
    })
    .await;
    assert!(served, "the theater's day is the pushed schedule");
    let today = showtimes_today(reads, "101").await;
    let first = &today[0];
    assert_eq!(first.perf_code, "88213");
    assert_eq!(first.id, "101-88213");
    assert_eq!(first.starts_at, "2026-11-22T19:30:00-05:00");
    assert_eq!(first.availability, "sold-out");
    assert_eq!(
        (first.seats_available, first.seats_total),
        (Some(0), Some(120))
    );
    assert!(
        first.ticketing_url.ends_with("perfcode=88213"),
        "{}",
        first.ticketing_url
    );
    assert_eq!(today[1].ticketing_url, "https://pos.example/book/V-7");
    assert_eq!(today[1].attributes, vec!["open-captions"]);
    // Days outside the call are as they were.
    let other_day = reads
        .clone()
        .list_showtimes(pb::ListShowtimesRequest {
            theater_id: "101".to_owned(),
            from: "2026-11-23".to_owned(),
            to: "2026-11-23".to_owned(),
            ..Default::default()
        })
        .await
        .expect("showtimes")
        .into_inner()
        .showtimes;
    assert_eq!(other_day, other_day_before);
    // The theater's schedule moved to the new revision; the others' stayed.
    let after = version(reads).await;
    assert_eq!(after.revision, written.revision);
    assert_eq!(after.schedule_revisions["101"], written.revision);
    assert_eq!(
        after.schedule_revisions["102"],
        before.schedule_revisions["102"]
    );
    assert_ne!(after.schedule_revisions["102"], written.revision);

    let again = client
        .put_schedule(with_key(
            &ingest.key,
            schedule(vec![
                {
                    let mut again = showtime("88213", "1001", "2026-11-22T19:30");
                    again.seats_available = Some(0);
                    again.seats_total = Some(120);
                    again
                },
                {
                    let mut again = showtime("V-7", "1002", "2026-11-22T21:45:00-05:00");
                    again.booking_url = "https://pos.example/book/V-7".to_owned();
                    again.attributes = vec!["open-captions".to_owned()];
                    again
                },
            ]),
        ))
        .await
        .expect("written")
        .into_inner();
    assert_eq!(again.changed, 0);
    assert_eq!(again.revision, written.revision);
}

#[tokio::test]
async fn a_bad_showtime_last_in_a_large_request_writes_nothing_and_is_named() {
    let ingest = ingest().await;
    let mut client = ingest.client.clone();
    let before = revision(&ingest.catalogue.client).await;
    let mut showtimes: Vec<pb::ShowtimeRecord> = (0..2_000)
        .map(|n| {
            showtime(
                &format!("P{n}"),
                "1001",
                &format!("2026-11-22T{:02}:{:02}", 10 + n / 200, n % 60),
            )
        })
        .collect();
    showtimes[1_999].starts_at = "tonight".to_owned();
    let refused = client
        .put_schedule(with_key(&ingest.key, schedule(showtimes.clone())))
        .await
        .expect_err("a bad start");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(field(&refused), "showtimes[1999].startsAt");

    showtimes[1_999].starts_at = "2026-11-22T23:00".to_owned();
    showtimes[1_999].movie_id = "no-such-movie".to_owned();
    let unknown = client
        .put_schedule(with_key(&ingest.key, schedule(showtimes)))
        .await
        .expect_err("an unknown movie");
    assert_eq!(unknown.code(), Code::FailedPrecondition);
    assert_eq!(field(&unknown), "showtimes[1999].movieId");

    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(revision(&ingest.catalogue.client).await, before);
    assert!(
        !showtimes_today(&ingest.catalogue.client, "101")
            .await
            .iter()
            .any(|s| s.perf_code.starts_with('P'))
    );
}

#[tokio::test]
async fn a_theater_the_site_does_not_have_is_not_found() {
    let ingest = ingest().await;
    let mut request = schedule(vec![]);
    request.theater_id = "999".to_owned();
    let missing = ingest
        .client
        .clone()
        .put_schedule(with_key(&ingest.key, request))
        .await
        .expect_err("no theater 999");
    assert_eq!(missing.code(), Code::NotFound);
}

#[tokio::test]
async fn seats_sell_out_through_availability_updates_and_unknown_showtimes_write_nothing() {
    let ingest = ingest().await;
    let mut client = ingest.client.clone();
    let reads = &ingest.catalogue.client;
    let today = showtimes_today(reads, "102").await;
    let (first, second) = (&today[0], &today[1]);
    let update = |perf_code: &str, left: u32, total: Option<u32>| pb::AvailabilityUpdate {
        theater_id: "102".to_owned(),
        perf_code: perf_code.to_owned(),
        seats_available: left,
        seats_total: total,
        availability: String::new(),
    };
    let written = client
        .update_availability(with_key(
            &ingest.key,
            pb::UpdateAvailabilityRequest {
                updates: vec![
                    update(&first.perf_code, 0, Some(200)),
                    update(&second.perf_code, 30, Some(200)),
                ],
            },
        ))
        .await
        .expect("written")
        .into_inner();
    assert_eq!(written.changed, 2);
    let served = eventually(SERVED_WITHIN, || async {
        let now = showtimes_today(reads, "102").await;
        now.iter()
            .any(|s| s.perf_code == first.perf_code && s.availability == "sold-out")
            && now
                .iter()
                .any(|s| s.perf_code == second.perf_code && s.availability == "selling-fast")
    })
    .await;
    assert!(served, "sold out and selling fast");

    let more_than_there_are = client
        .update_availability(with_key(
            &ingest.key,
            pb::UpdateAvailabilityRequest {
                updates: vec![update(&first.perf_code, 201, None)],
            },
        ))
        .await
        .expect_err("more seats left than the auditorium has");
    assert_eq!(field(&more_than_there_are), "updates[0].seatsAvailable");
    assert_eq!(revision(reads).await, written.revision);
    assert_eq!(
        version(reads).await.schedule_revisions["102"],
        written.revision,
        "the pages' availability moved"
    );

    // A sale that leaves the availability as it was leaves the theater's schedule
    // revision too: pages show no seat counts.
    let sale = client
        .update_availability(with_key(
            &ingest.key,
            pb::UpdateAvailabilityRequest {
                updates: vec![update(&second.perf_code, 29, Some(200))],
            },
        ))
        .await
        .expect("written")
        .into_inner();
    assert_eq!(sale.changed, 1);
    let served = eventually(SERVED_WITHIN, || async {
        version(reads).await.revision == sale.revision
    })
    .await;
    assert!(served, "the sale is served");
    assert_eq!(
        version(reads).await.schedule_revisions["102"],
        written.revision
    );
}

#[tokio::test]
async fn ten_thousand_updates_with_a_bad_last_one_write_nothing_and_then_all_at_once() {
    let ingest = ingest().await;
    let mut client = ingest.client.clone();
    let showtimes: Vec<pb::ShowtimeRecord> = (0..10_000)
        .map(|n| {
            let mut record = showtime(
                &format!("S{n}"),
                "1003",
                &format!("2026-11-22T{:02}:{:02}", 9 + n / 1000, n % 60),
            );
            record.seats_total = Some(300);
            record
        })
        .collect();
    let mut request = schedule(showtimes);
    request.theater_id = "103".to_owned();
    client
        .put_schedule(with_key(&ingest.key, request))
        .await
        .expect("a day of 10,000 showtimes");
    let update = |n: usize| pb::AvailabilityUpdate {
        theater_id: "103".to_owned(),
        perf_code: format!("S{n}"),
        seats_available: 7,
        seats_total: None,
        availability: String::new(),
    };
    let mut updates: Vec<pb::AvailabilityUpdate> = (0..10_000).map(update).collect();
    updates[9_999].perf_code = "not-a-showtime".to_owned();
    let before = revision(&ingest.catalogue.client).await;
    let refused = client
        .update_availability(with_key(
            &ingest.key,
            pb::UpdateAvailabilityRequest {
                updates: updates.clone(),
            },
        ))
        .await
        .expect_err("an unknown showtime");
    assert_eq!(refused.code(), Code::FailedPrecondition);
    assert_eq!(field(&refused), "updates[9999].perfCode");
    assert_eq!(revision(&ingest.catalogue.client).await, before);

    updates[9_999] = update(9_999);
    let written = client
        .update_availability(with_key(
            &ingest.key,
            pb::UpdateAvailabilityRequest { updates },
        ))
        .await
        .expect("written")
        .into_inner();
    assert_eq!(written.changed, 10_000);
    let served = eventually(SERVED_WITHIN, || async {
        showtimes_today(&ingest.catalogue.client, "103")
            .await
            .iter()
            .filter(|s| s.perf_code.starts_with('S'))
            .all(|s| s.seats_available == Some(7) && s.availability == "selling-fast")
    })
    .await;
    assert!(served, "every update is served");
}

#[tokio::test]
async fn records_are_put_and_deleted_and_what_is_shown_cannot_go() {
    let ingest = ingest().await;
    let mut client = ingest.client.clone();
    let reads = &ingest.catalogue.client;
    client
        .put_movie(with_key(
            &ingest.key,
            pb::PutMovieRequest {
                movie: Some(pb::MovieRecord {
                    id: "2001".to_owned(),
                    title: "Pushed Pictures".to_owned(),
                    runtime_minutes: 101,
                    rating: "PG".to_owned(),
                    release_date: "2026-12-04".to_owned(),
                    ..Default::default()
                }),
            },
        ))
        .await
        .expect("a new movie");
    let served = eventually(SERVED_WITHIN, || async {
        reads
            .clone()
            .get_movie(pb::GetMovieRequest {
                id: "2001".to_owned(),
            })
            .await
            .is_ok_and(|movie| movie.into_inner().release_date == "2026-12-04")
    })
    .await;
    assert!(served, "the new movie is served");

    let bad = client
        .put_movie(with_key(
            &ingest.key,
            pb::PutMovieRequest {
                movie: Some(pb::MovieRecord {
                    id: "2002".to_owned(),
                    title: "No Runtime".to_owned(),
                    ..Default::default()
                }),
            },
        ))
        .await
        .expect_err("a movie without a runtime");
    assert_eq!(field(&bad), "runtimeMinutes");

    let shown = client
        .delete(with_key(
            &ingest.key,
            pb::DeleteRequest {
                kind: "movie".to_owned(),
                id: "1001".to_owned(),
            },
        ))
        .await
        .expect_err("movie 1001 has showtimes");
    assert_eq!(shown.code(), Code::FailedPrecondition);

    client
        .put_page(with_key(
            &ingest.key,
            pb::PutPageRequest {
                page: Some(pb::PageRecord {
                    slug: "parking".to_owned(),
                    title: "Parking".to_owned(),
                    ..Default::default()
                }),
            },
        ))
        .await
        .expect("a new page");
    client
        .delete(with_key(
            &ingest.key,
            pb::DeleteRequest {
                kind: "page".to_owned(),
                id: "parking".to_owned(),
            },
        ))
        .await
        .expect("removed");
    let gone = client
        .delete(with_key(
            &ingest.key,
            pb::DeleteRequest {
                kind: "page".to_owned(),
                id: "parking".to_owned(),
            },
        ))
        .await
        .expect_err("already removed");
    assert_eq!(gone.code(), Code::NotFound);
}
