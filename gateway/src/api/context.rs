//! What the JSON API's handlers read.

use std::sync::Arc;

use super::search_answers::SearchAnswers;
use crate::client_address::{KnowsProxies, TrustedProxies};
use crate::clients::Services;
use crate::publish::Published;
use crate::site_snapshot::SiteCache;
use crate::ticketing::sandbox::TicketingSandbox;

/// The API's state, shared by its handlers: one allocation, cloned per request as an
/// `Arc` (the gRPC clients alone are costly to clone).
pub type ApiState = Arc<ApiContext>;

#[derive(Debug)]
pub struct ApiContext {
    pub services: Services,
    pub site: SiteCache,
    /// The published snapshot, whose catalogue revision keys the kept search answers.
    pub published: Published,
    /// Whether booking links lead to the stand-in ticketing site.
    pub ticketing_sandbox: TicketingSandbox,
    /// The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES).
    pub trusted_proxies: TrustedProxies,
    /// Site search's recent answers, for the catalogue version being served.
    pub search_answers: SearchAnswers,
}

impl KnowsProxies for ApiContext {
    fn trusted_proxies(&self) -> &TrustedProxies {
        &self.trusted_proxies
    }
}
