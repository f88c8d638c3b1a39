//! Members' alerts (docs/loyalty.md#alerts): the catalogue's events told to the members
//! of their site who chose them, once per movie, theater and kind, in one message per
//! batch; by e-mail with a one-click unsubscribe link that works for its own member and
//! kind only, and by Web Push that a browser's keys decrypt; a subscription its push
//! service says is gone is dropped.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use proto::loyalty::v1::UnsubscribeRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use svc_loyalty::domain::alerts::{AlertKind, AlertPreferences, CatalogueAlert, PushSubscription};
use svc_loyalty::domain::member::{NEVER_EXPIRES, Profile};
use svc_loyalty::store::Store;
use svc_loyalty::store::alerts::{self, DueSend};
use svc_loyalty::store::favourites::{self, FavoriteCinema};
use svc_loyalty::store::members::{self, NewMember};
use test_support::polling::eventually;
use tonic::transport::Channel;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::catalogue::TWIN;
use crate::helpers::{
    PASSWORD, TestDatabase, V3_LOGIN, peach, request, send_on, session_token,
    spawn_loyalty_adjusted,
};
use crate::on_both_stores;

/// How long a message may take: what is checked is that it comes, not how fast.
const WITHIN: Duration = Duration::from_secs(20);

/// `startsAt` `days` from now, in UTC.
fn in_days(days: i64) -> String {
    jiff::Timestamp::now()
        .checked_add(jiff::SignedDuration::from_hours(24 * days))
        .expect("a time")
        .strftime("%Y-%m-%dT%H:%M:%S+00:00")
        .to_string()
}

/// One of the catalogue's events, as docs/asyncapi.yaml describes it.
fn event(
    site: &str,
    (batch, size): (&str, u32),
    kind: &str,
    (movie, title): (&str, &str),
    theater: &str,
) -> Value {
    json!({
        "eventId": platform::tokens::random_hex::<16>().expect("random"),
        "occurredAt": jiff::Timestamp::now().to_string(),
        "siteId": site,
        "kind": kind,
        "batch": {"id": batch, "size": size},
        "movie": {"id": movie, "title": title, "path": format!("/movies/{movie}-x/")},
        "theater": {"id": theater, "name": "Riverfront 12"},
        "showtime": {"id": format!("{theater}-P1"), "perfCode": "P1", "startsAt": in_days(2)},
    })
}

/// Keeps `events` as the consumer does.
async fn receive(store: &Store, events: &[Value]) {
    for event in events {
        let text = event.to_string();
        let (alert, kind) = CatalogueAlert::parse(text.as_bytes()).expect("an event");
        alerts::receive(store.pool(), &alert, kind, &text)
            .await
            .expect("kept");
    }
}

async fn member(store: &Store, id: &str, site: &str) {
    let member = NewMember {
        id: id.to_owned(),
        site_id: site.to_owned(),
        email: format!("{id}@example.com"),
        password_hash: "$argon2id$stub".to_owned(),
        profile: Profile {
            first_name: id.to_owned(),
            ..Profile::default()
        },
        circuit_id: "MQ".to_owned(),
        member_level_id: 1,
        member_level_name: "Member".to_owned(),
        member_expiry: NEVER_EXPIRES.to_owned(),
        is_activated: true,
        points: 0,
        has_username: true,
    };
    members::insert(store.pool(), &member, None)
        .await
        .expect("a member");
}

const EVERYTHING_BY_E_MAIL: AlertPreferences = AlertPreferences {
    on_sale: true,
    last_chance: true,
    email: true,
    push: false,
};

fn subscription(endpoint: &str) -> PushSubscription {
    PushSubscription {
        endpoint: endpoint.to_owned(),
        p256dh: URL_SAFE_NO_PAD.encode([4u8; 65]),
        auth: URL_SAFE_NO_PAD.encode([7u8; 16]),
    }
}

async fn due(store: &Store) -> Vec<DueSend> {
    let mut due = alerts::claim_due(store.pool(), i64::MAX / 2, 0, 100)
        .await
        .expect("claimed");
    due.sort_by(|a, b| a.id.cmp(&b.id));
    due
}

