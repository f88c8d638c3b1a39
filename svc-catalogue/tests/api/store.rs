//! The catalogue store on SQLite and on a real PostgreSQL: what is written is read back
//! whole, writing the same again changes nothing, and every replica hears of a commit.

use std::path::Path;
use std::time::Duration;

use proto::catalogue::v1::{GetMovieRequest, WatchSiteRequest};
use svc_catalogue::Application;
use svc_catalogue::bundle;
use svc_catalogue::domain::SiteContent;
use svc_catalogue::domain::records::RecordKind;
use svc_catalogue::store::Store;
use svc_catalogue::store::sites::Changes;
use svc_catalogue::version::Clock;
use test_support::polling::eventually;
use test_support::postgres::PostgresDatabase;

use crate::helpers::{DEMO, TEST_AUTHOR, TODAY, copy_bundle, edit_json, replica_config, serve};

fn demo_content() -> SiteContent {
    let clock = Clock::on(TODAY.parse().expect("a date"));
    bundle::load(Path::new(DEMO), &clock).expect("the demo bundle loads")
}

async fn sqlite_store() -> Store {
    let dir = test_support::dirs::fresh_dir("catalogue_store");
    let url = format!("sqlite://{}?mode=rwc", dir.join("catalogue.db").display());
    Store::connect(&url, 2).await.expect("a SQLite store")
}

/// Runs `check` on a SQLite store and on a PostgreSQL one.
async fn on_both(check: impl AsyncFn(Store)) {
    check(sqlite_store().await).await;
    let database = PostgresDatabase::create("catalogue_store").await;
    let store = Store::connect(&database.url, 2)
        .await
        .expect("a PostgreSQL store");
    check(store.clone()).await;
    store.close().await;
    database.drop().await;
}

#[tokio::test]
async fn an_import_is_read_back_whole_and_the_same_again_changes_nothing() {
    on_both(async |store| {
        let content = demo_content();
        let first = store
            .replace_site("demo", &content, TEST_AUTHOR)
            .await
            .expect("written");
        assert!(first.changed > 100, "{first:?}");
        let stored = store
            .load_site("demo")
            .await
            .expect("read")
            .expect("the site");
        assert_eq!(stored.content, content);
        assert_eq!(stored.revision, first.revision);

        let again = store
            .replace_site("demo", &content, TEST_AUTHOR)
            .await
            .expect("written");
        assert_eq!(again.changed, 0);
        assert_eq!(again.revision, first.revision);
        assert_eq!(
            store.revision("demo").await.expect("read"),
            Some((stored.version, first.revision))
        );
    })
    .await;
}

#[tokio::test]
async fn a_change_writes_only_what_changed_and_names_a_new_revision() {
    on_both(async |store| {
        let mut content = demo_content();
        let first = store
            .replace_site("demo", &content, TEST_AUTHOR)
            .await
            .expect("written");
        content.movies[0].title = "The Longest Night".to_owned();
        let (theater, showtimes) = content
            .showtimes
            .iter_mut()
            .next()
            .expect("a theater with showtimes");
        let theater = theater.clone();
        let gone = showtimes.pop().expect("a showtime");
        showtimes[0].seats_available = Some(3);
        showtimes[0].seats_total = Some(120);

        let second = store
            .replace_site("demo", &content, TEST_AUTHOR)
            .await
            .expect("written");
        assert_eq!(second.changed, 3);
        assert_ne!(second.revision, first.revision);
        let stored = store
            .load_site("demo")
            .await
            .expect("read")
            .expect("the site");
        assert_eq!(stored.content.movies[0].title, "The Longest Night");
        let kept = &stored.content.showtimes[&theater];
        assert!(kept.iter().all(|s| s.perf_code != gone.perf_code));
        let sold = kept
            .iter()
            .find(|s| s.perf_code == content.showtimes[&theater][0].perf_code)
            .expect("the showtime");
        assert_eq!(
            (sold.seats_available, sold.seats_total),
            (Some(3), Some(120))
        );
    })
    .await;
}

#[tokio::test]
async fn sites_are_kept_apart() {
    on_both(async |store| {
        let content = demo_content();
        store
            .replace_site("demo", &content, TEST_AUTHOR)
            .await
            .expect("written");
        let mut other = content.clone();
        other.theaters.truncate(1);
        other
            .showtimes
            .retain(|theater, _| *theater == other.theaters[0].id);
        store
            .replace_site("other", &other, TEST_AUTHOR)
            .await
            .expect("written");
        let demo = store.load_site("demo").await.expect("read").expect("demo");
        assert_eq!(demo.content, content);
        let read = store
            .load_site("other")
            .await
            .expect("read")
            .expect("other");
        assert_eq!(read.content.theaters.len(), 1);
        assert!(store.load_site("nobody").await.expect("read").is_none());
    })
    .await;
}

