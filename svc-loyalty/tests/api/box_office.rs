//! A member enrolled at a box office claims a web account (docs/loyalty.md#registration):
//! the search finds them without a username, the edit made without a
//! session gives them their e-mail address as one, and the e-mailed reset sets their
//! password. Runs on SQLite and on PostgreSQL, with the demo seed.

use serde_json::json;

use crate::helpers::{TestDatabase, call, reset_by_e_mail, spawn_loyalty_with};

const EMAIL: &str = "boxoffice@marqueecinemas.example";
const SEARCH: &str = "/Member/MemberSearch/MQ";
const EDIT: &str = "/Member/Edit?circuitId=MQ";
const LOGIN: &str = "/Member/v3/Login?boxofficeCircuitId=MQ";

#[tokio::test]
async fn a_box_office_member_is_found_given_a_username_and_then_sets_a_password() {
    for database in [TestDatabase::sqlite(), TestDatabase::postgres().await] {
        let mut client = spawn_loyalty_with(&database, &[("LOYALTY_DEMO_SEED", "true")]).await;
        let login = json!({"username": EMAIL, "password": "Popcorn#2024"});

        let body = call(&mut client, "POST", LOGIN, login.clone()).await;
        assert_eq!(body["peachCode"], 29, "no web account yet: {body}");
        let body = call(&mut client, "POST", SEARCH, json!({"email": EMAIL})).await;
        assert_eq!(
            (&body["peachCode"], &body["hasUserName"], &body["clubId"]),
            (&json!(0), &json!(false), &json!("MQ-CLUB")),
            "{body}"
        );

        let other_club = json!({"username": EMAIL, "email": EMAIL, "clubId": "ELSEWHERE"});
        let body = call(&mut client, "POST", EDIT, other_club).await;
        assert_eq!(body["peachCode"], 30, "another club's member: {body}");
        let edit = json!({"username": EMAIL, "email": EMAIL, "clubId": "MQ-CLUB"});
        let body = call(&mut client, "POST", EDIT, edit.clone()).await;
        assert_eq!(body["peachCode"], 0, "{body}");
        let body = call(&mut client, "POST", EDIT, edit).await;
        assert_eq!(body["peachCode"], 30, "a username is given once: {body}");
        let body = call(&mut client, "POST", SEARCH, json!({"email": EMAIL})).await;
        assert_eq!(body["hasUserName"], true, "{body}");

        // The edit set no password: signing in needs the e-mailed reset.
        let body = call(&mut client, "POST", LOGIN, login).await;
        assert_eq!(body["peachCode"], 1015, "{body}");
        reset_by_e_mail(&mut client, &database, EMAIL, "Nachos#2025").await;
        let body = call(
            &mut client,
            "POST",
            LOGIN,
            json!({"username": EMAIL, "password": "Nachos#2025"}),
        )
        .await;
        assert_eq!(body["peachCode"], 0, "{body}");
        assert_eq!(body["memberDetails"]["balances"][0]["value"], 120, "{body}");
        database.drop().await;
    }
}

#[tokio::test]
async fn a_member_with_a_web_account_is_left_alone() {
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(&database, &[("LOYALTY_DEMO_SEED", "true")]).await;
    let demo = "demo@marqueecinemas.example";
    let body = call(&mut client, "POST", SEARCH, json!({"email": demo})).await;
    assert_eq!(body["hasUserName"], true, "{body}");
    let edit = json!({"username": demo, "email": demo, "clubId": "MQ-CLUB", "firstName": "Eve"});
    let body = call(&mut client, "POST", EDIT, edit).await;
    assert_eq!(body["peachCode"], 30, "no session, no edit: {body}");
    database.drop().await;
}
