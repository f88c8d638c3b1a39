//! What stands between a login and a guessed password: failed logins lock the member
//! (423), lockouts that keep coming block the account (code 1019), passwords older than
//! the chain allows must change (code 1015), and each address has a budget of logins a
//! minute (429). A block and an old password end with a password reset by e-mail. Each
//! test runs on SQLite and on PostgreSQL.

use serde_json::{Value, json};
use tonic::transport::Channel;

use proto::loyalty::v1::loyalty_client::LoyaltyClient;

use crate::helpers::{
    PASSWORD, TestDatabase, V3_LOGIN, call, create_member, cypher, peach, reset_by_e_mail,
    spawn_loyalty_with,
};
use crate::on_both_databases;

async fn login(client: &mut LoyaltyClient<Channel>, email: &str, password: &str) -> Value {
    call(
        client,
        "POST",
        V3_LOGIN,
        json!({"username": email, "password": password}),
    )
    .await
}

async fn repeated_failed_logins_lock_the_member_with_423(database: &TestDatabase) {
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_LOCKOUT_ATTEMPTS", "3")]).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let wrong = json!({"username": email, "password": "Wrong#2024x"});
    for _ in 0..2 {
        let (_, body) = cypher(&mut client, "POST", V3_LOGIN, wrong.clone(), None).await;
        assert_eq!(peach(&body), 31);
    }
    let (status, body) = cypher(&mut client, "POST", V3_LOGIN, wrong, None).await;
    assert_eq!((status, peach(&body)), (423, 423));
    let right = json!({"username": email, "password": PASSWORD});
    let (status, _) = cypher(&mut client, "POST", V3_LOGIN, right, None).await;
    assert_eq!(
        status, 423,
        "even the right password waits for the lock to end"
    );
}

/// Six wrong passwords at once, three to a lock, two lockouts to a block: two are told the
/// password is wrong, four that the account is locked, and the account is not blocked.
async fn wrong_passwords_at_once_lock_the_member_once(database: &TestDatabase) {
    let mut client = spawn_loyalty_with(
        database,
        &[
            ("LOYALTY_LOCKOUT_ATTEMPTS", "3"),
            ("LOYALTY_BLOCK_AFTER_LOCKOUTS", "2"),
        ],
    )
    .await;
    let email = "hurried@example.com";
    create_member(&mut client, email).await;
    let wrong = json!({"username": email, "password": "Wrong#2024x"});
    let attempts = (0..6).map(|_| {
        let mut client = client.clone();
        let wrong = wrong.clone();
        async move { cypher(&mut client, "POST", V3_LOGIN, wrong, None).await }
    });
    let mut answers = futures_util::future::join_all(attempts)
        .await
        .iter()
        .map(|(_, body)| peach(body))
        .collect::<Vec<_>>();
    answers.sort_unstable();
    assert_eq!(answers, [31, 31, 423, 423, 423, 423]);
    let store = database.store().await;
    let (lockouts, blocked): (i64, i64) =
        sqlx::query_as("SELECT lockouts, blocked FROM members WHERE email = $1")
            .bind(email)
            .fetch_one(store.pool())
            .await
            .expect("read");
    store.close().await;
    assert_eq!((lockouts, blocked), (1, 0));
}

async fn lockouts_that_keep_coming_block_the_account_until_a_password_reset(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty_with(
        database,
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

    reset_by_e_mail(&mut client, database, email, "Nachos#2025").await;
    assert_eq!(
        login(&mut client, email, "Nachos#2025").await["peachCode"],
        0
    );
}

async fn a_password_older_than_the_chain_allows_must_be_changed_first(database: &TestDatabase) {
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_PASSWORD_MAX_AGE_DAYS", "90")]).await;
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

    reset_by_e_mail(&mut client, database, email, "Nachos#2025").await;
    assert_eq!(
        login(&mut client, email, "Nachos#2025").await["peachCode"],
        0
    );
}

async fn too_many_logins_from_one_address_are_429(database: &TestDatabase) {
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_RATE_LIMIT_PER_MINUTE", "2")]).await;
    // A member each time: an account's own budget is not what runs out.
    let payload =
        |n: u32| json!({"username": format!("nobody-{n}@example.com"), "password": PASSWORD});
    for n in 0..2 {
        let (status, _) = cypher(&mut client, "POST", V3_LOGIN, payload(n), None).await;
        assert_eq!(status, 200);
    }
    let (status, body) = cypher(&mut client, "POST", V3_LOGIN, payload(2), None).await;
    assert_eq!((status, peach(&body)), (429, 429));
}

on_both_databases!(
    repeated_failed_logins_lock_the_member_with_423,
    wrong_passwords_at_once_lock_the_member_once,
    lockouts_that_keep_coming_block_the_account_until_a_password_reset,
    a_password_older_than_the_chain_allows_must_be_changed_first,
    too_many_logins_from_one_address_are_429,
);
