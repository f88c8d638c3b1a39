//! What every handler shares.

use crate::clients::Services;
use crate::metrics::Metrics;
use crate::site_snapshot::SiteCache;
use crate::web::WebApp;

#[derive(Debug, Clone)]
pub struct AppState {
    pub services: Services,
    pub site: SiteCache,
    pub metrics: Metrics,
    pub web: WebApp,
}
