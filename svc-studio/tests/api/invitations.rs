use proto::studio::v1::{
    AcceptInvitationRequest, AuthenticateRequest, DescribeInvitationRequest, Grant,
};
use svc_studio::domain::access::Role;
use tonic::Code;

use crate::helpers::{spawn_studio, spawn_studio_with, token_of};

fn accept(token: &str, name: &str, email: &str) -> AcceptInvitationRequest {
    AcceptInvitationRequest {
        token: token.to_owned(),
        name: name.to_owned(),
        email: email.to_owned(),
    }
}

#[tokio::test]
async fn the_first_start_writes_an_operator_invitation_that_makes_the_first_operator() {
    let mut studio = spawn_studio().await;
    let file = studio.config.first_operator_file();
    let url = std::fs::read_to_string(&file).expect("the first operator's link");
    assert!(
        url.starts_with("http://studio.localhost:8080/invitation?token="),
        "{url}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file)
            .expect("the file")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "readable by its owner only");
    }

    let signed_in = studio
        .client
        .accept_invitation(accept(&token_of(&url), "Ana Ruiz", "Ana@Chain.Example"))
        .await
        .expect("accepted")
        .into_inner();
    let me = signed_in.me.expect("who signed in");
    let staff = me.staff.expect("the staff member");
    assert_eq!(
        (staff.email.as_str(), staff.name.as_str()),
        ("ana@chain.example", "Ana Ruiz")
    );
    assert_eq!(
        me.grants,
        [Grant {
            role: "operator".to_owned(),
            site_id: String::new(),
            theater_ids: vec![],
        }]
    );
    assert_eq!(signed_in.session_token.len(), 64);

    let again = studio
        .client
        .authenticate(AuthenticateRequest {
            session_token: signed_in.session_token,
        })
        .await
        .expect("a live session")
        .into_inner();
    assert_eq!(again.staff.expect("staff").id, staff.id);

    // A start with staff writes no new invitation.
    std::fs::remove_file(&file).expect("removed");
    spawn_studio_with(&studio.data_dir, &[]).await;
    assert!(!file.exists(), "no second first operator");
}

#[tokio::test]
async fn a_second_start_without_staff_withdraws_the_first_link() {
    let studio = spawn_studio().await;
    let file = studio.config.first_operator_file();
    let first = std::fs::read_to_string(&file).expect("the first link");

    let mut restarted = spawn_studio_with(&studio.data_dir, &[]).await;
    let second = std::fs::read_to_string(&file).expect("a new link");
    assert_ne!(first, second);

    let refused = restarted
        .client
        .accept_invitation(accept(&token_of(&first), "Ana Ruiz", "ana@chain.example"))
        .await
        .expect_err("the earlier link is withdrawn");
    assert_eq!(refused.code(), Code::Unauthenticated, "{refused:?}");
    restarted
        .client
        .accept_invitation(accept(&token_of(&second), "Ana Ruiz", "ana@chain.example"))
        .await
        .expect("the newest link makes the first operator");
}

#[tokio::test]
async fn an_invitation_is_accepted_once_even_when_two_accept_it_at_the_same_time() {
    let studio = spawn_studio().await;
    let token = studio
        .invite("li@chain.example", Role::Editor, Some("demo"), &[])
        .await;
    let (mut one, mut two) = (studio.client.clone(), studio.client.clone());
    let (first, second) = tokio::join!(
        one.accept_invitation(accept(&token, "Li", "")),
        two.accept_invitation(accept(&token, "Li", "")),
    );
    let codes = [&first, &second].map(|answer| answer.as_ref().map_err(tonic::Status::code).err());
    assert_eq!(
        codes.iter().filter(|code| code.is_none()).count(),
        1,
        "exactly one acceptance: {codes:?}"
    );
    assert!(codes.contains(&Some(Code::Unauthenticated)), "{codes:?}");
}

