//! svc-catalogue: one customer's site bundle (settings, theme, theaters, movies,
//! showtimes, events, content pages, messages), loaded from SITE_DIR, validated, served
//! over gRPC and reloaded without a restart when its files change.
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment.
//! - [`bundle`]: reading and validating a bundle; errors name the file and the field.
//! - [`reload`]: the catalogue being served, and the watcher that reloads it.
//! - [`version`]: the catalogue's version (revision and the site's today), streamed to
//!   subscribers at each change.
//! - [`domain`]: the bundle as plain Rust and its rules: ordering, play weeks, showtimes,
//!   theaters, content pages, posters.
//! - [`search`]: the site-search index, rebuilt with each bundle.
//! - [`grpc`]: the gRPC adapter over the domain.
//! - [`error`]: the crate's error type and its gRPC status.

pub mod bundle;
pub mod config;
pub mod domain;
pub mod error;
pub mod grpc;
pub mod reload;
pub mod search;
pub mod version;

use std::future::Future;

pub use config::Config;
pub use error::Error;
use proto::catalogue::v1::catalogue_server::CatalogueServer;
use tokio::net::TcpListener;

/// A loaded catalogue, ready to serve.
#[derive(Debug)]
pub struct Application {
    config: Config,
    catalogue: reload::SharedCatalogue,
}

impl Application {
    /// Loads and validates the bundle: an invalid one stops start-up here.
    pub async fn build(config: Config) -> Result<Application, Error> {
        let catalogue = bundle::load(&config.site_dir)?;
        tracing::info!(
            site_dir = %config.site_dir.display(),
            revision = %catalogue.revision,
            "site bundle loaded"
        );
        Ok(Application {
            catalogue: reload::SharedCatalogue::new(catalogue),
            config,
        })
    }

    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        let watcher = self
            .catalogue
            .watch(self.config.site_dir.clone(), self.config.reload_every);
        let service = grpc::CatalogueService {
            catalogue: self.catalogue,
            clock: version::Clock {
                fixed: self.config.today,
            },
        };
        let served = platform::serving::serve(
            CatalogueServer::new(service),
            listener,
            shutdown,
            platform::serving::health(),
        )
        .await;
        watcher.abort();
        Ok(served?)
    }
}
