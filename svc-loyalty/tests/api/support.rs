//! Member support for the studio's staff (MemberSupport over real gRPC,
//! docs/studio.md#member-support): a member found by exact e-mail or card number on its
//! own site only, never a whole card number; a locked member unlocked; an activation code
//! or a reset link mailed again; an account deleted with its event. Each test runs on
//! SQLite and on PostgreSQL.

use proto::loyalty::v1::member_support_client::MemberSupportClient;
use proto::loyalty::v1::{
    FindMembersRequest, MemberRequest, SendPasswordResetRequest, SupportedMember,
};
use serde_json::json;
use tonic::Code;
use tonic::transport::Channel;

use crate::catalogue;
use crate::helpers::{
    PASSWORD, TestDatabase, V3_LOGIN, call, create_member, cypher, demo_session, mails, peach,
    reset_code_in, spawn_loyalty_at,
};
use crate::on_both_databases;

const DEMO_EMAIL: &str = "demo@marqueecinemas.example";
const DEMO_CARD: &str = "MQ00012345";

async fn support_at(addr: &str) -> MemberSupportClient<Channel> {
    MemberSupportClient::connect(format!("http://{addr}"))
        .await
        .expect("connect")
}

/// The members of `site` found by `email` or `card`.
async fn find(
    support: &mut MemberSupportClient<Channel>,
    site: &str,
    email: &str,
    card: &str,
) -> Result<Vec<SupportedMember>, tonic::Status> {
    let request = FindMembersRequest {
        email: email.to_owned(),
        card: card.to_owned(),
    };
    support
        .find_members(proto::site::about(site, request).expect("a site id"))
        .await
        .map(|found| found.into_inner().members)
}

fn member(id: &str) -> MemberRequest {
    MemberRequest {
        member_id: id.to_owned(),
    }
}

fn on<T>(site: &str, message: T) -> tonic::Request<T> {
    proto::site::about(site, message).expect("a site id")
}

async fn a_member_is_found_by_exact_address_or_card_on_its_own_site_only(database: &TestDatabase) {
    let (mut client, addr) = spawn_loyalty_at(database, &[]).await;
    let mut support = support_at(&addr).await;
    let by_email = find(&mut support, "demo", " Demo@MarqueeCinemas.example ", "")
        .await
        .expect("found");
    assert_eq!(by_email.len(), 1);
    let demo = &by_email[0];
    assert_eq!(demo.email, DEMO_EMAIL);
    assert_eq!(demo.status, "active");
    assert_eq!(demo.cards, ["••••••2345"], "never a whole card number");
    assert_eq!(demo.last_login_at, 0, "no sign-in recorded yet");
    let by_card = find(&mut support, "demo", "", &DEMO_CARD.to_lowercase())
        .await
        .expect("found");
    assert_eq!(by_card, by_email);

    // Exact matches only.
    let partial = find(&mut support, "demo", "", &DEMO_CARD[..9])
        .await
        .expect("asked");
    assert!(partial.is_empty(), "{partial:?}");
    let other_address = find(&mut support, "demo", "demo@marqueecinemas.example.org", "")
        .await
        .expect("asked");
    assert!(other_address.is_empty());
    for (email, card) in [
        ("", ""),
        (DEMO_EMAIL, DEMO_CARD),
        ("demo@", ""),
        ("", "12-34"),
    ] {
        let refused = find(&mut support, "demo", email, card)
            .await
            .expect_err("malformed");
        assert_eq!(refused.code(), Code::InvalidArgument, "{email:?} {card:?}");
    }

    // A call naming no site is refused, never taken for the default site's.
    let unnamed = support
        .find_members(FindMembersRequest {
            email: DEMO_EMAIL.to_owned(),
            card: String::new(),
        })
        .await
        .expect_err("no site named");
    assert_eq!(unnamed.code(), Code::InvalidArgument);

    // Another site's support finds nobody of this one.
    assert!(
        find(&mut support, catalogue::TWIN, DEMO_EMAIL, "")
            .await
            .expect("asked")
            .is_empty()
    );
    assert!(
        find(&mut support, catalogue::TWIN, "", DEMO_CARD)
            .await
            .expect("asked")
            .is_empty()
    );
    let refused = support
        .unlock_member(on(catalogue::TWIN, member(&demo.id)))
        .await
        .expect_err("not the twin's");
    assert_eq!(refused.code(), Code::NotFound);

    // A sign-in is recorded.
    demo_session(&mut client).await;
    let signed_in = find(&mut support, "demo", DEMO_EMAIL, "")
        .await
        .expect("found");
    let now = jiff::Timestamp::now().as_second();
    assert!(
        (now - 60..=now).contains(&signed_in[0].last_login_at),
        "{signed_in:?}"
    );
}

