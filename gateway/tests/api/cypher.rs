//! `POST /api/cypher` through the gateway to svc-loyalty (SQLite store): the transport,
//! then each route with its success and its error codes.

use serde_json::{Value, json};

use crate::helpers::{
    PASSWORD, Service, TestGateway, error_of, spawn_gateway, spawn_gateway_with,
    spawn_gateway_without,
};

const V3_LOGIN: &str = "/Member/v3/Login?boxofficeCircuitId=MQ";
const V1_LOGIN: &str = "/Member/Login?circuitId=MQ";

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
    body["peachCode"].as_i64().expect("a peachCode")
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
async fn the_cypher_route_is_503_when_the_loyalty_service_is_down() {
    let gateway = spawn_gateway_without(&[Service::Loyalty]).await;
    let (status, body) = gateway.cypher("POST", V3_LOGIN, json!({}), None).await;
    assert_eq!(status, 503);
    assert_eq!(error_of(&body).0, "service_unavailable");
    let (status, _) = gateway.get_json("/api/v1/theaters").await;
    assert_eq!(status, 200, "other routes keep serving");
}

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

async fn a_version_3_login_answers_member_details_and_both_tokens() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let body = gateway.login(V3_LOGIN, &email).await;
    let details = &body["memberDetails"];
    for field in [
        "memberId",
        "username",
        "email",
        "firstName",
        "lastName",
        "mobileNumber",
        "zipCode",
        "birthDate",
        "cardNumber",
        "clubId",
        "memberLevelId",
        "memberLevelName",
        "memberExpiry",
        "isActivated",
        "balances",
        "sendNewsletter",
    ] {
        assert!(details.get(field).is_some(), "memberDetails.{field}");
    }
    assert_eq!(details["username"], email);
    assert_eq!(details["memberExpiry"], "0001-01-01T00:00:00Z");
    assert_eq!(details["balances"], json!([{"type": "POINTS", "value": 0}]));
    let tokens = &body["sessionManagementTokens"];
    assert!(
        tokens["boxofficeSessionToken"]
            .as_str()
            .is_some_and(|t| t.len() >= 32)
    );
    assert!(
        tokens["boxofficeRefreshSessionToken"]
            .as_str()
            .is_some_and(|t| t.len() >= 32)
    );
    assert_eq!(body["cypherVersion"], 3);
    assert!(body.get("statusCode").is_none());
}

async fn a_version_1_login_also_answers_status_code_and_user_session_id() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let body = gateway.login(V1_LOGIN, &email).await;
    assert_eq!(body["statusCode"], 200);
    assert_eq!(
        body["userSessionId"],
        body["sessionManagementTokens"]["boxofficeSessionToken"]
    );
    assert_eq!(body["cypherVersion"], 1);
}

async fn a_wrong_password_is_31_and_an_unknown_email_is_29() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let (status, body) = gateway
        .cypher(
            "POST",
            V3_LOGIN,
            json!({"username": email, "password": "Wrong#2024x"}),
            None,
        )
        .await;
    assert_eq!((status, peach(&body)), (200, 31));
    assert_eq!(body["clientErrorMessage"], "Incorrect password (Code: 31)");
    let (_, body) = gateway
        .cypher(
            "POST",
            V1_LOGIN,
            json!({"username": "nobody@example.com", "password": PASSWORD}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 29);
    assert_eq!(body["statusCode"], 400);
}

async fn repeated_failed_logins_lock_the_member_with_423() {
    let gateway = spawn_gateway_with(&[], &[("LOYALTY_LOCKOUT_ATTEMPTS", "3")]).await;
    let email = gateway.create_member("ann").await;
    let wrong = json!({"username": email, "password": "Wrong#2024x"});
    for _ in 0..2 {
        let (_, body) = gateway.cypher("POST", V3_LOGIN, wrong.clone(), None).await;
        assert_eq!(peach(&body), 31);
    }
    let (status, body) = gateway.cypher("POST", V3_LOGIN, wrong, None).await;
    assert_eq!((status, peach(&body)), (423, 423));
    let right = json!({"username": email, "password": PASSWORD});
    let (status, _) = gateway.cypher("POST", V3_LOGIN, right, None).await;
    assert_eq!(
        status, 423,
        "even the right password waits for the lock to end"
    );
}

async fn a_member_locked_out_once_too_often_is_blocked_with_1019() {
    let gateway = spawn_gateway_with(
        &[],
        &[
            ("LOYALTY_LOCKOUT_ATTEMPTS", "2"),
            ("LOYALTY_BLOCK_AFTER_LOCKOUTS", "1"),
        ],
    )
    .await;
    let email = gateway.create_member("ann").await;
    let wrong = json!({"username": email, "password": "Wrong#2024x"});
    let (_, body) = gateway.cypher("POST", V1_LOGIN, wrong.clone(), None).await;
    assert_eq!(peach(&body), 31);
    let (status, body) = gateway.cypher("POST", V1_LOGIN, wrong, None).await;
    assert_eq!((status, peach(&body)), (200, 1019), "{body}");
    assert_eq!(body["statusCode"], 400);
    assert_eq!(
        body["clientErrorMessage"],
        "Your account is blocked (Code: 1019)"
    );
    let right = json!({"username": email, "password": PASSWORD});
    let (_, body) = gateway.cypher("POST", V3_LOGIN, right, None).await;
    assert_eq!(
        peach(&body),
        1019,
        "the right password does not lift a block"
    );
}

async fn too_many_logins_from_one_address_are_429() {
    let gateway = spawn_gateway_with(&[], &[("LOYALTY_RATE_LIMIT_PER_MINUTE", "2")]).await;
    let payload = json!({"username": "nobody@example.com", "password": PASSWORD});
    for _ in 0..2 {
        let (status, _) = gateway
            .cypher("POST", V3_LOGIN, payload.clone(), None)
            .await;
        assert_eq!(status, 200);
    }
    let (status, body) = gateway.cypher("POST", V3_LOGIN, payload, None).await;
    assert_eq!((status, peach(&body)), (429, 429));
}

