//! The showtimes a query asks for (a theater, a movie, a range of days, attributes), each
//! with its booking link and marked started as [`Offered`] says; what is offered now; and
//! where each theater's and each movie's showtimes are.

use std::collections::HashMap;

use jiff::civil::{Date, Time};
use jiff::{SignedDuration, Timestamp};
use proto::showtime::{Attribute, Availability};

use super::Catalogue;
use crate::Error;
use crate::domain::offered::{self, Offered};
use crate::domain::showtimes::{Showtime, ShowtimeEntry};
use crate::domain::theaters::{self, Theater};

/// The most days of showtimes one request answers: a longer range is cut to its first
/// days, so any two valid dates make a valid request (the API document says so).
pub const MAX_RANGE_DAYS: i32 = 62;

/// The filters of a showtime query, as the client sent them.
#[derive(Debug, Default)]
pub struct ShowtimeQuery<'a> {
    pub theater_id: &'a str,
    pub movie_id: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    /// Attribute codes a showtime must all have.
    pub attributes: &'a [String],
}

/// A showtime as the site lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct ListedShowtime {
    /// Stable for a theater and its performance code.
    pub id: String,
    pub movie_id: String,
    pub theater_id: String,
    pub perf_code: String,
    /// The local day and time at the theater.
    pub date: Date,
    pub time: Time,
    /// RFC 3339 with the theater's offset.
    pub starts_at: String,
    pub format: String,
    pub auditorium: String,
    /// Its own and its format's.
    pub attributes: Vec<Attribute>,
    /// Its own booking link, else the theater's ticketing site's.
    pub ticketing_url: String,
    /// Its own, else the movie's original language, else the site's.
    pub language: String,
    pub availability: Availability,
    pub seats_available: Option<u32>,
    pub seats_total: Option<u32>,
    /// No longer offered: it started a grace ago.
    pub started: bool,
}

/// Positions of showtimes in [`Catalogue::showtimes`] by theater and by movie.
#[derive(Debug, Default)]
pub struct ShowtimeIndex {
    pub theater: HashMap<String, Vec<usize>>,
    pub movie: HashMap<String, Vec<usize>>,
}

impl ShowtimeIndex {
    pub(super) fn of(showtimes: &[Showtime]) -> ShowtimeIndex {
        let mut index = ShowtimeIndex::default();
        for (position, showtime) in showtimes.iter().enumerate() {
            index
                .theater
                .entry(showtime.theater_id.clone())
                .or_default()
                .push(position);
            index
                .movie
                .entry(showtime.entry.movie_id.clone())
                .or_default()
                .push(position);
        }
        index
    }
}

/// Adds `theater_id`'s `entries` to `showtimes`, each placed on the theater's local day.
pub(super) fn place(
    site_id: &str,
    theater_id: &str,
    entries: Vec<ShowtimeEntry>,
    showtimes: &mut Vec<Showtime>,
) -> Result<(), Error> {
    for entry in entries {
        let start = entry.starts_at.clone();
        showtimes.push(
            Showtime::new(theater_id, entry).ok_or_else(|| Error::Unreadable {
                site: site_id.to_owned(),
                problem: format!("showtime of theater {theater_id}: startsAt '{start}'"),
            })?,
        );
    }
    Ok(())
}

/// Puts the site's showtimes in their order: by start, then theater and movie.
pub(super) fn sort(showtimes: &mut [Showtime]) {
    showtimes.sort_by(|a, b| {
        (a.instant, &a.theater_id, &a.entry.movie_id).cmp(&(
            b.instant,
            &b.theater_id,
            &b.entry.movie_id,
        ))
    });
}

impl Catalogue {
    /// What is offered of the catalogue's showtimes at `now`.
    pub fn offered(&self, now: Timestamp, grace: SignedDuration) -> Offered {
        offered::offered(&self.showtimes, now, grace)
    }

