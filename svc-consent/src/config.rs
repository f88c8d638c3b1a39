//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;
use std::path::PathBuf;

pub use platform::config::{ConfigError, DatabaseUrl};

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the gRPC server listens (CONSENT_ADDR).
    pub addr: SocketAddr,
    /// The receipt store: DATABASE_URL, else the SQLite file `consent.sqlite` in
    /// DATA_DIR, created when missing.
    pub database_url: DatabaseUrl,
    /// DATA_DIR: where that file goes.
    pub data_dir: PathBuf,
    /// The deployment's default site (SITE_ID; unset, svc-catalogue's: SITE_DIR's folder
    /// name, else `demo`): the site of a call that names none and of receipts from before sites.
    pub site_id: String,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let data_dir = PathBuf::from(lookup("DATA_DIR").unwrap_or_else(|| "./data".to_owned()));
        let database_url =
            platform::config::database_url(&lookup, &data_dir.join("consent.sqlite"))?;
        Ok(Config {
            addr: platform::config::socket_addr(&lookup, "CONSENT_ADDR", "127.0.0.1:50054")?,
            database_url,
            data_dir,
            site_id: platform::config::site_id(&lookup)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn receipts_go_to_sqlite_under_data_dir_unless_database_url_is_set() {
        let config = Config::from_lookup(|_| None).expect("defaults");
        assert_eq!(
            config.database_url.expose(),
            "sqlite://./data/consent.sqlite?mode=rwc"
        );
        let config = Config::from_lookup(|name| {
            (name == "DATABASE_URL").then(|| "postgres://postgres@db:5432/cinema".to_owned())
        })
        .expect("a postgres URL");
        assert_eq!(
            config.database_url.expose(),
            "postgres://postgres@db:5432/cinema"
        );
    }

    #[test]
    fn a_database_url_of_another_kind_names_the_variable() {
        let error = Config::from_lookup(|name| {
            (name == "DATABASE_URL").then(|| "mysql://user:secret@db/cinema".to_owned())
        })
        .expect_err("not postgres");
        assert_eq!(error.variable, "DATABASE_URL");
        assert!(!error.problem.contains("secret"), "{}", error.problem);
    }
}
