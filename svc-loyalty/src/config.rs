//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

pub use platform::config::ConfigError;
use platform::mail::MailSettings;
use secrecy::SecretString;

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the gRPC server listens (LOYALTY_ADDR).
    pub addr: SocketAddr,
    /// The deployment's default site (SITE_ID; unset, svc-catalogue's: SITE_DIR's folder
    /// name, else `demo`): the site of a call that names none, of members from before sites, and of the demo seed.
    pub site_id: String,
    /// Names the session headers and the version 3 query parameters (LOYALTY_BRAND).
    pub brand: String,
    /// The member store (DATABASE_URL when it names PostgreSQL, else a SQLite file in
    /// DATA_DIR).
    pub database_url: platform::config::DatabaseUrl,
    /// Connections the member store keeps open at most (DATABASE_MAX_CONNECTIONS). More
    /// than the database has cores to run them makes the slowest calls slower: at 16 on
    /// a two-core machine, GetMember's p99 was three times that at 8.
    pub database_max_connections: u32,
    /// Where files live: the SQLite store, e-mails (DATA_DIR).
    pub data_dir: PathBuf,
    /// The catalogue service, asked whether a favourite film exists (CATALOGUE_ADDR).
    pub catalogue_addr: String,
    /// Where member events go (NATS_URL, default [`platform::nats::DEFAULT_URL`]); empty keeps them in
    /// the outbox.
    pub nats_url: Option<String>,
    /// TLS and replicas of the NATS connection (NATS_CA_FILE, NATS_REPLICAS).
    pub nats_access: platform::nats::NatsAccess,
    /// The LOYALTY stream's byte limit (LOYALTY_STREAM_MB, default 1024): apart from the
    /// published store's, so neither fills the other's room.
    pub loyalty_stream_bytes: i64,
    /// The reCAPTCHA secret (CAPTCHA_SECRET); unset turns captcha checks off.
    pub captcha_secret: Option<SecretString>,
    /// The reCAPTCHA-compatible siteverify endpoint (CAPTCHA_VERIFY_URL).
    pub captcha_verify_url: String,
    /// The Google Wallet issuer and the service account that signs save-to-wallet
    /// passes (WALLET_ISSUER_ID, WALLET_SERVICE_ACCOUNT_FILE); unset, wallet calls answer
    /// that passes are not available (peachCode 503).
    pub wallet: Option<WalletConfig>,
    /// A cypher-compatible HTTP API to pass calls to instead of the built-in provider
    /// (LOYALTY_UPSTREAM_URL).
    pub upstream_url: Option<String>,
    /// How long an upstream call may take (LOYALTY_UPSTREAM_TIMEOUT_MS).
    pub upstream_timeout: Duration,
    /// The sites' origins (LOYALTY_SITE_ORIGINS, comma-separated; `*.` names every
    /// subdomain of a host): password reset links may only point there.
    pub site_origins: Vec<String>,
    /// Seed the demo chain's member, rewards, gift card and e-vouchers at start-up
    /// (LOYALTY_DEMO_SEED, true or false).
    pub demo_seed: bool,
    /// Failed logins in a row that lock a member (LOYALTY_LOCKOUT_ATTEMPTS).
    pub lockout_attempts: i64,
    /// How long a locked member stays locked (LOYALTY_LOCKOUT_MS).
    pub lockout: Duration,
    /// Lockouts in a row, with no successful login between them, that block the account
    /// until its owner resets the password by e-mail (LOYALTY_BLOCK_AFTER_LOCKOUTS).
    pub block_after_lockouts: i64,
    /// Days a password may be used before a login asks for a new one
    /// (LOYALTY_PASSWORD_MAX_AGE_DAYS); 0 never asks.
    pub password_max_age_days: i64,
    /// Anonymous calls of each kind allowed per client address (an IPv6 /64) and per
    /// account or card they name, a minute (LOYALTY_RATE_LIMIT_PER_MINUTE).
    pub rate_limit_per_minute: u32,
    /// Registrations allowed per client address an hour
    /// (LOYALTY_REGISTRATION_LIMIT_PER_HOUR).
    pub registration_limit_per_hour: u32,
    /// E-mail to members: the SMTP relay (SMTP_URL, may hold credentials; unset writes
    /// .eml files under DATA_DIR/mail) and who it comes from (MAIL_FROM).
    pub mail: MailSettings,
    /// The payment provider's portal API (PAYMENT_PORTAL_URL) and its key, read from
    /// the file PAYMENT_PORTAL_SECRET_FILE names; unset, members cannot open a payment
    /// portal session (peachCode 501).
    pub payment_portal: Option<PaymentPortalConfig>,
    /// How long a payment portal call may take (PAYMENT_PORTAL_TIMEOUT_MS).
    pub payment_portal_timeout: Duration,
    /// Members' alerts: who their e-mail comes from, the push key, the sending rate.
    pub alerts: AlertsConfig,
}