#[tokio::test]
async fn a_commit_is_announced_to_this_process_and_on_postgres_to_every_replica() {
    let database = PostgresDatabase::create("catalogue_commits").await;
    let writer = Store::connect(&database.url, 2).await.expect("a store");
    let replica = Store::connect(&database.url, 2).await.expect("a store");
    let mut heard_here = writer.commits();
    let mut heard_there = replica.commits();
    let listening = replica.listen();
    // The listener says it may have missed commits as soon as it listens.
    let first = tokio::time::timeout(Duration::from_secs(5), heard_there.recv())
        .await
        .expect("listening within 5 s")
        .expect("a message");
    assert_eq!(first, svc_catalogue::store::EVERY_SITE);

    writer
        .replace_site("demo", &demo_content(), TEST_AUTHOR)
        .await
        .expect("written");
    assert_eq!(heard_here.recv().await.expect("heard"), "demo");
    let there = tokio::time::timeout(Duration::from_secs(5), heard_there.recv())
        .await
        .expect("NOTIFY within 5 s")
        .expect("a message");
    assert_eq!(there, "demo");
    listening.abort();
    writer.close().await;
    replica.close().await;
    database.drop().await;
}

#[tokio::test]
async fn a_replica_without_the_bundle_serves_what_another_imported() {
    let database = PostgresDatabase::create("catalogue_replicas").await;
    let dir = copy_bundle(DEMO);
    let importer = Application::build(replica_config(&database.url, Some(&dir)))
        .await
        .expect("the importer starts");
    let replica = Application::build(replica_config(&database.url, None))
        .await
        .expect("the replica starts from the store");
    let _importer = test_support::net::spawn_on_loopback(|listener| {
        importer.serve(listener, std::future::pending())
    })
    .await;
    let addr = test_support::net::spawn_on_loopback(|listener| {
        replica.serve(listener, std::future::pending())
    })
    .await;
    let client =
        proto::catalogue::v1::catalogue_client::CatalogueClient::connect(format!("http://{addr}"))
            .await
            .expect("connect");
    let mut versions = client
        .clone()
        .watch_site(WatchSiteRequest {})
        .await
        .expect("a stream")
        .into_inner();
    let first = versions
        .message()
        .await
        .expect("no error")
        .expect("a version");

    edit_json(&dir, "movies.json", |movies| {
        movies[0]["title"] = "Heard through NOTIFY".into()
    });
    let title = || {
        let mut client = client.clone();
        async move {
            client
                .get_movie(GetMovieRequest {
                    id: "1001".to_owned(),
                })
                .await
                .map(|movie| movie.into_inner().title)
                .unwrap_or_default()
        }
    };
    let served = eventually(Duration::from_secs(5), || async {
        title().await == "Heard through NOTIFY"
    })
    .await;
    assert!(served, "the replica serves the other's import");
    let next = tokio::time::timeout(Duration::from_secs(5), versions.message())
        .await
        .expect("a new version")
        .expect("no error")
        .expect("a version");
    assert_ne!(next.revision, first.revision);
    database.drop().await;
}

fn seats(n: u32) -> svc_catalogue::domain::records::AvailabilityChange {
    svc_catalogue::domain::records::AvailabilityChange {
        theater_id: "101".to_owned(),
        perf_code: format!("Q{n}"),
        seats_available: n % 50,
        seats_total: Some(50),
        availability: None,
    }
}

