//! What the JSON API's handlers read.

use std::sync::Arc;

use super::ingest_keys::CheckedKeys;
use crate::client_address::{KnowsProxies, TrustedProxies};
use crate::clients::Services;
use crate::served::KeptAnswers;
use crate::site_data::SiteCache;

/// The API's state, shared by its handlers: one allocation, cloned per request as an
/// `Arc` (the gRPC clients alone are costly to clone).
pub type ApiState = Arc<ApiContext>;

#[derive(Debug)]
pub struct ApiContext {
    pub services: Services,
    pub site: SiteCache,
    /// The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES).
    pub trusted_proxies: TrustedProxies,
    /// The catalogue's answers, kept for the revision being served.
    pub kept_answers: KeptAnswers,
    /// The ingest keys svc-catalogue accepted lately.
    pub ingest_keys: CheckedKeys,
}

impl KnowsProxies for ApiContext {
    fn trusted_proxies(&self) -> &TrustedProxies {
        &self.trusted_proxies
    }
}