/// Members' alerts (docs/loyalty.md#alerts).
#[derive(Debug, Clone)]
pub struct AlertsConfig {
    /// Who alert e-mail comes from (ALERTS_MAIL_FROM; unset, MAIL_FROM's sender).
    pub from: platform::mail::Mailbox,
    /// The VAPID key (WEB_PUSH_VAPID_KEY_FILE: a P-256 private key, PEM, PKCS#8 or
    /// SEC1); unset, the embedded demo (SQLite) makes one at DATA_DIR/web-push-vapid.pem,
    /// and a deployment on PostgreSQL offers no push.
    pub vapid_key_file: Option<PathBuf>,
    /// Whether the key file is made when missing (the embedded demo's default file).
    pub vapid_key_made_if_missing: bool,
    /// Who push services may contact about our messages, the VAPID `sub`
    /// (WEB_PUSH_CONTACT, a mailto: or https: URL; unset, mailto: the alert sender).
    pub contact: String,
    /// Messages sent a second at most, e-mail and push together (ALERTS_PER_SECOND).
    pub per_second: u32,
    /// The durable consumer of the catalogue's events that the service's replicas share
    /// (ALERTS_CONSUMER, default `loyalty-alerts`): two deployments on one NATS, or tests
    /// side by side, name their own.
    pub consumer: String,
    /// Whether push endpoints may be plain http on local addresses. Never read from the
    /// environment: for tests against a local push service only.
    pub local_push_endpoints: bool,
}

#[derive(Debug, Clone)]
pub struct WalletConfig {
    /// The Google Wallet issuer id: every pass object and class id starts with it.
    pub issuer_id: String,
    /// The service account's JSON key file, as Google Cloud issues it.
    pub service_account: SecretString,
}

