//! The demo chain's seed (LOYALTY_DEMO_SEED, on by default): the demo member's card,
//! points, history and favourites, the demo gift card and the demo theaters' e-vouchers.
//! Each test runs on SQLite and on PostgreSQL.

use serde_json::json;

use crate::helpers::{TestDatabase, cypher, demo_session, get, peach, spawn_loyalty};
use crate::on_both_databases;

async fn the_demo_member_has_a_card_points_history_and_favourites(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let token = demo_session(&mut client).await;
    let (_, body) = get(&mut client, "/Member/v3/GetMember/", Some(&token)).await;
    let details = &body["memberDetails"];
    assert_eq!(details["cardNumber"], "MQ00012345");
    assert_eq!(
        details["balances"],
        json!([{"type": "POINTS", "value": 1242}])
    );
    let (_, body) = get(
        &mut client,
        "/Member/v3/OrderHistory?boxofficeCircuitId=MQ&maxResults=2",
        Some(&token),
    )
    .await;
    let orders = body["orders"].as_array().expect("orders");
    assert_eq!(orders.len(), 2);
    assert_eq!(orders[0]["orderId"], "MQ-ORDER-1003", "newest first");
    let (_, body) = get(&mut client, "/Member/v3/TransactionHistory", Some(&token)).await;
    assert_eq!(body["transactions"].as_array().map(Vec::len), Some(4));
    let (_, body) = get(&mut client, "/Member/v3/GetFavoriteFilms", Some(&token)).await;
    assert_eq!(body["externalFilmIds"], json!(["1001", "1003"]));
    let (_, body) = get(&mut client, "/Member/v3/GetFavoriteCinemas", Some(&token)).await;
    assert_eq!(
        body["favoriteCinemas"],
        json!([{"boxofficeCinemaId": "101", "subscribeToNewsletter": true}])
    );
}

async fn the_demo_gift_card_has_a_balance_and_the_demo_theaters_have_e_vouchers(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/GiftCard/CheckGiftCardBalance?cinemaId=101",
        json!({"cardNumber": "gc1000200030004000", "pin": "1234"}),
        None,
    )
    .await;
    assert_eq!((peach(&body), &body["balanceInCents"]), (0, &json!(2500)));
    let (_, body) = get(
        &mut client,
        "/Concession/GetAllEVoucherConcessions/101",
        None,
    )
    .await;
    assert_eq!(body["concessions"].as_array().map(Vec::len), Some(2));
}

on_both_databases!(
    the_demo_member_has_a_card_points_history_and_favourites,
    the_demo_gift_card_has_a_balance_and_the_demo_theaters_have_e_vouchers,
);
