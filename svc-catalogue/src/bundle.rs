//! Reading a site bundle from disk (the demo's format, SITE_DIR) and checking it into the
//! content of a site, ready to import into the store. Every error names the file and the
//! field, so whoever edits a bundle can fix it.
//!
//! Layout of a bundle (see site/README.md): site.json, theaters.json, movies.json,
//! schedules.json, events.json, pages.json and, for the texts the site says differently
//! from the defaults every site inherits, messages/{locale}.json. Its days are
//! offsets from today (a movie's `releaseDay`, an event's `day`, a schedule's `fromDay`
//! and `toDay`), made absolute as of the site's today when it is read, so the demo
//! never goes stale.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

use crate::domain::SiteContent;
use crate::domain::checks;
use crate::domain::content_pages::Page;
use crate::domain::events::EventEntry;
use crate::domain::invalid::Invalid;
use crate::domain::messages::{self, Messages};
use crate::domain::movies::MovieEntry;
use crate::domain::schedule::{self, Schedule};
use crate::domain::showtimes::{self, ShowtimeEntry};
use crate::domain::site::SiteFile;
use crate::domain::theaters::Theater;
use crate::version::Clock;

#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    #[error("{file}: cannot read: {source}")]
    Read {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: {field}: {problem}")]
    Invalid {
        file: String,
        field: String,
        problem: String,
    },
}

const FILES: [&str; 6] = [
    "site.json",
    "theaters.json",
    "movies.json",
    "schedules.json",
    "events.json",
    "pages.json",
];

/// Reads and checks the bundle in `dir`, its days made absolute as of the site's today
/// by `clock`.
pub fn load(dir: &Path, clock: &Clock) -> Result<SiteContent, BundleError> {
    let settings: serde_json::Value = parse(dir, "site.json")?;
    let site: SiteFile = from_value(dir, "site.json", settings.clone())?;
    let theaters: Vec<Theater> = parse(dir, "theaters.json")?;
    let messages = load_messages(dir)?;
    let time_zone = checks::site_zone(&site)
        .map_err(|broken| invalid(dir, "site.json", broken.field, broken.problem))?;
    let today = clock.today(&time_zone);
    let movies: Vec<MovieEntry> = from_value(
        dir,
        "movies.json",
        with_release_dates(dir, parse(dir, "movies.json")?, today)?,
    )?;
    let schedules: Vec<Schedule> = parse(dir, "schedules.json")?;
    let pages: Vec<Page> = parse(dir, "pages.json")?;

    check_site(dir, &site, &movies, &messages)?;
    let zones = check_theaters(dir, &theaters, &time_zone, site.config.is_single_location)?;
    check_movies(dir, &movies)?;
    let showtimes = check_schedules(dir, &schedules, &zones, &movies, today)?;
    let events: Vec<EventEntry> = from_value(
        dir,
        "events.json",
        with_event_starts(dir, parse(dir, "events.json")?, &zones, today)?,
    )?;
    check_events(dir, &events, &theaters, &movies)?;
    check_pages(dir, &pages)?;

    Ok(SiteContent {
        settings,
        messages,
        theaters,
        movies,
        showtimes,
        events,
        pages,
        poster_images: BTreeMap::new(),
        media: BTreeMap::new(),
        republished: 0,
    })
}

/// A hash of every file of the bundle: it changes when any file does.
pub fn fingerprint(dir: &Path) -> Result<String, BundleError> {
    let mut files: Vec<PathBuf> = FILES.iter().map(|name| dir.join(name)).collect();
    files.extend(message_files(dir)?);
    let mut hasher = Sha256::new();
    for defaults in messages::defaults_source() {
        hasher.update(defaults.as_bytes());
    }
    for file in files {
        let bytes = std::fs::read(&file).map_err(|source| BundleError::Read {
            file: file.display().to_string(),
            source,
        })?;
        hasher.update(file.display().to_string().as_bytes());
        hasher.update((bytes.len() as u64).to_be_bytes());
        hasher.update(&bytes);
    }
    Ok(hex::encode(&hasher.finalize()[..12]))
}

/// The bundle's own message files; none when it has no `messages` folder.
fn message_files(dir: &Path) -> Result<Vec<PathBuf>, BundleError> {
    let messages = dir.join("messages");
    let entries = match std::fs::read_dir(&messages) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(BundleError::Read {
                file: messages.display().to_string(),
                source,
            });
        }
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    Ok(files)
}

fn parse<T: DeserializeOwned>(dir: &Path, name: &str) -> Result<T, BundleError> {
    let file = dir.join(name);
    let text = std::fs::read_to_string(&file).map_err(|source| BundleError::Read {
        file: file.display().to_string(),
        source,
    })?;
    let deserializer = &mut serde_json::Deserializer::from_str(&text);
    serde_path_to_error::deserialize(deserializer).map_err(|error| BundleError::Invalid {
        file: file.display().to_string(),
        field: error.path().to_string(),
        problem: error.inner().to_string(),
    })
}

