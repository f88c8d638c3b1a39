//! The catalogue being served: one immutable revision per site, rebuilt from the store
//! after each commit (this process's, or on PostgreSQL any replica's) and swapped in
//! whole; after commits that changed only showtimes (schedule calls, seats), made from
//! the revision before and the theaters' schedules and seats that changed. Whoever watches it ([`SharedCatalogue::subscribe`])
//! hears of each new revision.

use std::sync::Arc;

use tokio::sync::{broadcast, watch};

use crate::Error;
use crate::domain::Catalogue;
use crate::store::sites::Changes;
use crate::store::{EVERY_SITE, Store};

/// The catalogue being served, shared by the gRPC handlers and the follower.
#[derive(Debug, Clone)]
pub struct SharedCatalogue {
    current: Arc<watch::Sender<Arc<Catalogue>>>,
}

impl SharedCatalogue {
    pub fn new(catalogue: Catalogue) -> SharedCatalogue {
        SharedCatalogue {
            current: Arc::new(watch::Sender::new(Arc::new(catalogue))),
        }
    }

    pub fn get(&self) -> Arc<Catalogue> {
        self.current.borrow().clone()
    }

    /// Sees each catalogue that replaces the current one.
    pub fn subscribe(&self) -> watch::Receiver<Arc<Catalogue>> {
        self.current.subscribe()
    }

    fn replace(&self, catalogue: Catalogue) {
        self.current.send_replace(Arc::new(catalogue));
    }
}

/// The site's catalogue as the store holds it now, with the store's version of it.
pub async fn read(store: &Store, site_id: &str) -> Result<(i64, Catalogue), Error> {
    let stored = store
        .load_site(site_id)
        .await?
        .ok_or_else(|| Error::NoSite(site_id.to_owned()))?;
    let catalogue = tokio::task::spawn_blocking({
        let site_id = site_id.to_owned();
        // Building the search index would hold up the gRPC calls sharing this thread.
        move || Catalogue::build(&site_id, &stored.revision, stored.content)
    })
    .await
    .map_err(|failed| Error::Unreadable {
        site: site_id.to_owned(),
        problem: failed.to_string(),
    })??;
    Ok((stored.version, catalogue))
}

/// Follows the store's commits to `shared`'s site from `version` on, until the returned
/// task is aborted. Commits that come while a revision is being built are taken together.
pub fn follow(store: Store, shared: SharedCatalogue, version: i64) -> tokio::task::JoinHandle<()> {
    let mut commits = store.commits();
    tokio::spawn(async move {
        let site_id = shared.get().site_id.clone();
        let mut served = version;
        loop {
            match commits.recv().await {
                Ok(site) if site != site_id && site != EVERY_SITE => continue,
                // Lagging behind, commits were missed: read again.
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return,
            }
            // What came meanwhile is read with this.
            while commits.try_recv().is_ok() {}
            match store.changes_since(&site_id, served).await {
                Ok(Changes::None) => continue,
                Ok(Changes::Showtimes {
                    version,
                    revision,
                    schedules,
                    seats,
                }) => {
                    let current = shared.get();
                    let next = tokio::task::spawn_blocking(move || {
                        current.with_showtimes(&revision, schedules, &seats)
                    })
                    .await;
                    match next {
                        Ok(Ok(next)) => {
                            tracing::debug!(site = %site_id, revision = %next.revision, "catalogue revision served (showtimes)");
                            served = version;
                            shared.replace(next);
                            continue;
                        }
                        // Read whole below: what it cannot serve stops the revision there.
                        Ok(Err(error)) => {
                            tracing::warn!(%error, site = %site_id, "catalogue: the showtimes changed cannot be patched in; reading the site whole");
                        }
                        Err(_) => continue,
                    }
                }
                Ok(Changes::Records) => {}
                Err(error) => {
                    tracing::error!(%error, site = %site_id, "catalogue: reading the changes failed");
                    continue;
                }
            }
            match read(&store, &site_id).await {
                Ok((version, catalogue)) if version > served => {
                    tracing::info!(site = %site_id, revision = %catalogue.revision, "catalogue revision served");
                    served = version;
                    shared.replace(catalogue);
                }
                Ok(_) => {}
                Err(error) => {
                    tracing::error!(%error, site = %site_id, "catalogue: the new revision cannot be served; the last one keeps serving");
                }
            }
        }
    })
}
