//! A gateway that does not publish (GATEWAY_PUBLISHES=false) serves each site's newest
//! revision from the deployment's store (docs/publishing.md#serving-gateways): it
//! follows the site's key, reads the revision's manifest, and serves its files through
//! the file cache. Nothing is rendered here; a new replica serves as soon as it has read
//! the manifests. The site's configuration comes with the revision (the manifest names
//! it as an object): serving a revision asks the catalogue nothing.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;

use super::depot::Depot;
use super::manifest;
use super::{PublishStatus, Published};
use crate::clients::Services;
use crate::site_data::{self, SiteCache, SiteData};

/// How long after the store or the catalogue failed the replica tries again.
const RETRY: Duration = Duration::from_secs(1);

/// The metric of the catalogue calls made to serve stored revisions: none once every
/// revision carries its site.
const CATALOGUE_CALLS: &str = "gateway_stored_revision_catalogue_calls_total";

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
        // Shown from the start: 0 is the figure to watch.
        metrics::counter!(CATALOGUE_CALLS).increment(0);
        loop {
            match self.depot.watch(&self.site_id).await {
                Ok(mut changes) => {
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
        let site = match &manifest.site {
            Some(object) => self.stored_site(object).await?,
            None => self.site_configuration().await?,
        };
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

    /// The site the revision was published for, stored with it as `object`: the one
    /// served already when it is the same, else read from the store. No catalogue call.
    async fn stored_site(&self, object: &str) -> Result<Arc<SiteData>, String> {
        if let Some(site) = self.site.cached()
            && manifest::site_object(&site) == object
        {
            return Ok(site);
        }
        let source = self
            .depot
            .object(object)
            .await
            .map_err(|error| error.to_string())?;
        let site = Arc::new(site_data::from_source(&source, self.site.overrides())?);
        self.site.set(site.clone());
        Ok(site)
    }

    /// The site's configuration as the catalogue has it now, for a revision stored
    /// without its site (by a gateway of an earlier version). The one read before
    /// serves when the catalogue does not answer.
    async fn site_configuration(&self) -> Result<Arc<SiteData>, String> {
        metrics::counter!(CATALOGUE_CALLS).increment(1);
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
