//! Sites on one deployment (docs/architecture.md#sites): a call names its site in `site-id`
//! metadata (none: the default site, SITE_ID), and nothing of one site's members,
//! sessions, cards, codes, rewards, gift cards or budgets is readable or writable
//! through another's calls, tested both ways. Each test runs on SQLite and PostgreSQL;
//! the events test on a real nats-server.

use std::time::Duration;

use futures_util::StreamExt;
use platform::tokens::sha256_hex;
use proto::loyalty::v1::CypherRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::catalogue;
use crate::helpers::{
    PASSWORD, TestDatabase, V3_LOGIN, mails, peach, request, reset_code_in, send_on, session_token,
    spawn_loyalty, spawn_loyalty_with, try_send,
};
use crate::on_both_databases;

/// The deployment's default site (SITE_ID's default) and another with the same settings.
const DEMO: &str = "demo";
const OTHER: &str = catalogue::TWIN;

/// A call about `site` with `session` as the session header's token.
async fn call_on(
    client: &mut LoyaltyClient<Channel>,
    site: &str,
    (method, route): (&str, &str),
    payload: Value,
    session: Option<&str>,
) -> (u32, Value) {
    let request = CypherRequest {
        session_token: session.unwrap_or_default().to_owned(),
        ..request(method, route, payload)
    };
    send_on(client, site, request).await
}

/// Registers `email` with `password` on `site`; must succeed. Answers the member id.
async fn register(
    client: &mut LoyaltyClient<Channel>,
    site: &str,
    email: &str,
    password: &str,
) -> String {
    let payload = json!({"username": email, "password": password});
    let (_, body) = call_on(client, site, ("POST", "/Member/v3/Create"), payload, None).await;
    assert_eq!(peach(&body), 0, "{site}: {body}");
    body["memberDetails"]["memberId"]
        .as_str()
        .expect("a member id")
        .to_owned()
}

/// Logs `email` in on `site`: the reply's peachCode and body.
async fn log_in(
    client: &mut LoyaltyClient<Channel>,
    site: &str,
    email: &str,
    password: &str,
) -> (i64, Value) {
    let payload = json!({"username": email, "password": password});
    let (_, body) = call_on(client, site, ("POST", V3_LOGIN), payload, None).await;
    (peach(&body), body)
}

/// The member `email` with [`PASSWORD`] on `site`, logged in: the login's reply.
async fn member_on(client: &mut LoyaltyClient<Channel>, site: &str, email: &str) -> Value {
    register(client, site, email, PASSWORD).await;
    let (code, body) = log_in(client, site, email, PASSWORD).await;
    assert_eq!(code, 0, "{body}");
    body
}

fn refresh_token(login: &Value) -> String {
    login["sessionManagementTokens"]["boxofficeRefreshSessionToken"]
        .as_str()
        .expect("a refresh token")
        .to_owned()
}

const GET_MEMBER: (&str, &str) = ("GET", "/Member/v3/GetMember/");

async fn the_same_address_is_a_member_of_two_sites_each_with_its_own_password(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    register(&mut client, DEMO, email, PASSWORD).await;
    // Taken on the demo site, free on the other.
    register(&mut client, OTHER, email, "Nachos#2025").await;
    let (_, taken) = call_on(
        &mut client,
        OTHER,
        ("POST", "/Member/v3/Create"),
        json!({"username": email, "password": PASSWORD}),
        None,
    )
    .await;
    assert_eq!(peach(&taken), 60, "taken on its own site: {taken}");

    assert_eq!(log_in(&mut client, DEMO, email, PASSWORD).await.0, 0);
    assert_eq!(log_in(&mut client, OTHER, email, "Nachos#2025").await.0, 0);
    assert_eq!(log_in(&mut client, OTHER, email, PASSWORD).await.0, 31);
    assert_eq!(log_in(&mut client, DEMO, email, "Nachos#2025").await.0, 31);
    // A member of one site only is unknown on the other.
    register(&mut client, OTHER, "bob@example.com", PASSWORD).await;
    assert_eq!(
        log_in(&mut client, DEMO, "bob@example.com", PASSWORD)
            .await
            .0,
        29
    );
    // A call that names no site is the default site's.
    let (_, body) = try_send(
        &mut client,
        request(
            "POST",
            V3_LOGIN,
            json!({"username": email, "password": PASSWORD}),
        ),
    )
    .await
    .expect("answered");
    assert_eq!(peach(&body), 0, "{body}");
}

