//! The studio, where a chain's staff run their sites (docs/studio.md). It is served on
//! the studio's host names alone (STUDIO_HOSTS), never on a site's, so that its session
//! cookie and Content-Security-Policy never mix with a site's; a site's host answers
//! `/studio/api/...` with 404 ([`crate::sites`]). On a studio host the studio's web app
//! (`studio.html` of the build) answers every page path and its JSON API lives under
//! `/studio/api/v1/`: each call goes to svc-studio, which authenticates the session and
//! checks the grant.

pub mod audit;
mod cross_site;
pub mod draft_theaters;
pub mod drafts;
pub mod ingest_keys;
pub mod media;
pub mod members;
pub mod passkeys;
pub mod points_of_sale;
pub mod preview;
pub mod publishing;
mod session;
pub mod sign_in;
pub mod site_catalogue;
pub mod site_staff;
pub mod sites;
mod web_app;

use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use platform::trace::TracedChannel;
use proto::studio::v1 as studio;
use proto::studio::v1::studio_client::StudioClient;

pub use session::SessionCookie;

use crate::client_address::{KnowsProxies, TrustedProxies};
use crate::error::{AppError, ErrorBody, error_response};
use crate::extract::MAX_BODY_BYTES;
use crate::{request_context, security};

/// The studio's pages and calls: scripts, styles, fonts and calls from its own origin
/// only, never framed. Its live preview frames the sites' pages, over https (and over
/// http too where the studio itself is reached over http, as in `make run`): a frame is
/// isolated by its origin, and the sites' own policies name the studio as the one
/// ancestor beside their embedding domains. Images come from the sites' hosts too (a
/// page's images in its editor, the media library), by the same schemes.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data: https:; font-src 'self'; connect-src 'self'; \
    frame-src https:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; \
    object-src 'none'";

/// [`CONTENT_SECURITY_POLICY`] of a studio reached over http.
const CONTENT_SECURITY_POLICY_OVER_HTTP: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data: http: https:; font-src 'self'; connect-src 'self'; \
    frame-src http: https:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; \
    object-src 'none'";

/// The studio's host names, compared as a request names them.
#[derive(Debug, Clone)]
pub struct StudioHosts(Arc<[String]>);

impl StudioHosts {
    /// `hosts`, lower-cased (as STUDIO_HOSTS is read).
    pub fn new(hosts: &[String]) -> StudioHosts {
        StudioHosts(hosts.iter().map(|host| host.to_ascii_lowercase()).collect())
    }

    /// Whether `named` (a Host header, or an Origin's host, with or without a port and
    /// a final dot) is one of the studio's hosts.
    pub fn contains(&self, named: &str) -> bool {
        let host = crate::sites::without_port(named);
        let host = host.strip_suffix('.').unwrap_or(host);
        self.0
            .iter()
            .any(|studio| studio.eq_ignore_ascii_case(host))
    }
}

/// Where a change may come from: a studio host, over https when the studio is reached so.
#[derive(Debug, Clone)]
pub struct StudioOrigins {
    pub hosts: StudioHosts,
    pub https: bool,
}

/// What the studio's routes share.
#[derive(Debug, Clone)]
pub struct StudioContext {
    pub client: StudioClient<TracedChannel>,
    pub hosts: StudioHosts,
    pub cookie: SessionCookie,
    /// The deployment's PUBLIC_URL: the origin of a site that names none of its own.
    pub public_url: String,
    /// Whose forwarding header names a client's address (TRUSTED_PROXIES), for the
    /// audit log.
    pub trusted_proxies: TrustedProxies,
    /// What this gateway serves of each site: a media upload's answer waits for its
    /// files; operators see how each is published.
    pub sites: crate::ops::health::SiteStates,
    /// Where the sites' revisions are stored (PUBLISH_NATS_URL), if anywhere.
    pub depot: Option<crate::served::depot::Depot>,
}

impl KnowsProxies for StudioContext {
    fn trusted_proxies(&self) -> &TrustedProxies {
        &self.trusted_proxies
    }
}

impl StudioContext {
    /// The session's token of the request's cookie: 401 without one.
    pub fn session_token(&self, headers: &HeaderMap) -> Result<String, AppError> {
        self.cookie
            .token(headers)
            .ok_or_else(|| AppError::Unauthenticated("no session: sign in".to_owned()))
    }

    /// The staff member of the request's session: 401 without a live one.
    pub async fn signed_in(&self, headers: &HeaderMap) -> Result<studio::Me, AppError> {
        let token = self.session_token(headers)?;
        let me = self
            .client
            .clone()
            .authenticate(studio::AuthenticateRequest {
                session_token: token,
            })
            .await
            .map_err(AppError::studio)?;
        Ok(me.into_inner())
    }
}

