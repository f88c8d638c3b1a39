//! What members are told of a movie's showtimes at a theater (docs/architecture.md#catalogue-events):
//! it goes on sale there with its first bookable showtime, and has its last chance there
//! when its last showtime starts within three days while the theater's schedule goes on
//! past that day (a schedule that simply ends, as a point of sale's week does, is no
//! film leaving) and it has been on sale there for longer than that (a one-night
//! screening's on-sale alert said when). Pure rules over showtimes; the store finds the pairs of movie and
//! theater not told yet and remembers which were.

use std::collections::BTreeMap;

use jiff::{SignedDuration, Timestamp};

/// How far ahead a last showtime makes a last chance.
pub const LAST_CHANCE_WITHIN: SignedDuration = SignedDuration::from_hours(72);

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AlertKind {
    OnSale,
    LastChance,
}

impl AlertKind {
    pub const ALL: [AlertKind; 2] = [AlertKind::OnSale, AlertKind::LastChance];

    /// As stored and as the event's subject ends: `on-sale`, `last-chance`.
    pub fn code(self) -> &'static str {
        match self {
            AlertKind::OnSale => "on-sale",
            AlertKind::LastChance => "last-chance",
        }
    }
}

/// A showtime as the rules need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scheduled {
    pub theater_id: String,
    pub movie_id: String,
    pub perf_code: String,
    /// RFC 3339 with the theater's offset, as stored.
    pub starts_at: String,
    pub instant: Timestamp,
    pub sold_out: bool,
}

impl Scheduled {
    /// The public id: stable for a theater and its perfCode (as `Showtime::id`).
    pub fn id(&self) -> String {
        format!("{}-{}", self.theater_id, self.perf_code)
    }
}

/// One thing to tell: the kind, and the showtime it is about (the first bookable one of
/// an on-sale, the last one of a last chance).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovieAlert {
    pub kind: AlertKind,
    pub showtime: Scheduled,
}

/// Per movie and theater among `showtimes`, the first that has not started and is not
/// sold out: the one that puts the movie on sale there. A pair with none is not on sale.
pub fn on_sale(showtimes: Vec<Scheduled>, now: Timestamp) -> Vec<MovieAlert> {
    pick_per_pair(
        showtimes
            .into_iter()
            .filter(|showtime| showtime.instant > now && !showtime.sold_out),
        |kept, candidate| candidate.instant < kept.instant,
    )
    .map(|showtime| MovieAlert {
        kind: AlertKind::OnSale,
        showtime,
    })
    .collect()
}

/// Per movie and theater among `showtimes` (each pair's showtimes on its last day, of the
/// pairs whose theater has showtimes on a later day), the last one, when it starts after
/// `now` and within [`LAST_CHANCE_WITHIN`].
pub fn last_chance(showtimes: Vec<Scheduled>, now: Timestamp) -> Vec<MovieAlert> {
    // Adding a duration of hours only saturates; it cannot fail.
    let until = now
        .saturating_add(LAST_CHANCE_WITHIN)
        .unwrap_or(Timestamp::MAX);
    pick_per_pair(showtimes.into_iter(), |kept, candidate| {
        candidate.instant > kept.instant
    })
    .filter(|last| last.instant > now && last.instant <= until)
    .map(|showtime| MovieAlert {
        kind: AlertKind::LastChance,
        showtime,
    })
    .collect()
}

