//! The Veezi connector (docs/ingest.md#veezi-connector): keeps the schedule and seat counts of each
//! theater linked to a Veezi cinema (`pointOfSale.provider` "veezi") in step with it,
//! polling its public Web API every VEEZI_POLL_MS. Each poll writes the theater's days
//! from today on through the same store writes as the ingest API, so an unchanged
//! cinema changes nothing. When Veezi fails (its CDN's 403 page, a time-out, bad JSON)
//! the last good schedule keeps serving, the failure is logged once, and the health
//! service says so ([`proto::POS_CONNECTORS_HEALTH`]; `/readyz` is then `degraded`).
//!
//! - [`api`]: Veezi's Web API and its shapes (the transport).
//! - [`schedule`]: what a cinema says, made the theater's showtimes and movies.
//! - [`time_zones`]: Veezi's Windows time-zone names as IANA's.

pub mod api;
pub mod schedule;
pub mod time_zones;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use tonic_health::ServingStatus;

use crate::domain::theaters::Theater;
use crate::domain::{Catalogue, MAX_RANGE_DAYS};
use crate::follow::{Catalogues, SharedCatalogue};
use crate::ingest::RecordKind;
use crate::leadership::Leadership;
use crate::store::{Store, StoreError};
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

/// Why a theater could not be brought in step.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error("the token file {file}: {problem}")]
    Token { file: String, problem: String },
    #[error(transparent)]
    Api(#[from] api::ApiError),
    #[error("the cinema's time zone '{0}' has no IANA name here: give the theater its timeZone")]
    TimeZone(String),
    #[error("writing the schedule: {0}")]
    Store(#[from] StoreError),
}

/// Keeps every linked theater of every site in `catalogues` in step with its cinema
/// while this replica leads (`leadership`), until the returned task is aborted; reports
/// through `health` whether all are.
pub fn keep_in_step(
    config: VeeziConfig,
    store: Store,
    catalogues: Catalogues,
    clock: Clock,
    health: tonic_health::server::HealthReporter,
    mut leadership: Leadership,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let client = match api::Client::new(&config.api_url, config.timeout) {
            Ok(client) => client,
            Err(error) => {
                tracing::error!(%error, "the Veezi connector cannot make its HTTP client");
                return;
            }
        };
        let mut failing = Failing::new();
        let mut ticks = tokio::time::interval(config.poll_every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            // One replica polls for all; the others serve what it writes.
            if !leadership.leads() {
                failing.clear();
                leadership.until_leading().await;
            }
            let sites: Vec<_> = catalogues.all().iter().map(SharedCatalogue::get).collect();
            let mut linked_anywhere = false;
            for current in &sites {
                let linked: Vec<&Theater> = current
                    .theaters
                    .iter()
                    .filter(|theater| {
                        theater
                            .point_of_sale
                            .as_ref()
                            .is_some_and(|link| link.provider == "veezi")
                    })
                    .collect();
                linked_anywhere |= !linked.is_empty();
                for theater in linked {
                    let synced = sync(&client, &config, &store, current, theater, clock).await;
                    report(&mut failing, &current.site_id, &theater.id, synced);
                }
            }
            if !linked_anywhere {
                continue;
            }
            failing.retain(|(site_id, theater_id), _| {
                sites.iter().any(|current| {
                    current.site_id == *site_id
                        && current
                            .theaters
                            .iter()
                            .any(|theater| theater.id == *theater_id)
                })
            });
            let status = if failing.is_empty() {
                ServingStatus::Serving
            } else {
                ServingStatus::NotServing
            };
            health
                .set_service_status(proto::POS_CONNECTORS_HEALTH, status)
                .await;
        }
    })
}

/// The last failure of each (site, theater), so each is logged once.
type Failing = BTreeMap<(String, String), String>;

fn report(failing: &mut Failing, site: &str, theater: &str, synced: Result<u64, SyncError>) {
    let key = (site.to_owned(), theater.to_owned());
    match synced {
        Ok(changed) => {
            if failing.remove(&key).is_some() {
                tracing::info!(
                    site,
                    theater,
                    changed,
                    "Veezi: the theater is in step again"
                );
            } else if changed > 0 {
                tracing::info!(
                    site,
                    theater,
                    changed,
                    "Veezi: the theater's schedule changed"
                );
            }
        }
        Err(error) => {
            let said = error.to_string();
            if failing.get(&key) != Some(&said) {
                tracing::error!(site, theater, error = %said, "Veezi: the theater cannot be brought in step; its last good schedule keeps serving");
                failing.insert(key, said);
            }
        }
    }
}

/// Brings `theater` in step with its cinema: the movies the catalogue lacks, then its
/// days from today on. Answers how many records changed.
async fn sync(
    client: &api::Client,
    config: &VeeziConfig,
    store: &Store,
    catalogue: &Catalogue,
    theater: &Theater,
    clock: Clock,
) -> Result<u64, SyncError> {
    let Some(link) = &theater.point_of_sale else {
        return Ok(0);
    };
    // Each site's tokens in a folder of its own: a theater's token names a file of its
    // own site, never another chain's.
    let file = config.token_dir.join(&catalogue.site_id).join(&link.token);
    let token = tokio::fs::read_to_string(&file)
        .await
        .map_err(|error| SyncError::Token {
            file: file.display().to_string(),
            problem: error.to_string(),
        })?;
    let token = token.trim();
    if token.is_empty() {
        return Err(SyncError::Token {
            file: file.display().to_string(),
            problem: "it is empty".to_owned(),
        });
    }
    let cinema = client.cinema(token).await?;
    let zone = if theater.time_zone.is_empty() {
        let name = time_zones::iana(&cinema.site.time_zone_identifier)
            .ok_or_else(|| SyncError::TimeZone(cinema.site.time_zone_identifier.clone()))?;
        TimeZone::get(name).map_err(|_| SyncError::TimeZone(name.to_owned()))?
    } else {
        TimeZone::get(&theater.time_zone)
            .map_err(|_| SyncError::TimeZone(theater.time_zone.clone()))?
    };
    let today = clock.today(&zone);
    let days = (today, last_day(today));
    let plan = schedule::plan(&cinema, link, &zone, days);
    for skipped in &plan.skipped {
        tracing::debug!(theater = %theater.id, skipped, "Veezi: a session left out");
    }
    let mut changed = 0;
    for (id, movie) in &plan.movies {
        // The chain's own movie records (pushed or imported) are kept as they are.
        if !catalogue.movies.iter().any(|known| known.id == *id) {
            changed += store
                .put_record(&catalogue.site_id, RecordKind::Movie, id, movie)
                .await?
                .changed;
        }
    }
    changed += store
        .put_schedule(&catalogue.site_id, &theater.id, days, &plan.showtimes)
        .await?
        .changed;
    Ok(changed)
}

/// The last day a poll writes: as far as a schedule call reaches.
fn last_day(today: Date) -> Date {
    today
        .checked_add(jiff::Span::new().days(i64::from(MAX_RANGE_DAYS - 1)))
        .unwrap_or(today)
}
