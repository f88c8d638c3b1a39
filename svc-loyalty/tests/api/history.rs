//! A member's order and points history. Each test runs on SQLite and on PostgreSQL.

use serde_json::json;

use crate::helpers::{TestDatabase, get, member_session, peach, spawn_loyalty};
use crate::on_both_databases;

async fn history_answers_lists_and_accepts_max_results(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let token = member_session(&mut client, "ann@example.com").await;
    let (_, body) = get(
        &mut client,
        "/Member/v3/OrderHistory?boxofficeCircuitId=MQ&maxResults=5",
        Some(&token),
    )
    .await;
    assert_eq!((peach(&body), &body["orders"]), (0, &json!([])));
    let (_, body) = get(
        &mut client,
        "/Member/v2/TransactionHistory?circuitId=MQ&maxResults=x",
        Some(&token),
    )
    .await;
    assert_eq!(
        (&body["statusCode"], &body["transactions"]),
        (&json!(200), &json!([]))
    );
    let (status, _) = get(&mut client, "/Member/v2/OrderHistory?circuitId=MQ", None).await;
    assert_eq!(status, 401);
}

on_both_databases!(history_answers_lists_and_accepts_max_results);
