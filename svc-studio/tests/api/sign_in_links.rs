//! One-time sign-in links by e-mail: mailed to staff only, used once within 15 minutes,
//! each beginning a session; off with STUDIO_EMAIL_SIGN_IN=false.

use std::path::Path;
use std::time::Duration;

use proto::studio::v1::{
    AcceptInvitationRequest, AuthenticateRequest, MailSignInLinkRequest, SignInWithLinkRequest,
};
use svc_studio::domain::access::Role;
use svc_studio::store::{Store, sign_in_links};
use tonic::Code;

use crate::helpers::{TestStudio, spawn_studio, spawn_studio_with};

/// Makes Li a viewer of `demo`.
async fn li_is_staff(studio: &mut TestStudio) {
    let token = studio
        .invite("li@chain.example", Role::Viewer, Some("demo"), &[])
        .await;
    studio
        .client
        .accept_invitation(AcceptInvitationRequest {
            token,
            name: "Li".to_owned(),
            email: String::new(),
        })
        .await
        .expect("accepted");
}

/// The messages written under `data_dir/mail`, as text.
fn mailed(data_dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(data_dir.join("mail")) else {
        return Vec::new();
    };
    entries
        .map(|entry| std::fs::read_to_string(entry.expect("entry").path()).expect("text"))
        .collect()
}

/// The messages under `data_dir/mail` once `count` are there (the link is mailed after
/// the call answers).
async fn mailed_once_there_are(data_dir: &Path, count: usize) -> Vec<String> {
    let arrived = test_support::polling::eventually(Duration::from_secs(10), || async {
        mailed(data_dir).len() >= count
    })
    .await;
    assert!(arrived, "{count} messages mailed: {:?}", mailed(data_dir));
    mailed(data_dir)
}

/// The token of the one sign-in link in `message`.
fn link_token(message: &str) -> String {
    let start = message
        .find("http://studio.localhost:8080/sign-in?token=")
        .unwrap_or_else(|| panic!("a sign-in link in {message}"));
    message[start..]
        .split_once("token=")
        .map(|(_, rest)| rest.chars().take_while(char::is_ascii_hexdigit).collect())
        .expect("a token")
}

fn ask(email: &str) -> MailSignInLinkRequest {
    MailSignInLinkRequest {
        email: email.to_owned(),
    }
}

fn with(token: &str) -> SignInWithLinkRequest {
    SignInWithLinkRequest {
        token: token.to_owned(),
    }
}

#[tokio::test]
async fn a_staff_member_gets_a_link_that_signs_them_in_once() {
    let mut studio = spawn_studio().await;
    li_is_staff(&mut studio).await;

    studio
        .client
        .mail_sign_in_link(ask(" LI@chain.example "))
        .await
        .expect("asked");
    let messages = mailed_once_there_are(&studio.data_dir, 1).await;
    // Asked again within the minute: no second mail.
    studio
        .client
        .mail_sign_in_link(ask("li@chain.example"))
        .await
        .expect("asked again");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        mailed(&studio.data_dir).len(),
        1,
        "one mail a minute at most"
    );
    assert!(
        messages[0].contains("To: li@chain.example"),
        "{}",
        messages[0]
    );
    let token = link_token(&messages[0]);
    assert_eq!(token.len(), 64);

    let signed_in = studio
        .client
        .sign_in_with_link(with(&token))
        .await
        .expect("signed in")
        .into_inner();
    assert_eq!(
        signed_in.me.expect("me").staff.expect("staff").email,
        "li@chain.example"
    );
    studio
        .client
        .authenticate(AuthenticateRequest {
            session_token: signed_in.session_token,
        })
        .await
        .expect("a live session");

    let again = studio
        .client
        .sign_in_with_link(with(&token))
        .await
        .expect_err("used once");
    assert_eq!(again.code(), Code::Unauthenticated);
    let unknown = studio
        .client
        .sign_in_with_link(with(&"0".repeat(64)))
        .await
        .expect_err("unknown");
    assert_eq!(unknown.code(), Code::Unauthenticated);
}

#[tokio::test]
async fn an_address_that_is_no_staff_members_gets_the_same_answer_and_no_mail() {
    let mut studio = spawn_studio().await;
    studio
        .client
        .mail_sign_in_link(ask("stranger@chain.example"))
        .await
        .expect("the same answer as for staff");
    li_is_staff(&mut studio).await;
    studio
        .client
        .mail_sign_in_link(ask("li@chain.example"))
        .await
        .expect("asked");
    // Li's link arrives; the stranger's, asked first, never did.
    let messages = mailed_once_there_are(&studio.data_dir, 1).await;
    assert_eq!(messages.len(), 1);
    assert!(
        messages[0].contains("To: li@chain.example"),
        "{}",
        messages[0]
    );
    let refused = studio
        .client
        .mail_sign_in_link(ask("not an address"))
        .await
        .expect_err("malformed");
    assert_eq!(refused.code(), Code::InvalidArgument);
}

#[tokio::test]
async fn an_expired_link_or_one_used_twice_at_once_signs_in_no_more_than_once() {
    let mut studio = spawn_studio().await;
    li_is_staff(&mut studio).await;
    let mut client = studio.client.clone();
    let store = Store::connect(studio.config.database_url.expose())
        .await
        .expect("the store");
    let li: String =
        sqlx::query_scalar("SELECT id FROM studio_staff WHERE email = 'li@chain.example'")
            .fetch_one(store.pool())
            .await
            .expect("Li");
    let now = jiff::Timestamp::now().as_second();
    let expired = platform::tokens::new_token().expect("random");
    let stored_expired = sign_in_links::insert(
        store.pool(),
        &platform::tokens::sha256_hex(&expired),
        &li,
        now - 3600,
        now - 1,
    )
    .await
    .expect("stored");
    assert!(stored_expired);
    let refused = client
        .sign_in_with_link(with(&expired))
        .await
        .expect_err("expired");
    assert_eq!(refused.code(), Code::Unauthenticated);

    let live = platform::tokens::new_token().expect("random");
    let stored_live = sign_in_links::insert(
        store.pool(),
        &platform::tokens::sha256_hex(&live),
        &li,
        now,
        now + 900,
    )
    .await
    .expect("stored");
    assert!(stored_live);
    let (mut first, mut second) = (studio.client.clone(), studio.client.clone());
    let (one, two) = tokio::join!(
        first.sign_in_with_link(with(&live)),
        second.sign_in_with_link(with(&live)),
    );
    assert_eq!(
        [one.is_ok(), two.is_ok()].iter().filter(|ok| **ok).count(),
        1,
        "{one:?} {two:?}"
    );
}

#[tokio::test]
async fn with_email_sign_in_off_no_link_is_mailed_or_taken() {
    let mut studio = spawn_studio_with(
        &test_support::dirs::fresh_dir("studio_api"),
        &[("STUDIO_EMAIL_SIGN_IN", "false")],
    )
    .await;
    let refused = studio
        .client
        .mail_sign_in_link(ask("li@chain.example"))
        .await
        .expect_err("off");
    assert_eq!(refused.code(), Code::FailedPrecondition);
    let refused = studio
        .client
        .sign_in_with_link(with(&"0".repeat(64)))
        .await
        .expect_err("off");
    assert_eq!(refused.code(), Code::FailedPrecondition);
}
