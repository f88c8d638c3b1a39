//! The seam every point-of-sale connector plugs into (docs/ingest.md#adding-a-connector).
//! A connector only fetches: given a linked theater and its cinema's token, it answers
//! the theater's days and what the point of sale has for them, as the records the store
//! takes ([`TheaterSchedule`]). Everything around it is written once, here: polling every
//! linked theater of every site on a schedule, by one replica at a time (the
//! leadership), reading each theater's token file, writing through the same store writes
//! as the ingest API (which compare, so an unchanged cinema changes nothing), logging a
//! failure once and its end, and the health service
//! ([`proto::POS_CONNECTORS_HEALTH`]: `/readyz` says `degraded` while any linked theater
//! of any connector is out of step). Veezi ([`crate::veezi`]) is the first connector.

use std::collections::BTreeMap;
use std::future::Future;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use jiff::civil::Date;
use tonic_health::ServingStatus;

use crate::domain::catalogue::Catalogue;
use crate::domain::catalogue::showtimes::MAX_RANGE_DAYS;
use crate::domain::movies::MovieEntry;
use crate::domain::records::RecordKind;
use crate::domain::showtimes::ShowtimeEntry;
use crate::domain::theaters::{PointOfSale, Theater};
use crate::follow::{Catalogues, SharedCatalogue};
use crate::leadership::Leadership;
use crate::store::{Author, Store, StoreError};
use crate::version::Clock;

/// What a point of sale has for one theater, from its first day to its last.
#[derive(Debug, Clone, PartialEq)]
pub struct TheaterSchedule {
    /// The days it covers, first and last: the theater's showtimes on them are replaced
    /// by these (a showtime the point of sale no longer has is removed).
    pub days: (Date, Date),
    pub showtimes: Vec<ShowtimeEntry>,
    /// The movies the showtimes show, by id: written only when the catalogue lacks them
    /// (the chain's own movie records, pushed or imported, are kept as they are).
    pub movies: BTreeMap<String, MovieEntry>,
    /// Sessions left out, and why (logged at DEBUG).
    pub skipped: Vec<String>,
}

/// One kind of point of sale.
pub trait Connector: Send + Sync + 'static {
    /// The `pointOfSale.provider` of the theaters it serves.
    const PROVIDER: &'static str;
    /// Its name in logs.
    const NAME: &'static str;
    type Error: std::error::Error + Send + 'static;

    /// The schedule of `theater` (linked by `link`, with its cinema's `token`) from today,
    /// by `clock`, in the theater's time zone.
    fn fetch(
        &self,
        theater: &Theater,
        link: &PointOfSale,
        token: &str,
        clock: Clock,
    ) -> impl Future<Output = Result<TheaterSchedule, Self::Error>> + Send;
}

/// How a connector is polled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Polling {
    /// How often each linked theater is brought in step.
    pub every: Duration,
    /// The folder of the cinemas' token files, each named in a theater's
    /// `pointOfSale.token`, in a folder per site: `{token_dir}/{site}/{token}`.
    pub token_dir: PathBuf,
}

/// Why a theater could not be brought in step.
#[derive(Debug, thiserror::Error)]
pub enum SyncError<E: std::error::Error> {
    #[error("{from}: {problem}")]
    Token { from: String, problem: String },
    #[error(transparent)]
    Fetch(E),
    #[error("writing the schedule: {0}")]
    Store(#[from] StoreError),
}

/// The last day a poll writes, from `today`: as far as a schedule call reaches.
pub fn last_day(today: Date) -> Date {
    today
        .checked_add(jiff::Span::new().days(i64::from(MAX_RANGE_DAYS - 1)))
        .unwrap_or(today)
}

/// Whether every connector's linked theaters are in step, for the health service: each
/// connector says for itself, and the service is serving while all are.
#[derive(Debug, Clone)]
pub struct ConnectorHealth {
    reporter: tonic_health::server::HealthReporter,
    out_of_step: Arc<Mutex<BTreeMap<&'static str, bool>>>,
}

impl ConnectorHealth {
    pub fn new(reporter: tonic_health::server::HealthReporter) -> ConnectorHealth {
        ConnectorHealth {
            reporter,
            out_of_step: Arc::default(),
        }
    }

