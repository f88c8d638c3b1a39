//! What the store keeps through the worst: an upgrade from the previous schema on a
//! database that svc-loyalty and svc-consent share, and an import killed halfway.

use std::borrow::Cow;
use std::path::Path;
use std::time::Duration;

use serde_json::json;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Row};
use svc_catalogue::bundle;
use svc_catalogue::domain::editable::DraftKind;
use svc_catalogue::domain::showtimes::ShowtimeEntry;
use svc_catalogue::store::Store;
use svc_catalogue::version::Clock;
use test_support::postgres::PostgresDatabase;

use crate::helpers::{DEMO, TEST_AUTHOR, TODAY, copy_bundle, edit_json};

fn clock() -> Clock {
    Clock::on(TODAY.parse().expect("a date"))
}

async fn pool(url: &str) -> AnyPool {
    sqlx::any::install_default_drivers();
    AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .expect("PostgreSQL answers")
}

/// The catalogue's schema as the release whose last migration was `version` left it.
async fn migrated_to(pool: &AnyPool, version: i64) {
    let mut previous = sqlx::migrate!("./migrations");
    previous.migrations = Cow::Owned(
        previous
            .migrations
            .iter()
            .filter(|migration| migration.version <= version)
            .cloned()
            .collect(),
    );
    previous.set_ignore_missing(true);
    previous
        .run(pool)
        .await
        .unwrap_or_else(|error| panic!("the schema of {version}: {error}"));
}

/// A database as the last release left it: svc-loyalty's and svc-consent's tables with a
/// member and a receipt, and the catalogue at its previous schema (2001) holding the demo.
/// Connecting the store applies the new migrations; every row is still there, and the
/// other services' migrations still run beside ours.
#[tokio::test]
async fn an_upgrade_from_the_previous_schema_keeps_every_row_ours_and_theirs() {
    let database = PostgresDatabase::create("catalogue_upgrade").await;
    let pool = pool(&database.url).await;
    let mut loyalty = sqlx::migrate!("../svc-loyalty/migrations");
    loyalty.set_ignore_missing(true);
    loyalty.run(&pool).await.expect("svc-loyalty's migrations");
    let mut consent = sqlx::migrate!("../svc-consent/migrations");
    consent.set_ignore_missing(true);
    consent.run(&pool).await.expect("svc-consent's migrations");
    migrated_to(&pool, 2001).await;

    sqlx::query(
        "INSERT INTO members (id, email, password_hash, first_name, last_name, mobile_number, \
         zip_code, birth_date, club_id, circuit_id, member_level_id, member_level_name, \
         member_expiry, is_activated, send_newsletter, points, failed_logins, locked_until, created_at) \
         VALUES ('m1', 'ada@example.com', 'hash', 'Ada', 'L', '', '', '', 'club', 'circuit', 1, \
         'Gold', '', 1, 0, 120, 0, 0, 0)",
    )
    .execute(&pool)
    .await
    .expect("a member");
    sqlx::query(
        "INSERT INTO consent_receipts (id, recorded_at, regulation, choices, policy_version, client_network) \
         VALUES ('r1', '2026-11-01T00:00:00Z', 'gdpr', '{}', '1', '203.0.113.0/24')",
    )
    .execute(&pool)
    .await
    .expect("a receipt");
    let content = bundle::load(Path::new(DEMO), &clock()).expect("the demo");
    let theater = &content.theaters[0];
    let movie = &content.movies[0];
    sqlx::query(
        "INSERT INTO catalogue_sites (id, settings, messages, version, revision, updated_at) \
         VALUES ('demo', $1, $2, 7, 'rev-before', 0)",
    )
    .bind(content.settings.to_string())
    .bind(serde_json::to_string(&content.messages).expect("JSON"))
    .execute(&pool)
    .await
    .expect("the site");
    for (table, id, doc) in [
        (
            "catalogue_theaters",
            &theater.id,
            serde_json::to_string(theater).expect("JSON"),
        ),
        (
            "catalogue_movies",
            &movie.id,
            serde_json::to_string(movie).expect("JSON"),
        ),
    ] {
        sqlx::query(&format!(
            "INSERT INTO {table} (site_id, id, position, doc) VALUES ('demo', $1, 0, $2)"
        ))
        .bind(id)
        .bind(doc)
        .execute(&pool)
        .await
        .expect("a record");
    }

    let store = Store::connect(&database.url, 2)
        .await
        .expect("the store upgrades");
    let stored = store
        .load_site("demo")
        .await
        .expect("read")
        .expect("the site is still there");
    assert_eq!(
        (stored.version, stored.revision.as_str()),
        (7, "rev-before")
    );
    assert_eq!(stored.content.theaters, vec![theater.clone()]);
    assert_eq!(stored.content.movies, vec![movie.clone()]);
    assert!(stored.content.poster_images.is_empty());
    // The site takes a draft at once; its history begins with that publish.
    let page = &content.pages[0];
    store
        .stage("demo", DraftKind::Page, &page.slug, "Ana", |_| {
            Ok::<_, svc_catalogue::store::StoreError>(Some(
                serde_json::to_string(page).expect("JSON"),
            ))
        })
        .await
        .expect("drafted");
    let published = store
        .publish_draft("demo", "Ana", false)
        .await
        .expect("published");
    assert_eq!(published.version, 8);
    let history = store.history("demo").await.expect("the history");
    assert_eq!(history.len(), 1);
    assert_eq!(
        (history[0].author.as_str(), history[0].summary.as_str()),
        (
            "Ana",
            "Published the draft: The site with 1 page and 0 events"
        )
    );
    let member: String = sqlx::query("SELECT email FROM members WHERE id = 'm1'")
        .fetch_one(&pool)
        .await
        .expect("the member is still there")
        .get("email");
    assert_eq!(member, "ada@example.com");
    let receipts: i64 = sqlx::query("SELECT COUNT(*) AS n FROM consent_receipts")
        .fetch_one(&pool)
        .await
        .expect("read")
        .get("n");
    assert_eq!(receipts, 1);
    loyalty
        .run(&pool)
        .await
        .expect("svc-loyalty's migrations run beside ours");
    consent
        .run(&pool)
        .await
        .expect("svc-consent's migrations run beside ours");
    store.close().await;
    pool.close().await;
    database.drop().await;
}

