//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;

pub use proto::config::ConfigError;

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the gRPC server listens (CONSENT_ADDR).
    pub addr: SocketAddr,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        Ok(Config {
            addr: proto::config::socket_addr(&lookup, "CONSENT_ADDR", "127.0.0.1:50054")?,
        })
    }
}
