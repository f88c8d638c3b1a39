//! Captcha checks of registrations, logins and gift-card checks (code 7) against a reCAPTCHA-compatible
//! endpoint this test serves itself.

use proto::loyalty::v1::CypherRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use tonic::transport::Channel;

use test_support::http_stub::spawn_http;

use crate::helpers::{
    PASSWORD, TestDatabase, V1_LOGIN, V3_LOGIN, peach, request, send, spawn_loyalty_with,
};

/// A siteverify endpoint: success only for the token "human" with the right secret.
async fn spawn_siteverify() -> wiremock::MockServer {
    spawn_http(|request| {
        let form = String::from_utf8_lossy(&request.body);
        let success = form.contains("response=human") && form.contains("secret=site-secret");
        (200, json!({ "success": success }).to_string())
    })
    .await
}

fn siteverify_url(server: &wiremock::MockServer) -> String {
    format!("{}/recaptcha/api/siteverify", server.uri())
}

async fn spawn_with_captcha(database: &TestDatabase, url: &str) -> LoyaltyClient<Channel> {
    spawn_loyalty_with(
        database,
        &[
            ("CAPTCHA_SECRET", "site-secret"),
            ("CAPTCHA_VERIFY_URL", url),
        ],
    )
    .await
}

async fn gift_card_check(url: &str, database: &TestDatabase, token: &str) -> Value {
    let mut client = spawn_with_captcha(database, url).await;
    let reply = client
        .cypher(CypherRequest {
            method: "POST".to_owned(),
            route: "/GiftCard/CheckGiftCardBalance?cinemaId=101".to_owned(),
            payload: json!({"cardNumber": "GC1000200030004000", "pin": "1234"})
                .as_object()
                .cloned()
                .map(proto::json::to_struct),
            captcha_token: token.to_owned(),
            client_address: "127.0.0.1".to_owned(),
            ..Default::default()
        })
        .await
        .expect("the service answers")
        .into_inner();
    serde_json::from_str(&reply.body).expect("JSON")
}

#[tokio::test]
async fn a_call_with_a_rejected_captcha_is_code_7() {
    let siteverify = spawn_siteverify().await;
    let database = TestDatabase::sqlite();
    for token in ["robot", ""] {
        let body = gift_card_check(&siteverify_url(&siteverify), &database, token).await;
        assert_eq!(body["peachCode"], 7, "{body}");
    }
    database.drop().await;
}

#[tokio::test]
async fn a_call_with_an_accepted_captcha_goes_through() {
    let siteverify = spawn_siteverify().await;
    let database = TestDatabase::sqlite();
    let body = gift_card_check(&siteverify_url(&siteverify), &database, "human").await;
    assert_eq!(
        (&body["peachCode"], &body["balanceInCents"]),
        (&json!(0), &json!(2500))
    );
    database.drop().await;
}

#[tokio::test]
async fn a_registration_and_a_login_of_either_version_need_an_accepted_captcha() {
    let siteverify = spawn_siteverify().await;
    let database = TestDatabase::sqlite();
    let mut client = spawn_with_captcha(&database, &siteverify_url(&siteverify)).await;
    let email = "robot@example.com";
    for (route, joiner) in [
        ("/Member/Create?circuitId=MQ", "robot-v1@example.com"),
        ("/Member/v3/Create", email),
    ] {
        for (token, expected) in [("", 7), ("bot", 7), ("human", 0)] {
            let registration = CypherRequest {
                captcha_token: token.to_owned(),
                ..request(
                    "POST",
                    route,
                    json!({"username": joiner, "password": PASSWORD}),
                )
            };
            let (_, body) = send(&mut client, registration).await;
            assert_eq!(peach(&body), expected, "{route} with '{token}': {body}");
        }
    }
    for route in [V3_LOGIN, V1_LOGIN] {
        for (token, expected) in [("", 7), ("bot", 7), ("human", 0)] {
            let credentials = json!({"username": email, "password": PASSWORD});
            let login = CypherRequest {
                captcha_token: token.to_owned(),
                ..request("POST", route, credentials)
            };
            let (_, body) = send(&mut client, login).await;
            assert_eq!(peach(&body), expected, "{route} with '{token}': {body}");
        }
    }
    database.drop().await;
}

#[tokio::test]
async fn an_unreachable_captcha_service_is_unavailable_not_a_pass() {
    let database = TestDatabase::sqlite();
    let mut client = spawn_with_captcha(&database, "http://127.0.0.1:9/").await;
    let status = client
        .cypher(CypherRequest {
            method: "POST".to_owned(),
            route: "/Member/v3/Login".to_owned(),
            payload: json!({"username": "a@b.co", "password": "x"})
                .as_object()
                .cloned()
                .map(proto::json::to_struct),
            captcha_token: "human".to_owned(),
            ..Default::default()
        })
        .await
        .expect_err("no verdict");
    assert_eq!(status.code(), tonic::Code::Unavailable);
    database.drop().await;
}