/// A database as the last release (schema 2007) left it: a site with a theater, a
/// library image, a draft and a history kept before theaters were. The upgrade keeps
/// each; the draft publishes; the history says nothing of theaters until a revision keeps
/// them, then names a theater changed; the point of sale's state starts empty.
#[tokio::test]
async fn an_upgrade_from_the_last_release_keeps_media_drafts_and_history_and_takes_theaters() {
    let database = PostgresDatabase::create("catalogue_upgrade_2007").await;
    let pool = pool(&database.url).await;
    migrated_to(&pool, 2007).await;
    let content = bundle::load(Path::new(DEMO), &clock()).expect("the demo");
    let theater = &content.theaters[0];
    let page = &content.pages[0];
    let settings = content.settings.to_string();
    for (statement, binds) in [
        (
            "INSERT INTO catalogue_sites (id, settings, messages, version, revision, updated_at) \
             VALUES ('demo', $1, $2, 3, 'rev-2007', 0)",
            vec![
                settings.clone(),
                serde_json::to_string(&content.messages).expect("JSON"),
            ],
        ),
        (
            "INSERT INTO catalogue_theaters (site_id, id, position, doc) VALUES ('demo', $1, 0, $2)",
            vec![
                theater.id.clone(),
                serde_json::to_string(theater).expect("JSON"),
            ],
        ),
        (
            "INSERT INTO catalogue_media (site_id, id, alt, file_name, width, height, uploaded_at, uploaded_by) \
             VALUES ('demo', '0123456789abcdef', $1, 'lobby.jpg', 480, 320, 0, 'Ana')",
            vec!["The lobby".to_owned()],
        ),
        (
            "INSERT INTO catalogue_media_files (site_id, media_id, path, width, content_type, digest, bytes, body) \
             VALUES ('demo', '0123456789abcdef', $1, 480, 'image/jpeg', 'd', 1, 'AA==')",
            vec!["/media/0123456789abcdef.jpg".to_owned()],
        ),
        (
            "INSERT INTO catalogue_history (site_id, version, revision, committed_at, author, summary, records) \
             VALUES ('demo', 3, 'rev-2007', 0, 'Ana', 'The site with 0 pages and 0 events', $1)",
            vec![json!({"site": content.settings, "pages": [], "events": []}).to_string()],
        ),
        (
            "INSERT INTO catalogue_drafts (site_id, kind, id, doc, base, author, changed_at) \
             VALUES ('demo', 'page', $1, $2, NULL, 'Ana', 0)",
            vec![
                page.slug.clone(),
                serde_json::to_string(page).expect("JSON"),
            ],
        ),
    ] {
        let mut query = sqlx::query(statement);
        for bind in binds {
            query = query.bind(bind);
        }
        query
            .execute(&pool)
            .await
            .expect("a row of the last release");
    }

    let store = Store::connect(&database.url, 2)
        .await
        .expect("the store upgrades");
    let stored = store
        .load_site("demo")
        .await
        .expect("read")
        .expect("the site is still there");
    assert_eq!(stored.revision, "rev-2007");
    assert_eq!(stored.content.theaters, vec![theater.clone()]);
    let media = store.media("demo", "").await.expect("the library");
    assert_eq!(media.len(), 1);
    assert_eq!(media[0].alt, "The lobby");
    assert_eq!(
        store.draft("demo").await.expect("the draft").changes.len(),
        1
    );
    let state = store
        .point_of_sale_state("demo", &theater.id)
        .await
        .expect("the point of sale's state");
    assert_eq!(state, Default::default());
    // Its upserts, on PostgreSQL.
    store
        .record_poll(
            "demo",
            &theater.id,
            Some("the token file riverfront: missing"),
        )
        .await
        .expect("a failed poll kept");
    store
        .record_poll("demo", &theater.id, None)
        .await
        .expect("a poll kept");
    let state = store
        .point_of_sale_state("demo", &theater.id)
        .await
        .expect("the point of sale's state");
    assert!(state.last_success_at.is_some() && state.last_error_at.is_some());
    assert_eq!(state.last_error, "the token file riverfront: missing");

    store
        .publish_draft("demo", "Ana", false)
        .await
        .expect("the draft of the last release publishes");
    let mut described = theater.clone();
    described.parking = "Free after 6 pm".to_owned();
    store
        .stage("demo", DraftKind::Theater, &theater.id, "Ana", |_| {
            Ok::<_, svc_catalogue::store::StoreError>(Some(
                serde_json::to_string(&described).expect("JSON"),
            ))
        })
        .await
        .expect("drafted");
    store
        .publish_draft("demo", "Ana", false)
        .await
        .expect("published");
    let history = store.history("demo").await.expect("the history");
    let summaries: Vec<&str> = history.iter().map(|entry| entry.summary.as_str()).collect();
    assert_eq!(
        summaries,
        [
            format!("Published the draft: theater '{}' changed", theater.id).as_str(),
            format!("Published the draft: page '{}' added", page.slug).as_str(),
            "The site with 0 pages and 0 events",
        ]
    );
    store.close().await;
    pool.close().await;
    database.drop().await;
}

