//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;
use std::path::PathBuf;

pub use platform::config::{ConfigError, DatabaseUrl};
use platform::mail::MailSettings;
use secrecy::SecretString;

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
    /// Single sign-on by OpenID Connect; off when STUDIO_OIDC_ISSUER is unset.
    pub single_sign_on: Option<SingleSignOnSettings>,
    /// How sign-in links are mailed: SMTP_URL, else .eml files under DATA_DIR/mail;
    /// from MAIL_FROM.
    pub mail: MailSettings,
    /// svc-catalogue, which owns the sites (CATALOGUE_ADDR).
    pub catalogue_addr: String,
    /// svc-loyalty, which owns the members that support staff help (LOYALTY_ADDR).
    pub loyalty_addr: String,
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
            single_sign_on: single_sign_on(&lookup)?,
            mail: MailSettings::from_lookup(&lookup, DEFAULT_MAIL_FROM)?,
            catalogue_addr: platform::config::host_port(
                &lookup,
                "CATALOGUE_ADDR",
                "127.0.0.1:50051",
            )?,
            loyalty_addr: platform::config::host_port(&lookup, "LOYALTY_ADDR", "127.0.0.1:50052")?,
            nats_url: platform::nats::events_url(&lookup),
            nats_access: platform::nats::NatsAccess::from_lookup(&lookup)?,
        })
    }

    /// Where the first operator's invitation link is written at a start with no staff.
    pub fn first_operator_file(&self) -> PathBuf {
        self.data_dir.join("studio").join("first-operator.url")
    }
}

/// The studio's client at an OpenID Connect provider.
#[derive(Debug, Clone)]
pub struct SingleSignOnSettings {
    /// The provider's issuer (STUDIO_OIDC_ISSUER), as its ID tokens name it: https, or
    /// http on a loopback host (a provider on the same machine).
    pub issuer: String,
    /// The studio's client id there (STUDIO_OIDC_CLIENT_ID).
    pub client_id: String,
    /// Its client secret, from the file STUDIO_OIDC_CLIENT_SECRET_FILE names.
    pub client_secret: SecretString,
}

/// STUDIO_OIDC_ISSUER and, once it is set, the client id and the secret's file.
fn single_sign_on(
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Option<SingleSignOnSettings>, ConfigError> {
    let Some(issuer) = lookup("STUDIO_OIDC_ISSUER").filter(|issuer| !issuer.is_empty()) else {
        return Ok(None);
    };
    let refused = |problem: &str| ConfigError {
        variable: "STUDIO_OIDC_ISSUER",
        problem: format!("'{issuer}' {problem}"),
    };
    let url = reqwest::Url::parse(&issuer).map_err(|_| refused("is not a URL"))?;
    let loopback = url.host_str().is_some_and(|host| {
        host == "localhost"
            || host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<std::net::IpAddr>()
                .is_ok_and(|address| address.is_loopback())
    });
    if !(url.scheme() == "https" || (url.scheme() == "http" && loopback)) {
        return Err(refused(
            "is not an https URL (http only on a loopback host)",
        ));
    }
    let client_id = lookup("STUDIO_OIDC_CLIENT_ID")
        .filter(|id| !id.is_empty())
        .ok_or_else(|| ConfigError {
            variable: "STUDIO_OIDC_CLIENT_ID",
            problem: "is required when STUDIO_OIDC_ISSUER is set".to_owned(),
        })?;
    let client_secret = platform::config::secret_file(
        lookup,
        "STUDIO_OIDC_CLIENT_SECRET_FILE",
        "STUDIO_OIDC_ISSUER",
    )?;
    Ok(Some(SingleSignOnSettings {
        issuer,
        client_id,
        client_secret,
    }))
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
        assert!(config.single_sign_on.is_none());
    }

    #[test]
    fn single_sign_on_needs_an_https_issuer_a_client_id_and_a_readable_secret() {
        let secret = std::env::temp_dir().join(format!("oidc-secret-{}", std::process::id()));
        std::fs::write(&secret, "s3cret\n").expect("written");
        let secret_path = secret.display().to_string();
        let with = |pairs: &[(&'static str, &str)]| {
            let pairs: Vec<(&'static str, String)> = pairs
                .iter()
                .map(|(name, value)| (*name, (*value).to_owned()))
                .collect();
            Config::from_lookup(move |name| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| value.clone())
            })
        };
        let complete = [
            ("STUDIO_OIDC_ISSUER", "https://login.chain.example"),
            ("STUDIO_OIDC_CLIENT_ID", "studio"),
            ("STUDIO_OIDC_CLIENT_SECRET_FILE", secret_path.as_str()),
        ];
        let settings = with(&complete)
            .expect("complete")
            .single_sign_on
            .expect("on");
        assert_eq!(settings.client_id, "studio");
        assert_eq!(
            secrecy::ExposeSecret::expose_secret(&settings.client_secret),
            "s3cret"
        );
        assert!(!format!("{settings:?}").contains("s3cret"));
        let loopback = with(&[
            ("STUDIO_OIDC_ISSUER", "http://127.0.0.1:8081/realms/chain"),
            complete[1],
            complete[2],
        ]);
        assert!(loopback.expect("http on loopback").single_sign_on.is_some());
        for issuer in ["http://login.chain.example", "login.chain.example"] {
            let error = with(&[("STUDIO_OIDC_ISSUER", issuer), complete[1], complete[2]])
                .expect_err("refused issuer");
            assert_eq!(error.variable, "STUDIO_OIDC_ISSUER", "{issuer}");
        }
        let error = with(&[complete[0], complete[2]]).expect_err("no client id");
        assert_eq!(error.variable, "STUDIO_OIDC_CLIENT_ID");
        let error = with(&[complete[0], complete[1]]).expect_err("no secret file");
        assert_eq!(error.variable, "STUDIO_OIDC_CLIENT_SECRET_FILE");
        let error = with(&[
            complete[0],
            complete[1],
            ("STUDIO_OIDC_CLIENT_SECRET_FILE", "/nonexistent/oidc-secret"),
        ])
        .expect_err("unreadable secret");
        assert!(
            error.to_string().contains("/nonexistent/oidc-secret"),
            "{error}"
        );
        std::fs::remove_file(secret).expect("removed");
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
