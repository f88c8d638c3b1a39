//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;

pub use platform::config::ConfigError;

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the gRPC server listens (ADS_ADDR).
    pub addr: SocketAddr,
    /// Where the ad library (wrapper) script is served from (ADS_LIBRARY_URL).
    pub library_url: String,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let library_url = lookup("ADS_LIBRARY_URL")
            .unwrap_or_else(|| "https://cdn.wemediaplatform.example/library".to_owned());
        if !library_url.starts_with("https://") {
            return Err(ConfigError {
                variable: "ADS_LIBRARY_URL",
                problem: format!("'{library_url}' is not an https:// URL"),
            });
        }
        Ok(Config {
            addr: platform::config::socket_addr(&lookup, "ADS_ADDR", "127.0.0.1:50053")?,
            library_url,
        })
    }
}
