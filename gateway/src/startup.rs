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

use crate::app::app;
use crate::clients::{InvalidAddr, Services};
use crate::config::Config;
use crate::embedded::{EmbeddedError, EmbeddedServices};
use crate::metrics::Metrics;
use crate::site_snapshot::{SiteCache, SiteOverrides};
use crate::state::{AppState, Shared};
use crate::third_party_proxy::ThirdPartyProxy;
use crate::ticketing_sandbox::TicketingSandbox;
use crate::web::WebApp;

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
}

pub struct Application {
    listener: TcpListener,
    router: Router,
    shutdown_grace: Duration,
    /// Kept alive for as long as the gateway runs; dropping it stops the services.
    _embedded: Option<EmbeddedServices>,
}

impl Application {
    /// `lookup` reads the embedded services' variables (see [`EmbeddedServices::start`]).
    pub async fn build(
        config: Config,
        lookup: impl Fn(&str) -> Option<String> + Copy,
    ) -> Result<Application, StartupError> {
        let embedded = if config.embedded {
            Some(EmbeddedServices::start(lookup).await?)
        } else {
            None
        };
        let addrs = embedded.as_ref().map_or_else(
            || config.services.clone(),
            |embedded| embedded.addrs.clone(),
        );
        let services = Services::connect(&addrs, config.grpc_timeout)?;
        let ticketing_sandbox = TicketingSandbox::new(config.ticketing_sandbox);
        let site = SiteCache::with_overrides(SiteOverrides {
            ticketing_sandbox,
            captcha_site_key: config.captcha_site_key.clone(),
            launch_script: config.analytics_launch_script.clone(),
        });
        if let Err(error) = site.refresh(&services).await {
            tracing::warn!(%error, "no site snapshot yet; will retry");
        }
        site.spawn_refresher(services.clone(), config.site_refresh);
        let state = AppState::new(Shared {
            services,
            site,
            metrics: Metrics::default(),
            web: WebApp::load(&config.web_dist),
            third_party_proxy: ThirdPartyProxy::new(config.third_party_proxy)?,
            loyalty_brand: config.loyalty_brand.to_ascii_lowercase(),
            ticketing_sandbox,
        });
        let listener = TcpListener::bind(config.addr)
            .await
            .map_err(StartupError::Bind)?;
        Ok(Application {
            listener,
            router: app(state),
            shutdown_grace: config.shutdown_grace,
            _embedded: embedded,
        })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
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
        tokio::select! {
            result = served => result,
            () = async { stopping.notified().await; tokio::time::sleep(grace).await } => {
                tracing::warn!(?grace, "in-flight requests outlived the grace period; exiting");
                Ok(())
            }
        }
    }
}
