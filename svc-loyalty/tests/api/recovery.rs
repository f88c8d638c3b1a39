//! A forgotten password or username, by e-mail (written as .eml files here; over SMTP in
//! mail.rs): reset codes work once, reset links point at the site's own origins only.
//! Each test runs on SQLite and on PostgreSQL.

use serde_json::json;

use crate::helpers::{
    TestDatabase, V3_LOGIN, create_member, cypher, get, mails, peach, reset_code_in, spawn_loyalty,
};
use crate::on_both_databases;

async fn a_password_reset_goes_by_e_mail_and_its_code_works_once(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "forgetful@example.com";
    create_member(&mut client, email).await;
    let ask = format!(
        "/Member/v3/GetResetPasswordCode?boxofficeCircuitId=MQ&boxofficeCinemaId=101&emailAddress={email}&rootUrl=http://127.0.0.1:8080&resetPasswordLink=reset"
    );
    let (_, body) = get(&mut client, &ask, None).await;
    assert_eq!(peach(&body), 0, "{body}");
    let sent = mails(database);
    assert_eq!(sent.len(), 1);
    assert!(sent[0].contains(&format!("To: {email}\r\n")), "{}", sent[0]);
    assert!(
        sent[0].contains("http://127.0.0.1:8080/reset?resetCode="),
        "{}",
        sent[0]
    );
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
    let (_, body) = get(&mut client, &validate(&code), None).await;
    assert_eq!(body["statusCode"], 200);
    let (_, body) = get(&mut client, &validate("forged"), None).await;
    assert_eq!(peach(&body), 57);
    assert_eq!(body["clientErrorMessage"], "Invalid reset code (Code: 57)");

    let reset =
        |password: &str| json!({"password": password, "resetCode": code, "membershipId": ""});
    let route = "/Member/v3/ResetPassword";
    let (_, body) = cypher(&mut client, "POST", route, reset("weak"), None).await;
    assert_eq!(peach(&body), 84);
    let (_, body) = cypher(&mut client, "POST", route, reset("Nachos#2025"), None).await;
    assert_eq!(peach(&body), 0);
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/ResetPassword?circuitId=MQ&cinemaId=101",
        reset("Nachos#2026"),
        None,
    )
    .await;
    assert_eq!(peach(&body), 57, "a reset code works once");
    let (_, body) = cypher(
        &mut client,
        "POST",
        V3_LOGIN,
        json!({"username": email, "password": "Nachos#2025"}),
        None,
    )
    .await;
    assert_eq!(peach(&body), 0);
}

async fn a_reset_link_may_only_point_at_the_sites_origins_and_needs_a_member(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let email = "ann@example.com";
    create_member(&mut client, email).await;
    let ask = |email: &str, root: &str| {
        format!(
            "/Member/GetResetPasswordCode?circuitId=MQ&cinemaId=101&emailAddress={email}&rootUrl={root}&resetPasswordLink="
        )
    };
    let (status, body) = get(&mut client, &ask(email, "https://evil.test"), None).await;
    assert_eq!(status, 400);
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("rootUrl")),
        "{body}"
    );
    let (_, body) = get(
        &mut client,
        &ask("nobody@example.com", "http://127.0.0.1:8080"),
        None,
    )
    .await;
    assert_eq!(peach(&body), 29);
}

async fn the_username_reminder_is_e_mailed(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
    let email = "reminded@example.com";
    create_member(&mut client, email).await;
    let (_, body) = get(
        &mut client,
        &format!("/Member/UsernameReminder/MQ/{email}"),
        None,
    )
    .await;
    assert_eq!((peach(&body), &body["statusCode"]), (0, &json!(200)));
    assert!(
        mails(database)
            .iter()
            .any(|mail| mail.contains(&format!("Your username is {email}.")))
    );
    let (_, body) = get(
        &mut client,
        "/Member/UsernameReminder/MQ/nobody@example.com",
        None,
    )
    .await;
    assert_eq!(peach(&body), 29);
}

on_both_databases!(
    a_password_reset_goes_by_e_mail_and_its_code_works_once,
    a_reset_link_may_only_point_at_the_sites_origins_and_needs_a_member,
    the_username_reminder_is_e_mailed,
);
