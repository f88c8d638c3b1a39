//! A member's cards: added upper-cased, one member's at a time, deleted, reported lost.
//! Each test runs on SQLite and on PostgreSQL.

use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::helpers::{TestDatabase, cypher, get, member_session, peach, spawn_loyalty};
use crate::on_both_databases;

const ADD: &str = "/Member/v3/AddCard/";
const DELETE: &str = "/Member/v3/DeleteCard";

/// A POST naming `card_code`, in `session`: the reply's HTTP status and body.
async fn card_call(
    client: &mut LoyaltyClient<Channel>,
    route: &str,
    card_code: &str,
    session: &str,
) -> (u32, Value) {
    let card = json!({ "cardCode": card_code });
    cypher(client, "POST", route, card, Some(session)).await
}

async fn cards_are_added_upper_cased_deleted_and_reported_lost(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let ann = member_session(&mut client, "ann@example.com").await;
    let bob = member_session(&mut client, "bob@example.com").await;
    let (_, body) = card_call(&mut client, ADD, "mq12ab34", &ann).await;
    assert_eq!(
        body["cards"],
        json!([{"cardCode": "MQ12AB34", "status": "ACTIVE"}])
    );
    let (_, body) = card_call(&mut client, ADD, "MQ12AB34", &bob).await;
    assert_eq!(peach(&body), 1020);
    assert_eq!(
        body["clientErrorMessage"],
        "This card is already active (Code: 1020)"
    );
    let (status, body) = card_call(&mut client, ADD, "x-1", &ann).await;
    assert_eq!(status, 400);
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("cardCode")),
        "{body}"
    );
    let lost = "/Member/v3/ReportLostCard?boxofficeCircuitId=MQ&boxofficeCinemaId=1";
    let (_, body) = get(&mut client, lost, Some(&ann)).await;
    assert_eq!(body["cards"][0]["status"], "LOST");
    let (_, body) = card_call(&mut client, ADD, "MQ99ZZ00", &ann).await;
    assert_eq!(body["cards"].as_array().map(Vec::len), Some(2));
    let (_, body) = card_call(&mut client, DELETE, "mq99zz00", &ann).await;
    assert_eq!(body["cards"].as_array().map(Vec::len), Some(1));
    let version_1 = "/Member/DeleteCard?circuitId=MQ";
    let (_, body) = card_call(&mut client, version_1, "MQ12AB34", &ann).await;
    assert_eq!((peach(&body), &body["statusCode"]), (0, &json!(200)));
    let (_, body) = get(
        &mut client,
        "/Member/v3/GetCards/?boxofficeCircuitId=MQ",
        Some(&ann),
    )
    .await;
    assert_eq!(body["cards"], json!([]));
}

on_both_databases!(cards_are_added_upper_cased_deleted_and_reported_lost);
