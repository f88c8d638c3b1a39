//! `POST /api/cypher` through the gateway to svc-loyalty: the transport only. The
//! envelope, the session headers, the captcha token and the site's loyalty settings on
//! their way to svc-loyalty, and 503 when it is down. The loyalty rules themselves are
//! tested beside them, over gRPC, in `svc-loyalty/tests/api/`.

use serde_json::{Value, json};

use crate::helpers::{
    DEMO_SITE, PASSWORD, SINGLE_SITE, Service, TestGateway, copy_site, error_of, spawn_gateway,
    spawn_gateway_for_site, spawn_gateway_with, spawn_gateway_without,
};

const V3_LOGIN: &str = "/Member/v3/Login?boxofficeCircuitId=MQ";

async fn post_raw(gateway: &TestGateway, content_type: &str, body: Vec<u8>) -> (u16, Value) {
    let response = gateway
        .client
        .post(gateway.url("/api/cypher"))
        .header("Content-Type", content_type)
        .body(body)
        .send()
        .await
        .expect("the gateway answers");
    let status = response.status().as_u16();
    (status, response.json().await.expect("a JSON body"))
}

fn peach(body: &Value) -> i64 {
    body["peachCode"]
        .as_i64()
        .unwrap_or_else(|| panic!("a peachCode in {body}"))
}

#[tokio::test]
async fn a_malformed_envelope_is_a_400_naming_the_field() {
    let gateway = spawn_gateway().await;
    let body = json!({"reqMetadata": {"method": "POST"}})
        .to_string()
        .into_bytes();
    let (status, body) = post_raw(&gateway, "application/json", body).await;
    assert_eq!(status, 400);
    assert_eq!(
        error_of(&body),
        ("invalid_argument", "reqMetadata.route is required")
    );
    let (status, body) = post_raw(&gateway, "application/json", b"{not json".to_vec()).await;
    assert_eq!(status, 400);
    assert!(error_of(&body).1.starts_with("malformed JSON"), "{body}");
}

#[tokio::test]
async fn an_unknown_route_is_a_404_in_json() {
    let gateway = spawn_gateway().await;
    let (status, body) = gateway
        .cypher("GET", "/Member/v9/Nothing", json!({}), None)
        .await;
    assert_eq!(status, 404);
    assert_eq!(error_of(&body).0, "not_found");
}

#[tokio::test]
async fn an_oversized_body_is_a_413_in_json() {
    let gateway = spawn_gateway().await;
    let padding = "x".repeat(100 * 1024);
    let body = json!({"reqMetadata": {"method": "POST", "route": V3_LOGIN}, "pad": padding});
    let (status, body) =
        post_raw(&gateway, "application/json", body.to_string().into_bytes()).await;
    assert_eq!(status, 413);
    assert_eq!(error_of(&body).0, "payload_too_large");
}

#[tokio::test]
async fn form_data_carries_req_metadata_as_a_json_string() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("form").await;
    let boundary = "XyZboundary";
    let field = |name: &str, value: &str| {
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
        )
    };
    let metadata = json!({"method": "POST", "route": V3_LOGIN}).to_string();
    let body = format!(
        "{}{}{}--{boundary}--\r\n",
        field("reqMetadata", &metadata),
        field("username", &email),
        field("password", PASSWORD)
    );
    let (status, body) = post_raw(
        &gateway,
        &format!("multipart/form-data; boundary={boundary}"),
        body.into_bytes(),
    )
    .await;
    assert_eq!((status, peach(&body)), (200, 0), "{body}");
}

#[tokio::test]
async fn a_payload_field_of_the_wrong_type_is_a_400_not_a_500() {
    let gateway = spawn_gateway().await;
    let (status, body) = gateway
        .cypher(
            "POST",
            V3_LOGIN,
            json!({"username": "a@b.co", "password": 42}),
            None,
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body).1, "payload.password must be a string");
}

#[tokio::test]
async fn the_cypher_route_is_503_when_the_loyalty_service_is_down() {
    let gateway = spawn_gateway_without(&[Service::Loyalty]).await;
    let (status, body) = gateway.cypher("POST", V3_LOGIN, json!({}), None).await;
    assert_eq!(status, 503);
    assert_eq!(error_of(&body).0, "service_unavailable");
    let (status, _) = gateway.get_json("/api/v1/theaters").await;
    assert_eq!(status, 200, "other routes keep serving");
}

/// A login's tokens come back under the brand's names (LOYALTY_BRAND, boxoffice by
/// default), and go out again in the brand's headers: the session header to GetMember,
/// the refresh header to a version 3 refresh.
#[tokio::test]
async fn a_logins_tokens_come_back_and_go_out_in_the_brands_headers() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let login = gateway.login(V3_LOGIN, &email).await;
    let tokens = &login["sessionManagementTokens"];
    let session = tokens["boxofficeSessionToken"]
        .as_str()
        .expect("a session token");
    let refresh = tokens["boxofficeRefreshSessionToken"]
        .as_str()
        .expect("a refresh token");

    let (status, body) = gateway
        .cypher("GET", "/Member/v3/GetMember/", json!({}), Some(session))
        .await;
    assert_eq!((status, peach(&body)), (200, 0), "{body}");
    assert_eq!(body["memberDetails"]["email"], email);

    let response = gateway
        .client
        .post(gateway.url("/api/cypher"))
        .header("Boxoffice-Refresh-Session-Token", refresh)
        .json(&json!({"reqMetadata": {"method": "GET", "route": "/Member/v3/RefreshLogin"}}))
        .send()
        .await
        .expect("the gateway answers");
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.expect("a JSON body");
    assert_eq!(peach(&body), 0, "{body}");
    assert_ne!(
        body["sessionManagementTokens"]["boxofficeSessionToken"], tokens["boxofficeSessionToken"],
        "a new session"
    );
}

