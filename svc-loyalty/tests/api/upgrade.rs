//! A deployment from before sites upgraded (DESIGN.md section 12): its members, their
//! sessions, cards, favourites, history and codes stay, on the default site (SITE_ID),
//! and none of it is another site's. The previous schema is made by the migrations as
//! they were (0001 to 0006), filled, then the service starts on it. Each test runs on
//! SQLite (whose members table is rebuilt) and PostgreSQL.

use std::borrow::Cow;

use serde_json::json;
use sqlx::AnyPool;
use svc_loyalty::domain::credentials::sha256_hex;

use crate::helpers::{PASSWORD, TestDatabase, V3_LOGIN, cypher, get, peach, spawn_loyalty};
use crate::on_both_databases;

const TOKEN: &str = "a-session-token-from-before-sites";

/// The schema before sites, with one member (signed in, with a card, a favourite film,
/// an order, a pending reset code and an event waiting in the outbox), a reward and a
/// gift card.
async fn previous_schema_with_a_member(url: &str) {
    sqlx::any::install_default_drivers();
    let pool = AnyPool::connect(url).await.expect("connects");
    let mut before = sqlx::migrate!("./migrations");
    before.migrations = Cow::Owned(
        before
            .iter()
            .filter(|migration| migration.version <= 6)
            .cloned()
            .collect(),
    );
    before.set_ignore_missing(true);
    before.run(&pool).await.expect("the previous schema");
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
    for statement in [
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
    ] {
        sqlx::query(&statement)
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
}

on_both_databases!(members_from_before_sites_keep_everything_on_the_default_site);