#[derive(Debug, Clone)]
pub struct PaymentPortalConfig {
    pub url: String,
    pub secret: SecretString,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let data_dir = PathBuf::from(lookup("DATA_DIR").unwrap_or_else(|| "./data".to_owned()));
        let database_url = platform::config::database_url(&lookup, &data_dir.join("loyalty.db"))?;
        let (data_dir_for_alerts, sqlite) = (data_dir.clone(), database_url.is_sqlite());
        Ok(Config {
            addr: platform::config::socket_addr(&lookup, "LOYALTY_ADDR", "127.0.0.1:50052")?,
            site_id: platform::config::site_id(&lookup)?,
            brand: platform::config::loyalty_brand(&lookup)?,
            database_url,
            database_max_connections: u32::try_from(positive(
                &lookup,
                "DATABASE_MAX_CONNECTIONS",
                8,
            )?)
            .unwrap_or(u32::MAX),
            data_dir,
            catalogue_addr: platform::config::host_port(
                &lookup,
                "CATALOGUE_ADDR",
                "127.0.0.1:50051",
            )?,
            nats_url: platform::nats::events_url(&lookup),
            nats_access: platform::nats::NatsAccess::from_lookup(&lookup)?,
            loyalty_stream_bytes: positive(&lookup, "LOYALTY_STREAM_MB", 1024)?
                .saturating_mul(1024 * 1024),
            captcha_secret: lookup("CAPTCHA_SECRET")
                .filter(|secret| !secret.is_empty())
                .map(SecretString::from),
            captcha_verify_url: lookup("CAPTCHA_VERIFY_URL")
                .unwrap_or_else(|| "https://www.google.com/recaptcha/api/siteverify".to_owned()),
            wallet: wallet(&lookup)?,
            upstream_url: match lookup("LOYALTY_UPSTREAM_URL").filter(|url| !url.is_empty()) {
                Some(url) if url.starts_with("http://") || url.starts_with("https://") => Some(url),
                Some(url) => {
                    return Err(ConfigError {
                        variable: "LOYALTY_UPSTREAM_URL",
                        problem: format!(
                            "'{}' is not an http(s) URL",
                            platform::config::redacted(&url)
                        ),
                    });
                }
                None => None,
            },
            upstream_timeout: platform::config::millis(
                &lookup,
                "LOYALTY_UPSTREAM_TIMEOUT_MS",
                5000,
            )?,
            site_origins: lookup("LOYALTY_SITE_ORIGINS")
                .unwrap_or_else(|| {
                    "http://127.0.0.1:8080,http://localhost:8080,http://*.localhost:8080".to_owned()
                })
                .split(',')
                .map(|origin| origin.trim().trim_end_matches('/').to_owned())
                .filter(|origin| !origin.is_empty())
                .collect(),
            demo_seed: platform::config::flag(&lookup, "LOYALTY_DEMO_SEED", true)?,
            lockout_attempts: positive(&lookup, "LOYALTY_LOCKOUT_ATTEMPTS", 5)?,
            lockout: platform::config::millis(&lookup, "LOYALTY_LOCKOUT_MS", 15 * 60 * 1000)?,
            block_after_lockouts: positive(&lookup, "LOYALTY_BLOCK_AFTER_LOCKOUTS", 3)?,
            password_max_age_days: at_least(&lookup, "LOYALTY_PASSWORD_MAX_AGE_DAYS", 0, 0)?,
            rate_limit_per_minute: u32::try_from(positive(
                &lookup,
                "LOYALTY_RATE_LIMIT_PER_MINUTE",
                30,
            )?)
            .unwrap_or(u32::MAX),
            registration_limit_per_hour: u32::try_from(positive(
                &lookup,
                "LOYALTY_REGISTRATION_LIMIT_PER_HOUR",
                20,
            )?)
            .unwrap_or(u32::MAX),
            alerts: alerts(&lookup, &data_dir_for_alerts, sqlite)?,
            mail: MailSettings::from_lookup(&lookup, DEFAULT_MAIL_FROM)?,
            payment_portal: payment_portal(&lookup)?,
            payment_portal_timeout: platform::config::millis(
                &lookup,
                "PAYMENT_PORTAL_TIMEOUT_MS",
                5000,
            )?,
        })
    }
}

/// Who e-mail comes from when MAIL_FROM is unset.
const DEFAULT_MAIL_FROM: &str = "Loyalty <no-reply@loyalty.invalid>";

/// The embedded demo's VAPID key, in DATA_DIR.
pub const DEMO_VAPID_KEY_FILE: &str = "web-push-vapid.pem";

