//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;
use std::path::PathBuf;

pub use platform::config::ConfigError;

/// Where consent receipts are stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReceiptDatabase {
    /// A SQLite file `consent.sqlite` in this folder (DATA_DIR), created when missing.
    Sqlite(PathBuf),
    /// A PostgreSQL URL (DATABASE_URL).
    Postgres(String),
}

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the gRPC server listens (CONSENT_ADDR).
    pub addr: SocketAddr,
    pub database: ReceiptDatabase,
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
        let database = match lookup("DATABASE_URL").filter(|url| !url.is_empty()) {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                ReceiptDatabase::Postgres(url)
            }
            Some(url) => {
                return Err(ConfigError {
                    variable: "DATABASE_URL",
                    problem: format!(
                        "'{}' is not a postgres:// URL",
                        url.split('@').next_back().unwrap_or_default()
                    ),
                });
            }
            None => ReceiptDatabase::Sqlite(PathBuf::from(
                lookup("DATA_DIR").unwrap_or_else(|| "./data".to_owned()),
            )),
        };
        Ok(Config {
            addr: platform::config::socket_addr(&lookup, "CONSENT_ADDR", "127.0.0.1:50054")?,
            database,
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
            config.database,
            ReceiptDatabase::Sqlite(PathBuf::from("./data"))
        );
        let config = Config::from_lookup(|name| {
            (name == "DATABASE_URL").then(|| "postgres://postgres@db:5432/cinema".to_owned())
        })
        .expect("a postgres URL");
        assert_eq!(
            config.database,
            ReceiptDatabase::Postgres("postgres://postgres@db:5432/cinema".to_owned())
        );
    }

    #[test]
    fn a_database_url_that_is_not_postgres_names_the_variable() {
        let error = Config::from_lookup(|name| {
            (name == "DATABASE_URL").then(|| "mysql://user:secret@db/cinema".to_owned())
        })
        .expect_err("not postgres");
        assert_eq!(error.variable, "DATABASE_URL");
        assert!(!error.problem.contains("secret"), "{}", error.problem);
    }
}