async fn a_version_3_refresh_reads_the_refresh_header_and_rotates_the_tokens() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let login = gateway.login(V3_LOGIN, &email).await;
    let refresh = login["sessionManagementTokens"]["boxofficeRefreshSessionToken"]
        .as_str()
        .expect("a refresh token");
    let refreshed = |token: &str| {
        gateway
            .client
            .post(gateway.url("/api/cypher"))
            .header("Boxoffice-Refresh-Session-Token", token)
            .json(&json!({"reqMetadata": {"method": "GET", "route": "/Member/v3/RefreshLogin"}}))
            .send()
    };
    let response = refreshed(refresh).await.expect("answers");
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(peach(&body), 0, "{body}");
    let new_session = body["sessionManagementTokens"]["boxofficeSessionToken"]
        .as_str()
        .expect("token");
    assert_ne!(
        Some(new_session),
        login["sessionManagementTokens"]["boxofficeSessionToken"].as_str()
    );
    let lost_refresh = body["sessionManagementTokens"]["boxofficeRefreshSessionToken"]
        .as_str()
        .expect("a new refresh token");
    // A page that missed that answer refreshes again with the old token: it still counts
    // for a minute, and the pair of the lost answer is replaced.
    let response = refreshed(refresh).await.expect("answers");
    assert_eq!(
        response.status(),
        200,
        "a repeated refresh within the minute"
    );
    let response = refreshed(lost_refresh).await.expect("answers");
    assert_eq!(
        response.status(),
        401,
        "the pair of the lost answer is gone"
    );
    let response = refreshed("not-a-token").await.expect("answers");
    assert_eq!(response.status(), 401);
}

async fn a_version_1_refresh_reads_the_refresh_token_from_the_payload() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let login = gateway.login(V1_LOGIN, &email).await;
    let refresh = login["sessionManagementTokens"]["boxofficeRefreshSessionToken"].clone();
    let (status, body) = gateway
        .cypher(
            "GET",
            "/Member/RefreshLogin?circuitId=MQ",
            json!({"refreshToken": refresh}),
            None,
        )
        .await;
    assert_eq!(
        (status, peach(&body), &body["statusCode"]),
        (200, 0, &json!(200))
    );
    assert!(body["memberDetails"]["memberId"].is_string());
    let (status, body) = gateway
        .cypher(
            "GET",
            "/Member/RefreshLogin?circuitId=MQ",
            json!({"refreshToken": "forged"}),
            None,
        )
        .await;
    assert_eq!((status, peach(&body)), (401, 401));
}

async fn get_member_needs_a_live_session() {
    let gateway = spawn_gateway().await;
    let token = gateway.member_session("ann").await;
    let (status, body) = gateway
        .cypher("GET", "/Member/v3/GetMember/", json!({}), Some(&token))
        .await;
    assert_eq!((status, peach(&body)), (200, 0));
    assert_eq!(body["memberDetails"]["email"], "ann@example.com");
    let (status, body) = gateway
        .cypher(
            "GET",
            &format!("/Member/GetMember/?circuitId=MQ&userSessionId={token}"),
            json!({}),
            None,
        )
        .await;
    assert_eq!((status, &body["statusCode"]), (200, &json!(200)));
    for session in [None, Some("forged")] {
        let (status, body) = gateway
            .cypher("GET", "/Member/v3/GetMember/", json!({}), session)
            .await;
        assert_eq!((status, peach(&body)), (401, 401));
    }
}

async fn a_version_3_logout_ends_the_session_named_by_the_refresh_token() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let login = gateway.login(V3_LOGIN, &email).await;
    let tokens = &login["sessionManagementTokens"];
    let session = tokens["boxofficeSessionToken"].as_str().expect("token");
    let (status, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/Logout?boxofficeCircuitId=MQ&boxofficeCinemaId=1",
            json!({"cancelAssociatedOrder": true, "userSessionId": tokens["boxofficeRefreshSessionToken"]}),
            None,
        )
        .await;
    assert_eq!((status, peach(&body)), (200, 0));
    let (status, _) = gateway
        .cypher("GET", "/Member/v3/GetMember/", json!({}), Some(session))
        .await;
    assert_eq!(status, 401);
}

async fn a_version_1_logout_ends_the_session_of_the_header() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let login = gateway.login(V1_LOGIN, &email).await;
    let session = login["userSessionId"].as_str().expect("token");
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/Logout?circuitId=MQ",
            json!({}),
            Some(session),
        )
        .await;
    assert_eq!(body["statusCode"], 200);
    let (status, _) = gateway
        .cypher(
            "GET",
            "/Member/ValidateToken?circuitId=MQ",
            json!({}),
            Some(session),
        )
        .await;
    assert_eq!(status, 401);
}

async fn validate_token_and_login_with_token_accept_a_live_version_1_session() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let session = gateway.login(V1_LOGIN, &email).await["userSessionId"].clone();
    let token = session.as_str().expect("token");
    let (status, body) = gateway
        .cypher(
            "GET",
            "/Member/ValidateToken?circuitId=MQ",
            json!({}),
            Some(token),
        )
        .await;
    assert_eq!((status, peach(&body)), (200, 0));
    let (status, body) = gateway
        .cypher(
            "POST",
            "/Member/LoginWithToken?circuitId=MQ",
            json!({"token": token, "flag": true}),
            None,
        )
        .await;
    assert_eq!((status, &body["statusCode"]), (200, &json!(200)));
    assert_eq!(
        body["sessionManagementTokens"]["boxofficeSessionToken"],
        session
    );
    let (status, body) = gateway
        .cypher(
            "POST",
            "/Member/LoginWithToken?circuitId=MQ",
            json!({"token": "forged"}),
            None,
        )
        .await;
    assert_eq!((status, peach(&body)), (401, 401));
}

async fn create_refuses_a_weak_password_with_the_boost_pos_message() {
    let gateway = spawn_gateway().await;
    let (status, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/Create",
            json!({"email": "ann@example.com", "password": "popcorn"}),
            None,
        )
        .await;
    assert_eq!((status, peach(&body)), (200, 84));
    let message = body["clientErrorMessage"].as_str().expect("a message");
    assert!(
        message.starts_with("Your password is not strong enough."),
        "{message}"
    );
    assert!(message.ends_with("(Code: 84)"), "{message}");
}

async fn create_refuses_a_taken_email_with_60_on_version_3_and_34_on_version_1() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let payload = json!({"email": email.to_uppercase(), "password": PASSWORD});
    let (_, body) = gateway
        .cypher("POST", "/Member/v3/Create", payload.clone(), None)
        .await;
    assert_eq!(peach(&body), 60);
    let (_, body) = gateway
        .cypher("POST", "/Member/Create?circuitId=MQ", payload, None)
        .await;
    assert_eq!(peach(&body), 34);
    let (status, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/Create",
            json!({"password": PASSWORD}),
            None,
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body).1, "payload.email is required");
}