async fn a_session_of_one_site_is_refused_on_another_both_ways(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let on_demo = member_on(&mut client, DEMO, "ann@example.com").await;
    let on_other = member_on(&mut client, OTHER, "bob@example.com").await;
    for (site, other, login) in [(DEMO, OTHER, &on_demo), (OTHER, DEMO, &on_other)] {
        let token = session_token(login);
        let (status, _) = call_on(&mut client, other, GET_MEMBER, json!({}), Some(&token)).await;
        assert_eq!(status, 401, "{site}'s session on {other}");
        let refresh = CypherRequest {
            refresh_token: refresh_token(login),
            ..request("GET", "/Member/v3/RefreshLogin", json!({}))
        };
        let (status, _) = send_on(&mut client, other, refresh).await;
        assert_eq!(status, 401, "{site}'s refresh token on {other}");
        // Signing out through the other site ends nothing.
        let logout = ("POST", "/Member/v3/Logout?boxofficeCircuitId=MQ");
        let payload = json!({"userSessionId": refresh_token(login)});
        call_on(&mut client, other, logout, payload, None).await;
        let (status, body) = call_on(&mut client, site, GET_MEMBER, json!({}), Some(&token)).await;
        assert_eq!(
            status, 200,
            "{site}'s session still works on {site}: {body}"
        );
    }
}

async fn cards_codes_rewards_and_gift_cards_are_their_sites_own(database: &TestDatabase) {
    // The demo seed is the default site's: its gift card, rewards and cards.
    let mut client = spawn_loyalty(database).await;
    let ann = session_token(&member_on(&mut client, OTHER, "ann@example.com").await);

    let balance = ("POST", "/GiftCard/CheckGiftCardBalance?cinemaId=101");
    let gift_card = json!({"cardNumber": "GC1000200030004000", "pin": "1234"});
    let (_, body) = call_on(&mut client, DEMO, balance, gift_card.clone(), None).await;
    assert_eq!(peach(&body), 0, "{body}");
    let (_, body) = call_on(&mut client, OTHER, balance, gift_card, None).await;
    assert_eq!(
        peach(&body),
        51,
        "the demo's gift card on another site: {body}"
    );

    let listing = ("GET", "/Member/v3/RewardsListing?boxofficeCinemaId=101");
    let (_, body) = call_on(&mut client, OTHER, listing, json!({}), Some(&ann)).await;
    assert_eq!(body["rewards"], json!([]), "{body}");
    let order = ("POST", "/Member/v3/OrderLoyaltyItem?boxofficeCinemaId=101");
    let (_, body) = call_on(
        &mut client,
        OTHER,
        order,
        json!({"rewardId": "small-popcorn"}),
        Some(&ann),
    )
    .await;
    assert_eq!(
        peach(&body),
        409,
        "the demo's reward on another site: {body}"
    );

    // The demo member's card number is another chain's to issue too.
    let add = ("POST", "/Member/v3/AddCard/");
    let card = json!({"cardCode": "MQ00012345"});
    let (_, body) = call_on(&mut client, OTHER, add, card.clone(), Some(&ann)).await;
    assert_eq!(
        body["cards"],
        json!([{"cardCode": "MQ00012345", "status": "ACTIVE"}]),
        "{body}"
    );
    let bob = session_token(&member_on(&mut client, DEMO, "bob@example.com").await);
    let (_, body) = call_on(&mut client, DEMO, add, card, Some(&bob)).await;
    assert_eq!(peach(&body), 1020, "active on the demo member: {body}");

    // A reset code mailed on one site does nothing on another.
    let ask = "/Member/v3/GetResetPasswordCode?boxofficeCircuitId=MQ&boxofficeCinemaId=101\
               &emailAddress=ann@example.com&rootUrl=http://demo-twin.localhost:8080&resetPasswordLink=reset";
    let (_, body) = call_on(&mut client, OTHER, ("GET", ask), json!({}), None).await;
    assert_eq!(peach(&body), 0, "{body}");
    let mail = mails(database).last().cloned().expect("a mail");
    // The link leads to the site's own address (LOYALTY_SITE_ORIGINS' default takes
    // every *.localhost of the local demo).
    assert!(
        mail.contains("http://demo-twin.localhost:8080/reset?resetCode="),
        "{mail}"
    );
    let code = reset_code_in(&mail);
    let reset = ("POST", "/Member/v3/ResetPassword");
    let payload = json!({"password": "Nachos#2025", "resetCode": code, "membershipId": ""});
    let (_, body) = call_on(&mut client, DEMO, reset, payload.clone(), None).await;
    assert_eq!(
        peach(&body),
        57,
        "the other site's code on the demo site: {body}"
    );
    let (_, body) = call_on(&mut client, OTHER, reset, payload, None).await;
    assert_eq!(peach(&body), 0, "{body}");
    // A reset link of one site never leads to another's pages.
    let elsewhere = ask.replace("demo-twin.localhost", "demo.localhost");
    let (status, body) = call_on(&mut client, OTHER, ("GET", &elsewhere), json!({}), None).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"]["message"],
        format!("rootUrl must be on one of the hosts of site '{OTHER}'"),
    );
}

