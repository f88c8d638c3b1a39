//! Many sites on one gateway (docs/architecture.md#sites). svc-catalogue's `WatchSites` names
//! every site with its host names and public URL; each site gets an application of its
//! own ([`app`] over its own site snapshot, published files, kept answers and publisher,
//! every gRPC call naming the site), and a request goes to the application of the site
//! its Host names. One site serves every host; with several, a host that no site has
//! is 404: the JSON error body under `/api/`, a short page elsewhere, but for the
//! operations endpoints (`/healthz`, `/readyz`, `/metrics`), which the default site's
//! application answers on any host. The studio's hosts (STUDIO_HOSTS) go to the studio
//! before any site is looked up (but for the operations endpoints); on a site's host
//! `/studio` and all below it are 404.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use arc_swap::ArcSwap;
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use proto::catalogue::v1 as catalogue;
use tower::ServiceExt;

use crate::app::{Common, Shared, app};
use crate::clients::Services;
use crate::error::error_response;
use crate::ops::SiteState;
use crate::publish::role::SiteRole;
use crate::publish::{Activity, Publisher, SiteDepot};
use crate::security;
use crate::served::follower::Follower;
use crate::served::replica::Replica;
use crate::served::{KeptAnswers, PublishStatus, Published};
use crate::site_data::{SiteCache, SiteOverrides};
use crate::studio::Studio;
use crate::task::AbortOnDrop;

/// How long to wait before asking for the sites again when the catalogue is away.
const RETRY: Duration = Duration::from_secs(2);

/// What a site's application is made of, but for its own state.
#[derive(Debug, Clone)]
pub struct AppParts {
    /// The services' clients, for the deployment's own calls (the sites, health); each
    /// site's application makes its calls naming the site.
    pub services: Services,
    pub overrides: SiteOverrides,
    /// PUBLIC_URL without its trailing slash: the origin of a site without its own.
    pub public_url: String,
    pub common: Common,
}

/// One site's application, the follower of its catalogue versions and the publisher of
/// its pages (stopped with it).
#[derive(Debug)]
pub struct SiteApp {
    pub router: Router,
    pub published: Published,
    pub status: PublishStatus,
    /// The origin its pages are published for.
    origin: String,
    _follower: AbortOnDrop,
    _publisher: AbortOnDrop,
}

impl AppParts {
    /// The application of the site `site_id`, its pages published for `origin`. Every
    /// call it makes names the site, the default site's too: a service whose own SITE_ID
    /// differs answers for no other site's data.
    pub fn start_site(&self, site_id: &str, origin: &str) -> SiteApp {
        let stored_as = site_id.to_owned();
        let services = self.services.for_site(&stored_as);
        let site = SiteCache::with_overrides(self.overrides.clone());
        let kept_answers = KeptAnswers::new(&stored_as, site.clone(), &self.common.answer_cache);
        let status = PublishStatus::default();
        let published = match &self.common.file_cache {
            Some(files) => Published::from_store(files.clone()),
            None => Published::default(),
        };
        // In every role: the JSON API's kept answers move with the catalogue whoever
        // publishes the site.
        let follower = Follower::new(services.clone(), kept_answers.clone(), status.clone());
        let publisher = Publisher {
            services: services.clone(),
            site: site.clone(),
            published: published.clone(),
            versions: follower.versions(),
            status: status.clone(),
            renderer: self.common.renderer.clone(),
            template: self.common.web.template(),
            origin: origin.to_owned(),
            kept_weeks: Default::default(),
            background: self.common.background.clone(),
            depot: self.common.depot.clone().map(|depot| SiteDepot {
                depot,
                site_id: stored_as.clone(),
                leases: self.common.leases.clone(),
            }),
        };
        let task = match &self.common.depot {
            // Revisions are stored for the deployment: publish the site while this
            // gateway holds its lease, else serve what the holder stored.
            Some(depot) => {
                let replica = Replica {
                    depot: depot.clone(),
                    site_id: stored_as.clone(),
                    published: published.clone(),
                    site: site.clone(),
                    services: services.clone(),
                    status: status.clone(),
                };
                match &self.common.leases {
                    Some(leases) => SiteRole {
                        site_id: stored_as,
                        leases: leases.clone(),
                        publisher,
                        replica,
                        status: status.clone(),
                    }
                    .spawn(),
                    None => replica.spawn(),
                }
            }
            None => publisher.spawn(),
        };
        let router = app(Shared {
            site_id: site_id.to_owned(),
            origin: origin.to_owned(),
            services,
            site,
            published: published.clone(),
            kept_answers,
            publish_status: status.clone(),
            common: self.common.clone(),
        });
        SiteApp {
            router,
            published,
            status,
            origin: origin.to_owned(),
            _follower: AbortOnDrop(follower.spawn()),
            _publisher: AbortOnDrop(task),
        }
    }
}

