//! A deployment from before sites upgraded (docs/architecture.md#sites): its members, their
//! sessions, cards, favourites, history and codes stay, on the default site (SITE_ID),
//! and none of it is another site's. The previous schema is made by the migrations as
//! they were (0001 to 0006), filled, then the service starts on it. So is the first
//! schema with sites (0001 to 0008), whose rewards, redemptions, gift cards and
//! e-vouchers are rebuilt to be keyed by site. Each test runs on SQLite (whose members
//! table is rebuilt) and PostgreSQL.

use std::borrow::Cow;

use platform::tokens::sha256_hex;
use proto::loyalty::v1::CypherRequest;
use serde_json::json;
use sqlx::AnyPool;

use crate::catalogue;
use crate::helpers::{
    PASSWORD, TestDatabase, V3_LOGIN, cypher, get, peach, request, send_on, spawn_loyalty,
    spawn_loyalty_with,
};
use crate::on_both_databases;

const TOKEN: &str = "a-session-token-from-before-sites";

/// The schema before sites, with one member (signed in, with a card, a favourite film,
/// an order, a pending reset code and an event waiting in the outbox), a reward and a
/// gift card.
async fn previous_schema_with_a_member(url: &str) {
    let pool = schema_up_to(url, 6).await;
    let password_hash = svc_loyalty::password_workers::hash("demo", PASSWORD.to_owned())
        .await
        .expect("hashes");
    sqlx::query(
        "INSERT INTO members (id, email, password_hash, first_name, last_name, mobile_number, \
         zip_code, birth_date, club_id, circuit_id, member_level_id, member_level_name, \
         member_expiry, is_activated, send_newsletter, points, failed_logins, locked_until, \
         created_at) VALUES ('old-member', 'old@example.com', $1, 'Olga', 'Older', '', '', '', \
         'MQ-CLUB', 'MQ', 1, 'Member', '0001-01-01T00:00:00Z', 1, 0, 75, 0, 0, 1)",
    )
    .bind(&password_hash)
    .execute(&pool)
    .await
    .expect("a member");
    let far = 4_000_000_000_i64;
    let rows = [
        format!(
            "INSERT INTO sessions (token_hash, refresh_hash, member_id, cypher_version, \
             expires_at, refresh_expires_at) VALUES ('{}', 'r', 'old-member', 3, {far}, {far})",
            sha256_hex(TOKEN)
        ),
        "INSERT INTO cards (code, member_id, status, added_at) \
         VALUES ('MQ00055555', 'old-member', 'ACTIVE', 1)"
            .to_owned(),
        "INSERT INTO favorite_films (member_id, film_id, added_at) VALUES ('old-member', '1001', 1)"
            .to_owned(),
        "INSERT INTO orders (id, member_id, cinema_id, film_title, tickets, total_cents, placed_at) \
         VALUES ('o1', 'old-member', '101', 'Old Film', 2, 2400, 1)"
            .to_owned(),
        format!(
            "INSERT INTO one_time_codes (code_hash, purpose, member_id, expires_at) \
             VALUES ('{}', 'password_reset', 'old-member', {far})",
            sha256_hex("old-reset-code")
        ),
        "INSERT INTO outbox (event_id, subject, payload, created_at) \
         VALUES ('e-old', 'loyalty.member.login', '{}', 1)"
            .to_owned(),
        "INSERT INTO rewards (id, name, points_cost, display_order) VALUES ('old-reward', 'Old', 5, 1)"
            .to_owned(),
        "INSERT INTO gift_cards (card_number, pin, balance_cents) VALUES ('GCOLD', '1111', 500)"
            .to_owned(),
        "INSERT INTO redemptions (order_id, member_id, reward_id, ordered_at) \
         VALUES ('old-order', 'old-member', 'old-reward', 1)"
            .to_owned(),
    ];
    fill(pool, &rows).await;
}

/// The schema of a release before: the migrations up to `version` run on `url`.
async fn schema_up_to(url: &str, version: i64) -> AnyPool {
    sqlx::any::install_default_drivers();
    let pool = AnyPool::connect(url).await.expect("connects");
    let mut before = svc_loyalty::store::migrator(url);
    before.migrations = Cow::Owned(
        before
            .iter()
            .filter(|migration| migration.version <= version)
            .cloned()
            .collect(),
    );
    before.run(&pool).await.expect("the previous schema");
    pool
}

/// Runs each statement of `rows` on `pool`, then closes it.
async fn fill(pool: AnyPool, rows: &[String]) {
    for statement in rows {
        sqlx::query(statement)
            .execute(&pool)
            .await
            .unwrap_or_else(|error| panic!("{statement}: {error}"));
    }
    pool.close().await;
}

/// How many rows `table` holds of the member from before sites.
async fn rows_of_the_old_member(url: &str, table: &str) -> i64 {
    let pool = AnyPool::connect(url).await.expect("connects");
    let count: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM {table} WHERE member_id = 'old-member'"
    ))
    .fetch_one(&pool)
    .await
    .expect("counted");
    pool.close().await;
    count
}

