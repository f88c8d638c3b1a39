//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use jiff::civil::Date;

pub use platform::config::ConfigError;

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the gRPC server listens (CATALOGUE_ADDR).
    pub addr: SocketAddr,
    /// The site bundle (SITE_DIR).
    pub site_dir: PathBuf,
    /// How often the bundle's files are checked for changes (CATALOGUE_RELOAD_MS).
    pub reload_every: Duration,
    /// A fixed "today" in the site's time zone (CATALOGUE_TODAY, YYYY-MM-DD), for
    /// demos and tests; the clock decides when unset.
    pub today: Option<Date>,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let addr = platform::config::socket_addr(&lookup, "CATALOGUE_ADDR", "127.0.0.1:50051")?;
        let site_dir = PathBuf::from(lookup("SITE_DIR").unwrap_or_else(|| "site/demo".to_owned()));
        let reload_every = platform::config::millis(&lookup, "CATALOGUE_RELOAD_MS", 2000)?;
        let today = match lookup("CATALOGUE_TODAY").filter(|value| !value.is_empty()) {
            None => None,
            Some(value) => Some(value.parse::<Date>().map_err(|_| ConfigError {
                variable: "CATALOGUE_TODAY",
                problem: format!("'{value}' is not a YYYY-MM-DD date"),
            })?),
        };
        Ok(Config {
            addr,
            site_dir,
            reload_every,
            today,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_serve_the_demo_bundle_on_50051() {
        let config = Config::from_lookup(|_| None).expect("defaults are valid");
        assert_eq!(config.addr.to_string(), "127.0.0.1:50051");
        assert_eq!(config.site_dir, PathBuf::from("site/demo"));
        assert_eq!(config.today, None);
    }

    #[test]
    fn each_bad_value_names_its_variable() {
        for (name, value) in [
            ("CATALOGUE_ADDR", "nowhere"),
            ("CATALOGUE_RELOAD_MS", "0"),
            ("CATALOGUE_TODAY", "next friday"),
        ] {
            let error = Config::from_lookup(|asked| (asked == name).then(|| value.to_owned()))
                .expect_err("an invalid value");
            assert_eq!(error.variable, name);
        }
    }
}