/// Ana chose every alert by e-mail and push; Ben chose nothing; Cy chose them on another
/// site; Dee's one favourite theater is another; Eve is deleted once her message is
/// queued; Fay chose push alone and has no browser subscribed. A batch of two films is one
/// message per way for Ana, one for Eve; a batch is told once, and what comes of it late
/// is told then; the same movie, theater and kind again tells nobody; a last chance does.
async fn a_batch_is_told_once_to_the_members_of_its_site_who_chose_it(store: Store) {
    for (id, site) in [
        ("ana", "demo"),
        ("ben", "demo"),
        ("cy", TWIN),
        ("dee", "demo"),
        ("eve", "demo"),
        ("fay", "demo"),
    ] {
        member(&store, id, site).await;
        for film in ["1001", "1002"] {
            favourites::add_film(store.pool(), id, film)
                .await
                .expect("watched");
        }
        if id != "ben" {
            alerts::set_preferences(store.pool(), id, EVERYTHING_BY_E_MAIL)
                .await
                .expect("chosen");
        }
    }
    alerts::set_preferences(
        store.pool(),
        "ana",
        AlertPreferences {
            push: true,
            ..EVERYTHING_BY_E_MAIL
        },
    )
    .await
    .expect("chosen");
    alerts::set_preferences(
        store.pool(),
        "fay",
        AlertPreferences {
            email: false,
            push: true,
            ..EVERYTHING_BY_E_MAIL
        },
    )
    .await
    .expect("chosen");
    alerts::add_subscription(
        store.pool(),
        "s1",
        "ana",
        &subscription("https://push.example/ana"),
    )
    .await
    .expect("subscribed");
    favourites::put_cinemas(
        store.pool(),
        "dee",
        &[FavoriteCinema {
            cinema_id: "102".to_owned(),
            subscribe_to_newsletter: false,
        }],
    )
    .await
    .expect("a favourite theater");

    receive(
        &store,
        &[
            event("demo", ("b1", 2), "on-sale", ("1001", "Dune"), "101"),
            event("demo", ("b1", 2), "on-sale", ("1002", "Wicked"), "101"),
            // Not whole yet: waits for its second event.
            event("demo", ("b2", 2), "on-sale", ("1001", "Dune"), "102"),
        ],
    )
    .await;
    let now = svc_loyalty::store::unix_now();
    assert_eq!(
        alerts::batches_ready(store.pool(), now - 30)
            .await
            .expect("read"),
        ["b1"]
    );
    assert_eq!(
        alerts::tell_batch(store.pool(), "b1", "t1")
            .await
            .expect("told"),
        3,
        "Ana by e-mail and push, Eve by e-mail"
    );
    assert_eq!(
        alerts::tell_batch(store.pool(), "b1", "t1-again")
            .await
            .expect("told"),
        0,
        "once"
    );
    sqlx::query("DELETE FROM members WHERE id = 'eve'")
        .execute(store.pool())
        .await
        .expect("Eve leaves");
    let due = due(&store).await;
    let ids: Vec<&str> = due.iter().map(|send| send.id.as_str()).collect();
    assert_eq!(ids, ["ana:t1:email", "ana:t1:s1"]);
    let context = alerts::send_context(store.pool(), &due[0])
        .await
        .expect("read")
        .expect("Ana is there");
    assert_eq!(context.email, "ana@example.com");
    assert_eq!(context.events.len(), 2, "both films in one message");

    // Waited long enough, the batch that never completes is told as it is: Dee's
    // theater, so Dee too; the films told of at 101 are news at 102.
    assert_eq!(
        alerts::batches_ready(store.pool(), now + 1)
            .await
            .expect("read"),
        ["b2"]
    );
    assert_eq!(
        alerts::tell_batch(store.pool(), "b2", "t2")
            .await
            .expect("told"),
        3
    );
    // Its second event, late: told then, in a message of its own.
    receive(
        &store,
        &[event(
            "demo",
            ("b2", 2),
            "on-sale",
            ("1002", "Wicked"),
            "102",
        )],
    )
    .await;
    assert!(
        alerts::batches_ready(store.pool(), now - 30)
            .await
            .expect("read")
            .is_empty(),
        "a late part waits for the rest"
    );
    assert_eq!(
        alerts::batches_ready(store.pool(), now + 1)
            .await
            .expect("read"),
        ["b2"],
        "then is told as it is"
    );
    assert_eq!(
        alerts::tell_batch(store.pool(), "b2", "t2-late")
            .await
            .expect("told"),
        3
    );
    receive(
        &store,
        &[
            event("demo", ("b3", 1), "on-sale", ("1001", "Dune"), "101"),
            event("demo", ("b4", 1), "last-chance", ("1001", "Dune"), "101"),
        ],
    )
    .await;
    assert_eq!(
        alerts::tell_batch(store.pool(), "b3", "t3")
            .await
            .expect("told"),
        0,
        "never twice for a movie, theater and kind"
    );
    assert_eq!(
        alerts::tell_batch(store.pool(), "b4", "t4")
            .await
            .expect("told"),
        2
    );

    // The unsubscribe link of Ana's on-sale alerts, on its own site only.
    alerts::keep_unsubscribe_token(store.pool(), "hash-1", "ana", AlertKind::OnSale)
        .await
        .expect("kept");
    assert_eq!(
        alerts::unsubscribe(store.pool(), TWIN, "hash-1")
            .await
            .expect("read"),
        None
    );
    assert_eq!(
        alerts::unsubscribe(store.pool(), "demo", "hash-1")
            .await
            .expect("read"),
        Some(AlertKind::OnSale)
    );
    let chosen = alerts::preferences(store.pool(), "ana")
        .await
        .expect("read")
        .expect("chosen");
    assert!(!chosen.on_sale && chosen.last_chance && chosen.email && chosen.push);
}

