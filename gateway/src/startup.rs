//! Building and running the gateway: embedded services (when asked), gRPC clients,
//! the site snapshot, then the HTTP server on a listener whose real port tests read.

use std::future::{Future, IntoFuture};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::sync::Notify;

use platform::nats::NatsAccess;

use crate::app::Common;
use crate::clients::{InvalidAddr, Services};
use crate::config::Config;
use crate::embedded::{EmbeddedError, EmbeddedServices};
use crate::external_scripts::proxy::ThirdPartyProxy;
use crate::ops::SiteStates;
use crate::publish::BackgroundWork;
use crate::publish::collect;
use crate::publish::lease::Leases;
use crate::publish::renderer::{Renderer, RendererProcess};
use crate::served::AnswerCache;
use crate::served::cache::FileCache;
use crate::served::depot::Depot;
use crate::site_data::SiteOverrides;
use crate::sites::{AppParts, Sites};
use crate::studio::{SessionCookie, Studio, StudioContext, StudioHosts};
use crate::task::AbortOnDrop;
use crate::ticketing_sandbox::TicketingSandbox;
use crate::web::WebApp;

/// The longest the gateway waits for its first snapshot before it listens.
const FIRST_PUBLISH_WAIT: Duration = Duration::from_secs(20);

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(transparent)]
    Embedded(#[from] EmbeddedError),
    #[error(transparent)]
    InvalidAddr(#[from] InvalidAddr),
    #[error("THIRD_PARTY_PROXY_*: cannot build the HTTP client: {0}")]
    ThirdPartyProxy(#[from] reqwest::Error),
    #[error("GATEWAY_ADDR: cannot listen: {0}")]
    Bind(std::io::Error),
    #[error("OPS_ADDR: cannot listen: {0}")]
    BindOps(std::io::Error),
    #[error("PUBLISH_NATS_URL: {0}")]
    PublishNats(String),
}

/// The NATS server `url` of the published revisions' store; the gateway starts whether
/// or not it answers yet (revisions are stored and read once it does).
async fn connect_nats(url: &str, access: &NatsAccess) -> Result<async_nats::Client, StartupError> {
    access
        .options(url)
        .retry_on_initial_connect()
        .connect(url)
        .await
        .map_err(|error| StartupError::PublishNats(error.to_string()))
}

pub struct Application {
    listener: TcpListener,
    router: Router,
    /// The operations listener (OPS_ADDR), if any.
    ops_listener: Option<TcpListener>,
    shutdown_grace: Duration,
    /// Kept alive for as long as the gateway runs; dropping it stops the services.
    _embedded: Option<EmbeddedServices>,
    /// The renderer when the gateway runs it; it stops with the gateway.
    _renderer: Option<RendererProcess>,
    /// Follows the catalogue's sites; stopped with the gateway, and with it every
    /// site's publisher.
    following: AbortOnDrop,
    /// Collects the published store now and then, while this gateway publishes.
    _collecting: Option<AbortOnDrop>,
}

impl Application {
    /// `lookup` reads the embedded services' variables (see [`EmbeddedServices::start`]).
    pub async fn build(
        config: Config,
        lookup: impl Fn(&str) -> Option<String> + Copy,
    ) -> Result<Application, StartupError> {
        platform::metrics::install();
        let embedded = if config.embedded {
            Some(EmbeddedServices::start(lookup).await?)
        } else {
            None
        };
        let addrs = embedded.as_ref().map_or_else(
            || config.services.clone(),
            |embedded| embedded.addrs.clone(),
        );
        let ticketing_sandbox = TicketingSandbox::new(config.ticketing_sandbox);
        let services = Services::connect(&addrs, config.grpc_timeout, ticketing_sandbox)?;
        // Without a renderer the site is published with the web app's shell, and
        // `/readyz` says so: the gateway still starts.
        let renderer_process = match &config.renderer_url {
            _ if !config.publishes => None,
            Some(_) => None,
            None => match RendererProcess::start("node", &config.renderer_script, &config.web_dist)
                .await
            {
                Ok(process) => Some(process),
                Err(error) => {
                    tracing::error!(%error, "pages are published unrendered until a renderer answers");
                    None
                }
            },
        };
        let renderer_url = config
            .renderer_url
            .clone()
            .or_else(|| renderer_process.as_ref().map(|process| process.url.clone()))
            .unwrap_or_default();
        let nats = match &config.publish_nats_url {
            Some(url) => Some(connect_nats(url, &config.nats).await?),
            None => None,
        };
        let depot = nats
            .clone()
            .map(|client| Depot::new(client, config.publish_buckets.clone()));
        let file_cache = depot
            .clone()
            .map(|depot| FileCache::new(depot, config.cache_bytes));
        let leases = nats.filter(|_| config.publishes).map(|client| {
            Leases::new(
                client,
                config.publish_buckets.leases.clone(),
                config.lease_ttl,
                config.publish_buckets.replicas,
            )
        });
        let collecting = depot.clone().zip(leases.clone());
        let parts = AppParts {
            services,
            overrides: SiteOverrides {
                captcha_site_key: config.captcha_site_key.clone(),
                loyalty_brand: config.loyalty_brand.clone(),
                analytics: config.analytics_scripts.clone(),
                studio_origin: config.studio.origin.clone(),
            },
            public_url: config.public_url.clone(),
            common: Common {
                renderer: Renderer::new(&renderer_url),
                web: WebApp::load(&config.web_dist),
                third_party_proxy: ThirdPartyProxy::new(config.third_party_proxy)?,
                loyalty_brand: config.loyalty_brand.to_ascii_lowercase(),
                ticketing_sandbox,
                trusted_proxies: config.trusted_proxies.clone(),
                max_in_flight: config.max_in_flight,
                sites: SiteStates::default(),
                background: BackgroundWork::default(),
                depot,
                default_site_id: config.site_id.clone(),
                file_cache,
                answer_cache: AnswerCache::new(config.answer_bytes),
                leases,
            },
        };
        let default_site = parts.start_site(&config.site_id, &config.public_url);
        // The gateway listens once the first version is published (or could not be), so
        // the first visitor gets the rendered site; but no later than FIRST_PUBLISH_WAIT:
        // a large chain takes longer, and a process that does not answer its liveness
        // probe meanwhile is restarted before it could ever publish. Until then pages are
        // the web app's shell.
        let first_attempt = async {
            while default_site.published.peek().is_none()
                && default_site.status.get().last_error.is_none()
            {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        };
        if tokio::time::timeout(FIRST_PUBLISH_WAIT, first_attempt)
            .await
            .is_err()
        {
            tracing::warn!(
                wait = ?FIRST_PUBLISH_WAIT,
                "listening while the first snapshot is being published"
            );
        }
        let studio = (!config.studio.hosts.is_empty()).then(|| {
            Studio::new(
                StudioContext {
                    client: parts.services.studio.clone(),
                    hosts: StudioHosts::new(&config.studio.hosts),
                    cookie: SessionCookie::new(config.studio.https),
                    public_url: config.public_url.clone(),
                    trusted_proxies: config.trusted_proxies.clone(),
                    sites: parts.common.sites.clone(),
                    depot: parts.common.depot.clone(),
                },
                &config.web_dist,
                config.max_in_flight,
            )
        });
        let sites = Sites::new(parts, default_site);
        let following = AbortOnDrop(sites.clone().follow());
        // A publishing gateway may take its turn at collecting the store.
        let collecting =
            collecting.map(|(depot, leases)| AbortOnDrop(collect::spawn(depot, leases)));
        let listener = TcpListener::bind(config.addr)
            .await
            .map_err(StartupError::Bind)?;
        let ops_listener = match config.ops_addr {
            Some(addr) => Some(
                TcpListener::bind(addr)
                    .await
                    .map_err(StartupError::BindOps)?,
            ),
            None => None,
        };
        Ok(Application {
            listener,
            ops_listener,
            router: sites.router(studio),
            shutdown_grace: config.shutdown_grace,
            _embedded: embedded,
            _renderer: renderer_process,
            following,
            _collecting: collecting,
        })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Where the operations listener listens, if there is one.
    pub fn local_ops_addr(&self) -> Option<SocketAddr> {
        self.ops_listener
            .as_ref()
            .and_then(|listener| listener.local_addr().ok())
    }

    /// Serves until `shutdown` completes, then stops accepting connections and lets
    /// in-flight requests finish, for at most the shutdown grace period.
    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let stopping = Arc::new(Notify::new());
        let signal = {
            let stopping = stopping.clone();
            async move {
                shutdown.await;
                tracing::info!("shutting down: finishing in-flight requests");
                stopping.notify_one();
            }
        };
        // Served until the gateway stops: probes and scrapes need no graceful end.
        let _operations = self.ops_listener.map(|listener| {
            AbortOnDrop(tokio::spawn(serve_operations(
                listener,
                self.router.clone(),
            )))
        });
        // Replies written in more than one piece (streamed files, large pages) must not
        // wait for the client's delayed ACK.
        let listener = self.listener.tap_io(|connection| {
            if let Err(error) = connection.set_nodelay(true) {
                tracing::debug!(%error, "TCP_NODELAY not set");
            }
        });
        let served = axum::serve(
            listener,
            self.router
                .into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(signal)
        .into_future();
        let grace = self.shutdown_grace;
        let _following = self.following;
        tokio::select! {
            result = served => result,
            () = async { stopping.notified().await; tokio::time::sleep(grace).await } => {
                tracing::warn!(?grace, "in-flight requests outlived the grace period; exiting");
                Ok(())
            }
        }
    }
}

/// The operations listener: `/healthz`, `/readyz` and `/metrics` of the sites' router,
/// answered in full (they know the request came in here), and nothing else.
async fn serve_operations(listener: TcpListener, sites: Router) {
    let operations = Router::new()
        .route_service("/healthz", sites.clone().into_service())
        .route_service("/readyz", sites.clone().into_service())
        .route_service("/metrics", sites.into_service())
        .layer(axum::Extension(crate::ops::OnOpsListener));
    if let Err(error) = axum::serve(
        listener,
        operations.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
    {
        tracing::error!(%error, "the operations listener stopped");
    }
}
