//! A site's staff as its admins see it: who holds a grant, the invitations waiting, and a
//! grant removed, which ends the person's sessions. (Invitations mailed need the
//! catalogue: gateway/tests/api/studio.rs.)

use proto::studio::v1::{AuthenticateRequest, ListAuditRequest, RemoveGrantRequest};
use svc_studio::domain::access::Role;
use test_support::postgres::PostgresDatabase;
use tonic::Code;

use crate::helpers::{on, spawn_studio, spawn_studio_with, staff};

#[tokio::test]
async fn an_admin_sees_the_sites_staff_and_invitations_and_others_do_not() {
    let mut studio = spawn_studio().await;
    let admin = staff(&mut studio, "ed@chain.example", Role::Admin, "demo").await;
    let viewer = staff(&mut studio, "vi@chain.example", Role::Viewer, "demo").await;
    let elsewhere = staff(&mut studio, "al@chain.example", Role::Admin, "other").await;
    studio
        .invite(
            "mo@chain.example",
            Role::TheaterManager,
            Some("demo"),
            &["101"],
        )
        .await;

    let listed = studio
        .client
        .list_site_staff(on(&admin, "demo"))
        .await
        .expect("listed")
        .into_inner()
        .staff;
    let named: Vec<(String, String)> = listed
        .iter()
        .map(|held| {
            (
                held.staff.clone().unwrap_or_default().email,
                held.grant.clone().unwrap_or_default().role,
            )
        })
        .collect();
    assert_eq!(
        named,
        [
            ("ed@chain.example".to_owned(), "admin".to_owned()),
            ("vi@chain.example".to_owned(), "viewer".to_owned()),
        ]
    );
    let pending = studio
        .client
        .list_pending_invitations(on(&admin, "demo"))
        .await
        .expect("listed")
        .into_inner()
        .invitations;
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].email, "mo@chain.example");
    let grant = pending[0].grant.clone().unwrap_or_default();
    assert_eq!(
        (grant.role.as_str(), grant.theater_ids),
        ("theater-manager", vec!["101".to_owned()])
    );

    let refused = studio
        .client
        .list_site_staff(on(&viewer, "demo"))
        .await
        .expect_err("a viewer manages no staff");
    assert_eq!(refused.code(), Code::PermissionDenied);
    let refused = studio
        .client
        .list_pending_invitations(on(&elsewhere, "demo"))
        .await
        .expect_err("no grant on demo");
    assert_eq!(refused.code(), Code::NotFound);
}

#[tokio::test]
async fn a_removed_grant_ends_the_persons_sessions_but_never_ones_own() {
    let mut studio = spawn_studio().await;
    let admin = staff(&mut studio, "ed@chain.example", Role::Admin, "demo").await;
    let viewer = staff(&mut studio, "vi@chain.example", Role::Viewer, "demo").await;
    let listed = studio
        .client
        .list_site_staff(on(&admin, "demo"))
        .await
        .expect("listed")
        .into_inner()
        .staff;
    let id_of = |email: &str| {
        listed
            .iter()
            .filter_map(|held| held.staff.clone())
            .find(|staff| staff.email == email)
            .expect("listed")
            .id
    };
    let remove = |staff_id: String| RemoveGrantRequest {
        session_token: admin.clone(),
        site_id: "demo".to_owned(),
        staff_id,
        client_address: "192.0.2.7".to_owned(),
    };

    let refused = studio
        .client
        .remove_grant(remove(id_of("ed@chain.example")))
        .await
        .expect_err("one's own");
    assert_eq!(refused.code(), Code::AlreadyExists);

    studio
        .client
        .remove_grant(remove(id_of("vi@chain.example")))
        .await
        .expect("removed");
    let ended = studio
        .client
        .authenticate(AuthenticateRequest {
            session_token: viewer,
        })
        .await
        .expect_err("the session ended");
    assert_eq!(ended.code(), Code::Unauthenticated);
    let refused = studio
        .client
        .remove_grant(remove(id_of("vi@chain.example")))
        .await
        .expect_err("no grant left");
    assert_eq!(refused.code(), Code::NotFound);
    studio
        .client
        .authenticate(AuthenticateRequest {
            session_token: admin.clone(),
        })
        .await
        .expect("the admin's own session goes on");
}

#[tokio::test]
async fn on_postgresql_a_removal_is_audited_and_read_back_by_each_filter() {
    let database = PostgresDatabase::create("studio_api").await;
    let mut studio = spawn_studio_with(
        &test_support::dirs::fresh_dir("studio_api"),
        &[("DATABASE_URL", &database.url)],
    )
    .await;
    let admin = staff(&mut studio, "ed@chain.example", Role::Admin, "demo").await;
    staff(&mut studio, "vi@chain.example", Role::Viewer, "demo").await;
    let listed = studio
        .client
        .list_site_staff(on(&admin, "demo"))
        .await
        .expect("listed")
        .into_inner()
        .staff;
    let viewer = listed
        .iter()
        .filter_map(|held| held.staff.clone())
        .find(|staff| staff.email == "vi@chain.example")
        .expect("listed");
    studio
        .client
        .remove_grant(RemoveGrantRequest {
            session_token: admin.clone(),
            site_id: "demo".to_owned(),
            staff_id: viewer.id,
            client_address: "192.0.2.7".to_owned(),
        })
        .await
        .expect("removed");

    let read = |action: &str, from: i64| ListAuditRequest {
        session_token: admin.clone(),
        site_id: "demo".to_owned(),
        action: action.to_owned(),
        from,
        ..ListAuditRequest::default()
    };
    let entries = studio
        .client
        .list_audit(read("", 0))
        .await
        .expect("read")
        .into_inner()
        .entries;
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(
        (entry.action.as_str(), entry.target.as_str()),
        ("staff.removed", "vi@chain.example")
    );
    assert_eq!(
        (entry.role.as_str(), entry.client_address.as_str()),
        ("admin", "192.0.2.7")
    );
    let changes: serde_json::Value = serde_json::from_str(&entry.changes_json).expect("JSON");
    assert_eq!(changes["role"]["before"], "viewer");
    for (action, from, found) in [
        ("staff.removed", 0, 1),
        ("invitation.sent", 0, 0),
        ("", entry.at, 1),
        ("", entry.at + 1, 0),
    ] {
        let entries = studio
            .client
            .list_audit(read(action, from))
            .await
            .expect("read")
            .into_inner()
            .entries;
        assert_eq!(entries.len(), found, "{action} from {from}");
    }
    database.drop().await;
}