/// One showtime per (theater, movie), the one `better` prefers, in the pairs' order.
fn pick_per_pair(
    showtimes: impl Iterator<Item = Scheduled>,
    better: impl Fn(&Scheduled, &Scheduled) -> bool,
) -> impl Iterator<Item = Scheduled> {
    let mut picked: BTreeMap<(String, String), Scheduled> = BTreeMap::new();
    for showtime in showtimes {
        let pair = (showtime.theater_id.clone(), showtime.movie_id.clone());
        match picked.get(&pair) {
            Some(kept) if !better(kept, &showtime) => {}
            _ => {
                picked.insert(pair, showtime);
            }
        }
    }
    picked.into_values()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        text.parse()
            .unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    fn showtime(theater: &str, movie: &str, perf: &str, starts_at: &str) -> Scheduled {
        Scheduled {
            theater_id: theater.to_owned(),
            movie_id: movie.to_owned(),
            perf_code: perf.to_owned(),
            starts_at: starts_at.to_owned(),
            instant: at(starts_at),
            sold_out: false,
        }
    }

    fn perfs(alerts: &[MovieAlert]) -> Vec<(&str, &str, &str)> {
        alerts
            .iter()
            .map(|alert| {
                (
                    alert.showtime.theater_id.as_str(),
                    alert.showtime.movie_id.as_str(),
                    alert.showtime.perf_code.as_str(),
                )
            })
            .collect()
    }

    const NOW: &str = "2026-12-01T12:00:00Z";

    #[test]
    fn a_movie_goes_on_sale_with_its_first_showtime_at_each_theater() {
        let alerts = on_sale(
            vec![
                showtime("t1", "dune", "p2", "2026-12-05T19:00:00-05:00"),
                showtime("t1", "dune", "p1", "2026-12-04T19:00:00-05:00"),
                showtime("t2", "dune", "p3", "2026-12-06T19:00:00-05:00"),
                showtime("t1", "wicked", "p4", "2026-12-07T19:00:00-05:00"),
            ],
            at(NOW),
        );
        assert_eq!(
            perfs(&alerts),
            [
                ("t1", "dune", "p1"),
                ("t1", "wicked", "p4"),
                ("t2", "dune", "p3")
            ]
        );
        assert!(alerts.iter().all(|alert| alert.kind == AlertKind::OnSale));
    }

    #[test]
    fn a_showtime_started_or_sold_out_puts_nothing_on_sale() {
        let mut sold_out = showtime("t1", "dune", "p2", "2026-12-05T19:00:00Z");
        sold_out.sold_out = true;
        let started = showtime("t1", "dune", "p1", "2026-12-01T11:00:00Z");
        assert!(on_sale(vec![sold_out.clone(), started], at(NOW)).is_empty());
        let later = showtime("t1", "dune", "p3", "2026-12-06T19:00:00Z");
        assert_eq!(
            perfs(&on_sale(vec![sold_out, later], at(NOW))),
            [("t1", "dune", "p3")]
        );
    }

    #[test]
    fn a_last_chance_is_the_last_showtime_within_three_days() {
        let alerts = last_chance(
            vec![
                showtime("t1", "dune", "p1", "2026-12-03T14:00:00Z"),
                showtime("t1", "dune", "p2", "2026-12-03T20:00:00Z"),
                // Four days ahead: not yet.
                showtime("t2", "dune", "p3", "2026-12-05T13:00:00Z"),
                // Exactly three days ahead: now.
                showtime("t1", "wicked", "p4", "2026-12-04T12:00:00Z"),
            ],
            at(NOW),
        );
        assert_eq!(
            perfs(&alerts),
            [("t1", "dune", "p2"), ("t1", "wicked", "p4")]
        );
        assert!(
            alerts
                .iter()
                .all(|alert| alert.kind == AlertKind::LastChance)
        );
    }

    #[test]
    fn a_last_showtime_already_started_is_no_last_chance() {
        let alerts = last_chance(
            vec![showtime("t1", "dune", "p1", "2026-12-01T11:30:00Z")],
            at(NOW),
        );
        assert!(alerts.is_empty());
    }

    #[test]
    fn the_kinds_are_named_as_their_subjects_end() {
        let codes: Vec<&str> = AlertKind::ALL.iter().map(|kind| kind.code()).collect();
        assert_eq!(codes, ["on-sale", "last-chance"]);
    }
}