    /// The showtimes `query` asks for, each marked started as `offered` says.
    pub fn showtimes(
        &self,
        today: Date,
        offered: &Offered,
        query: &ShowtimeQuery<'_>,
    ) -> Result<Vec<ListedShowtime>, Error> {
        let from = parse_day("from", query.from, today)?;
        let days_after = |days: i32| {
            from.checked_add(jiff::Span::new().days(days))
                .unwrap_or(from)
        };
        // A `to` before `from` makes a range of no day, which holds no showtime.
        let to = parse_day("to", query.to, days_after(6))?.min(days_after(MAX_RANGE_DAYS - 1));
        if !query.theater_id.is_empty() {
            self.theater(query.theater_id)?;
        }
        if !query.movie_id.is_empty() {
            self.movie(query.movie_id, today)?;
        }
        let wanted = query
            .attributes
            .iter()
            .map(|code| {
                Attribute::from_code(code).ok_or_else(|| {
                    Error::InvalidArgument(format!(
                        "attribute: '{code}' is not one of {}",
                        Attribute::codes()
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let theaters = self.theaters();
        let excluded = &self.site.config.global_excluded_movie_ids;
        // Kept in order of start, then theater and movie.
        Ok(self
            .showtimes_of(query.theater_id, query.movie_id)
            .filter(|s| s.date >= from && s.date <= to)
            .filter(|s| query.theater_id.is_empty() || s.theater_id == query.theater_id)
            .filter(|s| query.movie_id.is_empty() || s.entry.movie_id == query.movie_id)
            .filter(|s| !excluded.contains(&s.entry.movie_id))
            .filter_map(|showtime| {
                let attributes = showtime.entry.all_attributes();
                if !wanted.iter().all(|a| attributes.contains(a)) {
                    return None;
                }
                let theater = theaters.iter().find(|t| t.id == showtime.theater_id)?;
                let started = offered.has_started(showtime.instant);
                Some(self.listed_showtime(showtime, theater, attributes, started))
            })
            .collect())
    }

    /// The showtimes at `theater_id` and of `movie_id` (either may be empty: any), in order.
    pub(super) fn showtimes_of<'a>(
        &'a self,
        theater_id: &str,
        movie_id: &str,
    ) -> Box<dyn Iterator<Item = &'a Showtime> + 'a> {
        let positions = match (theater_id.is_empty(), movie_id.is_empty()) {
            (true, true) => return Box::new(self.showtimes.iter()),
            (false, _) => self.showtimes_by.theater.get(theater_id),
            (true, false) => self.showtimes_by.movie.get(movie_id),
        };
        Box::new(
            positions
                .into_iter()
                .flatten()
                .map(|&position| &self.showtimes[position]),
        )
    }

    fn listed_showtime(
        &self,
        showtime: &Showtime,
        theater: &Theater,
        attributes: Vec<Attribute>,
        started: bool,
    ) -> ListedShowtime {
        let entry = &showtime.entry;
        let ticketing_url = if entry.booking_url.is_empty() {
            let provider = theater.ticketing_provider.clone().unwrap_or_default();
            theaters::booking_url(&provider, &theater.code, &entry.perf_code)
        } else {
            entry.booking_url.clone()
        };
        let language = if entry.language.is_empty() {
            self.movie_language(&entry.movie_id)
        } else {
            entry.language.clone()
        };
        ListedShowtime {
            id: showtime.id(),
            movie_id: entry.movie_id.clone(),
            theater_id: showtime.theater_id.clone(),
            perf_code: entry.perf_code.clone(),
            date: showtime.date,
            time: showtime.time,
            starts_at: entry.starts_at.clone(),
            format: entry.format.clone(),
            auditorium: entry.auditorium.clone(),
            attributes,
            ticketing_url,
            language,
            availability: entry.availability(),
            seats_available: entry.seats_available,
            seats_total: entry.seats_total,
            started,
        }
    }
}

/// A YYYY-MM-DD query date; empty = `default`.
fn parse_day(field: &str, text: &str, default: Date) -> Result<Date, Error> {
    if text.is_empty() {
        return Ok(default);
    }
    let valid_shape = text.len() == 10 && text.as_bytes()[4] == b'-' && text.as_bytes()[7] == b'-';
    text.parse::<Date>()
        .ok()
        .filter(|_| valid_shape)
        .ok_or_else(|| {
            Error::InvalidArgument(format!("{field}: '{text}' is not a YYYY-MM-DD date"))
        })
}