#[tokio::test]
async fn a_schedule_and_many_seat_counts_are_written_in_one_go_on_both_databases() {
    on_both(async |store| {
        let content = demo_content();
        store.replace_site("demo", &content, TEST_AUTHOR).await.expect("written");
        let day: jiff::civil::Date = TODAY.parse().expect("a date");
        let entries: Vec<svc_catalogue::domain::showtimes::ShowtimeEntry> = (0..2_000)
            .map(|n| svc_catalogue::domain::showtimes::ShowtimeEntry {
                perf_code: format!("Q{n}"),
                movie_id: "1001".to_owned(),
                starts_at: format!("{TODAY}T{:02}:{:02}:00-05:00", 10 + n / 200, n % 60),
                auditorium: String::new(),
                format: String::new(),
                attributes: vec![],
                language: String::new(),
                seats_available: None,
                seats_total: None,
                availability: None,
                booking_url: String::new(),
            })
            .collect();
        let (start, _) = store
            .revision("demo")
            .await
            .expect("read")
            .expect("demo");
        let scheduled = store
            .put_schedule("demo", "101", (day, day), &entries)
            .await
            .expect("written");
        assert!(scheduled.changed >= 2_000, "{scheduled:?}");
        // Only the theater's schedule changed: the follower reads that theater's.
        match store.changes_since("demo", start).await.expect("read") {
            Changes::Showtimes {
                revision,
                schedules,
                seats,
                ..
            } => {
                assert_eq!(revision, scheduled.revision);
                assert_eq!(schedules.keys().collect::<Vec<_>>(), ["101"]);
                let of_the_day = schedules["101"]
                    .iter()
                    .filter(|entry| entry.starts_at.starts_with(TODAY))
                    .count();
                assert_eq!(of_the_day, 2_000);
                assert!(seats.is_empty(), "{seats:?}");
            }
            other => panic!("a schedule only changed: {other:?}"),
        }

        let mut changes: Vec<_> = (0..2_000).map(seats).collect();
        changes[1_999].perf_code = "nowhere".to_owned();
        let refused = store
            .update_availability("demo", &changes)
            .await
            .expect_err("an unknown showtime");
        assert!(
            matches!(&refused, svc_catalogue::store::StoreError::Conflict(invalid) if invalid.field == "updates[1999].perfCode"),
            "{refused}"
        );
        changes[1_999] = seats(1_999);
        let (before, _) = store
            .revision("demo")
            .await
            .expect("read")
            .expect("demo");
        let written = store
            .update_availability("demo", &changes)
            .await
            .expect("written");
        assert_eq!(written.changed, 2_000);
        // Only seats changed since: the follower is told which, not to read the site.
        match store.changes_since("demo", before).await.expect("read") {
            Changes::Showtimes {
                revision,
                schedules,
                seats,
                ..
            } => {
                assert!(schedules.is_empty(), "{schedules:?}");
                assert_eq!(revision, written.revision);
                assert_eq!(seats.len(), 2_000);
                let q7 = seats.iter().find(|s| s.perf_code == "Q7").expect("Q7");
                assert_eq!((q7.seats_available, q7.seats_total), (Some(7), Some(50)));
            }
            other => panic!("seats only changed: {other:?}"),
        }
        // Since before the schedule, its theater is read whole, seats and all.
        match store.changes_since("demo", start).await.expect("read") {
            Changes::Showtimes {
                schedules, seats, ..
            } => {
                let q7 = schedules["101"]
                    .iter()
                    .find(|entry| entry.perf_code == "Q7")
                    .expect("Q7");
                assert_eq!((q7.seats_available, q7.seats_total), (Some(7), Some(50)));
                assert!(seats.is_empty(), "{seats:?}");
            }
            other => panic!("showtimes only changed: {other:?}"),
        }
        let (now, _) = store
            .revision("demo")
            .await
            .expect("read")
            .expect("demo");
        assert_eq!(
            store.changes_since("demo", now).await.expect("read"),
            Changes::None
        );
        let again = store
            .update_availability("demo", &changes)
            .await
            .expect("written");
        assert_eq!((again.changed, &again.revision), (0, &written.revision));
        let stored = store.load_site("demo").await.expect("read").expect("demo");
        let q7 = stored.content.showtimes["101"]
            .iter()
            .find(|s| s.perf_code == "Q7")
            .expect("Q7");
        assert_eq!((q7.seats_available, q7.seats_total), (Some(7), Some(50)));
        assert_eq!(q7.availability(), proto::showtime::Availability::SellingFast);
        // A change of a record, seats or not, is read whole.
        let mut movie = stored.content.movies[0].clone();
        movie.synopsis.push_str(" Extended cut.");
        store
            .put_record(
                "demo",
                svc_catalogue::domain::records::RecordKind::Movie,
                &movie.id,
                &movie,
                TEST_AUTHOR,
            )
            .await
            .expect("written");
        store
            .update_availability(
                "demo",
                &[svc_catalogue::domain::records::AvailabilityChange {
                    seats_available: 3,
                    ..seats(8)
                }],
            )
            .await
            .expect("written");
        assert_eq!(
            store.changes_since("demo", now).await.expect("read"),
            Changes::Records
        );
    })
    .await;
}