async fn edit_changes_only_the_named_fields() {
    let gateway = spawn_gateway().await;
    let token = gateway.member_session("ann").await;
    let (status, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/Edit",
            json!({"zipCode": "94110", "sendNewsletter": true}),
            Some(&token),
        )
        .await;
    assert_eq!((status, peach(&body)), (200, 0));
    assert_eq!(body["memberDetails"]["zipCode"], "94110");
    assert_eq!(body["memberDetails"]["firstName"], "Ann");
    assert_eq!(body["memberDetails"]["sendNewsletter"], true);
    let (status, _) = gateway
        .cypher("POST", "/Member/Edit?circuitId=MQ", json!({}), None)
        .await;
    assert_eq!(status, 401);
}

async fn delete_removes_the_member_for_good() {
    let gateway = spawn_gateway().await;
    let token = gateway.member_session("ann").await;
    let (status, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/Delete/?boxofficeCircuitId=MQ&memberId=someone-else",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!((status, peach(&body)), (200, 30));
    let (status, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/Delete/?boxofficeCircuitId=MQ&memberId=",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!((status, peach(&body)), (200, 0));
    let (_, body) = gateway
        .cypher(
            "POST",
            V3_LOGIN,
            json!({"username": "ann@example.com", "password": PASSWORD}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 29);
}

async fn cards_are_added_upper_cased_deleted_and_reported_lost() {
    let gateway = spawn_gateway().await;
    let ann = gateway.member_session("ann").await;
    let bob = gateway.member_session("bob").await;
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/AddCard/",
            json!({"cardCode": "mq12ab34"}),
            Some(&ann),
        )
        .await;
    assert_eq!(
        body["cards"],
        json!([{"cardCode": "MQ12AB34", "status": "ACTIVE"}])
    );
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/AddCard/",
            json!({"cardCode": "MQ12AB34"}),
            Some(&bob),
        )
        .await;
    assert_eq!(peach(&body), 1020);
    assert_eq!(
        body["clientErrorMessage"],
        "This card is already active (Code: 1020)"
    );
    let (status, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/AddCard/",
            json!({"cardCode": "x-1"}),
            Some(&ann),
        )
        .await;
    assert_eq!(status, 400);
    assert!(error_of(&body).1.contains("cardCode"));
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/ReportLostCard?boxofficeCircuitId=MQ&boxofficeCinemaId=1",
            json!({}),
            Some(&ann),
        )
        .await;
    assert_eq!(body["cards"][0]["status"], "LOST");
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/AddCard/",
            json!({"cardCode": "MQ99ZZ00"}),
            Some(&ann),
        )
        .await;
    assert_eq!(body["cards"].as_array().map(Vec::len), Some(2));
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/DeleteCard",
            json!({"cardCode": "mq99zz00"}),
            Some(&ann),
        )
        .await;
    assert_eq!(body["cards"].as_array().map(Vec::len), Some(1));
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/DeleteCard?circuitId=MQ",
            json!({"cardCode": "MQ12AB34"}),
            Some(&ann),
        )
        .await;
    assert_eq!((peach(&body), &body["statusCode"]), (0, &json!(200)));
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/GetCards/?boxofficeCircuitId=MQ",
            json!({}),
            Some(&ann),
        )
        .await;
    assert_eq!(body["cards"], json!([]));
}

async fn a_favourite_film_must_be_in_the_catalogue() {
    let gateway = spawn_gateway().await;
    let token = gateway.member_session("ann").await;
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/AddFavoriteFilm",
            json!({"externalFilmId": "999999", "boxofficeId": 999999}),
            Some(&token),
        )
        .await;
    assert_eq!(peach(&body), 72);
    assert_eq!(
        body["clientErrorMessage"],
        "This movie can't be added to your watchlist yet (Code: 72)"
    );
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/AddFavoriteFilm",
            json!({"externalFilmId": "1001", "boxofficeId": 1001}),
            Some(&token),
        )
        .await;
    assert_eq!(peach(&body), 0, "{body}");
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/GetFavoriteFilms",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(
        (&body["externalFilmIds"], &body["boxofficeIds"]),
        (&json!(["1001"]), &json!([1001]))
    );
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/RemoveFavoriteFilm",
            json!({"externalFilmId": "1001", "boxofficeId": 1001}),
            Some(&token),
        )
        .await;
    assert_eq!(body["externalFilmIds"], json!([]));
}

async fn favourite_theaters_keep_a_newsletter_flag_and_need_a_version_3_session() {
    let gateway = spawn_gateway().await;
    let token = gateway.member_session("ann").await;
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/AddFavoriteCinema",
            json!({"favoriteCinemas": {"boxofficeCinemaId": "1", "subscribeToNewsletter": true}}),
            Some(&token),
        )
        .await;
    assert_eq!(
        body["favoriteCinemas"],
        json!([{"boxofficeCinemaId": "1", "subscribeToNewsletter": true}])
    );
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/UpdateFavoriteCinemas",
            json!({"favoriteCinemas": [{"boxofficeCinemaId": "1", "subscribeToNewsletter": false}]}),
            Some(&token),
        )
        .await;
    assert_eq!(body["favoriteCinemas"][0]["subscribeToNewsletter"], false);
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/RemoveFavoriteCinema",
            json!({"boxofficeCinemaId": "1"}),
            Some(&token),
        )
        .await;
    assert_eq!(body["favoriteCinemas"], json!([]));
    let email = gateway.create_member("old").await;
    let v1 = gateway.login(V1_LOGIN, &email).await["userSessionId"].clone();
    let (status, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/GetFavoriteCinemas",
            json!({}),
            v1.as_str(),
        )
        .await;
    assert_eq!((status, peach(&body)), (403, 403));
}

async fn history_answers_lists_and_accepts_max_results() {
    let gateway = spawn_gateway().await;
    let token = gateway.member_session("ann").await;
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/OrderHistory?boxofficeCircuitId=MQ&maxResults=5",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!((peach(&body), &body["orders"]), (0, &json!([])));
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v2/TransactionHistory?circuitId=MQ&maxResults=x",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(
        (&body["statusCode"], &body["transactions"]),
        (&json!(200), &json!([]))
    );
    let (status, _) = gateway
        .cypher(
            "GET",
            "/Member/v2/OrderHistory?circuitId=MQ",
            json!({}),
            None,
        )
        .await;
    assert_eq!(status, 401);
}

async fn an_unknown_reward_or_order_is_refused() {
    let gateway = spawn_gateway().await;
    let token = gateway.member_session("ann").await;
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/OrderLoyaltyItem?boxofficeCinemaId=1",
            json!({"rewardId": "caviar"}),
            Some(&token),
        )
        .await;
    assert_eq!(peach(&body), 409);
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/ConfirmItemRedemption?boxofficeCircuitId=MQ&boxofficeCinemaId=1",
            json!({"orderId": "forged"}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 409);
}

