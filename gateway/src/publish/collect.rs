//! Collection of the published store (docs/publishing.md#collection): every
//! [`COLLECT_EVERY`], the publishing gateway that takes the `_collector` lease deletes
//! the objects that no site's retained revisions (the last PUBLISHED_KEEP_REVISIONS of
//! each) have named for [`COLLECTION_GRACE`]. Objects are shared by every site (they are
//! named by their bytes), so one collector reads every site's revisions.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::lease::Leases;
use super::store::COLLECTION_GRACE;
use crate::served::depot::Depot;

/// How often collection runs.
const COLLECT_EVERY: Duration = Duration::from_secs(60);

/// The collector's lease, a key no site id can be (site ids have no '_').
const COLLECTOR: &str = "_collector";

/// Collects for as long as the returned task runs.
pub fn spawn(depot: Depot, leases: Leases) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        // Since when each object was seen unnamed, by this gateway's runs in a row: a run
        // it did not make forgets it, so only what it saw unnamed throughout is deleted.
        let mut unnamed_since: HashMap<String, Instant> = HashMap::new();
        let mut ticks = tokio::time::interval(COLLECT_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let Ok(Some(lease)) = leases.try_hold(COLLECTOR).await else {
                unnamed_since.clear();
                continue;
            };
            match depot.collect(&mut unnamed_since, COLLECTION_GRACE).await {
                Ok(collected) if collected.deleted > 0 => {
                    tracing::info!(
                        deleted = collected.deleted,
                        retained = collected.retained,
                        waiting = collected.waiting,
                        "published store collected"
                    );
                }
                Ok(collected) => {
                    tracing::debug!(?collected, "published store collected");
                }
                Err(error) => {
                    unnamed_since.clear();
                    tracing::warn!(%error, "published store not collected; tried again later");
                }
            }
            leases.release(lease).await;
        }
    })
}
