use proto::consent::v1::RecordReceiptRequest;

use crate::helpers::spawn_consent;

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
