//! Waiting for what a process does in the background (a reload, a publication, a
//! connection), without a fixed sleep.

use std::future::Future;
use std::time::Duration;

/// How often [`eventually`] checks again.
const EVERY: Duration = Duration::from_millis(50);

/// Checks `check` every 50 ms until it holds, for at most `within`: whether it held.
pub async fn eventually<F, Fut>(within: Duration, mut check: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + within;
    loop {
        if check().await {
            return true;
        }
        if tokio::time::Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(EVERY).await;
    }
}