#[tokio::test]
async fn an_unknown_token_is_refused_and_bad_input_names_its_field() {
    let mut studio = spawn_studio().await;
    let refused = studio
        .client
        .accept_invitation(accept(&"0".repeat(64), "Li", ""))
        .await
        .expect_err("unknown");
    assert_eq!(refused.code(), Code::Unauthenticated);

    let token = studio
        .invite("li@chain.example", Role::Viewer, Some("demo"), &[])
        .await;
    let refused = studio
        .client
        .accept_invitation(accept(&token, "  ", ""))
        .await
        .expect_err("no name");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().starts_with("name:"),
        "{}",
        refused.message()
    );

    // The first operator's invitation names no address: the acceptance must.
    let url = std::fs::read_to_string(studio.config.first_operator_file()).expect("link");
    let refused = studio
        .client
        .accept_invitation(accept(&token_of(&url), "Ana", ""))
        .await
        .expect_err("no address");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().starts_with("email:"),
        "{}",
        refused.message()
    );
    // Refused input used nothing up: both invitations still work.
    studio
        .client
        .accept_invitation(accept(&token_of(&url), "Ana", "ana@chain.example"))
        .await
        .expect("the first operator's, still usable");
    studio
        .client
        .accept_invitation(accept(&token, "Li", ""))
        .await
        .expect("the viewer's, still usable");
}

#[tokio::test]
async fn a_second_invitation_adds_a_grant_on_another_site_to_the_same_person() {
    let mut studio = spawn_studio().await;
    let first = studio
        .invite("li@chain.example", Role::Editor, Some("demo"), &[])
        .await;
    let second = studio
        .invite(
            "LI@chain.example",
            Role::TheaterManager,
            Some("single"),
            &["201"],
        )
        .await;
    let one = studio
        .client
        .accept_invitation(accept(&first, "Li", ""))
        .await
        .expect("first");
    let two = studio
        .client
        .accept_invitation(accept(&second, "Li", ""))
        .await
        .expect("second");
    let (one, two) = (
        one.into_inner().me.expect("me"),
        two.into_inner().me.expect("me"),
    );
    assert_eq!(one.staff, two.staff, "one person");
    let grants: Vec<(String, String, Vec<String>)> = two
        .grants
        .into_iter()
        .map(|grant| (grant.role, grant.site_id, grant.theater_ids))
        .collect();
    assert_eq!(
        grants,
        [
            ("editor".to_owned(), "demo".to_owned(), vec![]),
            (
                "theater-manager".to_owned(),
                "single".to_owned(),
                vec!["201".to_owned()]
            ),
        ]
    );
}

#[tokio::test]
async fn with_email_sign_in_off_an_invitation_is_not_accepted_without_a_passkey() {
    let mut studio = spawn_studio_with(
        &test_support::dirs::fresh_dir("studio_api"),
        &[("STUDIO_EMAIL_SIGN_IN", "false")],
    )
    .await;
    let token = studio
        .invite("li@chain.example", Role::Viewer, Some("demo"), &[])
        .await;
    let refused = studio
        .client
        .accept_invitation(accept(&token, "Li", ""))
        .await
        .expect_err("needs a passkey");
    assert_eq!(refused.code(), Code::FailedPrecondition);
}

#[tokio::test]
async fn an_invitation_describes_what_it_grants_until_it_is_accepted() {
    let mut studio = spawn_studio().await;
    let token = studio
        .invite(
            "li@chain.example",
            Role::TheaterManager,
            Some("demo"),
            &["101"],
        )
        .await;
    let describe = |token: &str| DescribeInvitationRequest {
        token: token.to_owned(),
    };
    let invitation = studio
        .client
        .describe_invitation(describe(&token))
        .await
        .expect("open")
        .into_inner();
    assert_eq!(invitation.email, "li@chain.example");
    assert_eq!(
        invitation.grant,
        Some(Grant {
            role: "theater-manager".to_owned(),
            site_id: "demo".to_owned(),
            theater_ids: vec!["101".to_owned()],
        })
    );
    let left = invitation.expires_at - jiff::Timestamp::now().as_second();
    assert!(
        (24 * 3600 - 60..=24 * 3600).contains(&left),
        "{left} s left"
    );
    assert!(invitation.accept_without_passkey);

    // The first operator's names no address.
    let url = std::fs::read_to_string(studio.config.first_operator_file()).expect("link");
    let first = studio
        .client
        .describe_invitation(describe(&token_of(&url)))
        .await
        .expect("open")
        .into_inner();
    assert_eq!(first.email, "");
    assert_eq!(first.grant.expect("grant").role, "operator");

    studio
        .client
        .accept_invitation(accept(&token, "Li", ""))
        .await
        .expect("accepted");
    for used_or_unknown in [token, "0".repeat(64)] {
        let refused = studio
            .client
            .describe_invitation(describe(&used_or_unknown))
            .await
            .expect_err("no longer open");
        assert_eq!(refused.code(), Code::Unauthenticated);
    }
}
