//! Showtimes as the point of sale gives them (docs/ingest.md#showtimes): an absolute start
//! with the theater's offset, the POS's own performance code, carried unchanged into the
//! booking link, and seat counts that say how well it sells.

use jiff::civil::{Date, DateTime, Time};
use jiff::tz::TimeZone;
use proto::showtime::{Attribute, Availability};
use serde::{Deserialize, Serialize};

/// Selling fast: at most this share of the seats left (one fifth)...
const SELLING_FAST_SHARE_DIVISOR: u32 = 5;
/// ...or, when the auditorium's size is unknown, at most this many seats.
const SELLING_FAST_SEATS: u32 = 10;

/// One showtime of a theater, as written to the store and the ingest API (the theater is
/// the one it is written under).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShowtimeEntry {
    /// The POS's performance id, unique within the theater: 1 to 64 letters, digits, '-'
    /// or '_', as booking and hand-off links carry it.
    pub perf_code: String,
    pub movie_id: String,
    /// RFC 3339 with the theater's offset once accepted; a local date-time without an
    /// offset is read in the theater's time zone.
    pub starts_at: String,
    #[serde(default)]
    pub auditorium: String,
    #[serde(default)]
    pub format: String,
    /// What the showing offers; the format's own attribute ("IMAX" -> imax) is added.
    #[serde(default)]
    pub attributes: Vec<Attribute>,
    /// The soundtrack's language, BCP 47; empty = the movie's original language.
    #[serde(default)]
    pub language: String,
    #[serde(default)]
    pub seats_available: Option<u32>,
    #[serde(default)]
    pub seats_total: Option<u32>,
    /// As the POS says it; else derived from the seats.
    #[serde(default)]
    pub availability: Option<Availability>,
    /// The POS's own purchase link; empty = the provider's pattern.
    #[serde(default)]
    pub booking_url: String,
}

impl ShowtimeEntry {
    /// The POS's availability, else the seats': none left is sold out; at most a fifth of
    /// the auditorium (or ten seats, its size unknown) is selling fast.
    pub fn availability(&self) -> Availability {
        if let Some(given) = self.availability {
            return given;
        }
        match (self.seats_available, self.seats_total) {
            (Some(0), _) => Availability::SoldOut,
            (Some(left), Some(total)) if total > 0 => {
                if left.saturating_mul(SELLING_FAST_SHARE_DIVISOR) <= total {
                    Availability::SellingFast
                } else {
                    Availability::Available
                }
            }
            (Some(left), _) if left <= SELLING_FAST_SEATS => Availability::SellingFast,
            _ => Availability::Available,
        }
    }

    /// The attributes with the format's own, in vocabulary order, each once.
    pub fn all_attributes(&self) -> Vec<Attribute> {
        let mut attributes = self.attributes.clone();
        attributes.extend(Attribute::of_format(&self.format));
        attributes.sort_unstable();
        attributes.dedup();
        attributes
    }
}

/// Puts a theater's showtimes in their one order: by start, then performance code.
pub fn sort(entries: &mut [ShowtimeEntry]) {
    entries.sort_by(|a, b| (&a.starts_at, &a.perf_code).cmp(&(&b.starts_at, &b.perf_code)));
}

/// A showtime of the catalogue: its theater, the entry, and when it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Showtime {
    pub theater_id: String,
    pub entry: ShowtimeEntry,
    /// The local day and time at the theater.
    pub date: Date,
    pub time: Time,
    /// The instant, to order showtimes of theaters in different time zones.
    pub instant: jiff::Timestamp,
}

impl Showtime {
    /// `entry` of `theater_id`, its start already normalised by [`normalise_start`].
    pub fn new(theater_id: &str, entry: ShowtimeEntry) -> Option<Showtime> {
        let local: DateTime = entry.starts_at.get(..19)?.parse().ok()?;
        let instant = entry.starts_at.parse().ok()?;
        Some(Showtime {
            theater_id: theater_id.to_owned(),
            date: local.date(),
            time: local.time(),
            instant,
            entry,
        })
    }