/// Unix seconds from svc-studio as RFC 3339 (the studio's JSON times); a time out of
/// range, which svc-studio never sends, as the epoch.
pub(super) fn rfc3339(unix_seconds: i64) -> String {
    jiff::Timestamp::from_second(unix_seconds)
        .unwrap_or(jiff::Timestamp::UNIX_EPOCH)
        .to_string()
}

/// What every call about one site's content (its draft, preview, history, ingest keys)
/// may answer besides its own.
#[derive(utoipa::IntoResponses)]
#[expect(dead_code, reason = "describes the answers in the API document")]
enum SiteRefusals {
    #[response(status = 401, description = "No session")]
    Unauthenticated(ErrorBody),
    #[response(
        status = 403,
        description = "The caller's role on the site does not allow it; or not from the studio's own pages"
    )]
    Forbidden(ErrorBody),
    #[response(
        status = 404,
        description = "No site of that id the caller may see, or no such record or key"
    )]
    NotFound(ErrorBody),
    #[response(
        status = 503,
        description = "svc-studio or svc-catalogue is down: nothing changed"
    )]
    Unavailable(ErrorBody),
}

/// The studio as one host's application.
#[derive(Debug, Clone)]
pub struct Studio {
    pub hosts: StudioHosts,
    pub router: Router,
}

impl Studio {
    /// The studio on `context.hosts`, its web app from the build at `dist`; at most
    /// `max_in_flight` requests answered at once, more refused with 503.
    pub fn new(context: StudioContext, dist: &Path, max_in_flight: usize) -> Studio {
        let hosts = context.hosts.clone();
        let context = Arc::new(context);
        let policy = HeaderValue::from_static(if context.cookie.is_secure() {
            CONTENT_SECURITY_POLICY
        } else {
            CONTENT_SECURITY_POLICY_OVER_HTTP
        });
        let api = sign_in::router()
            .merge(passkeys::router())
            .merge(sites::router())
            .merge(site_staff::router())
            .merge(audit::router())
            .merge(drafts::router())
            .merge(draft_theaters::router())
            .merge(points_of_sale::router())
            .merge(publishing::router())
            .merge(preview::router())
            .merge(ingest_keys::router())
            .merge(members::router())
            .merge(media::router())
            .merge(site_catalogue::router())
            // Past routing: a method or path the studio lacks is 405 or 404 whatever
            // the headers.
            .route_layer(middleware::from_fn_with_state(
                StudioOrigins {
                    hosts: hosts.clone(),
                    https: context.cookie.is_secure(),
                },
                cross_site::refuse_cross_site,
            ))
            .fallback(unknown_call)
            .method_not_allowed_fallback(method_not_allowed)
            .layer(middleware::from_fn(never_stored))
            .with_state(context.clone());
        let router = Router::new()
            .nest("/studio/api/v1", api)
            .merge(
                sign_in::link_router()
                    .layer(middleware::from_fn(never_stored))
                    .with_state(context),
            )
            .nest("/assets", crate::web::assets(dist))
            .merge(web_app::router(dist))
            .layer(middleware::from_fn_with_state(policy, security_headers))
            .layer(DefaultBodyLimit::max(MAX_BODY_BYTES));
        let router = crate::ops::load_shedding::shed_load(router, max_in_flight)
            .layer(middleware::from_fn(crate::ops::metrics::record));
        Studio {
            hosts,
            router: request_context::traced(router),
        }
    }

    /// Whether `request` names one of the studio's hosts.
    pub fn serves(&self, request: &Request) -> bool {
        let named = request
            .headers()
            .get(header::HOST)
            .and_then(|host| host.to_str().ok())
            .or_else(|| request.uri().host())
            .unwrap_or_default();
        self.hosts.contains(named)
    }
}

async fn unknown_call(request: Request) -> Response {
    error_response(
        StatusCode::NOT_FOUND,
        "not_found",
        &format!(
            "no studio call {} {}",
            request.method(),
            request.uri().path()
        ),
    )
}

async fn method_not_allowed() -> Response {
    error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this studio call does not answer that method",
    )
}

/// The studio's answers name staff and sessions: no cache keeps them.
async fn never_stored(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn security_headers(
    State(policy): State<HeaderValue>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    security::insert_static_headers(headers);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_studio_host_is_recognised_with_or_without_port_case_or_final_dot() {
        let hosts = StudioHosts::new(&["studio.localhost".to_owned()]);
        for named in [
            "studio.localhost",
            "Studio.Localhost:8080",
            "studio.localhost.",
            "studio.localhost.:443",
        ] {
            assert!(hosts.contains(named), "{named}");
        }
        for named in [
            "demo.localhost",
            "studio.localhost.evil.example",
            "",
            "localhost",
        ] {
            assert!(!hosts.contains(named), "{named}");
        }
        assert!(!StudioHosts::new(&[]).contains("studio.localhost"));
    }
}