/// `value`, read from the file `name`, as a `T`; an error names the field.
fn from_value<T: DeserializeOwned>(
    dir: &Path,
    name: &str,
    value: serde_json::Value,
) -> Result<T, BundleError> {
    serde_path_to_error::deserialize(value).map_err(|error| {
        invalid(
            dir,
            name,
            error.path().to_string(),
            error.inner().to_string(),
        )
    })
}

/// The movies of movies.json with each `releaseDay` (an offset from today) made a
/// `releaseDate`.
fn with_release_dates(
    dir: &Path,
    mut movies: Vec<serde_json::Value>,
    today: Date,
) -> Result<serde_json::Value, BundleError> {
    for (index, movie) in movies.iter_mut().enumerate() {
        let Some(fields) = movie.as_object_mut() else {
            continue;
        };
        if let Some(day) = fields.remove("releaseDay") {
            let date = day
                .as_i64()
                .and_then(|days| today.checked_add(jiff::Span::new().days(days)).ok())
                .ok_or_else(|| {
                    invalid(
                        dir,
                        "movies.json",
                        format!("[{index}].releaseDay"),
                        format!("{day} is not a number of days from today"),
                    )
                })?;
            fields.insert("releaseDate".to_owned(), date.to_string().into());
        }
    }
    Ok(movies.into())
}

/// The events of events.json with each `day` (an offset from today) and local `time`
/// made a `startsAt` in the theater's time zone.
fn with_event_starts(
    dir: &Path,
    mut events: Vec<serde_json::Value>,
    zones: &BTreeMap<String, TimeZone>,
    today: Date,
) -> Result<serde_json::Value, BundleError> {
    let fail = |field: String, problem: String| invalid(dir, "events.json", field, problem);
    for (index, event) in events.iter_mut().enumerate() {
        let Some(fields) = event.as_object_mut() else {
            continue;
        };
        let (Some(day), Some(time)) = (fields.remove("day"), fields.remove("time")) else {
            continue;
        };
        let date = day
            .as_i64()
            .and_then(|days| today.checked_add(jiff::Span::new().days(days)).ok())
            .ok_or_else(|| {
                fail(
                    format!("[{index}].day"),
                    format!("{day} is not a number of days from today"),
                )
            })?;
        let local = time
            .as_str()
            .and_then(schedule::parse_time)
            .ok_or_else(|| fail(format!("[{index}].time"), format!("{time} is not HH:MM")))?;
        let theater = fields["theaterId"].as_str().unwrap_or_default();
        let zone = zones.get(theater).ok_or_else(|| {
            fail(
                format!("[{index}].theaterId"),
                format!("no theater '{theater}'"),
            )
        })?;
        let start = showtimes::normalise_start(&date.to_datetime(local).to_string(), zone)
            .map_err(|problem| fail(format!("[{index}].time"), problem))?;
        fields.insert("startsAt".to_owned(), start.into());
    }
    Ok(events.into())
}

/// The default texts with the bundle's own over them.
fn load_messages(dir: &Path) -> Result<Messages, BundleError> {
    let mut own = BTreeMap::new();
    for file in message_files(dir)? {
        let Some(locale) = file.file_stem().and_then(|stem| stem.to_str()) else {
            continue;
        };
        let relative = format!("messages/{locale}.json");
        own.insert(locale.to_owned(), parse(dir, &relative)?);
    }
    Ok(messages::with_defaults(own))
}

fn invalid(
    dir: &Path,
    name: &str,
    field: impl Into<String>,
    problem: impl Into<String>,
) -> BundleError {
    BundleError::Invalid {
        file: dir.join(name).display().to_string(),
        field: field.into(),
        problem: problem.into(),
    }
}

/// `invalid`, a rule the record at `index` of `name` breaks.
fn at(dir: &Path, name: &str, index: usize, broken: Invalid) -> BundleError {
    let broken = broken.inside(&format!("[{index}]"));
    invalid(dir, name, broken.field, broken.problem)
}

/// The site's time zone, which says what today is.
fn check_site(
    dir: &Path,
    site: &SiteFile,
    movies: &[MovieEntry],
    messages: &Messages,
) -> Result<(), BundleError> {
    let movie_ids: HashSet<&str> = movies.iter().map(|movie| movie.id.as_str()).collect();
    checks::site(site, &movie_ids, |locale| messages.contains_key(locale))
        .map_err(|broken| invalid(dir, "site.json", broken.field, broken.problem))
}

