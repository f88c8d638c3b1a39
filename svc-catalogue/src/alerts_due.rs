//! The hourly check of members' alerts (docs/architecture.md#catalogue-events): what time
//! alone makes true (a last showtime now within days, a sold-out first showtime with seats
//! again) is told by the replica that leads; commits tell the rest.

use std::time::Duration;

use crate::leadership::Leadership;
use crate::store::Store;

/// How often the leading replica tells what time alone made true (a last showtime now
/// within days, a sold-out first showtime with seats again): commits tell the rest.
pub const CHECKED_EVERY: Duration = Duration::from_secs(60 * 60);

/// Tells the alerts that came due, at start and every [`CHECKED_EVERY`], while this
/// replica leads.
pub async fn keep_checking(store: Store, mut leadership: Leadership) {
    loop {
        leadership.until_leading().await;
        match store.tell_alerts_due().await {
            Ok(0) => {}
            Ok(told) => tracing::info!(told, "alerts came due"),
            Err(error) => {
                tracing::warn!(%error, "the alerts due could not be checked; again in an hour")
            }
        }
        tokio::time::sleep(CHECKED_EVERY).await;
    }
}
