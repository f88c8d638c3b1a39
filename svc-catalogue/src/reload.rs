//! Hot reload: the bundle's files are fingerprinted every few seconds and reloaded when
//! they change. A broken new bundle is reported and the last good one keeps serving.

use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use crate::bundle;
use crate::domain::Catalogue;

/// The catalogue being served, shared by the gRPC handlers and the watcher.
#[derive(Debug, Clone)]
pub struct SharedCatalogue {
    current: Arc<RwLock<Arc<Catalogue>>>,
}

impl SharedCatalogue {
    pub fn new(catalogue: Catalogue) -> SharedCatalogue {
        SharedCatalogue {
            current: Arc::new(RwLock::new(Arc::new(catalogue))),
        }
    }

    pub fn get(&self) -> Arc<Catalogue> {
        self.current
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn replace(&self, catalogue: Catalogue) {
        *self
            .current
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(catalogue);
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
                let fingerprint = match bundle::fingerprint(&dir) {
                    Ok(fingerprint) => fingerprint,
                    Err(error) => {
                        if rejected != "unreadable" {
                            tracing::error!(%error, "site bundle unreadable; serving the last good one");
                            rejected = "unreadable".to_owned();
                        }
                        continue;
                    }
                };
                if fingerprint == shared.get().revision || fingerprint == rejected {
                    continue;
                }
                match bundle::load(&dir) {
                    Ok(catalogue) => {
                        tracing::info!(revision = %catalogue.revision, "site bundle reloaded");
                        shared.replace(catalogue);
                        rejected.clear();
                    }
                    Err(error) => {
                        tracing::error!(%error, "site bundle rejected; serving the last good one");
                        rejected = fingerprint;
                    }
                }
            }
        })
    }
}