    /// The public id: stable for a theater and its perfCode.
    pub fn id(&self) -> String {
        format!("{}-{}", self.theater_id, self.entry.perf_code)
    }
}

/// A start as RFC 3339 with the theater's offset on that day: an instant with an offset
/// (or `Z`) is shown in the theater's zone; a local date-time without one is read there.
pub fn normalise_start(text: &str, zone: &TimeZone) -> Result<String, String> {
    let zoned = if let Ok(instant) = text.parse::<jiff::Timestamp>() {
        instant.to_zoned(zone.clone())
    } else {
        let local: DateTime = text.parse().map_err(|_| {
            format!("'{text}' is not an RFC 3339 date-time such as 2026-11-27T19:30:00-05:00")
        })?;
        local
            .to_zoned(zone.clone())
            .map_err(|error| format!("'{text}' is not a time at the theater: {error}"))?
    };
    Ok(zoned.strftime("%Y-%m-%dT%H:%M:%S%:z").to_string())
}

/// Checks an entry and normalises its start in the theater's `zone`; the message names
/// the bad field.
pub fn check(entry: &mut ShowtimeEntry, zone: &TimeZone) -> Result<(), (String, String)> {
    let fail = |field: &str, problem: String| Err((field.to_owned(), problem));
    if !site_paths::hand_off::is_perf_code(&entry.perf_code) {
        return fail(
            "perfCode",
            format!(
                "'{}' is not {}",
                entry.perf_code,
                site_paths::hand_off::PERF_CODE_RULE
            ),
        );
    }
    if entry.movie_id.trim().is_empty() {
        return fail("movieId", "required".to_owned());
    }
    entry.starts_at = match normalise_start(&entry.starts_at, zone) {
        Ok(start) => start,
        Err(problem) => return fail("startsAt", problem),
    };
    if !entry.language.is_empty() && !is_language_tag(&entry.language) {
        return fail(
            "language",
            format!(
                "'{}' is not a BCP 47 language tag such as 'en' or 'fr-CA'",
                entry.language
            ),
        );
    }
    if entry.seats_total == Some(0) {
        return fail("seatsTotal", "must be more than 0".to_owned());
    }
    if let (Some(left), Some(total)) = (entry.seats_available, entry.seats_total)
        && left > total
    {
        return fail(
            "seatsAvailable",
            format!("{left} is more than seatsTotal ({total})"),
        );
    }
    if !entry.booking_url.is_empty() && !is_https_url(&entry.booking_url) {
        return fail(
            "bookingUrl",
            format!("'{}' is not an absolute https URL", entry.booking_url),
        );
    }
    Ok(())
}