/// The browser's captcha token travels in `reqMetadata["g-recaptcha-response"]`: what
/// svc-loyalty verifies is that token (code 7 when it is refused).
#[tokio::test]
async fn the_captcha_token_in_req_metadata_reaches_svc_loyalty() {
    let verifier = test_support::http_stub::spawn_http(|request| {
        let human = String::from_utf8_lossy(&request.body).contains("response=human");
        (200, json!({ "success": human }).to_string())
    })
    .await;
    let verify_url = format!("{}/siteverify", verifier.uri());
    let gateway = spawn_gateway_with(
        &[],
        &[
            ("CAPTCHA_SECRET", "captcha-secret"),
            ("CAPTCHA_VERIFY_URL", &verify_url),
        ],
    )
    .await;
    let email = "robot@example.com";
    // Registering and logging in each need the captcha.
    for route in ["/Member/v3/Create", V3_LOGIN] {
        for (token, expected) in [("", 7), ("bot", 7), ("human", 0)] {
            let body = json!({
                "username": email,
                "password": PASSWORD,
                "reqMetadata": {"method": "POST", "route": route, "g-recaptcha-response": token},
            });
            let (_, body) =
                post_raw(&gateway, "application/json", body.to_string().into_bytes()).await;
            assert_eq!(peach(&body), expected, "{route} with '{token}': {body}");
        }
    }
}

/// The site's loyalty provider and includeActivation go with each call: the demo chain's
/// BOOST_POS explains its password rule, and the single-location cinema's new members
/// must be activated before they log in (code 26).
#[tokio::test]
async fn the_sites_provider_and_activation_setting_go_with_each_call() {
    let gateway = spawn_gateway().await;
    let weak = json!({"email": "ann@example.com", "password": "popcorn"});
    let (_, body) = gateway
        .cypher("POST", "/Member/v3/Create", weak, None)
        .await;
    let boost_pos_rule = "Your password is not strong enough. It must contain at least 8";
    assert!(
        body["clientErrorMessage"]
            .as_str()
            .is_some_and(|message| message.starts_with(boost_pos_rule)),
        "{body}"
    );

    let gateway = spawn_gateway_for_site(SINGLE_SITE, &[], &[]).await;
    let email = gateway.create_member("newbie").await;
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/Login?circuitId=BIJOU",
            json!({"username": email, "password": PASSWORD}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 26, "{body}");
}

/// A copy of the demo bundle whose loyalty settings `change` adjusts.
fn demo_site_with(change: impl FnOnce(&mut Value)) -> String {
    let dir = copy_site(DEMO_SITE);
    let path = dir.join("site.json");
    let mut site: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("site.json")).expect("JSON");
    change(&mut site["loyalty"]);
    std::fs::write(&path, site.to_string()).expect("write site.json");
    dir.display().to_string()
}

/// A member store of its own: a SQLite file in a fresh folder.
fn member_store_url() -> String {
    let dir = test_support::dirs::fresh_dir("gateway_member_store");
    format!("sqlite://{}?mode=rwc", dir.join("loyalty.db").display())
}

/// Logs `email` in, then moves their memberExpiry into the past.
async fn expire(gateway: &TestGateway, store_url: &str, email: &str) {
    let body = gateway.login(V3_LOGIN, email).await;
    let member_id = body["memberDetails"]["memberId"].as_str().expect("an id");
    let store = svc_loyalty::store::Store::connect(store_url, 1)
        .await
        .expect("the store opens");
    svc_loyalty::store::members::set_expiry(store.pool(), member_id, "2001-01-01T00:00:00Z")
        .await
        .expect("expire");
    store.close().await;
}

#[tokio::test]
async fn the_bundles_provider_settings_decide_whether_an_expired_member_logs_in() {
    let store_url = member_store_url();
    let site = demo_site_with(|loyalty| loyalty["allowExpiredAccountsLogin"] = json!(true));
    let gateway = spawn_gateway_for_site(&site, &[], &[("DATABASE_URL", &store_url)]).await;
    let (_, config) = gateway.get_json("/api/v1/site").await;
    assert_eq!(config["loyalty"]["allowExpiredAccountsLogin"], true);
    assert_eq!(config["loyalty"]["sessionTimeout"], 720);
    assert_eq!(config["loyalty"]["displayOriginalCypherMessages"], false);
    let email = gateway.create_member("late").await;
    expire(&gateway, &store_url, &email).await;
    let body = gateway.login(V3_LOGIN, &email).await;
    assert_eq!(
        body["memberDetails"]["memberExpiry"],
        "2001-01-01T00:00:00Z"
    );

    let store_url = member_store_url();
    let gateway = spawn_gateway_for_site(DEMO_SITE, &[], &[("DATABASE_URL", &store_url)]).await;
    let (_, config) = gateway.get_json("/api/v1/site").await;
    assert_eq!(config["loyalty"]["allowExpiredAccountsLogin"], false);
    let email = gateway.create_member("later").await;
    expire(&gateway, &store_url, &email).await;
    let (_, body) = gateway
        .cypher(
            "POST",
            V3_LOGIN,
            json!({"username": email, "password": PASSWORD}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 46, "{body}");
}
