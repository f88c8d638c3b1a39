//! Configuration from the environment; a bad value names its variable.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use jiff::SignedDuration;
use jiff::civil::{Date, DateTime, Time};

use crate::version::{Clock, DEFAULT_GRACE};

pub use platform::config::ConfigError;

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the gRPC server listens (CATALOGUE_ADDR).
    pub addr: SocketAddr,
    /// The catalogue store (DATABASE_URL when it names PostgreSQL, else the SQLite file
    /// DATA_DIR/catalogue.db).
    pub database_url: platform::config::DatabaseUrl,
    /// Where the SQLite store is made (DATA_DIR).
    pub data_dir: PathBuf,
    /// A bundle in the demo's format imported at start, again when its files change and
    /// at each local midnight (SITE_DIR; empty = none, the store is written otherwise).
    pub site_dir: Option<PathBuf>,
    /// The site served (SITE_ID; default the name of SITE_DIR's folder).
    pub site_id: String,
    /// A folder of bundles (SITES_DIR; unset or empty = none): each folder in it holding
    /// a bundle is imported as the site named after it, like SITE_DIR's, and a site
    /// imported so that has no host names yet is served at `{id}.localhost`, the default
    /// site also at 127.0.0.1 and localhost: the local demo of many sites (`make run`).
    pub sites_dir: Option<PathBuf>,
    /// The bundles new sites are made from, each in the folder of its template's name
    /// (SITE_TEMPLATES_DIR, default `site-templates`: `empty` and `demo`).
    pub templates_dir: PathBuf,
    /// How often the bundle's files are checked for changes (CATALOGUE_RELOAD_MS).
    pub reload_every: Duration,
    /// What day and time it is: the wall clock, or for demos and tests a fixed local
    /// date-time in each site's time zone (CATALOGUE_NOW, YYYY-MM-DDTHH:MM; or
    /// CATALOGUE_TODAY, YYYY-MM-DD, at its midnight); and how long after its start a
    /// showtime is still offered (SHOWTIME_GRACE_MINUTES, default 10).
    pub clock: Clock,
    /// The Veezi connector's settings.
    pub veezi: crate::veezi::VeeziConfig,
    /// Whether poster images are fetched from plain http and local addresses too. Never
    /// read from the environment: for tests against a local server only.
    pub poster_images_from_local_addresses: bool,
    /// Each site's share of stored poster images (POSTER_IMAGES_PER_SITE, default 500;
    /// POSTER_IMAGES_MB_PER_SITE, default 256).
    pub poster_limits: crate::store::poster_images::PosterLimits,
    /// Where the catalogue's events go (NATS_URL, default [`platform::nats::DEFAULT_URL`]);
    /// empty keeps them in the store's outbox.
    pub nats_url: Option<String>,
    /// TLS and replicas of the NATS connection (NATS_CA_FILE, NATS_REPLICAS).
    pub nats_access: platform::nats::NatsAccess,
    /// The CATALOGUE stream's byte limit (CATALOGUE_STREAM_MB, default 256): past it the
    /// oldest events go.
    pub catalogue_stream_bytes: i64,
    /// Each site's share of its media library (MEDIA_PER_SITE, default 1,000 images;
    /// MEDIA_MB_PER_SITE, default 512).
    pub media_limits: crate::store::media::MediaLimits,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let addr = platform::config::socket_addr(&lookup, "CATALOGUE_ADDR", "127.0.0.1:50051")?;
        let site_dir = match lookup("SITE_DIR") {
            None => Some(PathBuf::from("site/demo")),
            Some(dir) if dir.is_empty() => None,
            Some(dir) => Some(PathBuf::from(dir)),
        };
        let site_id = platform::config::site_id(&lookup)?;
        let data_dir = PathBuf::from(lookup("DATA_DIR").unwrap_or_else(|| "./data".to_owned()));
        let database_url = platform::config::database_url(&lookup, &data_dir.join("catalogue.db"))?;
        let reload_every = platform::config::millis(&lookup, "CATALOGUE_RELOAD_MS", 2000)?;
        let today = match lookup("CATALOGUE_TODAY").filter(|value| !value.is_empty()) {
            None => None,
            Some(value) => Some(value.parse::<Date>().map_err(|_| ConfigError {
                variable: "CATALOGUE_TODAY",
                problem: format!("'{value}' is not a YYYY-MM-DD date"),
            })?),
        };
        let now = match lookup("CATALOGUE_NOW").filter(|value| !value.is_empty()) {
            None => None,
            Some(value) => Some(value.parse::<DateTime>().map_err(|_| ConfigError {
                variable: "CATALOGUE_NOW",
                problem: format!("'{value}' is not a local YYYY-MM-DDTHH:MM date and time"),
            })?),
        };
        let grace_minutes = match lookup("SHOWTIME_GRACE_MINUTES").filter(|value| !value.is_empty())
        {
            None => DEFAULT_GRACE.as_mins(),
            Some(value) => value
                .parse::<i64>()
                .ok()
                .filter(|minutes| (0..=24 * 60).contains(minutes))
                .ok_or_else(|| ConfigError {
                    variable: "SHOWTIME_GRACE_MINUTES",
                    problem: format!("'{value}' is not a number of minutes from 0 to 1440"),
                })?,
        };
        let clock = Clock {
            fixed: now.or_else(|| today.map(|day| day.to_datetime(Time::midnight()))),
            grace: SignedDuration::from_mins(grace_minutes),
        };
        let veezi = crate::veezi::VeeziConfig {
            api_url: platform::config::http_url(
                &lookup,
                "VEEZI_API_URL",
                "https://api.us.veezi.com",
            )?,
            token_dir: lookup("VEEZI_TOKEN_DIR")
                .filter(|dir| !dir.is_empty())
                .map_or_else(|| data_dir.join("veezi"), PathBuf::from),
            poll_every: platform::config::millis(&lookup, "VEEZI_POLL_MS", 60_000)?,
            timeout: platform::config::millis(&lookup, "VEEZI_TIMEOUT_MS", 10_000)?,
        };
        Ok(Config {
            addr,
            database_url,
            data_dir,
            veezi,
            site_dir,
            site_id,
            sites_dir: lookup("SITES_DIR")
                .filter(|dir| !dir.is_empty())
                .map(PathBuf::from),
            templates_dir: lookup("SITE_TEMPLATES_DIR")
                .filter(|dir| !dir.is_empty())
                .map_or_else(|| PathBuf::from("site-templates"), PathBuf::from),
            reload_every,
            clock,
            poster_images_from_local_addresses: false,
            poster_limits: crate::store::poster_images::PosterLimits {
                images: positive(&lookup, "POSTER_IMAGES_PER_SITE", 500)?,
                bytes: positive(&lookup, "POSTER_IMAGES_MB_PER_SITE", 256)?
                    .saturating_mul(1024 * 1024),
            },
            media_limits: crate::store::media::MediaLimits {
                images: positive(&lookup, "MEDIA_PER_SITE", 1_000)?,
                bytes: positive(&lookup, "MEDIA_MB_PER_SITE", 512)?.saturating_mul(1024 * 1024),
            },
            nats_url: platform::nats::events_url(&lookup),
            nats_access: platform::nats::NatsAccess::from_lookup(&lookup)?,
            catalogue_stream_bytes: i64::try_from(
                positive(&lookup, "CATALOGUE_STREAM_MB", 256)?.saturating_mul(1024 * 1024),
            )
            .unwrap_or(i64::MAX),
        })
    }
}

