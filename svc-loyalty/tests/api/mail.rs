//! E-mail to members over SMTP (SMTP_URL), against an SMTP server the test starts.

use serde_json::json;

use crate::helpers::{TestDatabase, create_member, spawn_loyalty_with, spawn_smtp, try_call};

fn reset_route(email: &str) -> String {
    format!(
        "/Member/v3/GetResetPasswordCode?boxofficeCircuitId=MQ&emailAddress={email}&rootUrl=http://127.0.0.1:8080&resetPasswordLink=reset"
    )
}

#[tokio::test]
async fn a_reset_link_goes_to_the_member_over_smtp_when_smtp_url_is_set() {
    let (smtp_url, mut received) = spawn_smtp("250 OK").await;
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(
        &database,
        &[
            ("SMTP_URL", &smtp_url),
            ("MAIL_FROM", "Marquee Cinemas <no-reply@marquee.example>"),
        ],
    )
    .await;
    create_member(&mut client, "ann@example.com").await;

    let body = try_call(
        &mut client,
        "GET",
        &reset_route("ann@example.com"),
        json!({}),
    )
    .await
    .expect("answers");

    assert_eq!(body["peachCode"], 0, "{body}");
    let mail = received.recv().await.expect("a message arrives");
    assert_eq!(mail.recipients, vec!["<ann@example.com>".to_owned()]);
    assert_eq!(mail.mail_from, "<no-reply@marquee.example>");
    assert!(
        mail.data.contains("Subject: Reset your password"),
        "{}",
        mail.data
    );
    assert!(
        mail.data.contains("http://127.0.0.1:8080/reset?resetCode="),
        "{}",
        mail.data
    );
    assert!(
        !database.data_dir.join("mail").exists(),
        "nothing is written as a file"
    );
    database.drop().await;
}

#[tokio::test]
async fn a_message_the_relay_refuses_fails_the_call_instead_of_vanishing() {
    let (smtp_url, mut received) = spawn_smtp("550 no such mailbox").await;
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(&database, &[("SMTP_URL", &smtp_url)]).await;
    create_member(&mut client, "bob@example.com").await;

    let status = try_call(
        &mut client,
        "GET",
        &reset_route("bob@example.com"),
        json!({}),
    )
    .await
    .expect_err("the mail was not sent");

    assert_eq!(status.code(), tonic::Code::Unavailable);
    assert!(status.message().contains("sending an e-mail"), "{status:?}");
    assert!(received.try_recv().is_err(), "no message was taken");
    database.drop().await;
}

#[tokio::test]
async fn a_relay_that_does_not_answer_fails_the_try_call() {
    let closed = format!("127.0.0.1:{}", test_support::net::free_port());
    let database = TestDatabase::sqlite();
    let mut client =
        spawn_loyalty_with(&database, &[("SMTP_URL", &format!("smtp://{closed}"))]).await;
    create_member(&mut client, "cat@example.com").await;

    let status = try_call(
        &mut client,
        "GET",
        &reset_route("cat@example.com"),
        json!({}),
    )
    .await
    .expect_err("no relay");

    assert_eq!(status.code(), tonic::Code::Unavailable);
    database.drop().await;
}
