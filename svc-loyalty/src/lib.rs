//! svc-loyalty: the loyalty-member domain behind the gateway's `/api/cypher`.
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment.
//! - [`domain`]: loyalty rules as plain Rust (configuration normalisation).
//! - [`grpc`]: the gRPC adapter over the domain.
//! - [`error`]: the crate's error type and its gRPC status.

pub mod config;
pub mod domain;
pub mod error;
pub mod grpc;

use std::future::Future;

pub use config::Config;
pub use error::Error;
use proto::loyalty::v1::loyalty_server::LoyaltyServer;
use tokio::net::TcpListener;

/// A loyalty service ready to serve.
#[derive(Debug)]
pub struct Application {
    service: grpc::LoyaltyService,
}

impl Application {
    pub async fn build(_config: Config) -> Result<Application, Error> {
        Ok(Application {
            service: grpc::LoyaltyService,
        })
    }

    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        proto::serving::serve(LoyaltyServer::new(self.service), listener, shutdown).await?;
        Ok(())
    }
}
