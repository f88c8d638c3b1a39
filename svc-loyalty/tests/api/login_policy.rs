//! Accounts blocked after lockouts that keep coming (code 1019) and passwords older than
//! the chain allows (code 1015): both end with a password reset by e-mail. Each test
//! runs on SQLite and on PostgreSQL.

use serde_json::{Value, json};
use tonic::transport::Channel;

use proto::loyalty::v1::loyalty_client::LoyaltyClient;

use crate::helpers::{
    PASSWORD, TestDatabase, call, create_member, reset_by_e_mail, spawn_loyalty_with,
};

const LOGIN: &str = "/Member/v3/Login?boxofficeCircuitId=MQ";

async fn both_stores() -> [TestDatabase; 2] {
    [TestDatabase::sqlite(), TestDatabase::postgres().await]
}

async fn login(client: &mut LoyaltyClient<Channel>, email: &str, password: &str) -> Value {
    call(
        client,
        "POST",
        LOGIN,
        json!({"username": email, "password": password}),
    )
    .await
}

#[tokio::test]
async fn lockouts_that_keep_coming_block_the_account_until_a_password_reset() {
    for database in both_stores().await {
        let mut client = spawn_loyalty_with(
            &database,
            &[
                ("LOYALTY_LOCKOUT_ATTEMPTS", "1"),
                ("LOYALTY_LOCKOUT_MS", "1000"),
                ("LOYALTY_BLOCK_AFTER_LOCKOUTS", "2"),
            ],
        )
        .await;
        let email = "persistent@example.com";
        create_member(&mut client, email).await;

        assert_eq!(
            login(&mut client, email, "Wrong#2024x").await["peachCode"],
            423
        );
        // The lock is kept in whole seconds: past it for sure.
        tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
        let body = login(&mut client, email, "Wrong#2024x").await;
        assert_eq!(body["peachCode"], 1019, "the second lockout blocks: {body}");
        assert_eq!(
            body["clientErrorMessage"],
            "Your account is blocked (Code: 1019)"
        );
        tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
        assert_eq!(
            login(&mut client, email, PASSWORD).await["peachCode"],
            1019,
            "a block outlasts the lock, and the right password does not lift it"
        );

        reset_by_e_mail(&mut client, &database, email, "Nachos#2025").await;
        assert_eq!(
            login(&mut client, email, "Nachos#2025").await["peachCode"],
            0
        );
        database.drop().await;
    }
}

#[tokio::test]
async fn a_password_older_than_the_chain_allows_must_be_changed_first() {
    for database in both_stores().await {
        let mut client =
            spawn_loyalty_with(&database, &[("LOYALTY_PASSWORD_MAX_AGE_DAYS", "90")]).await;
        let email = "seasoned@example.com";
        let member_id = create_member(&mut client, email).await;
        assert_eq!(
            login(&mut client, email, PASSWORD).await["peachCode"],
            0,
            "a new password is young enough"
        );

        let store = database.store().await;
        let long_ago = svc_loyalty::store::unix_now() - 91 * 24 * 60 * 60;
        sqlx::query("UPDATE members SET password_changed_at = $2 WHERE id = $1")
            .bind(&member_id)
            .bind(long_ago)
            .execute(store.pool())
            .await
            .expect("age the password");
        store.close().await;

        let body = login(&mut client, email, PASSWORD).await;
        assert_eq!(body["peachCode"], 1015, "{body}");
        assert_eq!(
            body["clientErrorMessage"],
            "You need to change your password (Code: 1015)"
        );
        assert_eq!(
            login(&mut client, email, "Wrong#2024x").await["peachCode"],
            31,
            "only the right password learns that it must change"
        );

        reset_by_e_mail(&mut client, &database, email, "Nachos#2025").await;
        assert_eq!(
            login(&mut client, email, "Nachos#2025").await["peachCode"],
            0
        );
        database.drop().await;
    }
}
