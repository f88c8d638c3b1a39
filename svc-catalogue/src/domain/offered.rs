//! Which showtimes are still offered: a showtime leaves the pages, the page data and its
//! booking link once it has started, a grace after its start (SHOWTIME_GRACE_MINUTES).
//! Showtimes leave in steps of [`STEP`]: the pages change at most once a step, for every
//! showtime that started in it, never once per showtime.

use jiff::{RoundMode, SignedDuration, Timestamp, TimestampRound, Unit};

use super::showtimes::Showtime;

/// Showtimes whose grace ends within the same five minutes leave the pages together.
pub const STEP_MINUTES: i64 = 5;

/// What is offered at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offered {
    /// Every showtime that starts at or before it is no longer offered; `None`: all are.
    pub started_through: Option<Timestamp>,
    /// When the next showtimes leave; `None`: none is left to leave.
    pub next_change: Option<Timestamp>,
}

impl Offered {
    /// Whether a showtime starting at `start` has started: it is no longer offered.
    pub fn has_started(&self, start: Timestamp) -> bool {
        self.started_through.is_some_and(|through| start <= through)
    }
}

/// When a showtime starting at `start` leaves: `grace` after its start, at the end of
/// its step.
fn leaves_at(start: Timestamp, grace: SignedDuration) -> Timestamp {
    let end = start.saturating_add(grace).unwrap_or(start);
    end.round(
        TimestampRound::new()
            .smallest(Unit::Minute)
            .increment(STEP_MINUTES)
            .mode(RoundMode::Ceil),
    )
    .unwrap_or(end)
}

/// What is offered of `showtimes` (in order of start) at `now`.
pub fn offered(showtimes: &[Showtime], now: Timestamp, grace: SignedDuration) -> Offered {
    // Leaving times rise with starts: the showtimes gone are a prefix.
    let gone = showtimes.partition_point(|showtime| leaves_at(showtime.instant, grace) <= now);
    Offered {
        started_through: gone.checked_sub(1).map(|last| showtimes[last].instant),
        next_change: showtimes
            .get(gone)
            .map(|next| leaves_at(next.instant, grace)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::showtimes::ShowtimeEntry;

    fn showtime(perf_code: &str, starts_at: &str) -> Showtime {
        Showtime::new(
            "101",
            ShowtimeEntry {
                perf_code: perf_code.to_owned(),
                movie_id: "1001".to_owned(),
                starts_at: starts_at.to_owned(),
                auditorium: String::new(),
                format: String::new(),
                attributes: Vec::new(),
                language: String::new(),
                seats_available: None,
                seats_total: None,
                availability: None,
                booking_url: String::new(),
            },
        )
        .expect("a showtime")
    }

    fn at(instant: &str) -> Timestamp {
        instant.parse().expect("an instant")
    }

    /// 1:15, 4:00, 7:10 and 9:45 PM in New York, one day.
    fn day() -> Vec<Showtime> {
        [
            ("A", "2026-11-22T13:15:00-05:00"),
            ("B", "2026-11-22T16:00:00-05:00"),
            ("C", "2026-11-22T19:10:00-05:00"),
            ("D", "2026-11-22T21:45:00-05:00"),
        ]
        .into_iter()
        .map(|(code, start)| showtime(code, start))
        .collect()
    }

    const GRACE: SignedDuration = SignedDuration::from_mins(10);

    #[test]
    fn at_9_37_pm_the_shows_of_the_afternoon_and_evening_have_started() {
        let offered = offered(&day(), at("2026-11-22T21:37:00-05:00"), GRACE);
        assert_eq!(
            offered.started_through,
            Some(at("2026-11-22T19:10:00-05:00"))
        );
        assert!(offered.has_started(at("2026-11-22T13:15:00-05:00")));
        assert!(!offered.has_started(at("2026-11-22T21:45:00-05:00")));
        assert_eq!(
            offered.next_change,
            Some(at("2026-11-22T21:55:00-05:00")),
            "9:45 and the grace"
        );
    }

    #[test]
    fn a_showtime_is_offered_through_its_grace_and_leaves_at_the_end_of_its_step() {
        let showtimes = [showtime("A", "2026-11-22T13:12:00-05:00")];
        for still in ["13:12", "13:22", "13:24:59"] {
            let now = at(&format!("2026-11-22T{still}-05:00"));
            assert_eq!(
                offered(&showtimes, now, GRACE).started_through,
                None,
                "{still}"
            );
        }
        let gone = offered(&showtimes, at("2026-11-22T13:25:00-05:00"), GRACE);
        assert_eq!(gone.started_through, Some(showtimes[0].instant));
        assert_eq!(gone.next_change, None);
    }

    #[test]
    fn showtimes_that_start_within_one_step_leave_together() {
        let showtimes = [
            showtime("A", "2026-11-22T19:01:00-05:00"),
            showtime("B", "2026-11-22T19:04:00-05:00"),
            showtime("C", "2026-11-22T19:06:00-05:00"),
        ];
        let before = offered(&showtimes, at("2026-11-22T19:00:00-05:00"), GRACE);
        assert_eq!(before.next_change, Some(at("2026-11-22T19:15:00-05:00")));
        let after = offered(&showtimes, at("2026-11-22T19:15:00-05:00"), GRACE);
        assert_eq!(
            after.started_through,
            Some(showtimes[1].instant),
            "A and B at once"
        );
        assert_eq!(after.next_change, Some(at("2026-11-22T19:20:00-05:00")));
    }

    #[test]
    fn before_the_first_start_every_showtime_is_offered() {
        let offered = offered(&day(), at("2026-11-22T00:00:00-05:00"), GRACE);
        assert_eq!(offered.started_through, None);
        assert_eq!(offered.next_change, Some(at("2026-11-22T13:25:00-05:00")));
        assert_eq!(
            super::offered(&[], at("2026-11-22T00:00:00-05:00"), GRACE).next_change,
            None
        );
    }
}