/// Which site's application answers which host.
#[derive(Debug, Default)]
struct Routing {
    /// Site id -> its application.
    apps: HashMap<String, Arc<SiteApp>>,
    /// Host (lower-cased, without its port) -> site id.
    hosts: HashMap<String, String>,
    /// The default site's id: it answers the operations endpoints on any host.
    default_site: String,
    /// Where each request is noted, for the background work (publish::BackgroundWork).
    activity: Activity,
}

/// Answered on any host, by the default site's application: probes and scrapers name
/// an address, not a site.
const OPERATIONS: [&str; 3] = ["/healthz", "/readyz", "/metrics"];

impl Routing {
    /// The application for `request`: the only site's whatever its host (which is then
    /// not even read), else the site that has its host; the operations endpoints on
    /// any other host, the default site's.
    fn app_for(&self, request: &Request) -> Option<&Arc<SiteApp>> {
        if self.apps.len() == 1 {
            return self.apps.values().next();
        }
        match self.hosts.get(&request_host(request)) {
            Some(site_id) => self.apps.get(site_id),
            None if OPERATIONS.contains(&request.uri().path()) => self.apps.get(&self.default_site),
            None => None,
        }
    }
}

/// The sites served, by host.
#[derive(Debug, Clone)]
pub struct Sites {
    routing: Arc<ArcSwap<Routing>>,
    parts: AppParts,
}

/// Where a request goes: the studio on its hosts, else its site.
#[derive(Debug, Clone)]
struct Destinations {
    routing: Arc<ArcSwap<Routing>>,
    studio: Option<Studio>,
}

impl Sites {
    /// The default site's application alone, serving every host until the catalogue
    /// names its sites ([`Sites::follow`]).
    pub fn new(parts: AppParts, default_site: SiteApp) -> Sites {
        let routing = Routing {
            apps: HashMap::from([(String::new(), Arc::new(default_site))]),
            hosts: HashMap::new(),
            default_site: String::new(),
            activity: parts.common.background.activity().clone(),
        };
        Sites {
            routing: Arc::new(ArcSwap::from_pointee(routing)),
            parts,
        }
    }

    /// Every request, sent to the studio (when `studio` is served and the request names
    /// one of its hosts) or to its site's application.
    pub fn router(&self, studio: Option<Studio>) -> Router {
        Router::new().fallback(dispatch).with_state(Destinations {
            routing: self.routing.clone(),
            studio,
        })
    }

    /// Follows the catalogue's sites for as long as the gateway runs: a site named gets
    /// its application (the default site keeps the one it has while its public URL
    /// stays), a site no longer named is stopped, and the hosts are routed as named. A
    /// catalogue that does not stream its sites leaves the default site serving every
    /// host.
    pub fn follow(self) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                let stream = self
                    .parts
                    .services
                    .catalogue
                    .clone()
                    .watch_sites(catalogue::WatchSitesRequest {})
                    .await;
                match stream {
                    Ok(stream) => {
                        let mut stream = stream.into_inner();
                        while let Ok(Some(addresses)) = stream.message().await {
                            self.route(&addresses);
                        }
                    }
                    Err(status) if status.code() == tonic::Code::Unimplemented => {
                        tracing::warn!(
                            "the catalogue does not name its sites: its default site serves every host"
                        );
                        return;
                    }
                    Err(_) => {}
                }
                tokio::time::sleep(RETRY).await;
            }
        })
    }

    /// Routes the sites `addresses` names.
    fn route(&self, addresses: &catalogue::SiteAddresses) {
        if addresses.sites.is_empty() {
            return;
        }
        let current = self.routing.load();
        let mut next = Routing {
            default_site: addresses.default_site_id.clone(),
            activity: current.activity.clone(),
            apps: HashMap::new(),
            hosts: HashMap::new(),
        };
        let mut states = BTreeMap::new();
        for address in &addresses.sites {
            let site_id = &address.site_id;
            let is_default = *site_id == addresses.default_site_id;
            let origin = public_origin(
                &self.parts.public_url,
                &address.public_url,
                &address.hosts,
                is_default,
            );
            // The application started for SITE_ID before the sites were known serves on
            // when that is the catalogue's default site.
            let running = current.apps.get(site_id).or_else(|| {
                (is_default && *site_id == self.parts.common.default_site_id)
                    .then(|| current.apps.get(""))
                    .flatten()
            });
            let app = match running {
                Some(app) if app.origin == origin => app.clone(),
                _ => {
                    tracing::info!(site = %site_id, %origin, "site served");
                    Arc::new(self.parts.start_site(site_id, &origin))
                }
            };
            states.insert(
                site_id.clone(),
                SiteState {
                    unavailable: address.unavailable.clone(),
                    published: app.published.clone(),
                    status: app.status.clone(),
                },
            );
            next.apps.insert(site_id.clone(), app);
            for host in &address.hosts {
                next.hosts.insert(host.clone(), site_id.clone());
            }
        }
        self.routing.store(Arc::new(next));
        self.parts.common.sites.set(states);
    }
}