async fn an_unknown_gift_card_is_51() {
    let gateway = spawn_gateway().await;
    let (status, body) = gateway
        .cypher(
            "POST",
            "/GiftCard/CheckGiftCardBalance?cinemaId=1",
            json!({"cardNumber": "NOPE", "pin": "0000"}),
            None,
        )
        .await;
    assert_eq!((status, peach(&body)), (200, 51));
    assert_eq!(body["clientErrorMessage"], "Invalid gift card (Code: 51)");
}

async fn e_voucher_concessions_are_anonymous() {
    let gateway = spawn_gateway().await;
    let (status, body) = gateway
        .cypher(
            "GET",
            "/Concession/GetAllEVoucherConcessions/1",
            json!({}),
            None,
        )
        .await;
    assert_eq!((status, peach(&body)), (200, 0));
    assert!(body["concessions"].is_array());
}

const DEMO_EMAIL: &str = "demo@marqueecinemas.example";

async fn demo_session(gateway: &TestGateway) -> String {
    let body = gateway.login(V3_LOGIN, DEMO_EMAIL).await;
    body["sessionManagementTokens"]["boxofficeSessionToken"]
        .as_str()
        .expect("a session token")
        .to_owned()
}

async fn the_demo_member_has_a_card_points_history_and_favourites() {
    let gateway = spawn_gateway().await;
    let token = demo_session(&gateway).await;
    let (_, body) = gateway
        .cypher("GET", "/Member/v3/GetMember/", json!({}), Some(&token))
        .await;
    let details = &body["memberDetails"];
    assert_eq!(details["cardNumber"], "MQ00012345");
    assert_eq!(
        details["balances"],
        json!([{"type": "POINTS", "value": 1242}])
    );
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/OrderHistory?boxofficeCircuitId=MQ&maxResults=2",
            json!({}),
            Some(&token),
        )
        .await;
    let orders = body["orders"].as_array().expect("orders");
    assert_eq!(orders.len(), 2);
    assert_eq!(orders[0]["orderId"], "MQ-ORDER-1003", "newest first");
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/TransactionHistory",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(body["transactions"].as_array().map(Vec::len), Some(4));
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/GetFavoriteFilms",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(body["externalFilmIds"], json!(["1001", "1003"]));
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/GetFavoriteCinemas",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(
        body["favoriteCinemas"],
        json!([{"boxofficeCinemaId": "101", "subscribeToNewsletter": true}])
    );
}

async fn rewards_are_listed_in_order_and_a_confirmed_redemption_deducts_the_points() {
    let gateway = spawn_gateway().await;
    let token = demo_session(&gateway).await;
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/RewardsListing?boxofficeCinemaId=101",
            json!({}),
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
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/GetItemsAvailableToValidatedLoyaltyMember/MQ",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(body["statusCode"], 200);
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/OrderLoyaltyItem?boxofficeCinemaId=101",
            json!({"rewardId": "free-ticket"}),
            Some(&token),
        )
        .await;
    let order_id = body["orderId"].clone();
    let confirm = json!({"orderId": order_id});
    let route = "/Member/v3/ConfirmItemRedemption?boxofficeCircuitId=MQ&boxofficeCinemaId=101";
    let (_, body) = gateway.cypher("POST", route, confirm.clone(), None).await;
    assert_eq!(body["balances"], json!([{"type": "POINTS", "value": 242}]));
    let (_, body) = gateway.cypher("POST", route, confirm, None).await;
    assert_eq!(peach(&body), 409, "an order is confirmed once");
    let (_, body) = gateway
        .cypher("GET", "/Member/v3/GetMember/", json!({}), Some(&token))
        .await;
    assert_eq!(body["memberDetails"]["balances"][0]["value"], 242);
}

async fn the_demo_gift_card_has_a_balance_and_the_demo_theaters_have_e_vouchers() {
    let gateway = spawn_gateway().await;
    let (_, body) = gateway
        .cypher(
            "POST",
            "/GiftCard/CheckGiftCardBalance?cinemaId=101",
            json!({"cardNumber": "gc1000200030004000", "pin": "1234"}),
            None,
        )
        .await;
    assert_eq!((peach(&body), &body["balanceInCents"]), (0, &json!(2500)));
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Concession/GetAllEVoucherConcessions/101",
            json!({}),
            None,
        )
        .await;
    assert_eq!(body["concessions"].as_array().map(Vec::len), Some(2));
}

async fn too_many_gift_card_checks_from_one_address_are_429() {
    let gateway = spawn_gateway_with(&[], &[("LOYALTY_RATE_LIMIT_PER_MINUTE", "1")]).await;
    let payload = json!({"cardNumber": "NOPE", "pin": "0000"});
    let route = "/GiftCard/CheckGiftCardBalance?cinemaId=101";
    let (status, _) = gateway.cypher("POST", route, payload.clone(), None).await;
    assert_eq!(status, 200);
    let (status, body) = gateway.cypher("POST", route, payload, None).await;
    assert_eq!((status, peach(&body)), (429, 429));
}

/// The e-mails svc-loyalty wrote under `data_dir`, as text.
fn mails(data_dir: &std::path::Path) -> Vec<String> {
    let mut paths: Vec<_> = std::fs::read_dir(data_dir.join("mail"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .collect()
}

fn reset_code_in(mail: &str) -> String {
    let link = mail
        .lines()
        .find(|line| line.starts_with("http://127.0.0.1:8080/reset?"))
        .expect("a reset link");
    link.split("resetCode=")
        .nth(1)
        .and_then(|rest| rest.split('&').next())
        .expect("a reset code")
        .to_owned()
}

fn temp_data_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("cypher-mail-{name}-{}", std::process::id()))
}

