//! What a gRPC client learns through server reflection, in both protocol versions: the
//! services a server lists. The services' tests ask it of each process; an operator can
//! ask the same with grpcurl (`grpcurl -plaintext HOST:PORT list`).

use tonic::transport::{Channel, Endpoint};

/// What a process serving `services` lists, sorted: them, health, and reflection in
/// both versions (see `platform::serving::serve`).
pub fn listing_of(services: &[&str]) -> Vec<String> {
    use platform::serving::{HEALTH_SERVICE, REFLECTION_V1, REFLECTION_V1ALPHA};
    let mut names: Vec<String> = services
        .iter()
        .chain(&[HEALTH_SERVICE, REFLECTION_V1, REFLECTION_V1ALPHA])
        .map(|name| (*name).to_owned())
        .collect();
    names.sort();
    names
}

/// The services the server at `addr` (host:port) lists over reflection v1 and v1alpha,
/// each list sorted.
pub async fn listed_services(addr: &str) -> Result<(Vec<String>, Vec<String>), tonic::Status> {
    let channel = Endpoint::from_shared(format!("http://{addr}"))
        .map_err(|error| tonic::Status::invalid_argument(error.to_string()))?
        .connect()
        .await
        .map_err(|error| tonic::Status::unavailable(error.to_string()))?;
    Ok((
        list_v1(channel.clone()).await?,
        list_v1alpha(channel).await?,
    ))
}

/// One ListServices exchange in the reflection protocol version `$version`: the two
/// versions' messages are the same but for their package.
macro_rules! list_services {
    ($name:ident, $version:ident) => {
        async fn $name(channel: Channel) -> Result<Vec<String>, tonic::Status> {
            use tonic_reflection::pb::$version::ServerReflectionRequest;
            use tonic_reflection::pb::$version::server_reflection_client::ServerReflectionClient;
            use tonic_reflection::pb::$version::server_reflection_request::MessageRequest;
            use tonic_reflection::pb::$version::server_reflection_response::MessageResponse;
            let request = ServerReflectionRequest {
                host: String::new(),
                message_request: Some(MessageRequest::ListServices(String::new())),
            };
            let mut replies = ServerReflectionClient::new(channel)
                .server_reflection_info(tokio_stream::iter([request]))
                .await?
                .into_inner();
            match replies
                .message()
                .await?
                .and_then(|reply| reply.message_response)
            {
                Some(MessageResponse::ListServicesResponse(list)) => {
                    let mut names: Vec<String> = list
                        .service
                        .into_iter()
                        .map(|service| service.name)
                        .collect();
                    names.sort();
                    Ok(names)
                }
                _ => Err(tonic::Status::internal(concat!(
                    "no service list over reflection ",
                    stringify!($version)
                ))),
            }
        }
    };
}

list_services!(list_v1, v1);
list_services!(list_v1alpha, v1alpha);
