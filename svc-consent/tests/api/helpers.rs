use proto::consent::v1::consent_client::ConsentClient;
use svc_consent::{Application, Config};
use tonic::transport::Channel;

/// The service on a random loopback port, its receipts in a fresh SQLite folder.
pub async fn spawn_consent() -> (ConsentClient<Channel>, String) {
    spawn_consent_in(&test_support::dirs::fresh_dir("consent_api")).await
}

/// The service on a random loopback port, its receipts in a SQLite file in `data_dir`.
pub async fn spawn_consent_in(data_dir: &std::path::Path) -> (ConsentClient<Channel>, String) {
    let data_dir = data_dir.display().to_string();
    let config = Config::from_lookup(|name| (name == "DATA_DIR").then(|| data_dir.clone()))
        .expect("defaults");
    let application = Application::build(config).await.expect("builds");
    let addr = test_support::net::spawn_on_loopback(|listener| {
        application.serve(listener, std::future::pending())
    })
    .await;
    let client = ConsentClient::connect(format!("http://{addr}"))
        .await
        .expect("connect");
    (client, addr)
}
