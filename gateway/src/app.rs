//! The whole HTTP surface: each area's router, given the part of the gateway's state it
//! reads, merged; then the layers every response goes through.

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::compression::CompressionLayer;

use crate::api::ApiContext;
use crate::client_address::TrustedProxies;
use crate::clients::Services;
use crate::error::error_response;
use crate::external_scripts::proxy::ThirdPartyProxy;
use crate::extract::MAX_BODY_BYTES;
use crate::loyalty::LoyaltyContext;
use crate::ops::{OpsContext, SiteStates};
use crate::publish::BackgroundWork;
use crate::publish::draft_preview::DraftPreview;
use crate::publish::lease::Leases;
use crate::publish::renderer::Renderer;
use crate::served::cache::FileCache;
use crate::served::depot::Depot;
use crate::served::{AnswerCache, KeptAnswers, PublishStatus, Published};
use crate::site_data::SiteCache;
use crate::ticketing_sandbox::TicketingSandbox;
use crate::web::{WebApp, WebContext};
use crate::{
    api, external_scripts, loyalty, ops, request_context, security, served, ticketing, web,
};

/// Everything the areas read of one site, made when the site is first served.
#[derive(Debug)]
pub struct Shared {
    /// The site's id, as the catalogue stores it.
    pub site_id: String,
    /// The origin its pages are published for.
    pub origin: String,
    /// The services' clients, every call naming the site.
    pub services: Services,
    pub site: SiteCache,
    /// The published site: pages, page data, app data, sitemap.
    pub published: Published,
    /// The catalogue's JSON answers, kept for the revision being served.
    pub kept_answers: KeptAnswers,
    pub publish_status: PublishStatus,
    pub common: Common,
}

/// What every site's application shares, made once at start-up.
#[derive(Debug, Clone)]
pub struct Common {
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
    /// How many requests past the published files are answered at once
    /// (GATEWAY_MAX_IN_FLIGHT), per site; more are refused with 503.
    pub max_in_flight: usize,
    /// How every site stands, for `/readyz`.
    pub sites: SiteStates,
    /// What every site's publisher shares.
    pub background: BackgroundWork,
    /// Where every site's published revisions are stored for the deployment
    /// (PUBLISH_NATS_URL), under its id (the default site's: SITE_ID): written by a
    /// gateway that publishes, read by one that does not.
    pub depot: Option<Depot>,
    pub default_site_id: String,
    /// Where the sites' stored files are read (with PUBLISH_NATS_URL).
    pub file_cache: Option<FileCache>,
    /// Every site's kept JSON API answers, in one budget (GATEWAY_ANSWERS_MB).
    pub answer_cache: AnswerCache,
    /// The sites' publishing leases, which a publishing gateway asks for (with
    /// PUBLISH_NATS_URL); `None` for one that does not publish.
    pub leases: Option<Leases>,
}

pub fn app(shared: Shared) -> Router {
    let web = Arc::new(WebContext {
        preview: DraftPreview {
            site_id: shared.site_id,
            origin: shared.origin,
            services: shared.services.clone(),
            overrides: shared.site.overrides().clone(),
            renderer: shared.common.renderer.clone(),
            template: shared.common.web.template(),
        },
        web: shared.common.web,
        published: shared.published.clone(),
        services: shared.services.clone(),
    });
    let routes = Router::new()
        .merge(ticketing::router(
            shared.services.clone(),
            shared.site.clone(),
            shared.common.ticketing_sandbox,
            shared.published.clone(),
        ))
        .merge(ops::router(OpsContext {
            services: shared.services.clone(),
            published: shared.published.clone(),
            publish_status: shared.publish_status,
            renderer: shared.common.renderer,
            sites: shared.common.sites,
            depot: shared.common.depot.clone(),
            told_publicly: Default::default(),
        }))
        .merge(api::router(ApiContext {
            services: shared.services.clone(),
            site: shared.site.clone(),
            trusted_proxies: shared.common.trusted_proxies.clone(),
            kept_answers: shared.kept_answers.clone(),
            ingest_keys: Default::default(),
        }))
        .merge(loyalty::router(LoyaltyContext {
            services: shared.services,
            loyalty_brand: shared.common.loyalty_brand,
            trusted_proxies: shared.common.trusted_proxies,
        }))
        .merge(external_scripts::proxy::router(
            shared.common.third_party_proxy,
        ))
        .merge(web::router(&web))
        .method_not_allowed_fallback(method_not_allowed)
        .fallback_service(web::fallback(web));
    let routes = ops::load_shedding::shed_load(routes, shared.common.max_in_flight)
        .layer(middleware::from_fn(ops::metrics::record))
        .layer(middleware::from_fn_with_state(
            shared.site,
            security_headers,
        ))
        .layer(CompressionLayer::new())
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES));
    request_context::traced(routes)
        // Outermost: a published page or a kept answer is a lookup and a write, past no
        // other layer.
        .layer(middleware::from_fn_with_state(
            shared.kept_answers,
            served::kept_answers::serve_kept,
        ))
        .layer(middleware::from_fn_with_state(
            shared.published,
            served::serve::published,
        ))
}

/// The site's Content-Security-Policy, unless the response brought its own (an HTML page
/// with its script hashes), and the other security headers.
async fn security_headers(State(site): State<SiteCache>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        let csp = site
            .cached()
            .map(|site| site.content_security_policy.clone())
            .unwrap_or_else(|| HeaderValue::from_static(security::FALLBACK_CSP));
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    security::insert_static_headers(headers);
    response
}

async fn method_not_allowed() -> Response {
    error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this route does not answer that method",
    )
}
