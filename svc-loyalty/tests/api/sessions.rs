//! Logins of both API generations, the session they open and what ends it: refresh,
//! logout, token checks (docs/loyalty.md#sessions). Each test runs on SQLite and on
//! PostgreSQL.

use proto::loyalty::v1::CypherRequest;
use serde_json::json;

use crate::helpers::{
    PASSWORD, TestDatabase, V1_LOGIN, V3_LOGIN, create_member, cypher, get, login, member_session,
    peach, request, send, session_token, spawn_loyalty,
};
use crate::on_both_databases;

async fn a_version_3_login_answers_member_details_and_both_tokens(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let body = login(&mut client, V3_LOGIN, email).await;
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

async fn a_version_1_login_also_answers_status_code_and_user_session_id(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let body = login(&mut client, V1_LOGIN, email).await;
    assert_eq!(body["statusCode"], 200);
    assert_eq!(
        body["userSessionId"],
        body["sessionManagementTokens"]["boxofficeSessionToken"]
    );
    assert_eq!(body["cypherVersion"], 1);
}

async fn a_wrong_password_is_31_and_an_unknown_email_is_29(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let wrong = json!({"username": email, "password": "Wrong#2024x"});
    let (status, body) = cypher(&mut client, "POST", V3_LOGIN, wrong, None).await;
    assert_eq!((status, peach(&body)), (200, 31));
    assert_eq!(body["clientErrorMessage"], "Incorrect password (Code: 31)");
    let unknown = json!({"username": "nobody@example.com", "password": PASSWORD});
    let (_, body) = cypher(&mut client, "POST", V1_LOGIN, unknown, None).await;
    assert_eq!(peach(&body), 29);
    assert_eq!(body["statusCode"], 400);
}

async fn a_version_3_refresh_takes_the_refresh_header_and_rotates_the_tokens(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let login = login(&mut client, V3_LOGIN, email).await;
    let refresh = login["sessionManagementTokens"]["boxofficeRefreshSessionToken"]
        .as_str()
        .expect("a refresh token");
    let refreshed = |token: &str| CypherRequest {
        refresh_token: token.to_owned(),
        ..request("GET", "/Member/v3/RefreshLogin", json!({}))
    };
    let (_, body) = send(&mut client, refreshed(refresh)).await;
    assert_eq!(peach(&body), 0, "{body}");
    assert_ne!(session_token(&body), session_token(&login));
    let lost_refresh = body["sessionManagementTokens"]["boxofficeRefreshSessionToken"]
        .as_str()
        .expect("a new refresh token");
    // A page that missed that answer refreshes again with the old token: it still counts
    // for a minute, and the pair of the lost answer is replaced.
    let (status, _) = send(&mut client, refreshed(refresh)).await;
    assert_eq!(status, 200, "a repeated refresh within the minute");
    let (status, _) = send(&mut client, refreshed(lost_refresh)).await;
    assert_eq!(status, 401, "the pair of the lost answer is gone");
    let (status, _) = send(&mut client, refreshed("not-a-token")).await;
    assert_eq!(status, 401);
}

async fn a_version_1_refresh_reads_the_refresh_token_from_the_payload(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let login = login(&mut client, V1_LOGIN, email).await;
    let refresh = login["sessionManagementTokens"]["boxofficeRefreshSessionToken"].clone();
    let route = "/Member/RefreshLogin?circuitId=MQ";
    let payload = json!({"refreshToken": refresh});
    let (status, body) = cypher(&mut client, "GET", route, payload, None).await;
    assert_eq!(
        (status, peach(&body), &body["statusCode"]),
        (200, 0, &json!(200))
    );
    assert!(body["memberDetails"]["memberId"].is_string());
    let forged = json!({"refreshToken": "forged"});
    let (status, body) = cypher(&mut client, "GET", route, forged, None).await;
    assert_eq!((status, peach(&body)), (401, 401));
}

async fn get_member_needs_a_live_session(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let token = member_session(&mut client, "ann@example.com").await;
    let (status, body) = get(&mut client, "/Member/v3/GetMember/", Some(&token)).await;
    assert_eq!((status, peach(&body)), (200, 0));
    assert_eq!(body["memberDetails"]["email"], "ann@example.com");
    let (status, body) = get(
        &mut client,
        &format!("/Member/GetMember/?circuitId=MQ&userSessionId={token}"),
        None,
    )
    .await;
    assert_eq!((status, &body["statusCode"]), (200, &json!(200)));
    for session in [None, Some("forged")] {
        let (status, body) = get(&mut client, "/Member/v3/GetMember/", session).await;
        assert_eq!((status, peach(&body)), (401, 401));
    }
}

async fn a_version_3_logout_ends_the_session_named_by_the_refresh_token(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let login = login(&mut client, V3_LOGIN, email).await;
    let tokens = &login["sessionManagementTokens"];
    let (status, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/Logout?boxofficeCircuitId=MQ&boxofficeCinemaId=1",
        json!({"cancelAssociatedOrder": true, "userSessionId": tokens["boxofficeRefreshSessionToken"]}),
        None,
    )
    .await;
    assert_eq!((status, peach(&body)), (200, 0));
    let session = session_token(&login);
    let (status, _) = get(&mut client, "/Member/v3/GetMember/", Some(&session)).await;
    assert_eq!(status, 401);
}

async fn a_version_1_logout_ends_the_session_of_the_header(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let login = login(&mut client, V1_LOGIN, email).await;
    let session = login["userSessionId"].as_str().expect("token");
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/Logout?circuitId=MQ",
        json!({}),
        Some(session),
    )
    .await;
    assert_eq!(body["statusCode"], 200);
    let (status, _) = get(
        &mut client,
        "/Member/ValidateToken?circuitId=MQ",
        Some(session),
    )
    .await;
    assert_eq!(status, 401);
}

async fn validate_token_and_login_with_token_accept_a_live_version_1_session(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let session = login(&mut client, V1_LOGIN, email).await["userSessionId"].clone();
    let token = session.as_str().expect("token");
    let (status, body) = get(
        &mut client,
        "/Member/ValidateToken?circuitId=MQ",
        Some(token),
    )
    .await;
    assert_eq!((status, peach(&body)), (200, 0));
    let (status, body) = cypher(
        &mut client,
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
    let (status, body) = cypher(
        &mut client,
        "POST",
        "/Member/LoginWithToken?circuitId=MQ",
        json!({"token": "forged"}),
        None,
    )
    .await;
    assert_eq!((status, peach(&body)), (401, 401));
}

on_both_databases!(
    a_version_3_login_answers_member_details_and_both_tokens,
    a_version_1_login_also_answers_status_code_and_user_session_id,
    a_wrong_password_is_31_and_an_unknown_email_is_29,
    a_version_3_refresh_takes_the_refresh_header_and_rotates_the_tokens,
    a_version_1_refresh_reads_the_refresh_token_from_the_payload,
    get_member_needs_a_live_session,
    a_version_3_logout_ends_the_session_named_by_the_refresh_token,
    a_version_1_logout_ends_the_session_of_the_header,
    validate_token_and_login_with_token_accept_a_live_version_1_session,
);
