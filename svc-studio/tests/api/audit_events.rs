//! The audit log on NATS (docs/asyncapi.yaml, `studio.audit.{siteId}`): an entry goes
//! out once its change succeeded, naming the staff member by id only, as the document
//! describes it; with NATS away it waits in the outbox and goes out when NATS answers.

use std::time::Duration;

use futures_util::StreamExt;
use proto::studio::v1::RemoveGrantRequest;
use serde_json::{Value, json};
use svc_studio::domain::access::Role;

use crate::helpers::{on, spawn_studio_with, staff};

/// The site of this test binary's events: no other test publishes on its subject.
fn site() -> String {
    format!("audit-events-{}", std::process::id())
}

/// An admin of the site removes a viewer's access: one audit entry, `staff.removed`.
async fn remove_a_viewer(studio: &mut crate::helpers::TestStudio, site: &str) {
    let admin = staff(studio, "ed@chain.example", Role::Admin, site).await;
    staff(studio, "vi@chain.example", Role::Viewer, site).await;
    let viewer = studio
        .client
        .list_site_staff(on(&admin, site))
        .await
        .expect("listed")
        .into_inner()
        .staff
        .into_iter()
        .filter_map(|held| held.staff)
        .find(|staff| staff.email == "vi@chain.example")
        .expect("the viewer");
    studio
        .client
        .remove_grant(RemoveGrantRequest {
            session_token: admin,
            site_id: site.to_owned(),
            staff_id: viewer.id,
            client_address: "192.0.2.7".to_owned(),
        })
        .await
        .expect("removed");
}

#[tokio::test]
async fn an_audit_entry_goes_out_on_its_sites_subject_without_personal_data() {
    let site = site();
    let (url, mut events) = test_support::events::subscribe(&format!("studio.audit.{site}")).await;
    let mut studio = spawn_studio_with(
        &test_support::dirs::fresh_dir("studio_api"),
        &[("NATS_URL", &url)],
    )
    .await;
    remove_a_viewer(&mut studio, &site).await;

    let message = tokio::time::timeout(Duration::from_secs(10), events.next())
        .await
        .expect("an event within seconds")
        .expect("a message");
    let payload: Value = serde_json::from_slice(&message.payload).expect("JSON");
    assert_eq!(payload["action"], "staff.removed");
    assert_eq!(payload["siteId"], site.as_str());
    assert_eq!(payload["role"], "admin");
    assert_eq!(
        payload["changes"]["role"],
        json!({"before": "viewer", "after": null})
    );
    assert_eq!(payload["target"], Value::Null, "the target was an address");
    let id = message
        .headers
        .as_ref()
        .and_then(|headers| headers.get("Nats-Msg-Id"))
        .map(ToString::to_string);
    assert_eq!(id.as_deref(), payload["eventId"].as_str());
    let text = String::from_utf8_lossy(&message.payload);
    for personal in ["ed@chain.example", "vi@chain.example", "192.0.2.7"] {
        assert!(!text.contains(personal), "{personal} in {text}");
    }
    test_support::events::match_the_asyncapi_document(
        &json!({"subject": message.subject.as_str(), "payload": payload}).to_string(),
    );
}

#[tokio::test]
async fn with_nats_away_entries_wait_in_the_outbox_and_go_out_when_it_answers() {
    let port = test_support::net::free_port();
    let data_dir = test_support::dirs::fresh_dir("studio_api");
    let mut studio = spawn_studio_with(
        &data_dir,
        &[("NATS_URL", &format!("nats://127.0.0.1:{port}"))],
    )
    .await;
    remove_a_viewer(&mut studio, "demo").await;
    let studio_store = svc_studio::studio(&studio.config).await.expect("the store");
    let waiting = svc_studio::audit::OUTBOX
        .backlog(studio_store.store.pool())
        .await
        .expect("counted");
    assert_eq!(waiting, 1, "the entry's event waits");

    // NATS comes: a nats-server of this test's own on that port.
    let mut server = std::process::Command::new("nats-server")
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("nats-server runs (make test installs it)");
    let sent = test_support::polling::eventually(Duration::from_secs(15), || async {
        svc_studio::audit::OUTBOX
            .backlog(studio_store.store.pool())
            .await
            .is_ok_and(|backlog| backlog == 0)
    })
    .await;
    server.kill().ok();
    server.wait().ok();
    assert!(sent, "the waiting event went out once NATS answered");
}