/// The demo grown by `theaters` theaters each showing 24 movies four times a day for 14
/// days, and its first movie renamed: an import that takes a while and changes much.
fn large_bundle(theaters: usize) -> std::path::PathBuf {
    let dir = copy_bundle(DEMO);
    let mut movie_ids = Vec::new();
    edit_json(&dir, "movies.json", |movies| {
        let movies = movies.as_array_mut().expect("movies");
        movies[0]["title"] = json!("Renamed By The Large Import");
        movie_ids = movies.iter().map(|movie| movie["id"].clone()).collect();
    });
    let mut theater_ids = Vec::new();
    edit_json(&dir, "theaters.json", |list| {
        let list = list.as_array_mut().expect("theaters");
        let model = list[0].clone();
        for index in 0..theaters {
            let mut theater = model.clone();
            let id = format!("{}", 5000 + index);
            theater["id"] = json!(id);
            theater["name"] = json!(format!("Large Import {index}"));
            theater["slug"] = json!(format!("large-import-{index}"));
            theater["code"] = json!(format!("LI{index:04}"));
            theater_ids.push(id);
            list.push(theater);
        }
    });
    edit_json(&dir, "schedules.json", |schedules| {
        let schedules = schedules.as_array_mut().expect("schedules");
        for (index, theater_id) in theater_ids.iter().enumerate() {
            for slot in 0..24 {
                schedules.push(json!({
                    "movieId": movie_ids[(index + slot) % movie_ids.len()],
                    "theaterId": theater_id,
                    "fromDay": 0,
                    "toDay": 13,
                    "times": ["11:30", "14:15", "17:40", "20:50"],
                    "format": "Standard",
                    "auditorium": format!("{}", 1 + slot % 8),
                }));
            }
        }
    });
    dir
}

