//! Showtimes, generated from schedules written relative to today, so a site bundle
//! never goes stale: "this movie plays at 13:30 and 19:00 from 3 days ago to 10 days
//! from now at this theater".

use jiff::civil::{Date, Time};
use jiff::tz::TimeZone;
use proto::showtime::{Attribute, Availability};
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// One line of schedules.json.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Schedule {
    pub movie_id: String,
    pub theater_id: String,
    /// First and last day, as offsets from today (inclusive).
    pub from_day: i32,
    pub to_day: i32,
    /// Local start times, HH:MM.
    pub times: Vec<String>,
    #[serde(default)]
    pub format: String,
    #[serde(default)]
    pub auditorium: String,
    /// What every showing offers; the format's own attribute ("IMAX" -> imax) is added.
    #[serde(default)]
    pub attributes: Vec<Attribute>,
    /// The soundtrack's language, BCP 47; empty = the movie's original language.
    #[serde(default)]
    pub language: String,
    /// Days of the week it plays (1 = Monday .. 7 = Sunday); empty = every day.
    #[serde(default)]
    pub weekdays: Vec<i8>,
    /// Showings that are selling fast or sold out; the first rule that matches wins, and
    /// a showing no rule matches is available. In the built-in mode this is where
    /// availability comes from; a point-of-sale feed would replace it.
    #[serde(default)]
    pub availability: Vec<AvailabilityRule>,
}

/// Showings with one availability: those matching every constraint given.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AvailabilityRule {
    pub status: Availability,
    /// Days as offsets from today.
    #[serde(default)]
    pub days: Vec<i32>,
    /// 1 = Monday .. 7 = Sunday.
    #[serde(default)]
    pub weekdays: Vec<i8>,
    /// Start times, HH:MM.
    #[serde(default)]
    pub times: Vec<String>,
}

impl AvailabilityRule {
    fn matches(&self, today: Date, date: Date, time: Time) -> bool {
        let day = (date - today).get_days();
        let weekday = date.weekday().to_monday_one_offset();
        (self.days.is_empty() || self.days.contains(&day))
            && (self.weekdays.is_empty() || self.weekdays.contains(&weekday))
            && (self.times.is_empty() || self.times.iter().any(|t| parse_time(t) == Some(time)))
    }
}

/// A showtime before it is given ticketing links.
#[derive(Debug, Clone, PartialEq)]
pub struct Performance {
    pub id: String,
    pub movie_id: String,
    pub theater_id: String,
    pub perf_code: String,
    pub date: Date,
    pub time: Time,
    /// RFC 3339 with the site's offset on that day.
    pub starts_at: String,
    pub format: String,
    pub auditorium: String,
    /// In vocabulary order, each once.
    pub attributes: Vec<Attribute>,
    /// Empty when the schedule leaves it to the movie.
    pub language: String,
    pub availability: Availability,
}

/// Checks a schedule; the message names the bad field.
pub fn check(schedule: &Schedule) -> Result<(), String> {
    if schedule.from_day > schedule.to_day {
        return Err(format!(
            "fromDay ({}) is after toDay ({})",
            schedule.from_day, schedule.to_day
        ));
    }
    if schedule.times.is_empty() {
        return Err("times: at least one HH:MM start time".to_owned());
    }
    for (index, time) in schedule.times.iter().enumerate() {
        parse_time(time).ok_or_else(|| format!("times[{index}]: '{time}' is not HH:MM"))?;
    }
    check_weekdays("weekdays", &schedule.weekdays)?;
    if !schedule.language.is_empty() && !is_language_tag(&schedule.language) {
        return Err(format!(
            "language: '{}' is not a BCP 47 language tag such as 'en' or 'fr-CA'",
            schedule.language
        ));
    }
    for (index, rule) in schedule.availability.iter().enumerate() {
        check_weekdays(&format!("availability[{index}].weekdays"), &rule.weekdays)?;
        for time in &rule.times {
            parse_time(time)
                .ok_or_else(|| format!("availability[{index}].times: '{time}' is not HH:MM"))?;
        }
    }
    Ok(())
}

