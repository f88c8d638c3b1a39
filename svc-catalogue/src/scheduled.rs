//! Drafts published at their time (docs/studio.md#drafts-and-publishing): the schedule
//! is a row of the store, so it survives restarts, and one found in the past at a start
//! is published at once. Every replica runs this; the store lets one publish each.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::store::{Store, StoreError};

/// How long at most between two looks at the schedule: a publish another replica
/// scheduled is seen within it.
const LOOKED_AT_EVERY: Duration = Duration::from_secs(30);

/// Publishes each site's draft at its time until the returned task is aborted; `notified`
/// wakes it when a publish is scheduled here.
pub fn keep_publishing(store: Store, notified: Arc<Notify>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let wait = match publish_due(&store).await {
                Ok(wait) => wait,
                Err(error) => {
                    tracing::warn!(%error, "scheduled publishing: the store failed; again in a few seconds");
                    Duration::from_secs(5)
                }
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = notified.notified() => {}
            }
        }
    })
}

/// Publishes every draft due now; answers how long until the next one is due.
async fn publish_due(store: &Store) -> Result<Duration, StoreError> {
    let now = jiff::Timestamp::now().as_second();
    let (due, next) = store.due_publications(now).await?;
    for site_id in due {
        match store.publish_scheduled(&site_id, now).await {
            Ok(Some(commit)) => tracing::info!(
                site = %site_id,
                revision = %commit.revision,
                changed = commit.changed,
                "published the draft at its time"
            ),
            Ok(None) => {}
            Err(
                error @ (StoreError::Stale(_) | StoreError::Conflict(_) | StoreError::EmptyDraft),
            ) => {
                tracing::warn!(site = %site_id, %error, "the draft was not published at its time");
            }
            Err(error) => return Err(error),
        }
    }
    let until_next = next.map_or(LOOKED_AT_EVERY, |next| {
        Duration::from_secs(u64::try_from(next - now).unwrap_or(1))
    });
    Ok(until_next.min(LOOKED_AT_EVERY))
}