/// Where a site is reached from outside: its own public URL; without one, the
/// deployment's (`deployment`, PUBLIC_URL) for the default site, and for another site
/// that has host names PUBLIC_URL's scheme and port on its first host name (the local
/// demo's `http://single.localhost:8080`), so no site's links name another's host.
pub(crate) fn public_origin(
    deployment: &str,
    public_url: &str,
    hosts: &[String],
    is_default: bool,
) -> String {
    if !public_url.is_empty() {
        return public_url.to_owned();
    }
    let Some(host) = hosts.first().filter(|_| !is_default) else {
        return deployment.to_owned();
    };
    let Ok(uri) = deployment.parse::<axum::http::Uri>() else {
        return deployment.to_owned();
    };
    let scheme = uri.scheme_str().unwrap_or("http");
    match uri.port_u16() {
        Some(port) => format!("{scheme}://{host}:{port}"),
        None => format!("{scheme}://{host}"),
    }
}

/// Sends `request` to the studio or to its site's application. A comparison with the
/// studio's hosts, a lookup and a clone of an `Arc` on the way of every request,
/// published files included: nothing more.
async fn dispatch(State(destinations): State<Destinations>, request: Request) -> Response {
    if let Some(studio) = &destinations.studio
        && studio.serves(&request)
        && !OPERATIONS.contains(&request.uri().path())
    {
        return match studio.router.clone().oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
    }
    let path = request.uri().path();
    if path == "/studio" || path.starts_with("/studio/") {
        return error_response(
            StatusCode::NOT_FOUND,
            "not_found",
            "the studio is served on its own host names only",
        );
    }
    let routing = destinations.routing.load();
    routing.activity.saw_request();
    let app = routing.app_for(&request).cloned();
    drop(routing);
    match app {
        Some(app) => match app.router.clone().oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        },
        None => unknown_host(request.uri().path()),
    }
}

/// The host a request names (its Host header, else its URI's), lower-cased, without
/// its port and its final dot (`demo.example.com.` is `demo.example.com`, as DNS and the
/// catalogue's host names read it).
fn request_host(request: &Request) -> String {
    let named = request
        .headers()
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
        .or_else(|| request.uri().host())
        .unwrap_or_default();
    host_name(named)
}

fn host_name(named: &str) -> String {
    let host = without_port(named);
    host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase()
}

/// `host` without its port: `demo.localhost:8080` is `demo.localhost`, `[::1]:8080` is
/// `[::1]`.
pub fn without_port(host: &str) -> &str {
    if host.starts_with('[') {
        // An IPv6 literal: `[::1]:8080`.
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

/// A host no site has: the JSON error under `/api/`, a short page elsewhere.
fn unknown_host(path: &str) -> Response {
    const MESSAGE: &str = "no site is served at this address";
    const PAGE: &str = concat!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>",
        "<body><h1>Not found</h1><p>No site is served at this address.</p></body></html>\n"
    );
    if path.starts_with("/api/") {
        return error_response(StatusCode::NOT_FOUND, "unknown_host", MESSAGE);
    }
    let mut response = (StatusCode::NOT_FOUND, PAGE).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; base-uri 'none'; form-action 'none'"),
    );
    security::insert_static_headers(headers);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_is_compared_without_its_port() {
        for (named, host) in [
            ("demo.localhost:8080", "demo.localhost"),
            ("demo.localhost", "demo.localhost"),
            ("127.0.0.1:8080", "127.0.0.1"),
            ("[::1]:8080", "[::1]"),
            ("[::1]", "[::1]"),
        ] {
            assert_eq!(without_port(named), host, "{named}");
        }
    }

    #[test]
    fn a_host_is_looked_up_lower_cased_without_its_final_dot() {
        for (named, host) in [
            ("demo.example.com.", "demo.example.com"),
            ("Demo.Example.COM.:443", "demo.example.com"),
            ("demo.example.com", "demo.example.com"),
            ("[::1]:8080", "[::1]"),
        ] {
            assert_eq!(host_name(named), host, "{named}");
        }
    }

    #[test]
    fn a_site_without_a_public_url_is_reached_on_its_first_host_unless_it_is_the_default() {
        let address = |hosts: &[&str], public_url: &str| catalogue::SiteAddress {
            site_id: "single".to_owned(),
            hosts: hosts.iter().map(|host| (*host).to_owned()).collect(),
            public_url: public_url.to_owned(),
            ..catalogue::SiteAddress::default()
        };
        let local = "http://127.0.0.1:8080";
        let cases = [
            (
                address(&["single.localhost"], ""),
                false,
                "http://single.localhost:8080",
            ),
            (address(&["single.localhost"], ""), true, local),
            (address(&[], ""), false, local),
            (
                address(&["single.localhost"], "https://bijou.example"),
                false,
                "https://bijou.example",
            ),
        ];
        for (address, is_default, origin) in cases {
            assert_eq!(
                public_origin(local, &address.public_url, &address.hosts, is_default),
                origin,
                "{address:?}"
            );
        }
        assert_eq!(
            public_origin(
                "https://cinemas.example",
                "",
                &["bijou.example".to_owned()],
                false
            ),
            "https://bijou.example"
        );
    }
}
