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
    assert!(proto::serving::probe(&catalogue.addr).await);
}

#[tokio::test]
async fn server_reflection_lists_the_catalogue_service() {
    use tonic_reflection::pb::v1::ServerReflectionRequest;
    use tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient;
    use tonic_reflection::pb::v1::server_reflection_request::MessageRequest;
    use tonic_reflection::pb::v1::server_reflection_response::MessageResponse;

    let catalogue = spawn_demo().await;
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", catalogue.addr))
        .expect("a URI")
        .connect()
        .await
        .expect("connect");
    let mut client = ServerReflectionClient::new(channel);
    let request = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut replies = client
        .server_reflection_info(tokio_stream::iter([request]))
        .await
        .expect("a reflection stream")
        .into_inner();
    let reply = replies
        .message()
        .await
        .expect("a reply")
        .expect("one message");
    let Some(MessageResponse::ListServicesResponse(list)) = reply.message_response else {
        panic!("expected a service list");
    };
    let names: Vec<String> = list.service.into_iter().map(|s| s.name).collect();
    assert!(
        names.contains(&"catalogue.v1.Catalogue".to_owned()),
        "{names:?}"
    );
    assert!(
        names.contains(&"grpc.health.v1.Health".to_owned()),
        "{names:?}"
    );
}
