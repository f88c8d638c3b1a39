//! svc-consent: the consent state under the visitor's privacy regulation and whether
//! trackers may run (SPEC.md section 4 "Consent").
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment.
//! - [`domain`]: the consent rules as plain Rust.
//! - [`grpc`]: the gRPC adapter over the domain.
//! - [`error`]: the crate's error type and its gRPC status.

pub mod config;
pub mod domain;
pub mod error;
pub mod grpc;

use std::future::Future;

pub use config::Config;
pub use error::Error;
use proto::consent::v1::consent_server::ConsentServer;
use tokio::net::TcpListener;

/// A consent service ready to serve.
#[derive(Debug)]
pub struct Application {
    service: grpc::ConsentService,
}

impl Application {
    pub async fn build(_config: Config) -> Result<Application, Error> {
        Ok(Application {
            service: grpc::ConsentService,
        })
    }

    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        proto::serving::serve(ConsentServer::new(self.service), listener, shutdown).await?;
        Ok(())
    }
}
