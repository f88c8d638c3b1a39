//! The Veezi connector (docs/ingest.md#veezi-connector), the first implementation of
//! [`Connector`]: the schedule and seat counts of each theater linked to a Veezi cinema
//! (`pointOfSale.provider` "veezi"), from its public Web API, every VEEZI_POLL_MS. The
//! polling, the token files, the store writes, the failures logged once and the health
//! service are the seam's ([`crate::connector`]). When Veezi fails (its CDN's 403 page, a
//! time-out, bad JSON) the last good schedule keeps serving.
//!
//! - [`api`]: Veezi's Web API and its shapes (the transport).
//! - [`schedule`]: what a cinema says, made the theater's showtimes and movies.
//! - [`time_zones`]: Veezi's Windows time-zone names as IANA's.

pub mod api;
pub mod schedule;
pub mod time_zones;

use std::path::PathBuf;
use std::time::Duration;

use jiff::tz::TimeZone;

use crate::connector::{Connector, Polling, TheaterSchedule, last_day};
use crate::domain::theaters::{PointOfSale, Theater};
use crate::version::Clock;

/// The connector's settings (VEEZI_*).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VeeziConfig {
    /// Veezi's Web API (VEEZI_API_URL).
    pub api_url: String,
    /// The folder of the cinemas' token files, each named in a theater's
    /// `pointOfSale.token`, in a folder per site: `{VEEZI_TOKEN_DIR}/{site}/{token}`.
    pub token_dir: PathBuf,
    /// How often each linked theater is brought in step (VEEZI_POLL_MS).
    pub poll_every: Duration,
    /// How long one call to Veezi may take (VEEZI_TIMEOUT_MS).
    pub timeout: Duration,
}

impl VeeziConfig {
    /// How the connector is polled.
    pub fn polling(&self) -> Polling {
        Polling {
            every: self.poll_every,
            token_dir: self.token_dir.clone(),
        }
    }
}

/// Why a Veezi cinema's schedule could not be read.
#[derive(Debug, thiserror::Error)]
pub enum VeeziError {
    #[error(transparent)]
    Api(#[from] api::ApiError),
    #[error("the cinema's time zone '{0}' has no IANA name here: give the theater its timeZone")]
    TimeZone(String),
}

/// Veezi's Web API as a point-of-sale connector.
#[derive(Debug, Clone)]
pub struct Veezi {
    client: api::Client,
}

impl Veezi {
    pub fn new(config: &VeeziConfig) -> Result<Veezi, reqwest::Error> {
        Ok(Veezi {
            client: api::Client::new(&config.api_url, config.timeout)?,
        })
    }
}

impl Connector for Veezi {
    const PROVIDER: &'static str = "veezi";
    const NAME: &'static str = "Veezi";
    type Error = VeeziError;

    /// The cinema's days from today in its time zone (the theater's own, else the
    /// cinema's), as far as a schedule call reaches.
    async fn fetch(
        &self,
        theater: &Theater,
        link: &PointOfSale,
        token: &str,
        clock: Clock,
    ) -> Result<TheaterSchedule, VeeziError> {
        let cinema = self.client.cinema(token).await?;
        let zone = if theater.time_zone.is_empty() {
            let name = time_zones::iana(&cinema.site.time_zone_identifier)
                .ok_or_else(|| VeeziError::TimeZone(cinema.site.time_zone_identifier.clone()))?;
            TimeZone::get(name).map_err(|_| VeeziError::TimeZone(name.to_owned()))?
        } else {
            TimeZone::get(&theater.time_zone)
                .map_err(|_| VeeziError::TimeZone(theater.time_zone.clone()))?
        };
        let today = clock.today(&zone);
        let days = (today, last_day(today));
        let plan = schedule::plan(&cinema, link, &zone, days);
        Ok(TheaterSchedule {
            days,
            showtimes: plan.showtimes,
            movies: plan.movies,
            skipped: plan.skipped,
        })
    }
}