async fn a_password_reset_goes_by_e_mail_and_its_code_works_once() {
    let data_dir = temp_data_dir("reset");
    let dir_text = data_dir.display().to_string();
    let gateway = spawn_gateway_with(&[], &[("DATA_DIR", &dir_text)]).await;
    let email = gateway.create_member("forgetful").await;
    let ask = format!(
        "/Member/v3/GetResetPasswordCode?boxofficeCircuitId=MQ&boxofficeCinemaId=101&emailAddress={email}&rootUrl=http://127.0.0.1:8080&resetPasswordLink=reset"
    );
    let (_, body) = gateway.cypher("GET", &ask, json!({}), None).await;
    assert_eq!(peach(&body), 0, "{body}");
    let sent = mails(&data_dir);
    assert_eq!(sent.len(), 1);
    assert!(sent[0].contains(&format!("To: {email}\r\n")), "{}", sent[0]);
    assert!(
        !sent[0].contains("email="),
        "BOOST_POS links carry no e-mail address"
    );
    let code = reset_code_in(&sent[0]);

    let validate = |code: &str| {
        format!(
            "/Member/ValidatePasswordResetCode?circuitId=MQ&cinemaId=101&emailAddress={email}&resetCode={code}"
        )
    };
    let (_, body) = gateway
        .cypher("GET", &validate(&code), json!({}), None)
        .await;
    assert_eq!(body["statusCode"], 200);
    let (_, body) = gateway
        .cypher("GET", &validate("forged"), json!({}), None)
        .await;
    assert_eq!(peach(&body), 57);
    assert_eq!(body["clientErrorMessage"], "Invalid reset code (Code: 57)");

    let reset =
        |password: &str| json!({"password": password, "resetCode": code, "membershipId": ""});
    let (_, body) = gateway
        .cypher("POST", "/Member/v3/ResetPassword", reset("weak"), None)
        .await;
    assert_eq!(peach(&body), 84);
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/ResetPassword",
            reset("Nachos#2025"),
            None,
        )
        .await;
    assert_eq!(peach(&body), 0);
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/ResetPassword?circuitId=MQ&cinemaId=101",
            reset("Nachos#2026"),
            None,
        )
        .await;
    assert_eq!(peach(&body), 57, "a reset code works once");
    let (_, body) = gateway
        .cypher(
            "POST",
            V3_LOGIN,
            json!({"username": email, "password": "Nachos#2025"}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 0);
    let _ = std::fs::remove_dir_all(&data_dir);
}

async fn a_reset_link_may_only_point_at_the_sites_origins_and_needs_a_member() {
    let gateway = spawn_gateway().await;
    let email = gateway.create_member("ann").await;
    let ask = |email: &str, root: &str| {
        format!(
            "/Member/GetResetPasswordCode?circuitId=MQ&cinemaId=101&emailAddress={email}&rootUrl={root}&resetPasswordLink="
        )
    };
    let (status, body) = gateway
        .cypher("GET", &ask(&email, "https://evil.test"), json!({}), None)
        .await;
    assert_eq!(status, 400);
    assert!(error_of(&body).1.contains("rootUrl"));
    let (_, body) = gateway
        .cypher(
            "GET",
            &ask("nobody@example.com", "http://127.0.0.1:8080"),
            json!({}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 29);
}

async fn the_username_reminder_is_e_mailed() {
    let data_dir = temp_data_dir("reminder");
    let dir_text = data_dir.display().to_string();
    let gateway = spawn_gateway_with(&[], &[("DATA_DIR", &dir_text)]).await;
    let email = gateway.create_member("reminded").await;
    let (_, body) = gateway
        .cypher(
            "GET",
            &format!("/Member/UsernameReminder/MQ/{email}"),
            json!({}),
            None,
        )
        .await;
    assert_eq!((peach(&body), &body["statusCode"]), (0, &json!(200)));
    let sent = mails(&data_dir);
    assert!(
        sent.iter()
            .any(|mail| mail.contains(&format!("Your username is {email}.")))
    );
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/UsernameReminder/MQ/nobody@example.com",
            json!({}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 29);
    let _ = std::fs::remove_dir_all(&data_dir);
}

async fn a_member_of_a_chain_that_needs_activation_logs_in_once_the_membership_is_activated() {
    let gateway =
        crate::helpers::spawn_gateway_for_site(crate::helpers::SINGLE_SITE, &[], &[]).await;
    let email = gateway.create_member("newbie").await;
    let credentials = json!({"username": email, "password": PASSWORD});
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/Login?circuitId=BIJOU",
            credentials.clone(),
            None,
        )
        .await;
    assert_eq!(peach(&body), 26);
    assert_eq!(
        body["clientErrorMessage"],
        "Your account is not activated (Code: 26)"
    );

    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/GetMembershipList/1/?circuitId=BIJOU",
            json!({}),
            None,
        )
        .await;
    let item = body["listConcessionGrouping"][0]["items"][0].clone();
    assert_eq!(item["memberLevelId"], 1);
    let activate = "/Member/SetMemberToActivateOnComplete?circuitId=BIJOU";
    let user = json!({"email": email, "password": PASSWORD, "memberLevelId": 1, "memberItemId": item["code"], "clubId": "BIJOU-MEMBERS"});
    let (_, body) = gateway
        .cypher(
            "POST",
            activate,
            json!({"email": email, "password": "Wrong#2024x"}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 85);
    let (_, body) = gateway.cypher("POST", activate, user.clone(), None).await;
    let user_session_id = body["userSessionId"].clone();
    assert!(user_session_id.is_string(), "{body}");
    let mut concession = item;
    concession["cost"] = json!(0);
    concession["quantity"] = json!(1);
    concession["isLoyaltyMembershipActivation"] = json!(true);
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/AddMembership/1",
            json!({"userSessionId": user_session_id, "cinemaId": "1", "emailAddress": email, "mobile": "", "concessions": [concession]}),
            None,
        )
        .await;
    let order_id = body["orderId"].clone();
    assert!(order_id.is_string(), "{body}");
    let payment = json!({
        "QueryString": "", "PostValues": "", "PostValuesModel": null, "IsNewMember": true,
        "AmountPaidPaymentProvider": 0, "OtherPayments": null, "OrderId": order_id,
        "Customer": {"FirstName": "Ann", "LastName": "Lee", "Email": email}
    });
    let route = "/Member/CompletePayment/?circuitId=BIJOU&cinemaId=1";
    let (_, body) = gateway.cypher("POST", route, payment.clone(), None).await;
    assert_eq!(
        (peach(&body), &body["memberDetails"]["isActivated"]),
        (0, &json!(true))
    );
    let (_, body) = gateway.cypher("POST", route, payment, None).await;
    assert_eq!(peach(&body), 85, "an order completes once");
    let (_, body) = gateway.cypher("POST", activate, user, None).await;
    assert_eq!(peach(&body), 76);
    let (_, body) = gateway
        .cypher("POST", "/Member/Login?circuitId=BIJOU", credentials, None)
        .await;
    assert_eq!(peach(&body), 0);
}