/// Checks the theaters; answers each one's time zone (its own, else the site's).
fn check_theaters(
    dir: &Path,
    theaters: &[Theater],
    site_zone: &TimeZone,
    single_location: bool,
) -> Result<BTreeMap<String, TimeZone>, BundleError> {
    let fail = |field: String, problem: String| invalid(dir, "theaters.json", field, problem);
    if theaters.is_empty() {
        return Err(fail(
            ".".to_owned(),
            "a site needs at least one theater".to_owned(),
        ));
    }
    if single_location && theaters.len() != 1 {
        return Err(fail(
            ".".to_owned(),
            format!(
                "a single-location site has exactly one theater, not {}",
                theaters.len()
            ),
        ));
    }
    let mut zones = BTreeMap::new();
    for (index, theater) in theaters.iter().enumerate() {
        let zone = checks::theater(theater)
            .map_err(|invalid| at(dir, "theaters.json", index, invalid))?
            .unwrap_or_else(|| site_zone.clone());
        if zones.insert(theater.id.clone(), zone).is_some() {
            return Err(fail(
                format!("[{index}].id"),
                format!("'{}' appears twice", theater.id),
            ));
        }
    }
    Ok(zones)
}

fn check_movies(dir: &Path, movies: &[MovieEntry]) -> Result<(), BundleError> {
    let mut seen = HashSet::new();
    for (index, movie) in movies.iter().enumerate() {
        checks::movie(movie).map_err(|invalid| at(dir, "movies.json", index, invalid))?;
        if !seen.insert(movie.id.as_str()) {
            return Err(invalid(
                dir,
                "movies.json",
                format!("[{index}].id"),
                format!("'{}' appears twice", movie.id),
            ));
        }
    }
    Ok(())
}

/// Checks the schedules and makes their showtimes, each theater's in its time zone.
fn check_schedules(
    dir: &Path,
    schedules: &[Schedule],
    zones: &BTreeMap<String, TimeZone>,
    movies: &[MovieEntry],
    today: Date,
) -> Result<BTreeMap<String, Vec<ShowtimeEntry>>, BundleError> {
    let fail = |field: String, problem: String| invalid(dir, "schedules.json", field, problem);
    let mut showtimes: BTreeMap<String, Vec<ShowtimeEntry>> = BTreeMap::new();
    let mut perf_codes = HashSet::new();
    for (index, entry) in schedules.iter().enumerate() {
        let Some(zone) = zones.get(&entry.theater_id) else {
            return Err(fail(
                format!("[{index}].theaterId"),
                format!("no theater '{}'", entry.theater_id),
            ));
        };
        if !movies.iter().any(|m| m.id == entry.movie_id) {
            return Err(fail(
                format!("[{index}].movieId"),
                format!("no movie '{}'", entry.movie_id),
            ));
        }
        schedule::check(entry).map_err(|problem| {
            let (field, problem) = problem.split_once(": ").unwrap_or(("", &problem));
            fail(format!("[{index}].{field}"), problem.to_owned())
        })?;
        for showtime in schedule::expand(entry, today, zone) {
            if !perf_codes.insert((entry.theater_id.clone(), showtime.perf_code.clone())) {
                return Err(fail(
                    format!("[{index}]"),
                    format!(
                        "a second showing of movie {} at {} in auditorium '{}' of theater {}",
                        entry.movie_id, showtime.starts_at, entry.auditorium, entry.theater_id
                    ),
                ));
            }
            showtimes
                .entry(entry.theater_id.clone())
                .or_default()
                .push(showtime);
        }
    }
    showtimes
        .values_mut()
        .for_each(|entries| showtimes::sort(entries));
    Ok(showtimes)
}

fn check_events(
    dir: &Path,
    events: &[EventEntry],
    theaters: &[Theater],
    movies: &[MovieEntry],
) -> Result<(), BundleError> {
    let fail = |field: String, problem: String| invalid(dir, "events.json", field, problem);
    let mut seen = HashSet::new();
    for (index, event) in events.iter().enumerate() {
        checks::event(event).map_err(|invalid| at(dir, "events.json", index, invalid))?;
        // Posters are found by id, so events and movies share one id space.
        if !seen.insert(event.id.as_str()) || movies.iter().any(|m| m.id == event.id) {
            return Err(fail(
                format!("[{index}].id"),
                format!("'{}' is already used", event.id),
            ));
        }
        if !theaters.iter().any(|t| t.id == event.theater_id) {
            return Err(fail(
                format!("[{index}].theaterId"),
                format!("no theater '{}'", event.theater_id),
            ));
        }
        if !event.movie_id.is_empty() && !movies.iter().any(|m| m.id == event.movie_id) {
            return Err(fail(
                format!("[{index}].movieId"),
                format!("no movie '{}'", event.movie_id),
            ));
        }
    }
    Ok(())
}

fn check_pages(dir: &Path, pages: &[Page]) -> Result<(), BundleError> {
    let mut seen = HashSet::new();
    for (index, page) in pages.iter().enumerate() {
        checks::page(page).map_err(|invalid| at(dir, "pages.json", index, invalid))?;
        if !seen.insert(page.slug.as_str()) {
            return Err(invalid(
                dir,
                "pages.json",
                format!("[{index}].slug"),
                format!("'{}' appears twice", page.slug),
            ));
        }
    }
    Ok(())
}
