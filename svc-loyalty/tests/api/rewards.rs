//! Rewards: listed in display order, ordered, then confirmed once against the points
//! balance. Each test runs on SQLite and on PostgreSQL, with the demo seed's rewards and
//! its demo member (1,242 points).

use serde_json::json;

use crate::helpers::{
    TestDatabase, cypher, demo_session, get, member_session, peach, spawn_loyalty,
};
use crate::on_both_databases;

const CONFIRM: &str =
    "/Member/v3/ConfirmItemRedemption?boxofficeCircuitId=MQ&boxofficeCinemaId=101";

async fn rewards_are_listed_in_order_and_a_confirmed_redemption_deducts_the_points(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let token = demo_session(&mut client).await;
    let (_, body) = get(
        &mut client,
        "/Member/v3/RewardsListing?boxofficeCinemaId=101",
        Some(&token),
    )
    .await;
    let rewards = body["rewards"].as_array().expect("rewards");
    let costs: Vec<i64> = rewards
        .iter()
        .filter_map(|reward| reward["pointsCost"].as_i64())
        .collect();
    assert_eq!(costs, [250, 300, 1000, 1500]);
    assert_eq!(
        (&rewards[2]["canRedeem"], &rewards[3]["canRedeem"]),
        (&json!(true), &json!(false))
    );
    let (_, body) = get(
        &mut client,
        "/Member/GetItemsAvailableToValidatedLoyaltyMember/MQ",
        Some(&token),
    )
    .await;
    assert_eq!(body["statusCode"], 200);
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/OrderLoyaltyItem?boxofficeCinemaId=101",
        json!({"rewardId": "free-ticket"}),
        Some(&token),
    )
    .await;
    let confirm = json!({"orderId": body["orderId"]});
    let (_, body) = cypher(&mut client, "POST", CONFIRM, confirm.clone(), None).await;
    assert_eq!(body["balances"], json!([{"type": "POINTS", "value": 242}]));
    let (_, body) = cypher(&mut client, "POST", CONFIRM, confirm, None).await;
    assert_eq!(peach(&body), 409, "an order is confirmed once");
    let (_, body) = get(&mut client, "/Member/v3/GetMember/", Some(&token)).await;
    assert_eq!(body["memberDetails"]["balances"][0]["value"], 242);
}

async fn a_reward_costing_more_than_the_balance_is_not_confirmed(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let token = demo_session(&mut client).await;
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/OrderLoyaltyItem?boxofficeCinemaId=101",
        json!({"rewardId": "combo"}),
        Some(&token),
    )
    .await;
    let confirm = json!({"orderId": body["orderId"]});
    let (_, body) = cypher(&mut client, "POST", CONFIRM, confirm, None).await;
    assert_eq!(peach(&body), 409, "1,500 points are more than the balance");
}

async fn an_unknown_reward_or_order_is_refused(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let token = member_session(&mut client, "ann@example.com").await;
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/OrderLoyaltyItem?boxofficeCinemaId=1",
        json!({"rewardId": "caviar"}),
        Some(&token),
    )
    .await;
    assert_eq!(peach(&body), 409);
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/ConfirmItemRedemption?boxofficeCircuitId=MQ&boxofficeCinemaId=1",
        json!({"orderId": "forged"}),
        None,
    )
    .await;
    assert_eq!(peach(&body), 409);
}

on_both_databases!(
    rewards_are_listed_in_order_and_a_confirmed_redemption_deducts_the_points,
    a_reward_costing_more_than_the_balance_is_not_confirmed,
    an_unknown_reward_or_order_is_refused,
);
