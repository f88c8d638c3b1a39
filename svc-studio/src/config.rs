//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;
use std::path::PathBuf;

pub use platform::config::{ConfigError, DatabaseUrl};
use platform::mail::MailSettings;

/// Who the studio's e-mail comes from when MAIL_FROM is unset.
const DEFAULT_MAIL_FROM: &str = "Studio <studio@cinema.invalid>";

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the gRPC server listens (STUDIO_ADDR).
    pub addr: SocketAddr,
    /// The staff store: DATABASE_URL, else the SQLite file `studio.sqlite` in DATA_DIR,
    /// created when missing.
    pub database_url: DatabaseUrl,
    /// DATA_DIR: where that file goes, and `studio/first-operator.url`.
    pub data_dir: PathBuf,
    /// STUDIO_URL: the studio's origin, which invitation and sign-in links name.
    pub studio_url: String,
    /// STUDIO_EMAIL_SIGN_IN: one-time sign-in links by e-mail, and invitations accepted
    /// without a passkey.
    pub email_sign_in: bool,
    /// How sign-in links are mailed: SMTP_URL, else .eml files under DATA_DIR/mail;
    /// from MAIL_FROM.
    pub mail: MailSettings,
    /// svc-catalogue, which owns the sites (CATALOGUE_ADDR).
    pub catalogue_addr: String,
    /// Where the audit events go (NATS_URL, default [`platform::nats::DEFAULT_URL`]); empty keeps
    /// them in the outbox.
    pub nats_url: Option<String>,
    /// NATS_* of the connection: TLS, the user in the URL.
    pub nats_access: platform::nats::NatsAccess,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let data_dir = PathBuf::from(lookup("DATA_DIR").unwrap_or_else(|| "./data".to_owned()));
        let database_url =
            platform::config::database_url(&lookup, &data_dir.join("studio.sqlite"))?;
        let studio_url =
            platform::config::http_url(&lookup, "STUDIO_URL", "http://studio.localhost:8080")?
                .trim_end_matches('/')
                .to_owned();
        Ok(Config {
            addr: platform::config::socket_addr(&lookup, "STUDIO_ADDR", "127.0.0.1:50055")?,
            database_url,
            data_dir,
            studio_url,
            email_sign_in: platform::config::flag(&lookup, "STUDIO_EMAIL_SIGN_IN", true)?,
            mail: MailSettings::from_lookup(&lookup, DEFAULT_MAIL_FROM)?,
            catalogue_addr: platform::config::host_port(
                &lookup,
                "CATALOGUE_ADDR",
                "127.0.0.1:50051",
            )?,
            nats_url: platform::nats::events_url(&lookup),
            nats_access: platform::nats::NatsAccess::from_lookup(&lookup)?,
        })
    }

    /// Where the first operator's invitation link is written at a start with no staff.
    pub fn first_operator_file(&self) -> PathBuf {
        self.data_dir.join("studio").join("first-operator.url")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staff_go_to_sqlite_under_data_dir_and_links_name_the_local_studio_by_default() {
        let config = Config::from_lookup(|_| None).expect("defaults");
        assert_eq!(
            config.database_url.expose(),
            "sqlite://./data/studio.sqlite?mode=rwc"
        );
        assert_eq!(config.studio_url, "http://studio.localhost:8080");
        assert!(config.email_sign_in);
    }

    #[test]
    fn a_bad_value_names_its_variable() {
        let error = Config::from_lookup(|name| {
            (name == "STUDIO_EMAIL_SIGN_IN").then(|| "sometimes".to_owned())
        })
        .expect_err("neither true nor false");
        assert_eq!(error.variable, "STUDIO_EMAIL_SIGN_IN");
        let error =
            Config::from_lookup(|name| (name == "STUDIO_URL").then(|| "studio.example".to_owned()))
                .expect_err("not a URL");
        assert_eq!(error.variable, "STUDIO_URL");
    }
}
