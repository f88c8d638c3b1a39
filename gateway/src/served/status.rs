//! How a site's serving and publishing stand, for `/readyz`: written by the follower of
//! its catalogue versions, its publisher or its replica, read by the operations endpoint.

use std::sync::{Arc, Mutex};

use proto::catalogue::v1 as catalogue;

/// How publishing stands, for `/readyz`.
#[derive(Debug, Clone, Default)]
pub struct PublishState {
    /// Whether the catalogue's version stream is open.
    pub catalogue_connected: bool,
    /// A version not yet published (the catalogue or the renderer was away).
    pub pending: Option<catalogue::SiteVersion>,
    pub last_error: Option<String>,
    /// The revision last stored for the deployment (PUBLISH_NATS_URL).
    pub stored_revision: Option<String>,
    /// Why the current snapshot could not be stored; `None` once one is.
    pub store_error: Option<String>,
    /// What this gateway does for the site when revisions are stored for the
    /// deployment; `None`: it publishes it alone.
    pub role: Option<Role>,
}

#[derive(Debug, Clone, Default)]
pub struct PublishStatus(Arc<Mutex<PublishState>>);

impl PublishStatus {
    pub fn get(&self) -> PublishState {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    pub fn update(&self, change: impl FnOnce(&mut PublishState)) {
        change(
            &mut self
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
    }
}

/// What a gateway does for a site when revisions are stored for the deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// It holds the site's lease: it renders, publishes and stores the site.
    Publisher,
    /// It serves the revision the lease's holder stored.
    Replica,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Publisher => "publisher",
            Role::Replica => "replica",
        }
    }
}
