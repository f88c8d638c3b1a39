//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;

pub use proto::config::ConfigError;

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the gRPC server listens (LOYALTY_ADDR).
    pub addr: SocketAddr,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        Ok(Config {
            addr: proto::config::socket_addr(&lookup, "LOYALTY_ADDR", "127.0.0.1:50052")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_address_is_loopback_50052() {
        let config = Config::from_lookup(|_| None).expect("defaults are valid");
        assert_eq!(config.addr.to_string(), "127.0.0.1:50052");
    }

    #[test]
    fn a_bad_address_names_the_variable() {
        let error = Config::from_lookup(|_| Some("nowhere".to_owned())).expect_err("invalid");
        assert!(error.to_string().starts_with("LOYALTY_ADDR: "), "{error}");
    }
}
