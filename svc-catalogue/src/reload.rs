//! Hot reload: the bundle's files are fingerprinted every few seconds and reloaded when
//! they change. A broken new bundle is reported (an error log line, and the metrics
//! `catalogue_bundle_rejected` = 1 and `catalogue_bundle_rejections_total`) and the
//! last good one keeps serving. Whoever watches the catalogue ([`SharedCatalogue::subscribe`])
//! hears of each bundle that replaces it.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::bundle;
use crate::domain::Catalogue;

/// The catalogue being served, shared by the gRPC handlers and the watcher.
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

    /// Watches `dir` until the returned task is aborted.
    pub fn watch(&self, dir: PathBuf, every: Duration) -> tokio::task::JoinHandle<()> {
        let shared = self.clone();
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            // The fingerprint of a bundle that failed to load, so it is reported once.
            let mut rejected = String::new();
            loop {
                ticks.tick().await;
                let fingerprint = match off_runtime(&dir, bundle::fingerprint).await {
                    Ok(fingerprint) => fingerprint,
                    Err(error) => {
                        if rejected != "unreadable" {
                            tracing::error!(%error, "site bundle unreadable; serving the last good one");
                            report_rejection();
                            rejected = "unreadable".to_owned();
                        }
                        continue;
                    }
                };
                if fingerprint == shared.get().revision || fingerprint == rejected {
                    continue;
                }
                match off_runtime(&dir, bundle::load).await {
                    Ok(catalogue) => {
                        tracing::info!(revision = %catalogue.revision, "site bundle reloaded");
                        shared.replace(catalogue);
                        set_rejected(false);
                        rejected.clear();
                    }
                    Err(error) => {
                        tracing::error!(%error, "site bundle rejected; serving the last good one");
                        report_rejection();
                        rejected = fingerprint;
                    }
                }
            }
        })
    }
}

/// Runs `read` on tokio's blocking threads: reading the bundle's files and building its
/// search index would otherwise hold up the gRPC calls sharing this worker thread.
async fn off_runtime<T: Send + 'static>(
    dir: &Path,
    read: fn(&Path) -> Result<T, bundle::BundleError>,
) -> Result<T, bundle::BundleError> {
    let owned = dir.to_owned();
    tokio::task::spawn_blocking(move || read(&owned))
        .await
        .unwrap_or_else(|failed| {
            Err(bundle::BundleError::Read {
                file: dir.display().to_string(),
                source: std::io::Error::other(failed),
            })
        })
}

fn report_rejection() {
    metrics::counter!("catalogue_bundle_rejections_total").increment(1);
    set_rejected(true);
}

fn set_rejected(rejected: bool) {
    metrics::gauge!("catalogue_bundle_rejected").set(if rejected { 1.0 } else { 0.0 });
}
