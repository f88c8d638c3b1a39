use proto::consent::v1::consent_client::ConsentClient;
use proto::consent::v1::{EvaluateRequest, VendorStatus};
use svc_consent::{Application, Config};
use tonic::transport::Channel;

async fn spawn_consent() -> (ConsentClient<Channel>, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("an address").to_string();
    let config = Config::from_lookup(|_| None).expect("defaults");
    let application = Application::build(config).await.expect("builds");
    tokio::spawn(application.serve(listener, std::future::pending()));
    let client = ConsentClient::connect(format!("http://{addr}"))
        .await
        .expect("connect");
    (client, addr)
}

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
    assert!(proto::serving::probe(&addr).await);
}
