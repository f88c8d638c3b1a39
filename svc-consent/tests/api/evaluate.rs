use proto::consent::v1::{EvaluateRequest, VendorStatus};

use crate::helpers::spawn_consent;

fn vendor(granted: Option<bool>) -> VendorStatus {
    VendorStatus { granted }
}

#[tokio::test]
async fn gdpr_with_every_required_vendor_granted_enables_trackers() {
    let (mut client, _) = spawn_consent().await;
    let reply = client
        .evaluate(EvaluateRequest {
            regulation: "gdpr".to_owned(),
            consent_required: true,
            vendors: [
                ("google-analytics".to_owned(), vendor(Some(true))),
                ("bing".to_owned(), vendor(Some(true))),
                ("adobe-analytics".to_owned(), vendor(Some(true))),
            ]
            .into(),
            cmp_enabled: true,
            ..Default::default()
        })
        .await
        .expect("a decision")
        .into_inner();
    assert_eq!(reply.state, "granted");
    assert!(reply.trackers_enabled);
}

#[tokio::test]
async fn gdpr_with_a_refusal_is_denied_and_keeps_trackers_off() {
    let (mut client, _) = spawn_consent().await;
    let reply = client
        .evaluate(EvaluateRequest {
            regulation: "gdpr".to_owned(),
            consent_required: true,
            vendors: [
                ("google-analytics".to_owned(), vendor(Some(false))),
                ("bing".to_owned(), vendor(None)),
            ]
            .into(),
            cmp_enabled: true,
            ..Default::default()
        })
        .await
        .expect("a decision")
        .into_inner();
    assert_eq!(reply.state, "denied");
    assert!(!reply.trackers_enabled);
}

#[tokio::test]
async fn the_health_service_reports_serving() {
    let (_, addr) = spawn_consent().await;
    assert!(platform::serving::probe(&addr).await);
}