/// `svc-catalogue import` killed while it writes (its transaction holds the showtimes'
/// table) leaves the site exactly as it was; run again to its end, the import is whole.
#[tokio::test]
async fn an_import_killed_halfway_leaves_the_site_as_it_was_and_run_again_is_whole() {
    let database = PostgresDatabase::create("catalogue_killed").await;
    let store = Store::connect(&database.url, 2).await.expect("the store");
    let before = bundle::load(Path::new(DEMO), &clock()).expect("the demo");
    let first = store
        .replace_site("demo", &before, TEST_AUTHOR)
        .await
        .expect("written");
    let bundle_dir = large_bundle(40);
    let after = bundle::load(&bundle_dir, &clock()).expect("the large bundle");
    let import = |dir: &Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_svc-catalogue"))
            .args(["import", &dir.display().to_string(), "demo"])
            .env("DATABASE_URL", &database.url)
            .env(
                "DATA_DIR",
                test_support::dirs::fresh_dir("catalogue_killed"),
            )
            .env("CATALOGUE_TODAY", TODAY)
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("svc-catalogue runs")
    };

    let admin = pool(&database.url).await;
    let mut child = import(&bundle_dir);
    let mut writing = false;
    for _ in 0..6000 {
        let locks: i64 = sqlx::query(
            "SELECT COUNT(*) AS n FROM pg_locks \
             WHERE relation = 'catalogue_showtimes'::regclass AND mode = 'RowExclusiveLock' \
             AND pid <> pg_backend_pid()",
        )
        .fetch_one(&admin)
        .await
        .expect("read the locks")
        .get("n");
        if locks > 0 {
            writing = true;
            break;
        }
        assert!(
            child.try_wait().expect("the import").is_none(),
            "the import ended before it was seen writing"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(writing, "the import never wrote");
    child.kill().expect("killed");
    child.wait().expect("reaped");

    let stored = store
        .load_site("demo")
        .await
        .expect("read")
        .expect("the site");
    if stored.revision == first.revision {
        assert_eq!(stored.content, before, "all out: the site as it was");
    } else {
        assert_eq!(stored.content, after, "all in: the whole import");
    }

    let status = import(&bundle_dir).wait().expect("the import runs");
    assert!(status.success(), "the import again: {status}");
    let stored = store
        .load_site("demo")
        .await
        .expect("read")
        .expect("the site");
    assert_ne!(stored.revision, first.revision);
    assert_eq!(stored.content, after);
    assert_eq!(
        stored.content.movies[0].title,
        "Renamed By The Large Import"
    );
    admin.close().await;
    store.close().await;
    database.drop().await;
}

/// A database as the release before alerts (schema 2008) left it: a movie already on sale
/// at a theater. The upgrade counts it as told, so the first commit after it tells only
/// of a movie that goes on sale then; the hourly check finds nothing more until that
/// movie has been on sale for days with its last showtime near. On PostgreSQL.
#[tokio::test]
async fn an_upgrade_counts_the_movies_on_sale_before_it_as_told() {
    let database = PostgresDatabase::create("catalogue_upgrade_2008").await;
    let pool = pool(&database.url).await;
    migrated_to(&pool, 2008).await;
    let content = bundle::load(Path::new(DEMO), &clock()).expect("the demo");
    let theater = &content.theaters[0];
    let (on_sale_before, new_movie) = (&content.movies[0], &content.movies[1]);
    let in_days = |days: i64| {
        jiff::Timestamp::now()
            .checked_add(jiff::SignedDuration::from_hours(24 * days))
            .expect("a time")
            .strftime("%Y-%m-%dT%H:%M:%S+00:00")
            .to_string()
    };
    let entry = |perf_code: &str, movie_id: &str, starts_at: &str| -> ShowtimeEntry {
        serde_json::from_value(json!({
            "perfCode": perf_code, "movieId": movie_id, "startsAt": starts_at,
        }))
        .expect("a showtime")
    };
    let before = entry("P1", &on_sale_before.id, &in_days(10));
    for (statement, binds) in [
        (
            "INSERT INTO catalogue_sites (id, settings, messages, version, revision, updated_at) \
             VALUES ('demo', $1, '{}', 1, 'rev-2008', 0)",
            vec![content.settings.to_string()],
        ),
        (
            "INSERT INTO catalogue_theaters (site_id, id, position, doc) VALUES ('demo', $1, 0, $2)",
            vec![
                theater.id.clone(),
                serde_json::to_string(theater).expect("JSON"),
            ],
        ),
        (
            "INSERT INTO catalogue_movies (site_id, id, position, doc) VALUES ('demo', $1, 0, $2)",
            vec![
                on_sale_before.id.clone(),
                serde_json::to_string(on_sale_before).expect("JSON"),
            ],
        ),
        (
            "INSERT INTO catalogue_movies (site_id, id, position, doc) VALUES ('demo', $1, 1, $2)",
            vec![
                new_movie.id.clone(),
                serde_json::to_string(new_movie).expect("JSON"),
            ],
        ),
        (
            "INSERT INTO catalogue_showtimes (site_id, theater_id, perf_code, movie_id, local_date, doc) \
             VALUES ('demo', $1, 'P1', $2, $3, $4)",
            vec![
                theater.id.clone(),
                on_sale_before.id.clone(),
                before.starts_at[..10].to_owned(),
                serde_json::to_string(&before).expect("JSON"),
            ],
        ),
    ] {
        let mut query = sqlx::query(statement);
        for bind in binds {
            query = query.bind(bind);
        }
        query
            .execute(&pool)
            .await
            .expect("a row of the last release");
    }

    let store = Store::connect(&database.url, 2)
        .await
        .expect("the store upgrades");
    let first_day = in_days(2);
    let schedule = [
        before.clone(),
        entry("P2", &new_movie.id, &first_day),
        entry("P3", &new_movie.id, &in_days(1)),
    ];
    let day = |text: &str| text[..10].parse::<jiff::civil::Date>().expect("a day");
    store
        .put_schedule(
            "demo",
            &theater.id,
            (day(&in_days(1)), day(&in_days(10))),
            &schedule,
        )
        .await
        .expect("a schedule after the upgrade");

    let events: Vec<(String, String)> =
        sqlx::query_as("SELECT subject, payload FROM catalogue_outbox ORDER BY subject")
            .fetch_all(&pool)
            .await
            .expect("the outbox");
    let told: Vec<(String, String, String)> = events
        .iter()
        .map(|(subject, payload)| {
            let payload: serde_json::Value = serde_json::from_str(payload).expect("JSON");
            (
                subject.clone(),
                payload["movie"]["id"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                payload["showtime"]["perfCode"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
            )
        })
        .collect();
    assert_eq!(
        told,
        [(
            "catalogue.demo.movie.on-sale".to_owned(),
            new_movie.id.clone(),
            "P3".to_owned()
        )],
        "only the movie new on sale is told of, with its first showtime"
    );
    assert_eq!(
        store.tell_alerts_due().await.expect("the hourly check"),
        0,
        "nothing more came due"
    );
    // Days on sale, its last showtime near while the theater's schedule goes on: the
    // hourly check tells its last chance, once.
    sqlx::query("UPDATE catalogue_movie_alerts SET told_at = 0 WHERE movie_id = $1")
        .bind(&new_movie.id)
        .execute(&pool)
        .await
        .expect("on sale for days");
    assert_eq!(store.tell_alerts_due().await.expect("the hourly check"), 1);
    assert_eq!(store.tell_alerts_due().await.expect("the hourly check"), 0);
    let last: String = sqlx::query_scalar(
        "SELECT payload FROM catalogue_outbox WHERE subject = 'catalogue.demo.movie.last-chance'",
    )
    .fetch_one(&pool)
    .await
    .expect("the last chance");
    let last: serde_json::Value = serde_json::from_str(&last).expect("JSON");
    assert_eq!(last["showtime"]["perfCode"], "P2", "its last showtime");
    database.drop().await;
}
