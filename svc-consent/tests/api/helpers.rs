use proto::consent::v1::consent_client::ConsentClient;
use svc_consent::{Application, Config};
use tonic::transport::Channel;

/// The service on a random loopback port, its receipts in a fresh SQLite folder.
pub async fn spawn_consent() -> (ConsentClient<Channel>, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("an address").to_string();
    let data_dir = std::env::temp_dir().join(format!(
        "consent-api-{}-{}",
        std::process::id(),
        next_test_number()
    ));
    let data_dir = data_dir.display().to_string();
    let config = Config::from_lookup(|name| (name == "DATA_DIR").then(|| data_dir.clone()))
        .expect("defaults");
    let application = Application::build(config).await.expect("builds");
    tokio::spawn(application.serve(listener, std::future::pending()));
    let client = ConsentClient::connect(format!("http://{addr}"))
        .await
        .expect("connect");
    (client, addr)
}

/// A name part no other test in this run uses.
fn next_test_number() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
