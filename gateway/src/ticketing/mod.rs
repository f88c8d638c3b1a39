//! The hand-off to the ticketing site: the redirect endpoints ([`redirects`]) and the
//! stand-in ticketing site's pages ([`sandbox_pages`]), served only while it stands in
//! ([`crate::ticketing_sandbox`]).

pub mod redirects;
pub mod sandbox_pages;

use axum::Router;

use crate::clients::Services;
use crate::served::Published;
use crate::site_data::SiteCache;
use crate::ticketing_sandbox::TicketingSandbox;

/// The redirect endpoints, and the stand-in's pages while `sandbox` is on.
pub fn router(
    services: Services,
    site: SiteCache,
    sandbox: TicketingSandbox,
    published: Published,
) -> Router {
    let redirects = redirects::router(services, published, site.clone());
    if sandbox.is_on() {
        redirects.merge(sandbox_pages::router().with_state(site))
    } else {
        redirects
    }
}
