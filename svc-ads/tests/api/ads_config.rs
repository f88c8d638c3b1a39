use proto::ads::v1::ads_client::AdsClient;
use proto::ads::v1::{AdsSettings, GetAdsConfigRequest};
use svc_ads::{Application, Config};
use tonic::transport::Channel;

async fn spawn_ads() -> (AdsClient<Channel>, String) {
    let config = Config::from_lookup(|_| None).expect("defaults");
    let application = Application::build(config).await.expect("builds");
    let addr = test_support::net::spawn_on_loopback(|listener| {
        application.serve(listener, std::future::pending())
    })
    .await;
    let client = AdsClient::connect(format!("http://{addr}"))
        .await
        .expect("connect");
    (client, addr)
}

#[tokio::test]
async fn a_page_gets_its_ad_set_up_over_grpc() {
    let (mut client, _) = spawn_ads().await;
    let setup = client
        .get_ads_config(GetAdsConfigRequest {
            settings: Some(AdsSettings {
                ads_display: "PROGRAMMATIC".to_owned(),
                ads_location: vec!["PULSE".to_owned()],
                country_code: "fr".to_owned(),
                is_single_location: true,
                ..Default::default()
            }),
            path: "/".to_owned(),
            theater_name: "Le Grand Rex".to_owned(),
            ..Default::default()
        })
        .await
        .expect("a set-up")
        .into_inner();
    assert_eq!(setup.page_path, "/120157152/WMP_FR_WEB/allads/le-grand-rex");
    assert_eq!(setup.slots[0].container, "PulsePromoContainer");
}

#[tokio::test]
async fn a_request_without_a_path_is_an_invalid_argument() {
    let (mut client, _) = spawn_ads().await;
    let status = client
        .get_ads_config(GetAdsConfigRequest::default())
        .await
        .expect_err("no path");
    assert_eq!(status.code(), tonic::Code::InvalidArgument);
    assert!(status.message().starts_with("path:"));
}

#[tokio::test]
async fn the_health_service_reports_serving() {
    let (_, addr) = spawn_ads().await;
    assert!(platform::serving::probe(&addr).await);
}

#[tokio::test]
async fn server_reflection_lists_the_ads_service_alone_in_both_versions() {
    let (_, addr) = spawn_ads().await;
    let listed = test_support::reflection::listed_services(&addr).await;
    let expected = test_support::reflection::listing_of(&["ads.v1.Ads"]);
    assert_eq!(
        listed.expect("reflection answers"),
        (expected.clone(), expected)
    );
}
