//! What anyone may check without a session: a gift card's balance (an unknown card is
//! code 51; each address has a budget of checks a minute) and a theater's e-voucher
//! concessions. Each test runs on SQLite and on PostgreSQL.

use serde_json::json;

use crate::helpers::{TestDatabase, cypher, get, peach, spawn_loyalty, spawn_loyalty_with};
use crate::on_both_databases;

async fn an_unknown_gift_card_is_51(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let (status, body) = cypher(
        &mut client,
        "POST",
        "/GiftCard/CheckGiftCardBalance?cinemaId=1",
        json!({"cardNumber": "NOPE", "pin": "0000"}),
        None,
    )
    .await;
    assert_eq!((status, peach(&body)), (200, 51));
    assert_eq!(body["clientErrorMessage"], "Invalid gift card (Code: 51)");
}

async fn too_many_gift_card_checks_from_one_address_are_429(database: &TestDatabase) {
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_RATE_LIMIT_PER_MINUTE", "1")]).await;
    let payload = json!({"cardNumber": "NOPE", "pin": "0000"});
    let route = "/GiftCard/CheckGiftCardBalance?cinemaId=101";
    let (status, _) = cypher(&mut client, "POST", route, payload.clone(), None).await;
    assert_eq!(status, 200);
    let (status, body) = cypher(&mut client, "POST", route, payload, None).await;
    assert_eq!((status, peach(&body)), (429, 429));
}

async fn e_voucher_concessions_are_anonymous(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let (status, body) = get(&mut client, "/Concession/GetAllEVoucherConcessions/1", None).await;
    assert_eq!((status, peach(&body)), (200, 0));
    assert!(body["concessions"].is_array());
}

on_both_databases!(
    an_unknown_gift_card_is_51,
    too_many_gift_card_checks_from_one_address_are_429,
    e_voucher_concessions_are_anonymous,
);