on_both_stores!(a_batch_is_told_once_to_the_members_of_its_site_who_chose_it);

/// A member on `site` (`email`), logged in: the session token.
async fn member_on(client: &mut LoyaltyClient<Channel>, site: &str, email: &str) -> String {
    let credentials = json!({"username": email, "password": PASSWORD});
    let created = send_on(
        client,
        site,
        request("POST", "/Member/v3/Create", credentials.clone()),
    )
    .await;
    assert_eq!(peach(&created.1), 0, "{created:?}");
    session_token(
        &send_on(client, site, request("POST", V3_LOGIN, credentials))
            .await
            .1,
    )
}

/// A call of the member of `token` on `site`: the HTTP status and body.
async fn as_member(
    client: &mut LoyaltyClient<Channel>,
    (site, token): (&str, &str),
    (method, route): (&str, &str),
    payload: Value,
) -> (u32, Value) {
    let call = proto::loyalty::v1::CypherRequest {
        session_token: token.to_owned(),
        ..request(method, route, payload)
    };
    send_on(client, site, call).await
}

/// A browser's push keys: its P-256 secret (to decrypt) and its subscription's JSON.
fn browser(endpoint: &str) -> (p256::SecretKey, [u8; 16], Value) {
    let secret = loop {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).expect("random");
        if let Ok(secret) = p256::SecretKey::from_slice(&bytes) {
            break secret;
        }
    };
    let mut auth = [0u8; 16];
    getrandom::fill(&mut auth).expect("random");
    use p256::elliptic_curve::sec1::ToEncodedPoint;
    let public = secret.public_key().to_encoded_point(false);
    let json = json!({
        "endpoint": endpoint,
        "expirationTime": null,
        "keys": {"p256dh": URL_SAFE_NO_PAD.encode(public.as_bytes()), "auth": URL_SAFE_NO_PAD.encode(auth)},
    });
    (secret, auth, json)
}

/// The test's movie title.
const TITLE: &str = "Alert Test Pictures";

