//! The sites of a staff member come from svc-catalogue; with it away, the call says so
//! (the list itself is tested with the catalogue in gateway/tests/api/studio.rs).

use proto::studio::v1::{AcceptInvitationRequest, ListSitesRequest};
use svc_studio::domain::access::Role;
use tonic::Code;

use crate::helpers::spawn_studio_with;

#[tokio::test]
async fn with_the_catalogue_away_the_sites_are_unavailable_and_nobody_learns_more() {
    let catalogue = format!("127.0.0.1:{}", test_support::net::free_port());
    let mut studio = spawn_studio_with(
        &test_support::dirs::fresh_dir("studio_api"),
        &[("CATALOGUE_ADDR", &catalogue)],
    )
    .await;
    let refused = studio
        .client
        .list_sites(ListSitesRequest {
            session_token: "f".repeat(64),
        })
        .await
        .expect_err("no session");
    assert_eq!(refused.code(), Code::Unauthenticated);

    let token = studio
        .invite("li@chain.example", Role::Viewer, Some("demo"), &[])
        .await;
    let session = studio
        .client
        .accept_invitation(AcceptInvitationRequest {
            token,
            name: "Li".to_owned(),
            email: String::new(),
        })
        .await
        .expect("accepted")
        .into_inner()
        .session_token;
    let refused = studio
        .client
        .list_sites(ListSitesRequest {
            session_token: session,
        })
        .await
        .expect_err("no catalogue");
    assert_eq!(refused.code(), Code::Unavailable);
    assert_eq!(refused.message(), "the catalogue service is unavailable");
}
