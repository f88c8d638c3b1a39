//! The catalogue's version as subscribers see it: the bundle's revision and today's date
//! in the site's time zone, since every dated answer (play weeks, the coming week's
//! showtimes, events) moves with the date. [`Clock`] says what today is; [`watch`]
//! streams the version when asked and again at each change.

use std::time::Duration;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use proto::catalogue::v1 as pb;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::Status;

use crate::domain::Catalogue;
use crate::follow::SharedCatalogue;

/// A little after midnight, so the new day is surely today when the clock is read again.
const AFTER_MIDNIGHT: Duration = Duration::from_secs(1);

/// What day it is for the site.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    /// A fixed today (CATALOGUE_TODAY) for demos and tests; the wall clock when `None`.
    pub fixed: Option<Date>,
}

impl Clock {
    pub fn today(&self, time_zone: &TimeZone) -> Date {
        self.fixed
            .unwrap_or_else(|| jiff::Timestamp::now().to_zoned(time_zone.clone()).date())
    }

    /// How long until the next day starts in `time_zone`; never with a fixed date.
    pub fn until_next_day(&self, time_zone: &TimeZone) -> Option<Duration> {
        if self.fixed.is_some() {
            return None;
        }
        let now = jiff::Timestamp::now().to_zoned(time_zone.clone());
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
}

pub fn version(catalogue: &Catalogue, clock: &Clock) -> pb::SiteVersion {
    pb::SiteVersion {
        revision: catalogue.revision.clone(),
        today: clock.today(&catalogue.time_zone).to_string(),
        schedule_revisions: catalogue
            .schedule_revisions
            .iter()
            .map(|(theater_id, revision)| (theater_id.clone(), revision.clone()))
            .collect(),
    }
}

/// The version now, then each new one (a reloaded bundle, a new day), until the
/// subscriber goes away.
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
            tokio::select! {
                changed = changes.changed() => if changed.is_err() { return },
                () = sleep_or_never(next_day) => {}
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
        let clock = Clock { fixed: Some(date) };
        assert_eq!(clock.today(&TimeZone::UTC), date);
        assert_eq!(clock.until_next_day(&TimeZone::UTC), None);
    }

    #[test]
    fn the_wall_clock_rolls_over_within_a_day() {
        let wait = Clock::default()
            .until_next_day(&TimeZone::get("America/New_York").expect("a zone"))
            .expect("a wait");
        assert!(wait > AFTER_MIDNIGHT && wait <= Duration::from_secs(25 * 3600) + AFTER_MIDNIGHT);
    }
}
