//! Loopback ports: where a service under test listens, and where nothing does.

use std::future::Future;
use std::sync::atomic::{AtomicU16, Ordering};

use tokio::net::TcpListener;

/// A loopback port nothing listens on now, for a server a test starts later or for an
/// address that refuses connections. It is below the kernel's ephemeral range (32768 and
/// up on Linux): a process binds it a while after it is chosen, and meanwhile any
/// outgoing connection on the machine may take a port of the ephemeral range (a chosen
/// port there was once taken so, and svc-loyalty failed to start, "Address already in
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

/// Spawns `serve` on a listener bound to a random loopback port, as each service's
/// `serve(listener, shutdown)` takes it, and answers the address (`127.0.0.1:PORT`). The
/// port is bound before this returns, so a client may connect at once.
pub async fn spawn_on_loopback<F>(serve: impl FnOnce(TcpListener) -> F) -> String
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    let listener = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a loopback port");
    let addr = listener.local_addr().expect("a local address").to_string();
    tokio::spawn(serve(listener));
    addr
}