    async fn report(&self, provider: &'static str, failing: bool) {
        let any = {
            let mut out_of_step = self
                .out_of_step
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            out_of_step.insert(provider, failing);
            out_of_step.values().any(|failing| *failing)
        };
        let status = if any {
            ServingStatus::NotServing
        } else {
            ServingStatus::Serving
        };
        self.reporter
            .set_service_status(proto::POS_CONNECTORS_HEALTH, status)
            .await;
    }
}

/// Keeps every theater of every site in `catalogues` linked to `connector`'s point of
/// sale in step with it, polling while this replica leads (`leadership`), until the
/// returned task is aborted.
pub fn keep_in_step<C: Connector>(
    connector: C,
    polling: Polling,
    store: Store,
    catalogues: Catalogues,
    clock: Clock,
    health: ConnectorHealth,
    mut leadership: Leadership,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut failing = Failing::new();
        let mut ticks = tokio::time::interval(polling.every);
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
                let linked = current.theaters.iter().filter_map(|theater| {
                    let link = theater.point_of_sale.as_ref()?;
                    (link.provider == C::PROVIDER).then_some((theater, link))
                });
                for (theater, link) in linked {
                    linked_anywhere = true;
                    let synced =
                        sync(&connector, &polling, &store, current, theater, link, clock).await;
                    // What staff read: a store error's detail stays in the logs.
                    let failure = synced.as_ref().err().map(|error| match error {
                        SyncError::Store(_) => {
                            "the schedule could not be written to the catalogue".to_owned()
                        }
                        other => other.to_string(),
                    });
                    if let Err(error) = store
                        .record_poll(&current.site_id, &theater.id, failure.as_deref())
                        .await
                    {
                        tracing::warn!(connector = C::NAME, site = %current.site_id, theater = %theater.id, %error, "the poll's outcome could not be kept for the studio");
                    }
                    report::<C>(&mut failing, &current.site_id, &theater.id, synced);
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
            health.report(C::PROVIDER, !failing.is_empty()).await;
        }
    })
}

/// The last failure of each (site, theater), so each is logged once.
type Failing = BTreeMap<(String, String), String>;

fn report<C: Connector>(
    failing: &mut Failing,
    site: &str,
    theater: &str,
    synced: Result<u64, SyncError<C::Error>>,
) {
    let key = (site.to_owned(), theater.to_owned());
    let connector = C::NAME;
    match synced {
        Ok(changed) => {
            if failing.remove(&key).is_some() {
                tracing::info!(
                    connector,
                    site,
                    theater,
                    changed,
                    "{connector}: the theater is in step again"
                );
            } else if changed > 0 {
                tracing::info!(
                    connector,
                    site,
                    theater,
                    changed,
                    "{connector}: the theater's schedule changed"
                );
            }
        }
        Err(error) => {
            let said = error.to_string();
            if failing.get(&key) != Some(&said) {
                tracing::error!(connector, site, theater, error = %said, "{connector}: the theater cannot be brought in step; its last good schedule keeps serving");
                failing.insert(key, said);
            }
        }
    }
}

/// The cinema's token: the one uploaded in the studio when the link names no file, else
/// the named file of the site's own folder (never another chain's).
async fn token_of<E: std::error::Error>(
    polling: &Polling,
    store: &Store,
    site_id: &str,
    theater: &Theater,
    link: &PointOfSale,
) -> Result<String, SyncError<E>> {
    let (token, source) = if link.token.is_empty() {
        let token = store.point_of_sale_token(site_id, &theater.id).await?;
        (token.unwrap_or_default(), "the uploaded token".to_owned())
    } else {
        let file = polling.token_dir.join(site_id).join(&link.token);
        let token = tokio::fs::read_to_string(&file)
            .await
            .map_err(|error| SyncError::Token {
                from: format!("the token file {}", link.token),
                problem: error.to_string(),
            })?;
        (token, format!("the token file {}", link.token))
    };
    if token.trim().is_empty() {
        return Err(SyncError::Token {
            from: source,
            problem: "there is none".to_owned(),
        });
    }
    Ok(token)
}

/// Brings `theater` in step with its point of sale: the movies the catalogue lacks, then
/// its days. Answers how many records changed.
async fn sync<C: Connector>(
    connector: &C,
    polling: &Polling,
    store: &Store,
    catalogue: &Catalogue,
    theater: &Theater,
    link: &PointOfSale,
    clock: Clock,
) -> Result<u64, SyncError<C::Error>> {
    let token = token_of(polling, store, &catalogue.site_id, theater, link).await?;
    let token = token.trim();
    let schedule = connector
        .fetch(theater, link, token, clock)
        .await
        .map_err(SyncError::Fetch)?;
    for skipped in &schedule.skipped {
        tracing::debug!(connector = C::NAME, theater = %theater.id, skipped, "a session left out");
    }
    let mut changed = 0;
    for (id, movie) in &schedule.movies {
        if !catalogue.movies.iter().any(|known| known.id == *id) {
            changed += store
                .put_record(
                    &catalogue.site_id,
                    RecordKind::Movie,
                    id,
                    movie,
                    Author::named(C::NAME),
                )
                .await?
                .changed;
        }
    }
    changed += store
        .put_schedule(
            &catalogue.site_id,
            &theater.id,
            schedule.days,
            &schedule.showtimes,
        )
        .await?
        .changed;
    Ok(changed)
}
