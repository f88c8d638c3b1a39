//! The resilience harness: the platform's real binaries run as separate processes on
//! loopback ports, so tests can kill, restart and signal them the way an orchestrator
//! or an outage would. The tests live in `tests/chaos/`, one module per scenario
//! (`make chaos`).
//!
//! # Layout
//!
//! - [`process`]: one child process with its log file: start, kill, SIGTERM, restart.
//! - [`stack`]: the gateway, the four services and the renderer as processes on free ports.
//! - [`deployment`]: a private nats-server and more gateways, publishers or not, beside it.
//! - [`postgres`]: a private PostgreSQL instance that a test may restart.
//! - [`collector`]: a stand-in OpenTelemetry collector that keeps what it receives.
//! - [`load`]: a member API client and the timed results of requests under load.
//! - [`site`]: the published site under an outage: a bundle to change, readers of it.

pub mod collector;
pub mod deployment;
pub mod load;
pub mod postgres;
pub mod process;
pub mod site;
pub mod stack;

use std::path::PathBuf;
use std::time::Duration;

pub use test_support::net::free_port;
pub use test_support::polling::eventually;

/// The operations listener (OPS_ADDR) of each gateway process the harness starts, by the
/// gateway's base URL: `/readyz` in full and `/metrics` are answered there only.
static OPERATIONS: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());

/// A free loopback OPS_ADDR for the gateway at `url`, remembered for [`ops_url`].
pub fn operations_address(url: &str) -> String {
    let addr = format!("127.0.0.1:{}", free_port());
    OPERATIONS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .push((url.to_owned(), format!("http://{addr}")));
    addr
}

/// The base URL of the operations listener of the gateway at `url`.
pub fn ops_url(url: &str) -> String {
    OPERATIONS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .iter()
        .rev()
        .find(|(gateway, _)| gateway == url)
        .map(|(_, ops)| ops.clone())
        .unwrap_or_else(|| panic!("{url} is no gateway the harness started"))
}

/// The workspace root (the site bundle and `target/` live there).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Held for the whole of a scenario: each starts the whole stack, and side by side on two
/// cores their timings would say more about the machine than about the stack. An async
/// lock, so a scenario may hold it across its awaits.
pub async fn one_scenario_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    static SCENARIO: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    SCENARIO.lock().await
}

/// An HTTP client for the tests, with its timeout, on the platform's one TLS stack.
pub fn http_client(timeout: Duration) -> reqwest::Client {
    platform::tls::http_client()
        .timeout(timeout)
        .build()
        .expect("an HTTP client")
}

/// A fresh directory for one test's logs and data, kept after the test for reading.
pub fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cinema-chaos-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a test directory");
    dir
}
