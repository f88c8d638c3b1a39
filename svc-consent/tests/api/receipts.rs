use proto::consent::v1::RecordReceiptRequest;

use svc_consent::store::ReceiptStore;

use crate::helpers::{spawn_consent, spawn_consent_in};

fn a_receipt() -> RecordReceiptRequest {
    RecordReceiptRequest {
        regulation: "ccpa".to_owned(),
        choices: [("doNotSell".to_owned(), true)].into(),
        policy_version: "2026-01".to_owned(),
        client_address: "203.0.113.7".to_owned(),
    }
}

/// `receipt` as a call about `site`.
fn on_site(site: &str, receipt: RecordReceiptRequest) -> tonic::Request<RecordReceiptRequest> {
    let mut call = tonic::Request::new(receipt);
    call.metadata_mut().insert(
        proto::site::METADATA,
        site.parse().expect("a metadata value"),
    );
    call
}

#[tokio::test]
async fn a_receipt_is_its_sites_own_and_a_call_naming_none_is_the_default_sites() {
    let data_dir = test_support::dirs::fresh_dir("consent_sites");
    let (mut client, _) = spawn_consent_in(&data_dir).await;
    let on_single = client
        .record_receipt(on_site("single", a_receipt()))
        .await
        .expect("stored")
        .into_inner();
    let unnamed = client
        .record_receipt(a_receipt())
        .await
        .expect("stored")
        .into_inner();
    let refused = client
        .record_receipt(on_site("Not a site", a_receipt()))
        .await
        .expect_err("refused");
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);

    let url = format!(
        "sqlite://{}?mode=rwc",
        data_dir.join("consent.sqlite").display()
    );
    let store = ReceiptStore::connect(&url).await.expect("the same store");
    let site_of = async |id: &str| {
        let mut sites = Vec::new();
        for site in ["demo", "single"] {
            if store.find(site, id).await.expect("read").is_some() {
                sites.push(site);
            }
        }
        sites
    };
    assert_eq!(site_of(&on_single.id).await, ["single"]);
    assert_eq!(site_of(&unnamed.id).await, ["demo"]);
    let _ = std::fs::remove_dir_all(data_dir);
}

#[tokio::test]
async fn a_receipt_is_stored_with_an_id_and_a_utc_time() {
    let (mut client, _) = spawn_consent().await;
    let receipt = client
        .record_receipt(RecordReceiptRequest {
            regulation: "ccpa".to_owned(),
            choices: [("doNotSell".to_owned(), true)].into(),
            policy_version: "2026-01".to_owned(),
            client_address: "203.0.113.7".to_owned(),
        })
        .await
        .expect("stored")
        .into_inner();
    assert_eq!(receipt.id.len(), 36);
    assert!(
        receipt.recorded_at.ends_with('Z'),
        "{}",
        receipt.recorded_at
    );
}

#[tokio::test]
async fn a_receipt_without_choices_is_an_invalid_argument_naming_the_field() {
    let (mut client, _) = spawn_consent().await;
    let status = client
        .record_receipt(RecordReceiptRequest {
            regulation: "gdpr".to_owned(),
            policy_version: "2026-01".to_owned(),
            ..Default::default()
        })
        .await
        .expect_err("no choices");
    assert_eq!(status.code(), tonic::Code::InvalidArgument);
    assert!(
        status.message().starts_with("choices"),
        "{}",
        status.message()
    );
}

#[tokio::test]
async fn server_reflection_lists_the_consent_service_alone_in_both_versions() {
    let (_, addr) = crate::helpers::spawn_consent().await;
    let listed = test_support::reflection::listed_services(&addr).await;
    let expected = test_support::reflection::listing_of(&["consent.v1.Consent"]);
    assert_eq!(
        listed.expect("reflection answers"),
        (expected.clone(), expected)
    );
}
