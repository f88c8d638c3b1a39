use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

use crate::helpers::spawn_demo;

#[tokio::test]
async fn the_standard_health_service_reports_serving() {
    let catalogue = spawn_demo().await;
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", catalogue.addr))
        .expect("a URI")
        .connect()
        .await
        .expect("connect");
    let reply = HealthClient::new(channel)
        .check(HealthCheckRequest {
            service: "catalogue.v1.Catalogue".to_owned(),
        })
        .await
        .expect("a health answer");
    assert_eq!(reply.into_inner().status, ServingStatus::Serving as i32);
    assert!(platform::serving::probe(&catalogue.addr).await);
}

#[tokio::test]
async fn server_reflection_lists_the_catalogue_its_ingest_api_drafts_sites_media_and_points_of_sale_alone_in_both_versions()
 {
    let catalogue = spawn_demo().await;
    let listed = test_support::reflection::listed_services(&catalogue.addr).await;
    let expected = test_support::reflection::listing_of(&[
        "catalogue.v1.Catalogue",
        "catalogue.v1.Drafts",
        "catalogue.v1.Ingest",
        "catalogue.v1.Media",
        "catalogue.v1.PointsOfSale",
        "catalogue.v1.Sites",
    ]);
    assert_eq!(
        listed.expect("reflection answers"),
        (expected.clone(), expected)
    );
}