/// From NATS to a member: Ana (on the twin site, which no other test's catalogue writes
/// to) chooses every alert and subscribes two browsers, one of which its push service
/// says is gone. One event on the CATALOGUE stream: one e-mail with its one-click
/// unsubscribe link, one push message her browser's keys decrypt, the gone browser
/// dropped. The same movie and theater again, in a new batch: nothing more. The link
/// works for her site only, and turns off on-sale alerts alone.
#[tokio::test]
async fn an_event_on_nats_reaches_a_member_by_e_mail_and_push_once() {
    let database = TestDatabase::sqlite();
    let (url, _) = test_support::events::subscribe("catalogue.none").await;
    let consumer = format!("loyalty-alerts-test-{}", std::process::id());
    let push = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/push/ana"))
        .respond_with(ResponseTemplate::new(201))
        .mount(&push)
        .await;
    Mock::given(method("POST"))
        .and(path("/push/gone"))
        .respond_with(ResponseTemplate::new(410))
        .mount(&push)
        .await;
    let (mut client, _) = spawn_loyalty_adjusted(
        &database,
        &[("NATS_URL", &url), ("ALERTS_CONSUMER", &consumer)],
        |config| config.alerts.local_push_endpoints = true,
    )
    .await;
    let ana = member_on(&mut client, TWIN, "ana@example.com").await;
    let me = (TWIN, ana.as_str());

    let (_, before) = as_member(
        &mut client,
        me,
        ("GET", "/Member/v3/GetAlertPreferences"),
        json!({}),
    )
    .await;
    assert_eq!(
        before["alertPreferences"],
        json!({"onSale": false, "lastChance": false, "email": false, "push": false, "chosen": false}),
        "off until chosen"
    );
    let key = before["pushPublicKey"]
        .as_str()
        .expect("the demo's VAPID key")
        .to_owned();
    assert_eq!(URL_SAFE_NO_PAD.decode(&key).expect("base64url").len(), 65);
    let (status, refused) = as_member(
        &mut client,
        me,
        ("POST", "/Member/v3/UpdateAlertPreferences"),
        json!({"onSale": "yes"}),
    )
    .await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused.to_string().contains("payload.onSale"), "{refused}");
    let (_, chosen) = as_member(
        &mut client,
        me,
        ("POST", "/Member/v3/UpdateAlertPreferences"),
        json!({"onSale": true, "lastChance": true, "email": true, "push": true}),
    )
    .await;
    assert_eq!(chosen["alertPreferences"]["chosen"], true, "{chosen}");
    let (_, watched) = as_member(
        &mut client,
        me,
        ("POST", "/Member/v3/AddFavoriteFilm"),
        json!({"externalFilmId": "1001"}),
    )
    .await;
    assert_eq!(peach(&watched), 0, "{watched}");
    let (secret, auth, subscribed) = browser(&format!("{}/push/ana", push.uri()));
    let (_, _, gone) = browser(&format!("{}/push/gone", push.uri()));
    for subscription in [subscribed, gone] {
        let (status, body) = as_member(
            &mut client,
            me,
            ("POST", "/Member/v3/AddPushSubscription"),
            subscription,
        )
        .await;
        assert_eq!((status, peach(&body)), (200, 0), "{body}");
    }
    let (status, body) = as_member(
        &mut client,
        me,
        ("POST", "/Member/v3/AddPushSubscription"),
        json!({"endpoint": "ftp://push.example/", "keys": {"p256dh": "x", "auth": "y"}}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("payload.endpoint"), "{body}");

    let nats = async_nats::connect(&url).await.expect("NATS");
    let jetstream = async_nats::jetstream::new(nats);
    jetstream
        .get_or_create_stream(async_nats::jetstream::stream::Config {
            name: "CATALOGUE".to_owned(),
            subjects: vec!["catalogue.>".to_owned()],
            ..Default::default()
        })
        .await
        .expect("the stream");
    // The service's consumer starts at what is published once it is made.
    let made = eventually(WITHIN, || async {
        match jetstream.get_stream("CATALOGUE").await {
            Ok(stream) => stream.consumer_info(&consumer).await.is_ok(),
            Err(_) => false,
        }
    })
    .await;
    assert!(made, "the service's durable consumer is made");
    // A theater of this run alone: the stream keeps what earlier runs published.
    let theater = format!(
        "alerts-{}",
        platform::tokens::random_hex::<6>().expect("random")
    );
    let batch = format!("{theater}-1");
    let first = event(TWIN, (&batch, 1), "on-sale", ("1001", TITLE), &theater);
    for copy in [&first, &first] {
        jetstream
            .publish(
                format!("catalogue.{TWIN}.movie.on-sale"),
                copy.to_string().into(),
            )
            .await
            .expect("published")
            .await
            .expect("stored");
    }

    let ours = |mails: Vec<String>| -> Vec<String> {
        mails
            .into_iter()
            .filter(|mail| mail.contains(&theater))
            .collect()
    };
    let mailed = eventually(WITHIN, || async {
        !ours(crate::helpers::mails(&database)).is_empty()
    })
    .await;
    assert!(mailed, "the e-mail is written");
    // Ana's browser may also hear of the shared catalogue's own imports, and of what
    // earlier runs left in the stream: hers are the messages of this run's theater.
    let keys = (secret, web_push_native::Auth::clone_from_slice(&auth));
    let pushes_of_ours = || async {
        let requests = push.received_requests().await.unwrap_or_default();
        requests
            .into_iter()
            .filter(|request| request.url.path() == "/push/ana")
            .filter_map(|request| {
                let shown =
                    web_push_native::decrypt(request.body.clone(), &keys.0, &keys.1).ok()?;
                let shown: Value = serde_json::from_slice(&shown).ok()?;
                shown["url"]
                    .as_str()?
                    .contains(&theater)
                    .then_some((request, shown))
            })
            .collect::<Vec<_>>()
    };
    let pushed = eventually(WITHIN, || async { pushes_of_ours().await.len() == 1 }).await;
    let store = database.store().await;
    let sends: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT id, last_error FROM alert_sends ORDER BY id")
            .fetch_all(store.pool())
            .await
            .expect("read");
    assert!(pushed, "the push message is posted: {sends:?}");
    let mail = ours(crate::helpers::mails(&database)).remove(0);
    assert!(mail.contains("To: ana@example.com\r\n"), "{mail}");
    assert!(
        mail.contains(&format!("Subject: Tickets are on sale: {TITLE}\r\n")),
        "{mail}"
    );
    assert!(
        mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"),
        "{mail}"
    );
    assert!(
        mail.contains(&format!("/movies/1001-x/?theaterId={theater}")),
        "{mail}"
    );
    let token = mail
        .split("unsubscribe?token=")
        .nth(1)
        .and_then(|rest| rest.split(['>', '\r', '\n']).next())
        .expect("an unsubscribe link")
        .to_owned();

    let (posted, shown) = pushes_of_ours().await.remove(0);
    let authorization = posted
        .headers
        .get("authorization")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    assert!(authorization.starts_with("vapid t="), "{authorization}");
    assert!(
        authorization.contains(&format!("k={key}")),
        "{authorization}"
    );
    assert_eq!(shown["title"], format!("Tickets on sale: {TITLE}"));
    assert_eq!(shown["url"], format!("/movies/1001-x/?theaterId={theater}"));
    let dropped = eventually(WITHIN, || async {
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM push_subscriptions")
            .fetch_one(store.pool())
            .await
            .expect("counted");
        left == 1
    })
    .await;
    assert!(
        dropped,
        "the subscription its service says is gone is dropped"
    );

    // The same movie and theater in a new batch: told to nobody.
    let again = event(
        TWIN,
        (&format!("{theater}-2"), 1),
        "on-sale",
        ("1001", TITLE),
        &theater,
    );
    jetstream
        .publish(
            format!("catalogue.{TWIN}.movie.on-sale"),
            again.to_string().into(),
        )
        .await
        .expect("published")
        .await
        .expect("stored");
    let told = eventually(WITHIN, || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM alert_events WHERE event_id = $1 AND told_at IS NOT NULL",
        )
        .bind(again["eventId"].as_str().unwrap_or_default())
        .fetch_one(store.pool())
        .await
        .is_ok_and(|count| count == 1)
    })
    .await;
    assert!(told, "the second batch is read and told");
    assert_eq!(
        ours(crate::helpers::mails(&database)).len(),
        1,
        "one e-mail"
    );
    assert_eq!(pushes_of_ours().await.len(), 1, "one push");

    // The link: not on another site; on its own, on-sale alerts off, the rest kept.
    let elsewhere = client
        .unsubscribe(
            proto::site::about(
                "demo",
                UnsubscribeRequest {
                    token: token.clone(),
                },
            )
            .expect("a site"),
        )
        .await
        .expect_err("not the demo's member");
    assert_eq!(elsewhere.code(), tonic::Code::NotFound);
    let off = client
        .unsubscribe(proto::site::about(TWIN, UnsubscribeRequest { token }).expect("a site"))
        .await
        .expect("unsubscribed")
        .into_inner();
    assert_eq!(off.kind, "on-sale");
    let (_, after) = as_member(
        &mut client,
        me,
        ("GET", "/Member/v3/GetAlertPreferences"),
        json!({}),
    )
    .await;
    assert_eq!(
        after["alertPreferences"],
        json!({"onSale": false, "lastChance": true, "email": true, "push": true, "chosen": true})
    );
    let _ = jetstream
        .delete_consumer_from_stream(&consumer, "CATALOGUE")
        .await;
    store.close().await;
    database.drop().await;
}