/// ALERTS_MAIL_FROM, WEB_PUSH_VAPID_KEY_FILE, WEB_PUSH_CONTACT and ALERTS_PER_SECOND.
fn alerts(
    lookup: &impl Fn(&str) -> Option<String>,
    data_dir: &std::path::Path,
    sqlite: bool,
) -> Result<AlertsConfig, ConfigError> {
    let from = match lookup("ALERTS_MAIL_FROM").filter(|from| !from.is_empty()) {
        Some(from) => from.parse().map_err(|error| ConfigError {
            variable: "ALERTS_MAIL_FROM",
            problem: format!("'{from}' is not a mailbox: {error}"),
        })?,
        None => MailSettings::from_lookup(lookup, DEFAULT_MAIL_FROM)?.from,
    };
    let (vapid_key_file, vapid_key_made_if_missing) =
        match lookup("WEB_PUSH_VAPID_KEY_FILE").filter(|file| !file.is_empty()) {
            Some(file) => (Some(PathBuf::from(file)), false),
            None if sqlite => (Some(data_dir.join(DEMO_VAPID_KEY_FILE)), true),
            None => (None, false),
        };
    let contact = match lookup("WEB_PUSH_CONTACT").filter(|contact| !contact.is_empty()) {
        Some(contact) if contact.starts_with("mailto:") || contact.starts_with("https://") => {
            contact
        }
        Some(contact) => {
            return Err(ConfigError {
                variable: "WEB_PUSH_CONTACT",
                problem: format!("'{contact}' is neither a mailto: nor an https: URL"),
            });
        }
        None => format!("mailto:{}", from.email),
    };
    Ok(AlertsConfig {
        from,
        vapid_key_file,
        vapid_key_made_if_missing,
        contact,
        per_second: u32::try_from(positive(lookup, "ALERTS_PER_SECOND", 20)?).unwrap_or(u32::MAX),
        consumer: match lookup("ALERTS_CONSUMER").filter(|name| !name.is_empty()) {
            Some(name)
                if name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
            {
                name
            }
            Some(name) => {
                return Err(ConfigError {
                    variable: "ALERTS_CONSUMER",
                    problem: format!("'{name}' is not a consumer name (letters, digits, '-', '_')"),
                });
            }
            None => "loyalty-alerts".to_owned(),
        },
        local_push_endpoints: false,
    })
}

/// WALLET_SERVICE_ACCOUNT_FILE (a mounted secret: the service account's JSON key) and
/// WALLET_ISSUER_ID (digits), both or neither.
fn wallet(lookup: &impl Fn(&str) -> Option<String>) -> Result<Option<WalletConfig>, ConfigError> {
    let file = lookup("WALLET_SERVICE_ACCOUNT_FILE").filter(|path| !path.is_empty());
    let issuer = lookup("WALLET_ISSUER_ID").filter(|id| !id.is_empty());
    let (path, issuer_id) = match (file, issuer) {
        (None, None) => return Ok(None),
        (Some(path), Some(issuer_id)) => (path, issuer_id),
        (Some(_), None) => {
            return Err(ConfigError {
                variable: "WALLET_ISSUER_ID",
                problem: "is required when WALLET_SERVICE_ACCOUNT_FILE is set".to_owned(),
            });
        }
        (None, Some(_)) => {
            return Err(ConfigError {
                variable: "WALLET_SERVICE_ACCOUNT_FILE",
                problem: "is required when WALLET_ISSUER_ID is set".to_owned(),
            });
        }
    };
    if !issuer_id.chars().all(|c| c.is_ascii_digit()) {
        return Err(ConfigError {
            variable: "WALLET_ISSUER_ID",
            problem: format!("'{issuer_id}' is not a Google Wallet issuer id (digits)"),
        });
    }
    let service_account = std::fs::read_to_string(&path).map_err(|error| ConfigError {
        variable: "WALLET_SERVICE_ACCOUNT_FILE",
        problem: format!("'{path}' cannot be read: {error}"),
    })?;
    Ok(Some(WalletConfig {
        issuer_id,
        service_account: SecretString::from(service_account),
    }))
}

