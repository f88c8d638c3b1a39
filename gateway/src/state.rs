//! What every handler shares: one allocation behind an `Arc`, because axum clones the
//! state for every extractor of every request (the gRPC clients alone are costly to clone).

use std::ops::Deref;
use std::sync::Arc;

use crate::client_address::TrustedProxies;
use crate::clients::Services;
use crate::publish::renderer::Renderer;
use crate::publish::{PublishStatus, Published};
use crate::site_snapshot::SiteCache;
use crate::third_party_proxy::ThirdPartyProxy;
use crate::ticketing_sandbox::TicketingSandbox;
use crate::web::WebApp;

#[derive(Debug, Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }
}

impl Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

#[derive(Debug)]
pub struct Shared {
    pub services: Services,
    pub site: SiteCache,
    /// The published site: pages, page data, app data, sitemap.
    pub published: Published,
    pub publish_status: PublishStatus,
    /// The renderer the publisher calls, asked for its health by `/readyz`.
    pub renderer: Renderer,
    pub web: WebApp,
    pub third_party_proxy: ThirdPartyProxy,
    /// LOYALTY_BRAND, lower-cased: the session headers are `{brand}-session-token`.
    pub loyalty_brand: String,
    /// Whether `/ticketing-sandbox/` is served and ticketing links lead to it
    /// (TICKETING_SANDBOX).
    pub ticketing_sandbox: TicketingSandbox,
    /// The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES).
    pub trusted_proxies: TrustedProxies,
    /// Site search's recent answers, for the catalogue version being served.
    pub search_answers: crate::api::SearchAnswers,
    /// How many requests past the published files are answered at once
    /// (GATEWAY_MAX_IN_FLIGHT); more are refused with 503.
    pub max_in_flight: usize,
}
