use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use svc_loyalty::{Application, Config};
use tonic::transport::Channel;

/// Spawns the service on a random loopback port and connects a client over real gRPC.
pub async fn spawn_loyalty() -> LoyaltyClient<Channel> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a loopback port");
    let addr = listener.local_addr().expect("local address");
    let config = Config::from_lookup(|_| None).expect("default configuration");
    let application = Application::build(config).await.expect("build the service");
    tokio::spawn(application.serve(listener, std::future::pending()));
    LoyaltyClient::connect(format!("http://{addr}"))
        .await
        .expect("connect to the service")
}