async fn a_locked_member_is_unlocked_and_signs_in_at_once(database: &TestDatabase) {
    let (mut client, addr) = spawn_loyalty_at(database, &[("LOYALTY_LOCKOUT_ATTEMPTS", "5")]).await;
    let mut support = support_at(&addr).await;
    let email = "locked.out@example.com";
    let id = create_member(&mut client, email).await;
    let wrong = json!({"username": email, "password": "Wrong#2024x"});
    for _ in 0..5 {
        cypher(&mut client, "POST", V3_LOGIN, wrong.clone(), None).await;
    }
    let found = find(&mut support, "demo", email, "").await.expect("found");
    assert_eq!(found[0].status, "locked");
    let right = json!({"username": email, "password": PASSWORD});
    let (status, _) = cypher(&mut client, "POST", V3_LOGIN, right.clone(), None).await;
    assert_eq!(status, 423, "locked before");

    let unlocked = support
        .unlock_member(on("demo", member(&id)))
        .await
        .expect("unlocked")
        .into_inner();
    assert_eq!(unlocked.status, "active");
    let (status, body) = cypher(&mut client, "POST", V3_LOGIN, right, None).await;
    assert_eq!((status, peach(&body)), (200, 0), "signs in at once: {body}");

    let refused = support
        .unlock_member(on("demo", member("no-such-member")))
        .await
        .expect_err("nobody");
    assert_eq!(refused.code(), Code::NotFound);
}

async fn an_activation_code_or_a_reset_link_is_mailed_to_the_member(database: &TestDatabase) {
    let (mut client, addr) = spawn_loyalty_at(database, &[]).await;
    let mut support = support_at(&addr).await;
    let refused = support
        .send_activation(on("demo", member("demo-member")))
        .await
        .expect_err("active already");
    assert_eq!(refused.code(), Code::FailedPrecondition);

    let email = "not.yet@example.com";
    let id = create_member(&mut client, email).await;
    sqlx::query("UPDATE members SET is_activated = 0 WHERE id = $1")
        .bind(&id)
        .execute(database.store().await.pool())
        .await
        .expect("made inactive");
    let sent = support
        .send_activation(on("demo", member(&id)))
        .await
        .expect("mailed")
        .into_inner();
    assert_eq!(sent.status, "not-activated");
    assert!(
        mails(database)
            .iter()
            .any(|mail| mail.contains(&format!("To: {email}"))
                && mail.contains("Your activation code")),
        "the activation code is mailed"
    );

    let request = |root_url: &str| SendPasswordResetRequest {
        member_id: "demo-member".to_owned(),
        root_url: root_url.to_owned(),
    };
    let refused = support
        .send_password_reset(on("demo", request("https://elsewhere.example")))
        .await
        .expect_err("not the site's origin");
    assert_eq!(refused.code(), Code::InvalidArgument);
    support
        .send_password_reset(on("demo", request("http://127.0.0.1:8080")))
        .await
        .expect("mailed");
    let mail = mails(database)
        .into_iter()
        .find(|mail| {
            mail.contains(&format!("To: {DEMO_EMAIL}")) && mail.contains("Reset your password")
        })
        .expect("the reset link is mailed");
    assert!(
        mail.contains("http://127.0.0.1:8080/account/reset-password?resetCode="),
        "{mail}"
    );
    let body = call(
        &mut client,
        "POST",
        "/Member/v3/ResetPassword",
        json!({"password": "Changed#2025x", "resetCode": reset_code_in(&mail), "membershipId": ""}),
    )
    .await;
    assert_eq!(body["peachCode"], 0, "the link works: {body}");
}

async fn a_deleted_member_is_gone_and_its_event_queued(database: &TestDatabase) {
    let (mut client, addr) = spawn_loyalty_at(database, &[]).await;
    let mut support = support_at(&addr).await;
    let email = "leaving@example.com";
    let id = create_member(&mut client, email).await;
    let refused = support
        .delete_member(on(catalogue::TWIN, member(&id)))
        .await
        .expect_err("not the twin's");
    assert_eq!(refused.code(), Code::NotFound);
    support
        .delete_member(on("demo", member(&id)))
        .await
        .expect("deleted");
    assert!(
        find(&mut support, "demo", email, "")
            .await
            .expect("asked")
            .is_empty()
    );
    let (_, body) = cypher(
        &mut client,
        "POST",
        V3_LOGIN,
        json!({"username": email, "password": PASSWORD}),
        None,
    )
    .await;
    assert_ne!(peach(&body), 0, "no account to sign in to: {body}");
    let subjects: Vec<String> =
        sqlx::query_scalar("SELECT subject FROM outbox WHERE subject = 'loyalty.member.deleted'")
            .fetch_all(database.store().await.pool())
            .await
            .expect("read");
    assert_eq!(subjects.len(), 1);
}

on_both_databases!(
    a_member_is_found_by_exact_address_or_card_on_its_own_site_only,
    a_locked_member_is_unlocked_and_signs_in_at_once,
    an_activation_code_or_a_reset_link_is_mailed_to_the_member,
    a_deleted_member_is_gone_and_its_event_queued,
);