/// `variable`: a positive whole number, `default` when unset.
fn positive(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: u64,
) -> Result<u64, ConfigError> {
    match lookup(variable).filter(|value| !value.is_empty()) {
        None => Ok(default),
        Some(value) => value
            .parse::<u64>()
            .ok()
            .filter(|number| *number > 0)
            .ok_or_else(|| ConfigError {
                variable,
                problem: format!("'{value}' is not a positive whole number"),
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_serve_the_demo_bundle_on_50051() {
        let config = Config::from_lookup(|_| None).expect("defaults are valid");
        assert_eq!(config.addr.to_string(), "127.0.0.1:50051");
        assert_eq!(config.site_dir, Some(PathBuf::from("site/demo")));
        assert_eq!(config.site_id, "demo");
        assert_eq!(
            config.database_url.expose(),
            "sqlite://./data/catalogue.db?mode=rwc"
        );
        assert_eq!(config.clock.fixed, None);
        assert_eq!(config.clock.grace, DEFAULT_GRACE);
    }

    #[test]
    fn a_fixed_time_is_today_at_that_time_and_the_grace_is_minutes() {
        let lookup = |name: &str| match name {
            "CATALOGUE_TODAY" => Some("2026-11-01".to_owned()),
            "CATALOGUE_NOW" => Some("2026-11-22T21:37".to_owned()),
            "SHOWTIME_GRACE_MINUTES" => Some("15".to_owned()),
            _ => None,
        };
        let clock = Config::from_lookup(lookup).expect("valid").clock;
        assert_eq!(
            clock.fixed,
            Some("2026-11-22T21:37".parse().expect("a date-time"))
        );
        assert_eq!(clock.grace, SignedDuration::from_mins(15));
        let day = |name: &str| (name == "CATALOGUE_TODAY").then(|| "2026-11-01".to_owned());
        let clock = Config::from_lookup(day).expect("valid").clock;
        assert_eq!(
            clock.fixed,
            Some("2026-11-01T00:00".parse().expect("a date-time"))
        );
    }

    #[test]
    fn without_a_bundle_the_site_is_named_or_the_demo() {
        let lookup = |name: &str| match name {
            "SITE_DIR" => Some(String::new()),
            "DATABASE_URL" => Some("postgres://catalogue@db/cinema".to_owned()),
            _ => None,
        };
        let config = Config::from_lookup(lookup).expect("valid");
        assert_eq!(config.site_dir, None);
        assert_eq!(config.site_id, "demo");
        assert_eq!(
            config.database_url.expose(),
            "postgres://catalogue@db/cinema"
        );
    }

    #[test]
    fn each_bad_value_names_its_variable() {
        for (name, value) in [
            ("CATALOGUE_ADDR", "nowhere"),
            ("CATALOGUE_RELOAD_MS", "0"),
            ("CATALOGUE_TODAY", "next friday"),
            ("CATALOGUE_NOW", "9:37 PM"),
            ("SHOWTIME_GRACE_MINUTES", "-5"),
            ("SITE_ID", "Demo Chain"),
            ("VEEZI_API_URL", "ftp://veezi.example"),
            ("VEEZI_POLL_MS", "0"),
            ("DATABASE_URL", "mysql://db/cinema"),
        ] {
            let error = Config::from_lookup(|asked| (asked == name).then(|| value.to_owned()))
                .expect_err("an invalid value");
            assert_eq!(error.variable, name);
        }
    }
}