/// PAYMENT_PORTAL_URL and the secret in the file PAYMENT_PORTAL_SECRET_FILE names (a
/// mounted Kubernetes or Docker secret), both or neither.
fn payment_portal(
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Option<PaymentPortalConfig>, ConfigError> {
    let Some(url) = lookup("PAYMENT_PORTAL_URL").filter(|url| !url.is_empty()) else {
        return Ok(None);
    };
    if !(url.starts_with("https://") || url.starts_with("http://")) {
        return Err(ConfigError {
            variable: "PAYMENT_PORTAL_URL",
            problem: format!(
                "'{}' is not an http(s) URL",
                platform::config::redacted(&url)
            ),
        });
    }
    let secret =
        platform::config::secret_file(lookup, "PAYMENT_PORTAL_SECRET_FILE", "PAYMENT_PORTAL_URL")?;
    Ok(Some(PaymentPortalConfig { url, secret }))
}

fn positive(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: i64,
) -> Result<i64, ConfigError> {
    at_least(lookup, variable, default, 1)
}

fn at_least(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: i64,
    minimum: i64,
) -> Result<i64, ConfigError> {
    match lookup(variable) {
        None => Ok(default),
        Some(value) => match value.parse::<i64>() {
            Ok(n) if n >= minimum => Ok(n),
            _ => Err(ConfigError {
                variable,
                problem: format!("'{value}' is not a whole number of {minimum} or more"),
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use secrecy::ExposeSecret;

    use super::*;

    #[test]
    fn the_default_address_is_loopback_50052() {
        let config = Config::from_lookup(|_| None).expect("defaults are valid");
        assert_eq!(config.addr.to_string(), "127.0.0.1:50052");
        assert_eq!(config.brand, "boxoffice");
        assert_eq!(
            config.nats_url.as_deref(),
            Some(platform::nats::DEFAULT_URL)
        );
    }

    #[test]
    fn member_events_go_to_local_nats_unless_nats_url_says_otherwise() {
        let with = |value: &'static str| {
            Config::from_lookup(move |name| (name == "NATS_URL").then(|| value.to_owned()))
                .expect("valid")
                .nats_url
        };
        assert_eq!(
            with("nats://nats:4222").as_deref(),
            Some("nats://nats:4222")
        );
        assert_eq!(with(""), None, "an empty value turns them off");
    }

    #[test]
    fn the_default_store_is_a_sqlite_file_in_the_data_dir() {
        let config = Config::from_lookup(|name| (name == "DATA_DIR").then(|| "/srv/x".to_owned()))
            .expect("valid");
        assert_eq!(
            config.database_url.expose(),
            "sqlite:///srv/x/loyalty.db?mode=rwc"
        );
    }

    #[test]
    fn the_captcha_secret_never_shows_in_debug_output() {
        let config =
            Config::from_lookup(|name| (name == "CAPTCHA_SECRET").then(|| "s3cr3t".to_owned()))
                .expect("valid");
        assert!(!format!("{config:?}").contains("s3cr3t"));
        assert_eq!(
            config
                .captcha_secret
                .as_ref()
                .map(ExposeSecret::expose_secret),
            Some("s3cr3t")
        );
    }

    #[test]
    fn a_postgres_url_selects_postgres() {
        let url = "postgres://loyalty@db/loyalty";
        let config = Config::from_lookup(|name| (name == "DATABASE_URL").then(|| url.to_owned()))
            .expect("valid");
        assert_eq!(config.database_url.expose(), url);
    }

    #[test]
    fn an_unknown_database_names_the_variable_without_its_password() {
        let error = Config::from_lookup(|name| {
            (name == "DATABASE_URL").then(|| "mysql://u:secret@db/x".to_owned())
        })
        .expect_err("unsupported");
        assert_eq!(error.variable, "DATABASE_URL");
        assert!(!error.to_string().contains("secret"), "{error}");
    }

    #[test]
    fn a_bad_address_names_the_variable() {
        let error =
            Config::from_lookup(|name| (name == "LOYALTY_ADDR").then(|| "nowhere".to_owned()))
                .expect_err("invalid");
        assert!(error.to_string().starts_with("LOYALTY_ADDR: "), "{error}");
    }

    #[test]
    fn mail_goes_to_files_from_the_default_sender_unless_configured() {
        let config = Config::from_lookup(|_| None).expect("defaults are valid");
        assert!(config.mail.smtp_url.is_none());
        assert_eq!(
            config.mail.from.to_string(),
            "Loyalty <no-reply@loyalty.invalid>"
        );
        let error = Config::from_lookup(|name| {
            (name == "SMTP_URL").then(|| "http://u:secret@mail".to_owned())
        })
        .expect_err("not SMTP");
        assert_eq!(error.variable, "SMTP_URL");
        assert!(!error.to_string().contains("secret"), "{error}");
        let error = Config::from_lookup(|name| (name == "MAIL_FROM").then(|| "nobody".to_owned()))
            .expect_err("not a mailbox");
        assert_eq!(error.variable, "MAIL_FROM");
    }

    #[test]
    fn a_payment_portal_needs_a_readable_secret_file() {
        let error = Config::from_lookup(|name| {
            (name == "PAYMENT_PORTAL_URL").then(|| "https://pay.example/sessions".to_owned())
        })
        .expect_err("no secret");
        assert_eq!(error.variable, "PAYMENT_PORTAL_SECRET_FILE");
        let error = Config::from_lookup(|name| match name {
            "PAYMENT_PORTAL_URL" => Some("https://pay.example/sessions".to_owned()),
            "PAYMENT_PORTAL_SECRET_FILE" => Some("/nonexistent/portal-key".to_owned()),
            _ => None,
        })
        .expect_err("unreadable");
        assert!(
            error.to_string().contains("/nonexistent/portal-key"),
            "{error}"
        );
        let error = Config::from_lookup(|name| {
            (name == "PAYMENT_PORTAL_URL").then(|| "ftp://pay.example".to_owned())
        })
        .expect_err("not http");
        assert_eq!(error.variable, "PAYMENT_PORTAL_URL");
    }

    #[test]
    fn a_wallet_needs_both_its_key_file_and_a_numeric_issuer_id() {
        let with = |pairs: &'static [(&'static str, &'static str)]| {
            Config::from_lookup(move |name| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| (*value).to_owned())
            })
        };
        let error = with(&[("WALLET_SERVICE_ACCOUNT_FILE", "/run/secrets/wallet.json")])
            .expect_err("no issuer");
        assert_eq!(error.variable, "WALLET_ISSUER_ID");
        let error = with(&[("WALLET_ISSUER_ID", "3388000000022100000")]).expect_err("no key");
        assert_eq!(error.variable, "WALLET_SERVICE_ACCOUNT_FILE");
        let error = with(&[
            ("WALLET_SERVICE_ACCOUNT_FILE", "/run/secrets/wallet.json"),
            ("WALLET_ISSUER_ID", "marquee"),
        ])
        .expect_err("not digits");
        assert_eq!(error.variable, "WALLET_ISSUER_ID");
        let error = with(&[
            ("WALLET_SERVICE_ACCOUNT_FILE", "/nonexistent/wallet.json"),
            ("WALLET_ISSUER_ID", "3388000000022100000"),
        ])
        .expect_err("unreadable");
        assert_eq!(error.variable, "WALLET_SERVICE_ACCOUNT_FILE");
        assert!(with(&[]).expect("valid").wallet.is_none());
    }

    #[test]
    fn a_bad_brand_or_limit_names_the_variable() {
        let error = Config::from_lookup(|name| (name == "LOYALTY_BRAND").then(|| "a b".to_owned()))
            .expect_err("invalid");
        assert_eq!(error.variable, "LOYALTY_BRAND");
        let error = Config::from_lookup(|name| {
            (name == "LOYALTY_RATE_LIMIT_PER_MINUTE").then(|| "0".to_owned())
        })
        .expect_err("invalid");
        assert_eq!(error.variable, "LOYALTY_RATE_LIMIT_PER_MINUTE");
    }
}
