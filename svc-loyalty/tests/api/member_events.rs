//! Every member event of docs/architecture.md#member-events on a real nats-server, each with its
//! message id, none naming the member (no e-mail address, name or phone number), and
//! each as docs/asyncapi.yaml describes it (checked by the AsyncAPI parser's tool,
//! tools/asyncapi, which `make test` installs first).

use std::collections::BTreeMap;
use std::time::Duration;

use futures_util::StreamExt;
use proto::loyalty::v1::CypherRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::catalogue;
use crate::helpers::{PASSWORD, TestDatabase, spawn_loyalty_with};

/// One call of a site with `includeActivation` in the circuit MQ, as the gateway passes
/// it on.
async fn call(
    client: &mut LoyaltyClient<Channel>,
    method: &str,
    route: &str,
    payload: Value,
    session_token: &str,
) -> Value {
    let reply = client
        .cypher(CypherRequest {
            method: method.to_owned(),
            route: route.to_owned(),
            payload: payload.as_object().cloned().map(proto::json::to_struct),
            session_token: session_token.to_owned(),
            client_address: "127.0.0.1".to_owned(),
            ..Default::default()
        })
        .await
        .expect("the service answers")
        .into_inner();
    let body: Value = serde_json::from_str(&reply.body).expect("a JSON reply");
    assert_eq!(body["peachCode"], 0, "{route}: {body}");
    body
}

async fn login(client: &mut LoyaltyClient<Channel>, email: &str, password: &str) -> String {
    let body = call(
        client,
        "POST",
        "/Member/v3/Login?boxofficeCircuitId=MQ&boxofficeCinemaId=101",
        json!({"username": email, "password": password}),
        "",
    )
    .await;
    body["sessionManagementTokens"]["boxofficeSessionToken"]
        .as_str()
        .expect("a session token")
        .to_owned()
}

#[tokio::test]
async fn each_change_publishes_its_event_and_no_event_names_the_member() {
    let (url, mut events) = test_support::events::subscribe("loyalty.>").await;
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(
        &database,
        &[
            ("NATS_URL", &url),
            ("LOYALTY_DEMO_SEED", "true"),
            ("SITE_ID", catalogue::ACTIVATING),
        ],
    )
    .await;

    // Registered, then activated through the membership flow.
    let email = format!("events-{}@example.com", std::process::id());
    let created = call(
        &mut client,
        "POST",
        "/Member/v3/Create",
        json!({"username": email, "password": PASSWORD, "firstName": "Ada",
               "lastName": "Lovelace", "mobileNumber": "+14015550100"}),
        "",
    )
    .await;
    let member_id = created["memberDetails"]["memberId"]
        .as_str()
        .expect("a member id")
        .to_owned();
    let activation = call(
        &mut client,
        "POST",
        "/Member/SetMemberToActivateOnComplete?circuitId=MQ",
        json!({"email": email, "password": PASSWORD}),
        "",
    )
    .await;
    let order = call(
        &mut client,
        "POST",
        "/Member/AddMembership/101",
        json!({"userSessionId": activation["userSessionId"], "concessions": [{"code": "MEMBERSHIP"}]}),
        "",
    )
    .await;
    call(
        &mut client,
        "POST",
        "/Member/CompletePayment/?circuitId=MQ&cinemaId=101",
        json!({"OrderId": order["orderId"], "IsNewMember": true, "AmountPaidPaymentProvider": 0}),
        "",
    )
    .await;

    // A card added, then reported lost.
    let token = login(&mut client, &email, PASSWORD).await;
    call(
        &mut client,
        "POST",
        "/Member/v3/AddCard/",
        json!({"cardCode": "EVT0001"}),
        &token,
    )
    .await;
    call(
        &mut client,
        "GET",
        "/Member/v3/ReportLostCard?boxofficeCircuitId=MQ&boxofficeCinemaId=101",
        json!({}),
        &token,
    )
    .await;

    // A reward redeemed by the demo member, who has the points.
    let demo = login(&mut client, "demo@marqueecinemas.example", "Popcorn#2024").await;
    let ordered = call(
        &mut client,
        "POST",
        "/Member/v3/OrderLoyaltyItem?boxofficeCinemaId=101",
        json!({"rewardId": "small-popcorn"}),
        &demo,
    )
    .await;
    call(
        &mut client,
        "POST",
        "/Member/v3/ConfirmItemRedemption?boxofficeCircuitId=MQ&boxofficeCinemaId=101",
        json!({"orderId": ordered["orderId"]}),
        "",
    )
    .await;

    // And the new member deletes the account.
    call(
        &mut client,
        "GET",
        "/Member/v3/Delete/?boxofficeCircuitId=MQ&memberId=",
        json!({}),
        &token,
    )
    .await;

    let mine = platform::tokens::sha256_hex(&member_id);
    let demo_member = platform::tokens::sha256_hex("demo-member");
    let mut seen: BTreeMap<String, Value> = BTreeMap::new();
    let mut published = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while seen.len() < 7 {
        let Ok(Some(message)) = tokio::time::timeout_at(deadline, events.next()).await else {
            break;
        };
        let text = String::from_utf8_lossy(&message.payload).into_owned();
        for personal in [email.as_str(), "Ada", "Lovelace", "4015550100", "EVT0001"] {
            assert!(!text.contains(personal), "{personal} in {text}");
        }
        let event: Value = serde_json::from_str(&text).expect("JSON event");
        if event["hashedMemberId"] != mine.as_str() && event["hashedMemberId"] != demo_member {
            continue;
        }
        let id_header = message
            .headers
            .as_ref()
            .and_then(|headers| headers.get("Nats-Msg-Id"))
            .map(|id| id.as_str().to_owned());
        assert_eq!(id_header.as_deref(), event["eventId"].as_str());
        assert!(
            event["occurredAt"]
                .as_str()
                .is_some_and(|at| at.ends_with('Z')),
            "{event}"
        );
        assert_eq!(event["provider"], "BOOST_POS", "{event}");
        // The call named no site: the deployment's default one.
        assert_eq!(event["siteId"], catalogue::ACTIVATING, "{event}");
        // The site's circuit, on calls whose route names none too (Create, AddCard).
        assert_eq!(event["circuitId"], "MQ", "{event}");
        published
            .push_str(&json!({"subject": message.subject.as_str(), "payload": event}).to_string());
        published.push('\n');
        seen.insert(message.subject.to_string(), event);
    }
    let subjects: Vec<&str> = seen.keys().map(String::as_str).collect();
    assert_eq!(
        subjects,
        vec![
            "loyalty.card.added",
            "loyalty.card.lost",
            "loyalty.member.activated",
            "loyalty.member.deleted",
            "loyalty.member.login",
            "loyalty.member.registered",
            "loyalty.reward.redeemed",
        ]
    );
    assert_eq!(
        seen["loyalty.member.registered"]["activationRequired"],
        true
    );
    assert_eq!(
        seen["loyalty.member.activated"]["hashedMemberId"],
        mine.as_str()
    );
    assert_eq!(seen["loyalty.card.lost"]["cardsReported"], 1);
    assert_eq!(
        (
            &seen["loyalty.reward.redeemed"]["rewardId"],
            &seen["loyalty.reward.redeemed"]["pointsCost"],
            &seen["loyalty.reward.redeemed"]["hashedMemberId"]
        ),
        (&json!("small-popcorn"), &json!(250), &json!(demo_member))
    );
    assert_eq!(seen["loyalty.member.deleted"]["circuitId"], "MQ");
    database.drop().await;
    test_support::events::match_the_asyncapi_document(&published);
}
