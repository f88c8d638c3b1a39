//! svc-ads: the display-advertising set-up of a page: mode, script, ad page path,
//! targeting, slots and size mapping (docs/consent-and-ads.md#display-ads).
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment.
//! - [`domain`]: the ad rules as plain Rust (mode, page path, typed ids, slots, size
//!   mapping, and the set-up composed from them).
//! - [`grpc`]: the gRPC adapter over the domain.
//! - [`error`]: the crate's error type and its gRPC status.

pub mod config;
pub mod domain;
pub mod error;
pub mod grpc;

use std::future::Future;

pub use config::Config;
pub use error::Error;
use proto::ads::v1::ads_server::AdsServer;
use tokio::net::TcpListener;

/// An ads service ready to serve.
#[derive(Debug)]
pub struct Application {
    service: grpc::AdsService,
}

impl Application {
    pub async fn build(config: Config) -> Result<Application, Error> {
        Ok(Application {
            service: grpc::AdsService {
                library_url: config.library_url,
            },
        })
    }

    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        platform::serving::serve(
            platform::serving::Services::new(AdsServer::new(self.service)),
            listener,
            shutdown,
            platform::serving::health(),
        )
        .await?;
        Ok(())
    }
}
