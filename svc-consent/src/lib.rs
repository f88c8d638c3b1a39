//! svc-consent: the consent state under the visitor's privacy regulation, whether
//! trackers may run (docs/consent-and-ads.md#consent-state), and the consent receipts that prove
//! what each visitor chose.
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment (address, receipt database).
//! - [`domain`]: the consent rules and receipt checks as plain Rust.
//! - [`store`]: the consent receipt store (SQLite or PostgreSQL), all SQL.
//! - [`grpc`]: the gRPC adapter over the domain and the store.
//! - [`error`]: the crate's error type and its gRPC status.

pub mod config;
pub mod domain;
pub mod error;
pub mod grpc;
pub mod store;

use std::future::Future;

pub use config::Config;
pub use error::Error;
use proto::consent::v1::consent_server::ConsentServer;
use store::ReceiptStore;
use tokio::net::TcpListener;

/// A consent service ready to serve.
#[derive(Debug)]
pub struct Application {
    service: grpc::ConsentService,
}

impl Application {
    /// Opens (and creates when missing) the receipt store.
    pub async fn build(config: Config) -> Result<Application, Error> {
        if config.database_url.is_sqlite() {
            std::fs::create_dir_all(&config.data_dir).map_err(|source| Error::DataDir {
                path: config.data_dir.display().to_string(),
                source,
            })?;
        }
        let receipts = ReceiptStore::connect(config.database_url.expose()).await?;
        receipts
            .adopt_receipts_from_before_sites(&config.site_id)
            .await?;
        Ok(Application {
            service: grpc::ConsentService {
                receipts,
                default_site: config.site_id,
            },
        })
    }

    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        platform::serving::serve(
            platform::serving::Services::new(ConsentServer::new(self.service)),
            listener,
            shutdown,
            platform::serving::health(),
        )
        .await?;
        Ok(())
    }
}