fn check_weekdays(field: &str, weekdays: &[i8]) -> Result<(), String> {
    match weekdays.iter().find(|day| !(1..=7).contains(*day)) {
        Some(day) => Err(format!("{field}: {day} is not 1 (Monday) to 7 (Sunday)")),
        None => Ok(()),
    }
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

pub fn parse_time(text: &str) -> Option<Time> {
    let (hour, minute) = text.split_once(':')?;
    if hour.len() != 2 || minute.len() != 2 {
        return None;
    }
    Time::new(hour.parse().ok()?, minute.parse().ok()?, 0, 0).ok()
}

/// The performances of `schedule` between `from` and `to` (inclusive).
pub fn performances(
    schedule: &Schedule,
    today: Date,
    from: Date,
    to: Date,
    zone: &TimeZone,
) -> Vec<Performance> {
    let first = offset(today, schedule.from_day).max(from);
    let last = offset(today, schedule.to_day).min(to);
    let mut found = Vec::new();
    let mut day = first;
    while day <= last {
        let weekday = day.weekday().to_monday_one_offset();
        if schedule.weekdays.is_empty() || schedule.weekdays.contains(&weekday) {
            for time in schedule.times.iter().filter_map(|t| parse_time(t)) {
                found.push(performance(schedule, today, day, time, zone));
            }
        }
        let Ok(next) = day.tomorrow() else { break };
        day = next;
    }
    found
}

fn offset(today: Date, days: i32) -> Date {
    today
        .checked_add(jiff::Span::new().days(i64::from(days)))
        .unwrap_or(today)
}

fn performance(
    schedule: &Schedule,
    today: Date,
    date: Date,
    time: Time,
    zone: &TimeZone,
) -> Performance {
    let key = format!(
        "{}|{}|{}|{}|{}",
        schedule.theater_id, schedule.movie_id, date, time, schedule.auditorium
    );
    let digest = Sha256::digest(key.as_bytes());
    // Nine decimal digits from the hash: stable across reloads and restarts.
    let number = u64::from_be_bytes([
        digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
    ]) % 1_000_000_000;
    let starts_at = date
        .to_datetime(time)
        .to_zoned(zone.clone())
        .map(|zoned| zoned.strftime("%Y-%m-%dT%H:%M:%S%:z").to_string())
        .unwrap_or_else(|_| format!("{date}T{time}"));
    let mut attributes = schedule.attributes.clone();
    attributes.extend(Attribute::of_format(&schedule.format));
    attributes.sort_unstable();
    attributes.dedup();
    let availability = schedule
        .availability
        .iter()
        .find(|rule| rule.matches(today, date, time))
        .map_or(Availability::Available, |rule| rule.status);
    Performance {
        id: format!(
            "{}-{}-{}-{}",
            schedule.theater_id,
            schedule.movie_id,
            date.strftime("%Y%m%d"),
            time.strftime("%H%M")
        ),
        movie_id: schedule.movie_id.clone(),
        theater_id: schedule.theater_id.clone(),
        perf_code: format!("{number:09}"),
        date,
        time,
        starts_at,
        format: schedule.format.clone(),
        auditorium: schedule.auditorium.clone(),
        attributes,
        language: schedule.language.clone(),
        availability,
    }
}

/// The first day from today on that `schedule` plays, if any.
pub fn first_day(schedule: &Schedule, today: Date) -> Option<Date> {
    let mut day = offset(today, schedule.from_day).max(today);
    let last = offset(today, schedule.to_day);
    // Within any seven consecutive days every weekday occurs once.
    for _ in 0..7 {
        if day > last {
            return None;
        }
        let weekday = day.weekday().to_monday_one_offset();
        if schedule.weekdays.is_empty() || schedule.weekdays.contains(&weekday) {
            return Some(day);
        }
        day = day.tomorrow().ok()?;
    }
    None
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    fn schedule() -> Schedule {
        Schedule {
            movie_id: "1001".to_owned(),
            theater_id: "t1".to_owned(),
            from_day: -2,
            to_day: 3,
            times: vec!["13:30".to_owned(), "19:00".to_owned()],
            format: "IMAX".to_owned(),
            auditorium: "4".to_owned(),
            attributes: vec![],
            language: String::new(),
            weekdays: vec![],
            availability: vec![],
        }
    }

    fn new_york() -> TimeZone {
        TimeZone::get("America/New_York").expect("the bundled tz database")
    }

    #[test]
    fn a_schedule_plays_every_time_of_every_day_in_its_window_and_the_range() {
        let today = date(2026, 11, 22);
        let found = performances(&schedule(), today, today, date(2026, 11, 30), &new_york());
        // Today to today + 3: four days, two times each.
        assert_eq!(found.len(), 8);
        assert_eq!(found[0].date, today);
        assert_eq!(found[0].starts_at, "2026-11-22T13:30:00-05:00");
        assert_eq!(found.last().map(|p| p.date), Some(date(2026, 11, 25)));
    }

    #[test]
    fn weekdays_restrict_the_days() {
        let mut weekends = schedule();
        weekends.weekdays = vec![6, 7];
        let today = date(2026, 11, 20);
        let found = performances(&weekends, today, today, date(2026, 11, 23), &new_york());
        let days: Vec<Date> = found.iter().map(|p| p.date).collect();
        assert_eq!(
            days,
            vec![
                date(2026, 11, 21),
                date(2026, 11, 21),
                date(2026, 11, 22),
                date(2026, 11, 22)
            ]
        );
    }

    #[test]
    fn ids_and_perf_codes_are_stable_and_distinct() {
        let today = date(2026, 11, 22);
        let first = performances(&schedule(), today, today, today, &new_york());
        let again = performances(&schedule(), today, today, today, &new_york());
        assert_eq!(first, again);
        assert_ne!(first[0].perf_code, first[1].perf_code);
        assert_eq!(first[0].id, "t1-1001-20261122-1330");
        assert_eq!(first[0].perf_code.len(), 9);
    }

    #[test]
    fn summer_showtimes_carry_daylight_saving_offsets() {
        let summer = date(2026, 7, 1);
        let found = performances(&schedule(), summer, summer, summer, &new_york());
        assert_eq!(found[0].starts_at, "2026-07-01T13:30:00-04:00");
    }

    #[test]
    fn the_first_day_skips_past_days_and_other_weekdays() {
        let sunday = date(2026, 11, 22);
        assert_eq!(first_day(&schedule(), sunday), Some(sunday));
        let mut later = schedule();
        later.from_day = 12;
        later.to_day = 20;
        assert_eq!(first_day(&later, sunday), Some(date(2026, 12, 4)));
        let mut mondays = schedule();
        mondays.weekdays = vec![1];
        assert_eq!(first_day(&mondays, sunday), Some(date(2026, 11, 23)));
        let mut over = schedule();
        over.from_day = -9;
        over.to_day = -1;
        assert_eq!(first_day(&over, sunday), None);
    }

    #[test]
    fn attributes_add_the_formats_own_in_vocabulary_order() {
        let mut captioned = schedule();
        captioned.attributes = vec![Attribute::Wheelchair, Attribute::OpenCaptions];
        let today = date(2026, 11, 22);
        let found = performances(&captioned, today, today, today, &new_york());
        assert_eq!(
            found[0].attributes,
            vec![
                Attribute::OpenCaptions,
                Attribute::Wheelchair,
                Attribute::Imax
            ]
        );
    }

    #[test]
    fn the_first_matching_availability_rule_wins() {
        let mut busy = schedule();
        busy.availability = vec![
            AvailabilityRule {
                status: Availability::SoldOut,
                days: vec![1],
                weekdays: vec![],
                times: vec!["19:00".to_owned()],
            },
            AvailabilityRule {
                status: Availability::SellingFast,
                days: vec![],
                weekdays: vec![],
                times: vec!["19:00".to_owned()],
            },
        ];
        let today = date(2026, 11, 22);
        let found = performances(&busy, today, today, date(2026, 11, 23), &new_york());
        let statuses: Vec<Availability> = found.iter().map(|p| p.availability).collect();
        assert_eq!(
            statuses,
            vec![
                Availability::Available,
                Availability::SellingFast,
                Availability::Available,
                Availability::SoldOut
            ]
        );
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

    #[test]
    fn a_bad_schedule_names_its_field() {
        let mut bad = schedule();
        bad.times = vec!["7pm".to_owned()];
        assert_eq!(check(&bad), Err("times[0]: '7pm' is not HH:MM".to_owned()));
        let mut backwards = schedule();
        backwards.from_day = 5;
        assert!(check(&backwards).is_err_and(|e| e.starts_with("fromDay")));
        let mut weekday = schedule();
        weekday.weekdays = vec![0];
        assert!(check(&weekday).is_err_and(|e| e.starts_with("weekdays")));
        let mut language = schedule();
        language.language = "French".to_owned();
        assert!(check(&language).is_err_and(|e| e.starts_with("language: 'French'")));
        let mut rule = schedule();
        rule.availability = vec![AvailabilityRule {
            status: Availability::SoldOut,
            days: vec![],
            weekdays: vec![8],
            times: vec![],
        }];
        assert!(check(&rule).is_err_and(|e| e.starts_with("availability[0].weekdays")));
    }

    #[test]
    fn an_unknown_attribute_in_the_bundle_is_refused_by_name() {
        let line = r#"{"movieId": "1", "theaterId": "t", "fromDay": 0, "toDay": 1,
            "times": ["10:00"], "attributes": ["4dx"]}"#;
        let error = serde_json::from_str::<Schedule>(line).expect_err("4dx is not a code");
        assert!(
            error.to_string().contains("unknown variant `4dx`"),
            "{error}"
        );
    }
}
