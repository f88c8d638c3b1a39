//! What a Veezi cinema says, made a theater's showtimes and the movies they show
//! (docs/ingest.md#veezi-connector): only Public sessions that are Open or Planned;
//! `Session.Id` is the perfCode; `FeatureStartTime` is local time in the cinema's zone;
//! `SeatsAvailable` and the screen's `TotalSeats` give availability; the web session's
//! `URL` is the booking link; the cinema's attribute short names map to the vocabulary
//! through the theater's table.

use std::collections::{BTreeMap, HashMap};

use jiff::civil::Date;
use jiff::tz::TimeZone;

use super::api::{Cinema, Film};
use crate::domain::movies::MovieEntry;
use crate::domain::showtimes::{self, ShowtimeEntry};
use crate::domain::theaters::PointOfSale;

/// The theater's showtimes from `from` on, and the movies they show.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub showtimes: Vec<ShowtimeEntry>,
    /// By id, made from Veezi's films (written only when the catalogue lacks them).
    pub movies: BTreeMap<String, MovieEntry>,
    /// Sessions left out, and why (a film without a duration, a start that is no time).
    pub skipped: Vec<String>,
}

/// The catalogue's movie id of a Veezi film: its id, with what a page address cannot
/// hold made '_'.
pub fn movie_id(film_id: &str) -> String {
    film_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn movie(film: &Film) -> Option<MovieEntry> {
    let runtime = film.duration.filter(|minutes| *minutes > 0)?;
    Some(MovieEntry {
        id: movie_id(&film.id),
        title: film.title.trim().to_owned(),
        slug: String::new(),
        synopsis: film.synopsis.clone().unwrap_or_default(),
        runtime_minutes: runtime,
        rating: film.rating.clone().unwrap_or_default(),
        genres: film
            .genre
            .iter()
            .flat_map(|genre| genre.split([',', '/']))
            .map(str::trim)
            .filter(|genre| !genre.is_empty())
            .map(str::to_owned)
            .collect(),
        release_date: film
            .opening_date
            .as_deref()
            .and_then(|opening| opening.get(..10))
            .and_then(|day| day.parse().ok()),
        directors: vec![],
        cast: vec![],
        attributes: vec![],
        trailer_url: String::new(),
        original_language: String::new(),
        poster_image_url: film
            .film_poster_url
            .clone()
            .filter(|url| url.starts_with("https://"))
            .unwrap_or_default(),
    })
}

/// A film's format as the site shows it: none for plain 2D.
fn format(film: &Film) -> String {
    let format = film.format.as_deref().unwrap_or_default().trim();
    if format.is_empty()
        || format.eq_ignore_ascii_case("2D")
        || format.eq_ignore_ascii_case("2D Film")
    {
        String::new()
    } else {
        format.to_owned()
    }
}

/// The sessions of `cinema` on the theater's days `from` to `to`, in `zone`.
pub fn plan(
    cinema: &Cinema,
    link: &PointOfSale,
    zone: &TimeZone,
    (from, to): (Date, Date),
) -> Plan {
    let screens: HashMap<&str, _> = cinema
        .screens
        .iter()
        .map(|screen| (screen.id.as_str(), screen))
        .collect();
    let films: HashMap<&str, &Film> = cinema
        .films
        .iter()
        .map(|film| (film.id.as_str(), film))
        .collect();
    let short_names: HashMap<&str, &str> = cinema
        .attributes
        .iter()
        .map(|attribute| (attribute.id.as_str(), attribute.short_name.as_str()))
        .collect();
    let links: HashMap<&str, &str> = cinema
        .web_sessions
        .iter()
        .map(|web| (web.id.as_str(), web.url.as_str()))
        .collect();
    let mut plan = Plan {
        showtimes: Vec::new(),
        movies: BTreeMap::new(),
        skipped: Vec::new(),
    };
    for session in &cinema.sessions {
        let shown = session.show_type.eq_ignore_ascii_case("Public")
            && (session.status.eq_ignore_ascii_case("Open")
                || session.status.eq_ignore_ascii_case("Planned"));
        if !shown {
            continue;
        }
        let Ok(starts_at) = showtimes::normalise_start(&session.feature_start_time, zone) else {
            plan.skipped.push(format!(
                "session {}: FeatureStartTime '{}' is no time",
                session.id, session.feature_start_time
            ));
            continue;
        };
        let day: Option<Date> = starts_at.get(..10).and_then(|day| day.parse().ok());
        if day.is_none_or(|day| day < from || day > to) {
            continue;
        }
        let Some(film) = films.get(session.film_id.as_str()) else {
            plan.skipped.push(format!(
                "session {}: no film {}",
                session.id, session.film_id
            ));
            continue;
        };
        let Some(movie) = movie(film) else {
            plan.skipped.push(format!(
                "session {}: film {} has no duration",
                session.id, film.id
            ));
            continue;
        };
        let screen = screens.get(session.screen_id.as_str());
        let seats_total = screen
            .and_then(|screen| screen.total_seats)
            .filter(|seats| *seats > 0);
        let seats_available = session
            .seats_available
            .map(|left| seats_total.map_or(left, |total| left.min(total)));
        let mut attributes: Vec<_> = session
            .attributes
            .iter()
            // An id of the cinema's attributes, or (older sites) the short name itself.
            .map(|id| short_names.get(id.as_str()).copied().unwrap_or(id.as_str()))
            .filter_map(|short_name| link.attributes.get(short_name).copied())
            .collect();
        attributes.sort_unstable();
        attributes.dedup();
        let booking_url = links
            .get(session.id.as_str())
            .filter(|url| url.starts_with("https://"))
            .map(|url| (*url).to_owned())
            .unwrap_or_default();
        plan.showtimes.push(ShowtimeEntry {
            perf_code: session.id.clone(),
            movie_id: movie.id.clone(),
            starts_at,
            auditorium: screen.map(|screen| screen.name.clone()).unwrap_or_default(),
            format: format(film),
            attributes,
            language: String::new(),
            seats_available,
            seats_total,
            availability: None,
            booking_url,
        });
        plan.movies.insert(movie.id.clone(), movie);
    }
    showtimes::sort(&mut plan.showtimes);
    plan
}

#[cfg(test)]
mod tests {
    use proto::showtime::{Attribute, Availability};

    use super::super::api::{Attribute as VeeziAttribute, Screen, Session, Site, WebSession};
    use super::*;

    fn cinema() -> Cinema {
        let session = |id: &str, start: &str, status: &str, show_type: &str| Session {
            id: id.to_owned(),
            film_id: "ST00000042".to_owned(),
            screen_id: "3".to_owned(),
            feature_start_time: start.to_owned(),
            seats_available: Some(0),
            status: status.to_owned(),
            show_type: show_type.to_owned(),
            attributes: vec!["0000000001".to_owned()],
        };
        Cinema {
            site: Site {
                name: "Riverfront".to_owned(),
                time_zone_identifier: "Eastern Standard Time".to_owned(),
            },
            screens: vec![Screen {
                id: "3".to_owned(),
                name: "Screen 3".to_owned(),
                total_seats: Some(120),
            }],
            films: vec![Film {
                id: "ST00000042".to_owned(),
                title: "Night Train ".to_owned(),
                synopsis: Some("A long night.".to_owned()),
                rating: Some("PG-13".to_owned()),
                duration: Some(104),
                genre: Some("Drama, Thriller".to_owned()),
                opening_date: Some("2026-11-20T00:00:00".to_owned()),
                format: Some("2D Film".to_owned()),
                film_poster_url: Some("https://images.veezi.example/ST00000042.jpg".to_owned()),
            }],
            attributes: vec![VeeziAttribute {
                id: "0000000001".to_owned(),
                short_name: "OC".to_owned(),
            }],
            sessions: vec![
                session("9001", "2026-11-27T19:30:00", "Open", "Public"),
                session("9002", "2026-11-27T21:00:00", "Closed", "Public"),
                session("9003", "2026-11-27T22:00:00", "Open", "Private"),
                session("9004", "2026-11-26T19:30:00", "Open", "Public"),
                session("9005", "2026-11-28T13:00:00", "Planned", "Public"),
            ],
            web_sessions: vec![WebSession {
                id: "9001".to_owned(),
                url: "https://ticketing.us.veezi.com/purchase/9001?siteToken=abc".to_owned(),
            }],
        }
    }

    fn link() -> PointOfSale {
        PointOfSale {
            provider: "veezi".to_owned(),
            token: "riverfront".to_owned(),
            attributes: BTreeMap::from([("OC".to_owned(), Attribute::OpenCaptions)]),
        }
    }

    fn days() -> (Date, Date) {
        (
            jiff::civil::date(2026, 11, 27),
            jiff::civil::date(2027, 1, 27),
        )
    }

    #[test]
    fn public_open_and_planned_sessions_from_today_are_the_showtimes() {
        let zone = TimeZone::get("America/New_York").expect("a zone");
        let plan = plan(&cinema(), &link(), &zone, days());
        let codes: Vec<&str> = plan
            .showtimes
            .iter()
            .map(|s| s.perf_code.as_str())
            .collect();
        assert_eq!(codes, vec!["9001", "9005"]);
        let first = &plan.showtimes[0];
        assert_eq!(first.starts_at, "2026-11-27T19:30:00-05:00");
        assert_eq!(first.movie_id, "ST00000042");
        assert_eq!(
            (first.seats_available, first.seats_total),
            (Some(0), Some(120))
        );
        assert_eq!(first.availability(), Availability::SoldOut);
        assert_eq!(first.attributes, vec![Attribute::OpenCaptions]);
        assert_eq!(first.auditorium, "Screen 3");
        assert_eq!(first.format, "");
        assert!(first.booking_url.ends_with("/purchase/9001?siteToken=abc"));
        assert_eq!(plan.showtimes[1].booking_url, "");
        let movie = &plan.movies["ST00000042"];
        assert_eq!(movie.title, "Night Train");
        assert_eq!(movie.genres, vec!["Drama", "Thriller"]);
        assert_eq!(movie.release_date, Some(jiff::civil::date(2026, 11, 20)));
        assert_eq!(
            movie.poster_image_url,
            "https://images.veezi.example/ST00000042.jpg"
        );
    }

    #[test]
    fn a_film_without_a_duration_is_left_out_and_said() {
        let mut cinema = cinema();
        cinema.films[0].duration = None;
        let zone = TimeZone::get("America/New_York").expect("a zone");
        let plan = plan(&cinema, &link(), &zone, days());
        assert!(plan.showtimes.is_empty());
        assert_eq!(plan.skipped.len(), 2, "{:?}", plan.skipped);
    }
}
