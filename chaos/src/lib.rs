//! The resilience harness: the platform's real binaries run as separate processes on
//! loopback ports, so tests can kill, restart and signal them the way an orchestrator
//! or an outage would. The tests live in `tests/chaos/`, one module per scenario
//! (`make chaos`).
//!
//! # Layout
//!
//! - [`process`]: one child process with its log file: start, kill, SIGTERM, restart.
//! - [`stack`]: the gateway, the four services and the renderer as processes on free ports.
//! - [`postgres`]: a private PostgreSQL instance that a test may restart.
//! - [`collector`]: a stand-in OpenTelemetry collector that keeps what it receives.
//! - [`load`]: a member API client and the timed results of requests under load.
//! - [`site`]: the published site under an outage: a bundle to change, readers of it.

pub mod collector;
pub mod load;
pub mod postgres;
pub mod process;
pub mod site;
pub mod stack;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU16, Ordering};
use std::time::Duration;

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

/// A loopback port free at the time of asking, below the kernel's ephemeral range (32768
/// and up on Linux). A process binds it a while after it is chosen, and meanwhile any
/// outgoing connection on the machine may take a port of the ephemeral range: a chosen
/// port there was once taken so, and svc-loyalty failed to start ("Address already in
/// use"). Each test process starts at its own place in the range.
pub fn free_port() -> u16 {
    const FIRST: u16 = 20_000;
    const COUNT: u16 = 12_000;
    static NEXT: AtomicU16 = AtomicU16::new(0);
    let start = (std::process::id() % u32::from(COUNT)) as u16;
    for _ in 0..COUNT {
        let offset = NEXT.fetch_add(1, Ordering::Relaxed);
        let port = FIRST + start.wrapping_add(offset) % COUNT;
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
    panic!("no free loopback port from {FIRST} to {}", FIRST + COUNT);
}

/// A fresh directory for one test's logs and data, kept after the test for reading.
pub fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cinema-chaos-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a test directory");
    dir
}

/// Polls `check` every 50 ms until it holds or `timeout` passes; answers whether it held.
pub async fn eventually<F, Fut>(timeout: Duration, mut check: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        if check().await {
            return true;
        }
        if tokio::time::Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
