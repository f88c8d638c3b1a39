//! GetPaymentProviderPortalSession against a payment portal the test starts.

use proto::loyalty::v1::CypherRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use tonic::transport::Channel;

use test_support::http_stub::{header, spawn_http};

use crate::helpers::{TestDatabase, spawn_loyalty_with};

const ROUTE: &str = "/Member/GetPaymentProviderPortalSession?circuitId=MQ&cinemaId=101";

/// A payment portal with the key "portal-key": its session URL repeats what it was
/// told, so the test can check it.
fn portal(request: &wiremock::Request) -> (u16, String) {
    if header(request, "authorization") != "Bearer portal-key" {
        return (401, json!({"error": "unauthorised"}).to_string());
    }
    let asked: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
    let url = format!(
        "https://pay.example/portal?customer={}&email={}&cinema={}&return={}",
        asked["customerReference"].as_str().unwrap_or_default(),
        asked["email"].as_str().unwrap_or_default(),
        asked["cinemaId"].as_str().unwrap_or_default(),
        asked["returnUrl"].as_str().unwrap_or_default(),
    );
    (200, json!({ "url": url }).to_string())
}

fn not_json(_: &wiremock::Request) -> (u16, String) {
    (200, "<html>maintenance</html>".to_owned())
}

struct Reply {
    http_status: u32,
    body: Value,
}

async fn call(
    client: &mut LoyaltyClient<Channel>,
    route: &str,
    payload: Value,
    session: &str,
) -> Reply {
    let reply = client
        .cypher(CypherRequest {
            method: "POST".to_owned(),
            route: route.to_owned(),
            payload: payload.as_object().cloned().map(proto::json::to_struct),
            session_token: session.to_owned(),
            ..Default::default()
        })
        .await
        .expect("answers")
        .into_inner();
    Reply {
        http_status: reply.http_status,
        body: serde_json::from_str(&reply.body).expect("JSON"),
    }
}

/// A new member logged in: their id and session token.
async fn member_session(client: &mut LoyaltyClient<Channel>) -> (String, String) {
    let credentials = json!({"username": "ann@example.com", "password": "Popcorn#2024"});
    let created = call(client, "/Member/v3/Create", credentials.clone(), "").await;
    let login = call(client, "/Member/v3/Login", credentials, "").await;
    (
        created.body["memberDetails"]["memberId"]
            .as_str()
            .expect("an id")
            .to_owned(),
        login.body["sessionManagementTokens"]["boxofficeSessionToken"]
            .as_str()
            .expect("a token")
            .to_owned(),
    )
}

/// The service with PAYMENT_PORTAL_URL at `url` and the key in a secret file.
async fn with_portal(database: &TestDatabase, url: &str, key: &str) -> LoyaltyClient<Channel> {
    std::fs::create_dir_all(&database.data_dir).expect("data dir");
    let secret_file = database.data_dir.join("portal-key");
    std::fs::write(&secret_file, format!("{key}\n")).expect("write the key");
    let secret_file = secret_file.display().to_string();
    spawn_loyalty_with(
        database,
        &[
            ("PAYMENT_PORTAL_URL", url),
            ("PAYMENT_PORTAL_SECRET_FILE", &secret_file),
            ("PAYMENT_PORTAL_TIMEOUT_MS", "2000"),
        ],
    )
    .await
}

#[tokio::test]
async fn a_member_gets_a_portal_url_from_the_payment_provider() {
    let portal = spawn_http(portal).await;
    let database = TestDatabase::sqlite();
    let mut client = with_portal(&database, &portal.uri(), "portal-key").await;
    let (member_id, session) = member_session(&mut client).await;

    let reply = call(&mut client, ROUTE, json!({}), &session).await;

    assert_eq!(reply.http_status, 200);
    assert_eq!(reply.body["peachCode"], 0, "{}", reply.body);
    assert_eq!(reply.body["statusCode"], 200);
    assert_eq!(
        reply.body["portalUrl"],
        format!(
            "https://pay.example/portal?customer={member_id}&email=ann@example.com&cinema=101&return=http://127.0.0.1:8080/account/"
        )
    );
    let reply = call(
        &mut client,
        ROUTE,
        json!({"returnUrl": "http://127.0.0.1:8080/account/cards/"}),
        &session,
    )
    .await;
    assert!(
        reply.body["portalUrl"]
            .as_str()
            .is_some_and(|url| url.ends_with("return=http://127.0.0.1:8080/account/cards/")),
        "{}",
        reply.body
    );
    database.drop().await;
}

#[tokio::test]
async fn the_portal_session_needs_a_live_session_and_a_return_url_on_the_site() {
    let portal = spawn_http(portal).await;
    let database = TestDatabase::sqlite();
    let mut client = with_portal(&database, &portal.uri(), "portal-key").await;
    let (_, session) = member_session(&mut client).await;

    let reply = call(&mut client, ROUTE, json!({}), "").await;
    assert_eq!(
        (reply.http_status, &reply.body["peachCode"]),
        (401, &json!(401))
    );
    let reply = call(&mut client, ROUTE, json!({}), "forged").await;
    assert_eq!(reply.http_status, 401);
    let reply = call(
        &mut client,
        ROUTE,
        json!({"returnUrl": "https://evil.example/"}),
        &session,
    )
    .await;
    assert_eq!(reply.http_status, 400);
    assert!(
        reply.body["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("returnUrl")),
        "{}",
        reply.body
    );
    database.drop().await;
}

#[tokio::test]
async fn a_failing_portal_answers_502_with_its_message() {
    let portal = spawn_http(portal).await;
    let broken = spawn_http(not_json).await;
    let closed = format!("127.0.0.1:{}", test_support::net::free_port());
    for (url, key) in [
        (portal.uri(), "wrong-key"),
        (broken.uri(), "portal-key"),
        (format!("http://{closed}/sessions"), "portal-key"),
    ] {
        let database = TestDatabase::sqlite();
        let mut client = with_portal(&database, &url, key).await;
        let (_, session) = member_session(&mut client).await;

        let reply = call(&mut client, ROUTE, json!({}), &session).await;

        assert_eq!(reply.http_status, 502, "{url}");
        assert_eq!(reply.body["peachCode"], 502);
        assert_eq!(
            reply.body["clientErrorMessage"],
            "The payment provider is not available at the moment, please try again later (Code: 502)"
        );
        database.drop().await;
    }
}

#[tokio::test]
async fn without_a_portal_the_call_answers_501() {
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(&database, &[]).await;
    let (_, session) = member_session(&mut client).await;

    let reply = call(&mut client, ROUTE, json!({}), &session).await;

    assert_eq!(reply.http_status, 501);
    assert_eq!(
        reply.body["clientErrorMessage"],
        "Payment methods cannot be managed on this site (Code: 501)"
    );
    database.drop().await;
}
