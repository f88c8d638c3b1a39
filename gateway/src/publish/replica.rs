//! A gateway that does not publish (GATEWAY_PUBLISHES=false) serves each site's newest
//! revision from the deployment's store (docs/publishing.md#serving-gateways): it
//! follows the site's key, reads the revision's manifest, and serves its files through
//! the file cache. Nothing is rendered here; a new replica serves as soon as it has read
//! the manifests.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;

use super::depot::Depot;
use super::{PublishStatus, Published};
use crate::clients::Services;
use crate::site_data::{SiteCache, SiteData};

/// How long after the store or the catalogue failed the replica tries again.
const RETRY: Duration = Duration::from_secs(1);

/// One site's revisions, followed in the store.
#[derive(Debug, Clone)]
pub struct Replica {
    pub depot: Depot,
    pub site_id: String,
    pub published: Published,
    /// The site's configuration, read from the catalogue: the snapshot's site.
    pub site: SiteCache,
    pub services: Services,
    pub status: PublishStatus,
}

impl Replica {
    pub fn spawn(self) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move { self.run().await })
    }

    /// Serves each revision the site's key names, for as long as the gateway runs.
    async fn run(self) {
        loop {
            match self.depot.watch(&self.site_id).await {
                Ok(mut changes) => {
                    self.status.update(|state| state.catalogue_connected = true);
                    while let Some(change) = changes.next().await {
                        if change.is_err() {
                            break;
                        }
                        while let Err(error) = self.serve_newest().await {
                            self.failed(&error);
                            tokio::time::sleep(RETRY).await;
                        }
                    }
                }
                Err(error) => self.failed(&error.to_string()),
            }
            self.status
                .update(|state| state.catalogue_connected = false);
            tokio::time::sleep(RETRY).await;
        }
    }

    /// Serves the site's newest stored revision.
    async fn serve_newest(&self) -> Result<(), String> {
        let Some(manifest) = self
            .depot
            .revision(&self.site_id)
            .await
            .map_err(|error| error.to_string())?
        else {
            return Ok(());
        };
        let site = self.site_configuration().await?;
        let revision = manifest.revision.clone();
        let snapshot = manifest.into_snapshot(site)?;
        self.published.swap(snapshot);
        tracing::info!(site = %self.site_id, %revision, "stored revision served");
        self.status.update(|state| {
            state.stored_revision = Some(revision);
            state.last_error = None;
        });
        Ok(())
    }

    /// The site's configuration as the catalogue has it now: a revision may come with a
    /// changed setting (the trailing-slash rule, the policy for unpublished routes). The
    /// one read before serves when the catalogue does not answer.
    async fn site_configuration(&self) -> Result<Arc<SiteData>, String> {
        match self.site.refresh(&self.services).await {
            Ok(site) => Ok(site),
            Err(error) => match self.site.cached() {
                Some(site) => {
                    tracing::warn!(site = %self.site_id, %error, "the site's configuration could not be read again: the one read before serves");
                    Ok(site)
                }
                None => Err(format!("the site's configuration: {error}")),
            },
        }
    }

    /// Notes `error` for `/readyz`; logged when it is new, not at every retry.
    fn failed(&self, error: &str) {
        if self.status.get().last_error.as_deref() != Some(error) {
            tracing::warn!(site = %self.site_id, %error, "the newest stored revision is not served");
        }
        self.status
            .update(|state| state.last_error = Some(error.to_owned()));
    }
}
