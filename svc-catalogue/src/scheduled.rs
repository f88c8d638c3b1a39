//! Drafts published at their time, and pages and events removed at their `unpublishAt`
//! (docs/studio.md#drafts-and-publishing): both are in the store, so they survive
//! restarts, and one found in the past at a start is carried out at once. Every replica
//! runs this; the store lets one publish each draft, and a record removed already is
//! not removed again.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::store::{Author, Store, StoreError};

/// How long at most between two looks at the schedule: a publish another replica
/// scheduled is seen within it.
const LOOKED_AT_EVERY: Duration = Duration::from_secs(30);

/// Publishes each site's draft, and removes each page and event, at its time until the
/// returned task is aborted; `notified` wakes it when a publish is scheduled here.
pub fn keep_publishing(store: Store, notified: Arc<Notify>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let due = async {
                Ok::<_, StoreError>(publish_due(&store).await?.min(unpublish_due(&store).await?))
            };
            let wait = match due.await {
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
    Ok(until(now, next))
}

/// Removes every page and event whose `unpublishAt` has come, each in a commit of its
/// own; answers how long until the next one is due.
async fn unpublish_due(store: &Store) -> Result<Duration, StoreError> {
    let now = jiff::Timestamp::now().as_second();
    let (due, next) = store.due_unpublications(now).await?;
    for record in due {
        let author = Author {
            name: "schedule",
            note: Some("Unpublished at its time"),
        };
        let (site, kind, id) = (&record.site_id, record.kind.name(), &record.id);
        match store.unpublish(&record, author).await {
            Ok(Some(commit)) => tracing::info!(
                site = %site,
                record = kind,
                id = %id,
                revision = %commit.revision,
                "unpublished at its time"
            ),
            // Changed since it was read, or removed by another replica: looked at again.
            Ok(None) => {}
            Err(error @ (StoreError::Database(_) | StoreError::Migrate(_))) => return Err(error),
            Err(error) => {
                tracing::warn!(site = %site, record = kind, id = %id, %error, "not unpublished at its time");
            }
        }
    }
    Ok(until(now, next))
}

/// How long from `now` until `next` (Unix seconds), looking again within
/// [`LOOKED_AT_EVERY`] whatever it is.
fn until(now: i64, next: Option<i64>) -> Duration {
    next.map_or(LOOKED_AT_EVERY, |next| {
        Duration::from_secs(u64::try_from(next - now).unwrap_or(1).max(1))
    })
    .min(LOOKED_AT_EVERY)
}