async fn member_search_finds_the_club_and_get_validated_member_answers_the_member() {
    let gateway = spawn_gateway().await;
    let token = demo_session(&gateway).await;
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/MemberSearch/MQ",
            json!({"email": DEMO_EMAIL}),
            None,
        )
        .await;
    assert_eq!(
        (&body["hasUserName"], &body["clubId"]),
        (&json!(true), &json!("MQ-CLUB"))
    );
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/MemberSearch/MQ",
            json!({"email": "nobody@example.com"}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 30);
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/GetValidatedMember/MQ?cinemaId=101",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!(body["memberDetails"]["email"], DEMO_EMAIL);
}

async fn an_e_mailed_activation_code_activates_once() {
    let data_dir = temp_data_dir("activation");
    let dir_text = data_dir.display().to_string();
    let gateway = crate::helpers::spawn_gateway_for_site(
        crate::helpers::SINGLE_SITE,
        &[],
        &[("DATA_DIR", &dir_text)],
    )
    .await;
    let email = gateway.create_member("coded").await;
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/StartRegistration?circuitId=BIJOU&cinemaId=1",
            json!({"email": email}),
            None,
        )
        .await;
    assert_eq!(
        (peach(&body), &body["statusCode"]),
        (0, &json!(200)),
        "{body}"
    );
    let mail = mails(&data_dir).pop().expect("an activation e-mail");
    let code = mail
        .split("Your activation code is ")
        .nth(1)
        .and_then(|rest| rest.split('.').next())
        .expect("a code")
        .to_owned();
    let activate = "/Member/SetMemberToActivateOnComplete?circuitId=BIJOU";
    let (_, body) = gateway
        .cypher(
            "POST",
            activate,
            json!({"email": email, "activationCode": "WRONG"}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 85);
    let (_, body) = gateway
        .cypher(
            "POST",
            activate,
            json!({"email": email, "activationCode": code.to_lowercase()}),
            None,
        )
        .await;
    assert!(body["userSessionId"].is_string(), "{body}");
    let (_, body) = gateway
        .cypher(
            "POST",
            activate,
            json!({"email": email, "activationCode": code}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 85, "a code works once");
    let _ = std::fs::remove_dir_all(&data_dir);
}

async fn an_activation_code_needs_a_member_who_is_not_active_yet() {
    let gateway = spawn_gateway().await;
    let route = "/Member/v3/SendMemberActivationCode";
    let (_, body) = gateway
        .cypher("POST", route, json!({"email": DEMO_EMAIL}), None)
        .await;
    assert_eq!(peach(&body), 76);
    assert_eq!(
        body["clientErrorMessage"],
        "Your account is already active (Code: 76)"
    );
    let (_, body) = gateway
        .cypher("POST", route, json!({"email": "nobody@example.com"}), None)
        .await;
    assert_eq!(peach(&body), 29);
}

/// A raw-text cypher call: status, content type and body.
async fn cypher_text(gateway: &TestGateway, route: &str, session: &str) -> (u16, String, String) {
    let response = gateway
        .client
        .post(gateway.url("/api/cypher"))
        .header("Boxoffice-Session-Token", session)
        .json(&json!({"reqMetadata": {"method": "GET", "route": route, "responseFormat": "raw"}}))
        .send()
        .await
        .expect("the gateway answers");
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (status, content_type, response.text().await.expect("a body"))
}

fn is_jwt(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|part| !part.is_empty() && !part.contains(' '))
}

/// A Google Cloud service account's JSON key file with a fresh RSA key, and the key's
/// public half to check signatures with.
fn service_account_key_file() -> (String, jsonwebtoken::DecodingKey) {
    use rsa::pkcs8::{EncodePrivateKey, EncodePublicKey, LineEnding};
    let private = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).expect("an RSA key");
    let pem = private.to_pkcs8_pem(LineEnding::LF).expect("PEM");
    let public = private
        .to_public_key()
        .to_public_key_pem(LineEnding::LF)
        .expect("PEM");
    let dir = temp_data_dir(&format!("wallet-{}", rand_suffix()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("service-account.json");
    let key = json!({
        "type": "service_account",
        "project_id": "marquee-wallet",
        "private_key_id": "key-1",
        "private_key": pem.as_str(),
        "client_email": "wallet@marquee-wallet.iam.gserviceaccount.com",
        "client_id": "1",
    });
    std::fs::write(&file, key.to_string()).expect("write the key file");
    let decoding =
        jsonwebtoken::DecodingKey::from_rsa_pem(public.as_bytes()).expect("a public key");
    (file.display().to_string(), decoding)
}

async fn wallet_passes_are_save_to_google_wallet_jwts_signed_rs256_by_the_service_account() {
    let (key_file, public_key) = service_account_key_file();
    let gateway = spawn_gateway_with(
        &[],
        &[
            ("WALLET_SERVICE_ACCOUNT_FILE", &key_file),
            ("WALLET_ISSUER_ID", "3388000000022100000"),
        ],
    )
    .await;
    let token = demo_session(&gateway).await;
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::RS256);
    validation.set_audience(&["google"]);
    validation.set_issuer(&["wallet@marquee-wallet.iam.gserviceaccount.com"]);
    validation.set_required_spec_claims(&["iss", "aud"]);
    for (route, objects) in [
        (
            "/WalletPasses/CreateLoyaltyCard/MQ?cardNumber=mq00012345&fullJwt=true",
            "loyaltyObjects",
        ),
        (
            "/WalletPasses/GetETicket/MQ/MQ-ORDER-1001?fullJwt=true",
            "eventTicketObjects",
        ),
    ] {
        let (status, content_type, body) = cypher_text(&gateway, route, &token).await;
        assert_eq!(status, 200, "{route}: {body}");
        assert!(content_type.starts_with("text/plain"), "{content_type}");
        assert!(is_jwt(&body), "{body}");
        let header = jsonwebtoken::decode_header(&body).expect("a JWT header");
        assert_eq!(header.alg, jsonwebtoken::Algorithm::RS256);
        assert_eq!(header.kid.as_deref(), Some("key-1"));
        let claims = jsonwebtoken::decode::<Value>(&body, &public_key, &validation)
            .expect("signed by the service account's key")
            .claims;
        assert_eq!(claims["typ"], "savetowallet");
        let object = &claims["payload"][objects][0];
        assert!(
            object["id"]
                .as_str()
                .is_some_and(|id| id.starts_with("3388000000022100000.")),
            "{claims}"
        );
    }
}