/// The relay away, then back: the message is tried, waits (a try counted, the next one
/// later), and goes once the relay answers, only once. A push service answering 503 is
/// tried again later, its subscription kept.
#[tokio::test]
async fn a_message_waits_for_the_relay_and_for_a_busy_push_service_and_goes_once() {
    let database = TestDatabase::sqlite();
    let relay_port = test_support::net::free_port();
    let relay = format!("smtp://127.0.0.1:{relay_port}");
    let push = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/push/busy"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&push)
        .await;
    // No NATS: the events are kept as the consumer keeps them.
    let (mut client, _) = spawn_loyalty_adjusted(
        &database,
        &[("NATS_URL", ""), ("SMTP_URL", &relay)],
        |config| config.alerts.local_push_endpoints = true,
    )
    .await;
    let ana = member_on(&mut client, "demo", "ana@example.com").await;
    let me = ("demo", ana.as_str());
    let (_, chosen) = as_member(
        &mut client,
        me,
        ("POST", "/Member/v3/UpdateAlertPreferences"),
        json!({"onSale": true, "lastChance": true, "email": true, "push": true}),
    )
    .await;
    assert_eq!(chosen["alertPreferences"]["chosen"], true, "{chosen}");
    let (_, watched) = as_member(
        &mut client,
        me,
        ("POST", "/Member/v3/AddFavoriteFilm"),
        json!({"externalFilmId": "1001"}),
    )
    .await;
    assert_eq!(peach(&watched), 0, "{watched}");
    let (_, _, busy) = browser(&format!("{}/push/busy", push.uri()));
    let (_, subscribed) = as_member(
        &mut client,
        me,
        ("POST", "/Member/v3/AddPushSubscription"),
        busy,
    )
    .await;
    assert_eq!(peach(&subscribed), 0, "{subscribed}");

    let store = database.store().await;
    receive(
        &store,
        &[event(
            "demo",
            ("relay-1", 1),
            "on-sale",
            ("1001", "Dune"),
            "101",
        )],
    )
    .await;
    let sends = || async {
        sqlx::query_as::<_, (String, i64, i64, Option<i64>)>(
            "SELECT id, attempts, due_at, sent_at FROM alert_sends ORDER BY id",
        )
        .fetch_all(store.pool())
        .await
        .expect("read")
    };
    let tried = eventually(WITHIN, || async {
        let now = svc_loyalty::store::unix_now();
        let sends = sends().await;
        sends.len() == 2
            && sends.iter().all(|(_, attempts, due_at, sent_at)| {
                *attempts == 1 && *due_at > now && sent_at.is_none()
            })
    })
    .await;
    assert!(tried, "both tried once, waiting: {:?}", sends().await);
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM push_subscriptions")
        .fetch_one(store.pool())
        .await
        .expect("counted");
    assert_eq!(left, 1, "a busy push service keeps its subscription");

    // The relay answers now; the e-mail's wait is over.
    let (_, mut received) = crate::helpers::spawn_smtp_on(relay_port, "250 OK").await;
    sqlx::query("UPDATE alert_sends SET due_at = 0 WHERE subscription_id IS NULL")
        .execute(store.pool())
        .await
        .expect("due now");
    let mail = tokio::time::timeout(WITHIN, received.recv())
        .await
        .expect("the e-mail within seconds")
        .expect("a message");
    assert_eq!(mail.recipients, ["<ana@example.com>"]);
    assert!(
        mail.data.contains("Subject: Tickets are on sale: Dune"),
        "{}",
        mail.data
    );
    let sent = eventually(WITHIN, || async {
        sends().await.iter().any(|(id, attempts, _, sent_at)| {
            id.ends_with(":email") && *attempts == 1 && sent_at.is_some()
        })
    })
    .await;
    assert!(sent, "recorded as sent: {:?}", sends().await);
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(received.try_recv().is_err(), "sent once");
    store.close().await;
    database.drop().await;
}
