//! memberExpiry: an expired member cannot log in (code 46).

use serde_json::json;
use svc_loyalty::store::members;

use crate::catalogue;
use crate::helpers::{
    PASSWORD, TestDatabase, call, create_member, spawn_loyalty, spawn_loyalty_with,
};

const EMAIL: &str = "old@example.com";
const LATE_EMAIL: &str = "late@example.com";

#[tokio::test]
async fn an_expired_member_cannot_log_in_and_a_future_expiry_can() {
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty(&database).await;
    let credentials = json!({"username": EMAIL, "password": PASSWORD});
    let member_id = create_member(&mut client, EMAIL).await;
    let store = database.store().await;

    members::set_expiry(store.pool(), &member_id, "2001-01-01T00:00:00Z")
        .await
        .expect("set");
    let body = call(&mut client, "POST", "/Member/v3/Login", credentials.clone()).await;
    assert_eq!(body["peachCode"], 46);
    assert_eq!(
        body["clientErrorMessage"],
        "Your account has expired (Code: 46)"
    );

    members::set_expiry(store.pool(), &member_id, "2999-01-01T00:00:00Z")
        .await
        .expect("set");
    let body = call(&mut client, "POST", "/Member/v3/Login", credentials).await;
    assert_eq!(body["peachCode"], 0);
    assert_eq!(
        body["memberDetails"]["memberExpiry"],
        "2999-01-01T00:00:00Z"
    );
    database.drop().await;
}

#[tokio::test]
async fn the_sites_provider_settings_allow_expired_members_and_set_the_session_lifetime() {
    let database = TestDatabase::sqlite();
    // A site whose settings let expired members in, with two-hour sessions.
    let mut client = spawn_loyalty_with(&database, &[("SITE_ID", catalogue::LENIENT)]).await;
    let credentials = json!({"username": LATE_EMAIL, "password": PASSWORD});
    let member_id = create_member(&mut client, LATE_EMAIL).await;
    let store = database.store().await;
    members::set_expiry(store.pool(), &member_id, "2001-01-01T00:00:00Z")
        .await
        .expect("set");

    let body = call(&mut client, "POST", "/Member/v3/Login", credentials).await;
    assert_eq!(body["peachCode"], 0, "{body}");
    let (refresh_expires_at,): (i64,) =
        sqlx::query_as("SELECT refresh_expires_at FROM sessions WHERE member_id = $1")
            .bind(&member_id)
            .fetch_one(store.pool())
            .await
            .expect("a session");
    let now = svc_loyalty::store::unix_now();
    assert!(
        (now + 2 * 3600 - 60..=now + 2 * 3600).contains(&refresh_expires_at),
        "the refresh token lives sessionTimeout hours"
    );
    database.drop().await;
}