async fn members_from_before_sites_keep_everything_on_the_default_site(database: &TestDatabase) {
    previous_schema_with_a_member(&database.url).await;
    let mut client = spawn_loyalty(database).await;

    // Signed in before the upgrade, still signed in, with their card and points.
    let (status, body) = get(&mut client, "/Member/v3/GetMember/", Some(TOKEN)).await;
    assert_eq!(status, 200, "{body}");
    let member = &body["memberDetails"];
    assert_eq!(
        (&member["cardNumber"], &member["balances"][0]["value"]),
        (&json!("MQ00055555"), &json!(75)),
        "{body}"
    );
    let (_, body) = cypher(
        &mut client,
        "POST",
        V3_LOGIN,
        json!({"username": "old@example.com", "password": PASSWORD}),
        None,
    )
    .await;
    assert_eq!(peach(&body), 0, "the old password: {body}");
    for table in [
        "sessions",
        "cards",
        "favorite_films",
        "orders",
        "one_time_codes",
    ] {
        assert!(
            rows_of_the_old_member(&database.url, table).await > 0,
            "{table} kept"
        );
    }
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/GiftCard/CheckGiftCardBalance?cinemaId=101",
        json!({"cardNumber": "GCOLD", "pin": "1111"}),
        None,
    )
    .await;
    assert_eq!(peach(&body), 0, "the old gift card: {body}");
    // A reward ordered before the upgrade is confirmed after it, from the points.
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/ConfirmItemRedemption?boxofficeCircuitId=MQ&boxofficeCinemaId=101",
        json!({"orderId": "old-order"}),
        None,
    )
    .await;
    assert_eq!(peach(&body), 0, "the old order: {body}");
    let (_, body) = get(&mut client, "/Member/v3/GetMember/", Some(TOKEN)).await;
    assert_eq!(body["memberDetails"]["balances"][0]["value"], 70, "{body}");
}

/// The schema of the first release with sites (0001 to 0008), with a member of a
/// second site, signed in, who ordered one of that site's rewards (named as one of the
/// demo chain's), and that site's gift card.
async fn schema_with_sites_and_a_member_of_another_site(url: &str) {
    let pool = schema_up_to(url, 8).await;
    let password_hash = svc_loyalty::password_workers::hash("twin", PASSWORD.to_owned())
        .await
        .expect("hashes");
    sqlx::query(
        "INSERT INTO members (id, site_id, email, password_hash, first_name, last_name, \
         mobile_number, zip_code, birth_date, club_id, circuit_id, member_level_id, \
         member_level_name, member_expiry, is_activated, send_newsletter, points, \
         failed_logins, locked_until, created_at) VALUES ('twin-member', $2, \
         'twin@example.com', $1, 'Tam', 'Twin', '', '', '', 'MQ-CLUB', 'MQ', 1, 'Member', \
         '0001-01-01T00:00:00Z', 1, 0, 400, 0, 0, 1)",
    )
    .bind(&password_hash)
    .bind(catalogue::TWIN)
    .execute(&pool)
    .await
    .expect("a member");
    let far = 4_000_000_000_i64;
    let twin = catalogue::TWIN;
    let rows = [
        format!(
            "INSERT INTO sessions (token_hash, refresh_hash, member_id, cypher_version, \
             expires_at, refresh_expires_at) VALUES ('{}', 'r', 'twin-member', 3, {far}, {far})",
            sha256_hex(TOKEN)
        ),
        format!(
            "INSERT INTO rewards (id, name, points_cost, display_order, site_id) \
             VALUES ('free-ticket', 'Twin ticket', 100, 1, '{twin}')"
        ),
        "INSERT INTO redemptions (order_id, member_id, reward_id, ordered_at) \
         VALUES ('twin-order', 'twin-member', 'free-ticket', 1)"
            .to_owned(),
        format!(
            "INSERT INTO gift_cards (card_number, pin, balance_cents, site_id) \
             VALUES ('GC1000200030004000', '2222', 800, '{twin}')"
        ),
    ];
    fill(pool, &rows).await;
}

async fn a_sites_rewards_and_gift_cards_stay_its_own_when_another_names_them_alike(
    database: &TestDatabase,
) {
    schema_with_sites_and_a_member_of_another_site(&database.url).await;
    // The demo chain's seed names a reward and a gift card as the other site's.
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_DEMO_SEED", "true")]).await;
    let twin = catalogue::TWIN;
    let confirm = request(
        "POST",
        "/Member/v3/ConfirmItemRedemption?boxofficeCircuitId=MQ&boxofficeCinemaId=101",
        json!({"orderId": "twin-order"}),
    );
    let (_, body) = send_on(&mut client, twin, confirm).await;
    assert_eq!(peach(&body), 0, "the order from before the upgrade: {body}");
    let member = CypherRequest {
        session_token: TOKEN.to_owned(),
        ..request("GET", "/Member/v3/GetMember/", json!({}))
    };
    let (_, body) = send_on(&mut client, twin, member).await;
    assert_eq!(
        body["memberDetails"]["balances"][0]["value"], 300,
        "the site's own reward's cost came off: {body}"
    );
    let balance = request(
        "POST",
        "/GiftCard/CheckGiftCardBalance?cinemaId=101",
        json!({"cardNumber": "GC1000200030004000", "pin": "2222"}),
    );
    let (_, body) = send_on(&mut client, twin, balance).await;
    assert_eq!(peach(&body), 0, "the site's own gift card: {body}");
    let demo_card = json!({"cardNumber": "GC1000200030004000", "pin": "1234"});
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/GiftCard/CheckGiftCardBalance?cinemaId=101",
        demo_card,
        None,
    )
    .await;
    assert_eq!(
        peach(&body),
        0,
        "the demo chain's card of that number: {body}"
    );
}

on_both_databases!(
    members_from_before_sites_keep_everything_on_the_default_site,
    a_sites_rewards_and_gift_cards_stay_its_own_when_another_names_them_alike,
);
