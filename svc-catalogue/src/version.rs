//! The catalogue's version as subscribers see it: the bundle's revision, today's date in
//! the site's time zone, since every dated answer (play weeks, the coming week's
//! showtimes, events) moves with the date, and the showtimes no longer offered, since a
//! showtime leaves the pages once it has started. [`Clock`] says what day and time it
//! is; [`watch`] streams the version when asked and again at each change.

use std::time::Duration;

use jiff::civil::{Date, DateTime};
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use proto::catalogue::v1 as pb;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::Status;

use crate::domain::catalogue::Catalogue;
use crate::follow::SharedCatalogue;

/// A little after midnight, so the new day is surely today when the clock is read again.
const AFTER_MIDNIGHT: Duration = Duration::from_secs(1);

/// How long a showtime stays offered after it starts, by default (SHOWTIME_GRACE_MINUTES).
pub const DEFAULT_GRACE: SignedDuration = SignedDuration::from_mins(10);

/// What day and time it is for the site, and how long a started showtime is still offered.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    /// A fixed local day and time (CATALOGUE_NOW, or CATALOGUE_TODAY at midnight) for demos
    /// and tests; the wall clock when `None`.
    pub fixed: Option<DateTime>,
    /// How long after its start a showtime is still offered (SHOWTIME_GRACE_MINUTES).
    pub grace: SignedDuration,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            fixed: None,
            grace: DEFAULT_GRACE,
        }
    }
}

impl Clock {
    /// A clock fixed at the start of `day`.
    pub fn on(day: Date) -> Clock {
        Clock {
            fixed: Some(day.to_datetime(jiff::civil::Time::midnight())),
            ..Clock::default()
        }
    }

    pub fn today(&self, time_zone: &TimeZone) -> Date {
        self.fixed.map_or_else(
            || Timestamp::now().to_zoned(time_zone.clone()).date(),
            |fixed| fixed.date(),
        )
    }

    /// Now; a fixed time is read in `time_zone`.
    pub fn now(&self, time_zone: &TimeZone) -> Timestamp {
        self.fixed
            .and_then(|fixed| fixed.to_zoned(time_zone.clone()).ok())
            .map_or_else(Timestamp::now, |fixed| fixed.timestamp())
    }

    /// How long until the next day starts in `time_zone`; never with a fixed date.
    pub fn until_next_day(&self, time_zone: &TimeZone) -> Option<Duration> {
        if self.fixed.is_some() {
            return None;
        }
        let now = Timestamp::now().to_zoned(time_zone.clone());
        let next_day = now
            .date()
            .tomorrow()
            .ok()?
            .to_zoned(time_zone.clone())
            .ok()?;
        let wait = next_day.timestamp().duration_since(now.timestamp());
        Duration::try_from(wait)
            .ok()
            .map(|wait| wait + AFTER_MIDNIGHT)
    }

    /// How long until `instant`; never with a fixed time, or for an instant gone by.
    fn until(&self, instant: Option<Timestamp>) -> Option<Duration> {
        if self.fixed.is_some() {
            return None;
        }
        Duration::try_from(instant?.duration_since(Timestamp::now())).ok()
    }
}

pub fn version(catalogue: &Catalogue, clock: &Clock) -> pb::SiteVersion {
    let offered = catalogue.offered(clock.now(&catalogue.time_zone), clock.grace);
    pb::SiteVersion {
        revision: catalogue.revision.clone(),
        republished: catalogue.republished,
        today: clock.today(&catalogue.time_zone).to_string(),
        started_through: offered
            .started_through
            .map(|instant| instant.to_string())
            .unwrap_or_default(),
        schedule_revisions: catalogue
            .schedule_revisions
            .iter()
            .map(|(theater_id, revision)| (theater_id.clone(), revision.clone()))
            .collect(),
    }
}

/// The version now, then each new one (a reloaded bundle, a new day, showtimes that have
/// started), until the subscriber goes away.
pub fn watch(
    catalogue: SharedCatalogue,
    clock: Clock,
) -> ReceiverStream<Result<pb::SiteVersion, Status>> {
    let (versions, stream) = mpsc::channel(1);
    tokio::spawn(async move {
        let mut changes = catalogue.subscribe();
        let mut sent: Option<pb::SiteVersion> = None;
        loop {
            let current = catalogue.get();
            let version = version(&current, &clock);
            if sent.as_ref() != Some(&version) {
                if versions.send(Ok(version.clone())).await.is_err() {
                    return;
                }
                sent = Some(version);
            }
            let next_day = clock.until_next_day(&current.time_zone);
            let next_started = clock.until(
                current
                    .offered(clock.now(&current.time_zone), clock.grace)
                    .next_change,
            );
            let wake = match (next_day, next_started) {
                (Some(day), Some(started)) => Some(day.min(started)),
                (day, started) => day.or(started),
            };
            tokio::select! {
                changed = changes.changed() => if changed.is_err() { return },
                () = sleep_or_never(wake) => {}
                () = versions.closed() => return,
            }
        }
    });
    ReceiverStream::new(stream)
}

async fn sleep_or_never(wait: Option<Duration>) {
    match wait {
        Some(wait) => tokio::time::sleep(wait).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_date_is_today_and_never_rolls_over() {
        let date: Date = "2026-11-22".parse().expect("a date");
        let clock = Clock::on(date);
        assert_eq!(clock.today(&TimeZone::UTC), date);
        assert_eq!(clock.until_next_day(&TimeZone::UTC), None);
    }

    #[test]
    fn a_fixed_time_is_now_in_each_time_zone_and_never_moves() {
        let clock = Clock {
            fixed: Some("2026-11-22T21:37".parse().expect("a date-time")),
            ..Clock::default()
        };
        let new_york = TimeZone::get("America/New_York").expect("a zone");
        assert_eq!(
            clock.now(&new_york).to_string(),
            "2026-11-23T02:37:00Z",
            "9:37 PM in New York"
        );
        assert_eq!(clock.today(&new_york).to_string(), "2026-11-22");
        assert_eq!(
            clock.until(Some(Timestamp::now() + SignedDuration::from_hours(1))),
            None
        );
    }

    #[test]
    fn the_wall_clock_wakes_for_an_instant_to_come_only() {
        let clock = Clock::default();
        let soon = clock
            .until(Some(Timestamp::now() + SignedDuration::from_mins(5)))
            .expect("a wait");
        assert!(soon > Duration::from_secs(4 * 60) && soon <= Duration::from_secs(5 * 60));
        assert_eq!(
            clock.until(Some(Timestamp::now() - SignedDuration::from_mins(5))),
            None
        );
        assert_eq!(clock.until(None), None);
    }

    #[test]
    fn the_wall_clock_rolls_over_within_a_day() {
        let wait = Clock::default()
            .until_next_day(&TimeZone::get("America/New_York").expect("a zone"))
            .expect("a wait");
        assert!(wait > AFTER_MIDNIGHT && wait <= Duration::from_secs(25 * 3600) + AFTER_MIDNIGHT);
    }
}