async fn without_a_wallet_service_account_passes_are_not_available() {
    let gateway = spawn_gateway().await;
    let token = demo_session(&gateway).await;
    let (status, body) = gateway
        .cypher(
            "GET",
            "/WalletPasses/CreateLoyaltyCard/MQ?cardNumber=MQ00012345&fullJwt=true",
            json!({}),
            Some(&token),
        )
        .await;
    assert_eq!((status, peach(&body)), (501, 503), "{body}");
    assert_eq!(
        body["clientErrorMessage"], "Wallet passes are not available on this site (Code: 503)",
        "{body}"
    );
}

async fn a_wallet_pass_is_only_for_the_members_own_card_or_booking() {
    let gateway = spawn_gateway().await;
    let token = gateway.member_session("stranger").await;
    for route in [
        "/WalletPasses/CreateLoyaltyCard/MQ?cardNumber=MQ00012345&fullJwt=true",
        "/WalletPasses/GetETicket/MQ/MQ-ORDER-1001?fullJwt=true",
    ] {
        let (_, body) = gateway.cypher("GET", route, json!({}), Some(&token)).await;
        assert_eq!(peach(&body), 30, "{route}");
        let (status, _) = gateway.cypher("GET", route, json!({}), None).await;
        assert_eq!(status, 401, "{route}");
    }
}

async fn a_taken_card_a_costly_reward_and_a_deleted_member_are_refused() {
    let gateway = spawn_gateway().await;
    let token = demo_session(&gateway).await;
    let (_, body) = gateway
        .cypher("GET", "/Member/v3/GetMember/", json!({}), Some(&token))
        .await;
    assert_eq!(body["memberDetails"]["balances"][0]["value"], 1242);
    let ann = gateway.member_session("ann").await;
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/AddCard/",
            json!({"cardCode": "MQ00012345"}),
            Some(&ann),
        )
        .await;
    assert_eq!(peach(&body), 1020);
    let (_, body) = gateway
        .cypher(
            "POST",
            "/Member/v3/OrderLoyaltyItem?boxofficeCinemaId=101",
            json!({"rewardId": "combo"}),
            Some(&token),
        )
        .await;
    let route = "/Member/v3/ConfirmItemRedemption?boxofficeCircuitId=MQ&boxofficeCinemaId=101";
    let (_, body) = gateway
        .cypher("POST", route, json!({"orderId": body["orderId"]}), None)
        .await;
    assert_eq!(peach(&body), 409, "1,500 points are more than the balance");
    let (_, body) = gateway
        .cypher(
            "GET",
            "/Member/v3/Delete/?boxofficeCircuitId=MQ&memberId=",
            json!({}),
            Some(&ann),
        )
        .await;
    assert_eq!(peach(&body), 0);
    let (_, body) = gateway
        .cypher(
            "POST",
            V3_LOGIN,
            json!({"username": "ann@example.com", "password": PASSWORD}),
            None,
        )
        .await;
    assert_eq!(peach(&body), 29);
}

const PORTAL_SESSION: &str = "/Member/GetPaymentProviderPortalSession?circuitId=MQ&cinemaId=101";

/// A payment portal on a random loopback port that knows the key "portal-key": its
/// sessions URL. A session's URL names the member's e-mail address.
async fn spawn_payment_portal() -> String {
    use axum::http::{HeaderMap, StatusCode};
    use axum::routing::post;
    use axum::{Json, Router};
    let app = Router::new().route(
        "/sessions",
        post(|headers: HeaderMap, Json(asked): Json<Value>| async move {
            let key = headers
                .get("authorization")
                .and_then(|value| value.to_str().ok());
            if key != Some("Bearer portal-key") {
                return (StatusCode::UNAUTHORIZED, Json(json!({"error": "who?"})));
            }
            let email = asked["email"].as_str().unwrap_or_default();
            let url = format!("https://pay.example/portal/{email}");
            (StatusCode::OK, Json(json!({ "url": url })))
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}/sessions")
}

/// The gateway with svc-loyalty using the portal at `url` with `key`.
async fn spawn_gateway_with_portal(url: &str, key: &str) -> TestGateway {
    let key_file = temp_data_dir(&format!("portal-{}", rand_suffix()));
    std::fs::create_dir_all(&key_file).expect("a directory");
    let key_file = key_file.join("key");
    std::fs::write(&key_file, format!("{key}\n")).expect("write the key");
    let key_file = key_file.display().to_string();
    spawn_gateway_with(
        &[],
        &[
            ("PAYMENT_PORTAL_URL", url),
            ("PAYMENT_PORTAL_SECRET_FILE", &key_file),
        ],
    )
    .await
}

fn rand_suffix() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos())
}

async fn the_payment_portal_session_gives_a_member_the_portal_url() {
    let portal = spawn_payment_portal().await;
    let gateway = spawn_gateway_with_portal(&portal, "portal-key").await;
    let token = gateway.member_session("payer").await;

    let (status, body) = gateway
        .cypher("POST", PORTAL_SESSION, json!({}), Some(&token))
        .await;

    assert_eq!((status, peach(&body)), (200, 0), "{body}");
    assert_eq!(body["statusCode"], 200);
    assert_eq!(
        body["portalUrl"],
        "https://pay.example/portal/payer@example.com"
    );
    let (status, body) = gateway
        .cypher("POST", PORTAL_SESSION, json!({}), None)
        .await;
    assert_eq!((status, peach(&body)), (401, 401));
    let (status, body) = gateway
        .cypher(
            "POST",
            PORTAL_SESSION,
            json!({"returnUrl": "https://elsewhere.example/"}),
            Some(&token),
        )
        .await;
    assert_eq!(status, 400);
    assert!(error_of(&body).1.contains("returnUrl"), "{body}");
}

async fn a_portal_that_refuses_the_key_is_502_and_no_portal_is_501() {
    let portal = spawn_payment_portal().await;
    let gateway = spawn_gateway_with_portal(&portal, "stale-key").await;
    let token = gateway.member_session("payer").await;
    let (status, body) = gateway
        .cypher("POST", PORTAL_SESSION, json!({}), Some(&token))
        .await;
    assert_eq!((status, peach(&body)), (502, 502), "{body}");

    let gateway = spawn_gateway().await;
    let token = gateway.member_session("cash-only").await;
    let (status, body) = gateway
        .cypher("POST", PORTAL_SESSION, json!({}), Some(&token))
        .await;
    assert_eq!((status, peach(&body)), (501, 501), "{body}");
    assert_eq!(
        body["clientErrorMessage"],
        "Payment methods cannot be managed on this site (Code: 501)"
    );
}