/// A language subtag of 2 or 3 letters, then subtags of 2 to 8 letters or digits.
pub fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let language = parts.next().unwrap_or_default();
    (2..=3).contains(&language.len())
        && language.bytes().all(|b| b.is_ascii_alphabetic())
        && parts.all(|part| {
            (2..=8).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

fn is_https_url(value: &str) -> bool {
    value
        .strip_prefix("https://")
        .is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> ShowtimeEntry {
        ShowtimeEntry {
            perf_code: "88213".to_owned(),
            movie_id: "1001".to_owned(),
            starts_at: "2026-11-27T19:30:00-05:00".to_owned(),
            auditorium: "4".to_owned(),
            format: "IMAX".to_owned(),
            attributes: vec![Attribute::Wheelchair],
            language: String::new(),
            seats_available: None,
            seats_total: None,
            availability: None,
            booking_url: String::new(),
        }
    }

    fn new_york() -> TimeZone {
        TimeZone::get("America/New_York").expect("the bundled tz database")
    }

    fn with_seats(left: Option<u32>, total: Option<u32>) -> Availability {
        ShowtimeEntry {
            seats_available: left,
            seats_total: total,
            ..entry()
        }
        .availability()
    }

    #[test]
    fn seats_say_how_well_a_showing_sells() {
        assert_eq!(with_seats(None, None), Availability::Available);
        assert_eq!(with_seats(Some(0), Some(120)), Availability::SoldOut);
        assert_eq!(with_seats(Some(24), Some(120)), Availability::SellingFast);
        assert_eq!(with_seats(Some(25), Some(120)), Availability::Available);
        assert_eq!(with_seats(Some(10), None), Availability::SellingFast);
        assert_eq!(with_seats(Some(11), None), Availability::Available);
        assert_eq!(with_seats(Some(0), None), Availability::SoldOut);
    }

    #[test]
    fn the_pos_availability_wins_over_the_seats() {
        let told = ShowtimeEntry {
            seats_available: Some(100),
            seats_total: Some(120),
            availability: Some(Availability::SoldOut),
            ..entry()
        };
        assert_eq!(told.availability(), Availability::SoldOut);
    }

    #[test]
    fn a_start_is_shown_in_the_theaters_zone_with_its_offset_that_day() {
        let zone = new_york();
        assert_eq!(
            normalise_start("2026-11-27T19:30", &zone).as_deref(),
            Ok("2026-11-27T19:30:00-05:00")
        );
        assert_eq!(
            normalise_start("2026-07-01T19:30:00", &zone).as_deref(),
            Ok("2026-07-01T19:30:00-04:00")
        );
        assert_eq!(
            normalise_start("2026-11-28T00:30:00Z", &zone).as_deref(),
            Ok("2026-11-27T19:30:00-05:00")
        );
        assert!(normalise_start("tonight", &zone).is_err());
    }

    #[test]
    fn a_showtime_knows_its_local_day_and_keeps_a_stable_id() {
        let showtime = Showtime::new("101", entry()).expect("a normalised start");
        assert_eq!(showtime.date, jiff::civil::date(2026, 11, 27));
        assert_eq!(showtime.time, jiff::civil::time(19, 30, 0, 0));
        assert_eq!(showtime.id(), "101-88213");
    }

    #[test]
    fn attributes_add_the_formats_own_in_vocabulary_order() {
        let mut captioned = entry();
        captioned.attributes = vec![Attribute::Wheelchair, Attribute::OpenCaptions];
        assert_eq!(
            captioned.all_attributes(),
            vec![
                Attribute::OpenCaptions,
                Attribute::Wheelchair,
                Attribute::Imax
            ]
        );
    }

    #[test]
    fn a_bad_entry_names_its_field() {
        let zone = new_york();
        let field = |edit: fn(&mut ShowtimeEntry)| {
            let mut bad = entry();
            edit(&mut bad);
            check(&mut bad, &zone).expect_err("refused").0
        };
        assert_eq!(field(|e| e.perf_code.clear()), "perfCode");
        assert_eq!(field(|e| e.starts_at = "7pm".to_owned()), "startsAt");
        assert_eq!(field(|e| e.language = "French".to_owned()), "language");
        assert_eq!(field(|e| e.seats_total = Some(0)), "seatsTotal");
        assert_eq!(
            field(|e| {
                e.seats_available = Some(9);
                e.seats_total = Some(8);
            }),
            "seatsAvailable"
        );
        assert_eq!(
            field(|e| e.booking_url = "javascript:alert(1)".to_owned()),
            "bookingUrl"
        );
        let mut good = entry();
        good.starts_at = "2026-11-27T19:30".to_owned();
        assert_eq!(check(&mut good, &zone), Ok(()));
        assert_eq!(good.starts_at, "2026-11-27T19:30:00-05:00");
    }

    #[test]
    fn languages_are_bcp47_tags() {
        assert!(is_language_tag("en"));
        assert!(is_language_tag("fr-CA"));
        assert!(is_language_tag("zh-Hant-TW"));
        assert!(!is_language_tag("english"));
        assert!(!is_language_tag("e"));
        assert!(!is_language_tag("en_US"));
    }
}