async fn each_site_has_its_own_login_budget(database: &TestDatabase) {
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_RATE_LIMIT_PER_MINUTE", "2")]).await;
    for _ in 0..2 {
        log_in(&mut client, DEMO, "nobody@example.com", PASSWORD).await;
    }
    let (code, _) = log_in(&mut client, DEMO, "nobody@example.com", PASSWORD).await;
    assert_eq!(code, 429);
    let (code, _) = log_in(&mut client, OTHER, "nobody@example.com", PASSWORD).await;
    assert_eq!(code, 29, "the same address and account on another site");
}

async fn a_call_naming_no_valid_site_is_refused(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let mut call = tonic::Request::new(request("GET", "/Member/v3/GetMember/", json!({})));
    call.metadata_mut()
        .insert(proto::site::METADATA, "../demo".parse().expect("a value"));
    let refused = client.cypher(call).await.expect_err("refused");
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);
    assert!(
        refused.message().contains("site-id"),
        "{}",
        refused.message()
    );
}

on_both_databases!(
    the_same_address_is_a_member_of_two_sites_each_with_its_own_password,
    a_session_of_one_site_is_refused_on_another_both_ways,
    cards_codes_rewards_and_gift_cards_are_their_sites_own,
    each_site_has_its_own_login_budget,
    a_call_naming_no_valid_site_is_refused,
);

#[tokio::test]
async fn each_event_names_the_site_of_its_member() {
    let (url, mut events) = test_support::events::subscribe("loyalty.member.registered").await;
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(&database, &[("NATS_URL", &url)]).await;
    let email = format!("sites-{}@example.com", std::process::id());
    let mut expected = vec![
        (
            sha256_hex(&register(&mut client, OTHER, &email, PASSWORD).await),
            OTHER,
        ),
        (
            sha256_hex(&register(&mut client, DEMO, &email, PASSWORD).await),
            DEMO,
        ),
    ];
    expected.sort();
    // Other tests may register members meanwhile: only these two members' events count.
    let mut seen = Vec::new();
    while seen.len() < 2 {
        let message = tokio::time::timeout(Duration::from_secs(10), events.next())
            .await
            .expect("an event within 10 s")
            .expect("the subscription is open");
        let event: Value = serde_json::from_slice(&message.payload).expect("JSON");
        let member = event["hashedMemberId"].as_str().unwrap_or_default();
        if let Some((member, site)) = expected.iter().find(|(hashed, _)| hashed == member) {
            assert_eq!(event["siteId"], *site, "{event}");
            seen.push((member.clone(), *site));
        }
    }
    seen.sort();
    assert_eq!(seen, expected);
    database.drop().await;
}
