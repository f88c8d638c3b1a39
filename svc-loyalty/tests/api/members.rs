//! A member's account: create, edit, delete, and finding a member (member search,
//! GetValidatedMember). Each test runs on SQLite and on PostgreSQL.

use serde_json::json;

use crate::helpers::{
    PASSWORD, TestDatabase, V3_LOGIN, create_member, cypher, demo_session, get, login,
    member_session, peach, session_token, spawn_loyalty,
};
use crate::on_both_databases;

async fn create_refuses_a_weak_password_with_the_boost_pos_message(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let (status, body) = cypher(
        &mut client,
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

async fn create_refuses_a_taken_email_with_60_on_version_3_and_34_on_version_1(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let payload = json!({"email": email.to_uppercase(), "password": PASSWORD});
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/Create",
        payload.clone(),
        None,
    )
    .await;
    assert_eq!(peach(&body), 60);
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/Create?circuitId=MQ",
        payload,
        None,
    )
    .await;
    assert_eq!(peach(&body), 34);
    let (status, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/Create",
        json!({"password": PASSWORD}),
        None,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["message"], "payload.email is required");
}

async fn edit_changes_only_the_named_fields(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    let profile = json!({
        "email": email, "username": email, "password": PASSWORD,
        "firstname": "Ann", "lastname": "Lee", "zipCode": "10001", "sendNewsletter": "False"
    });
    let (_, body) = cypher(&mut client, "POST", "/Member/v3/Create", profile, None).await;
    assert_eq!(peach(&body), 0, "{body}");
    let token = session_token(&login(&mut client, V3_LOGIN, email).await);
    let (status, body) = cypher(
        &mut client,
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
    let (status, _) = cypher(
        &mut client,
        "POST",
        "/Member/Edit?circuitId=MQ",
        json!({}),
        None,
    )
    .await;
    assert_eq!(status, 401);
}

async fn delete_removes_the_member_for_good(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let token = member_session(&mut client, "ann@example.com").await;
    let (status, body) = get(
        &mut client,
        "/Member/v3/Delete/?boxofficeCircuitId=MQ&memberId=someone-else",
        Some(&token),
    )
    .await;
    assert_eq!((status, peach(&body)), (200, 30));
    let (status, body) = get(
        &mut client,
        "/Member/v3/Delete/?boxofficeCircuitId=MQ&memberId=",
        Some(&token),
    )
    .await;
    assert_eq!((status, peach(&body)), (200, 0));
    let (_, body) = cypher(
        &mut client,
        "POST",
        V3_LOGIN,
        json!({"username": "ann@example.com", "password": PASSWORD}),
        None,
    )
    .await;
    assert_eq!(peach(&body), 29);
}

async fn member_search_finds_the_club_and_get_validated_member_answers_the_member(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let demo = svc_loyalty::seed::DEMO_EMAIL;
    let token = demo_session(&mut client).await;
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/MemberSearch/MQ",
        json!({"email": demo}),
        None,
    )
    .await;
    assert_eq!(
        (&body["hasUserName"], &body["clubId"]),
        (&json!(true), &json!("MQ-CLUB"))
    );
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/MemberSearch/MQ",
        json!({"email": "nobody@example.com"}),
        None,
    )
    .await;
    assert_eq!(peach(&body), 30);
    let (_, body) = get(
        &mut client,
        "/Member/GetValidatedMember/MQ?cinemaId=101",
        Some(&token),
    )
    .await;
    assert_eq!(body["memberDetails"]["email"], demo);
}

on_both_databases!(
    create_refuses_a_weak_password_with_the_boost_pos_message,
    create_refuses_a_taken_email_with_60_on_version_3_and_34_on_version_1,
    edit_changes_only_the_named_fields,
    delete_removes_the_member_for_good,
    member_search_finds_the_club_and_get_validated_member_answers_the_member,
);