/// A copy of the demo bundle whose loyalty settings `change` adjusts.
fn demo_site_with(change: impl FnOnce(&mut Value)) -> String {
    fn copy(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).expect("a directory");
        for entry in std::fs::read_dir(from).expect("the demo bundle").flatten() {
            let target = to.join(entry.file_name());
            if entry.path().is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).expect("copy a file");
            }
        }
    }
    let dir = temp_data_dir(&format!("site-{}", rand_suffix()));
    copy(std::path::Path::new(crate::helpers::DEMO_SITE), &dir);
    let path = dir.join("site.json");
    let mut site: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("site.json")).expect("JSON");
    change(&mut site["loyalty"]);
    std::fs::write(&path, site.to_string()).expect("write site.json");
    dir.display().to_string()
}

/// The member store of this test's gateways: the PostgreSQL database of the postgres
/// run, else a SQLite file of its own.
fn member_store_url() -> String {
    crate::helpers::LOYALTY_DATABASE
        .try_with(Clone::clone)
        .ok()
        .flatten()
        .unwrap_or_else(|| {
            let dir = temp_data_dir(&format!("store-{}", rand_suffix()));
            std::fs::create_dir_all(&dir).expect("a directory");
            format!("sqlite://{}?mode=rwc", dir.join("loyalty.db").display())
        })
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

async fn the_bundles_provider_settings_decide_whether_an_expired_member_logs_in() {
    let store_url = member_store_url();
    let site = demo_site_with(|loyalty| loyalty["allowExpiredAccountsLogin"] = json!(true));
    let gateway =
        crate::helpers::spawn_gateway_for_site(&site, &[], &[("DATABASE_URL", &store_url)]).await;
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
    let gateway = crate::helpers::spawn_gateway_for_site(
        crate::helpers::DEMO_SITE,
        &[],
        &[("DATABASE_URL", &store_url)],
    )
    .await;
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

/// A reCAPTCHA-compatible siteverify endpoint on a random loopback port that accepts
/// the token "human" only: its URL.
async fn spawn_captcha_verifier() -> String {
    use axum::Router;
    use axum::routing::post;
    let app = Router::new().route(
        "/siteverify",
        post(|form: String| async move {
            let human = form.split('&').any(|pair| pair == "response=human");
            axum::Json(json!({ "success": human }))
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}/siteverify")
}

async fn login_and_gift_card_checks_need_an_accepted_captcha_with_code_7() {
    let verifier = spawn_captcha_verifier().await;
    let gateway = spawn_gateway_with(
        &[],
        &[
            ("CAPTCHA_SECRET", "captcha-secret"),
            ("CAPTCHA_VERIFY_URL", &verifier),
        ],
    )
    .await;
    let email = gateway.create_member("robot").await;
    let calls = [
        (V3_LOGIN, json!({"username": email, "password": PASSWORD})),
        (V1_LOGIN, json!({"username": email, "password": PASSWORD})),
        (
            "/GiftCard/CheckGiftCardBalance?cinemaId=101",
            json!({"cardNumber": "GC1000200030004000", "pin": "1234"}),
        ),
    ];
    for (route, payload) in calls {
        for (token, expected) in [("", 7), ("bot", 7), ("human", 0)] {
            let mut body = payload.clone();
            body["reqMetadata"] =
                json!({"method": "POST", "route": route, "g-recaptcha-response": token});
            let response = gateway
                .client
                .post(gateway.url("/api/cypher"))
                .json(&body)
                .send()
                .await
                .expect("the gateway answers");
            let body: Value = response.json().await.expect("JSON");
            assert_eq!(peach(&body), expected, "{route} with '{token}': {body}");
        }
    }
}

crate::on_both_stores!(
    login_and_gift_card_checks_need_an_accepted_captcha_with_code_7,
    the_payment_portal_session_gives_a_member_the_portal_url,
    a_portal_that_refuses_the_key_is_502_and_no_portal_is_501,
    the_bundles_provider_settings_decide_whether_an_expired_member_logs_in,
    form_data_carries_req_metadata_as_a_json_string,
    a_payload_field_of_the_wrong_type_is_a_400_not_a_500,
    a_version_3_login_answers_member_details_and_both_tokens,
    a_version_1_login_also_answers_status_code_and_user_session_id,
    a_wrong_password_is_31_and_an_unknown_email_is_29,
    repeated_failed_logins_lock_the_member_with_423,
    a_member_locked_out_once_too_often_is_blocked_with_1019,
    too_many_logins_from_one_address_are_429,
    a_version_3_refresh_reads_the_refresh_header_and_rotates_the_tokens,
    a_version_1_refresh_reads_the_refresh_token_from_the_payload,
    get_member_needs_a_live_session,
    a_version_3_logout_ends_the_session_named_by_the_refresh_token,
    a_version_1_logout_ends_the_session_of_the_header,
    validate_token_and_login_with_token_accept_a_live_version_1_session,
    create_refuses_a_weak_password_with_the_boost_pos_message,
    create_refuses_a_taken_email_with_60_on_version_3_and_34_on_version_1,
    edit_changes_only_the_named_fields,
    delete_removes_the_member_for_good,
    cards_are_added_upper_cased_deleted_and_reported_lost,
    a_favourite_film_must_be_in_the_catalogue,
    favourite_theaters_keep_a_newsletter_flag_and_need_a_version_3_session,
    history_answers_lists_and_accepts_max_results,
    an_unknown_reward_or_order_is_refused,
    an_unknown_gift_card_is_51,
    e_voucher_concessions_are_anonymous,
    the_demo_member_has_a_card_points_history_and_favourites,
    rewards_are_listed_in_order_and_a_confirmed_redemption_deducts_the_points,
    the_demo_gift_card_has_a_balance_and_the_demo_theaters_have_e_vouchers,
    too_many_gift_card_checks_from_one_address_are_429,
    a_password_reset_goes_by_e_mail_and_its_code_works_once,
    a_reset_link_may_only_point_at_the_sites_origins_and_needs_a_member,
    the_username_reminder_is_e_mailed,
    a_member_of_a_chain_that_needs_activation_logs_in_once_the_membership_is_activated,
    member_search_finds_the_club_and_get_validated_member_answers_the_member,
    an_e_mailed_activation_code_activates_once,
    an_activation_code_needs_a_member_who_is_not_active_yet,
    wallet_passes_are_save_to_google_wallet_jwts_signed_rs256_by_the_service_account,
    without_a_wallet_service_account_passes_are_not_available,
    a_wallet_pass_is_only_for_the_members_own_card_or_booking,
    a_taken_card_a_costly_reward_and_a_deleted_member_are_refused,
);