#[tokio::test]
async fn the_health_service_says_when_the_store_stops_answering() {
    use tonic_health::pb::health_check_response::ServingStatus;
    use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

    let database = PostgresDatabase::create("catalogue_health").await;
    let dir = copy_bundle(DEMO);
    let catalogue = Application::build(replica_config(&database.url, Some(&dir)))
        .await
        .expect("the catalogue starts");
    let channel = serve(catalogue, dir).await.channel;
    let store_status = || {
        let mut health = HealthClient::new(channel.clone());
        async move {
            health
                .check(HealthCheckRequest {
                    service: proto::CATALOGUE_STORE_HEALTH.to_owned(),
                })
                .await
                .map(|reply| reply.into_inner().status)
                .unwrap_or(-1)
        }
    };
    let serving = eventually(Duration::from_secs(10), || async {
        store_status().await == ServingStatus::Serving as i32
    })
    .await;
    assert!(serving, "the store answers");

    database.drop().await;
    let down = eventually(Duration::from_secs(15), || async {
        store_status().await == ServingStatus::NotServing as i32
    })
    .await;
    assert!(down, "the health service says the store is down");
    // The catalogue still serves what it has.
    let movie = proto::catalogue::v1::catalogue_client::CatalogueClient::new(channel.clone())
        .get_movie(GetMovieRequest {
            id: "1001".to_owned(),
        })
        .await
        .expect("served from memory");
    assert_eq!(movie.into_inner().title, "The Long Night");
}

/// The history keeps the newest 200 revisions that changed editable records: the oldest
/// go, and a theater or a movie written is no revision of it.
#[tokio::test]
async fn the_history_keeps_the_newest_revisions_of_editable_records_alone() {
    use svc_catalogue::domain::records::RecordKind;
    on_both(async |store: Store| {
        let content = demo_content();
        store
            .replace_site("demo", &content, TEST_AUTHOR)
            .await
            .expect("the demo");
        let first = store.history("demo").await.expect("the history");
        assert_eq!(first.len(), 1, "the import");
        let theater = &content.theaters[0];
        store
            .put_record(
                "demo",
                RecordKind::Theater,
                &theater.id,
                theater,
                TEST_AUTHOR,
            )
            .await
            .expect("a theater written");
        assert_eq!(store.history("demo").await.expect("the history"), first);

        let mut page = content.pages[0].clone();
        for edition in 1..=200 {
            page.title = format!("About, edition {edition}");
            store
                .put_record("demo", RecordKind::Page, &page.slug, &page, TEST_AUTHOR)
                .await
                .expect("a page written");
        }
        let kept = store.history("demo").await.expect("the history");
        assert_eq!(kept.len(), 200);
        assert!(!kept.contains(&first[0]), "the oldest went");
        assert_eq!(
            store
                .records_at("demo", &first[0].revision)
                .await
                .expect("read"),
            None
        );
    })
    .await;
}

#[tokio::test]
async fn a_page_due_to_be_unpublished_is_removed_only_as_it_was_read() {
    on_both(async |store| {
        let content = demo_content();
        store
            .replace_site("demo", &content, TEST_AUTHOR)
            .await
            .expect("written");
        let mut page = content.pages[0].clone();
        page.unpublish_at = "2026-01-01T00:00:00Z".to_owned();
        let put = async |page: &svc_catalogue::domain::content_pages::Page| {
            store
                .put_record("demo", RecordKind::Page, &page.slug, page, TEST_AUTHOR)
                .await
                .expect("written");
        };
        put(&page).await;
        let now = jiff::Timestamp::now().as_second();
        let (due, next) = store.due_unpublications(now).await.expect("read");
        assert_eq!(due.len(), 1);
        assert_eq!((due[0].id.as_str(), next), (page.slug.as_str(), None));

        // Written again since, its time moved: the one read is not removed.
        page.unpublish_at = "2099-01-01T00:00:00Z".to_owned();
        put(&page).await;
        assert!(
            store
                .unpublish(&due[0], TEST_AUTHOR)
                .await
                .expect("ran")
                .is_none()
        );
        let (due, next) = store.due_unpublications(now).await.expect("read");
        assert!(due.is_empty());
        assert!(next.is_some());

        page.unpublish_at = "2026-01-01T00:00:00Z".to_owned();
        put(&page).await;
        let (due, _) = store.due_unpublications(now).await.expect("read");
        assert!(
            store
                .unpublish(&due[0], TEST_AUTHOR)
                .await
                .expect("ran")
                .is_some()
        );
        let read = store.load_site("demo").await.expect("read").expect("demo");
        assert!(!read.content.pages.iter().any(|kept| kept.slug == page.slug));
    })
    .await;
}
