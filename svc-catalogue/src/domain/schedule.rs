//! The demo bundle's schedules, written relative to today so the demo never goes stale:
//! "this movie plays at 13:30 and 19:00 from 3 days ago to 10 days from now at this
//! theater". An import turns them into the absolute showtimes a point of sale would give.

use jiff::civil::{Date, Time};
use jiff::tz::TimeZone;
use proto::showtime::{Attribute, Availability};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::showtimes::{self, ShowtimeEntry};

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
    /// a showing no rule matches is available (the demo has no seat counts).
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
    if !schedule.language.is_empty() && !showtimes::is_language_tag(&schedule.language) {
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

pub fn parse_time(text: &str) -> Option<Time> {
    let (hour, minute) = text.split_once(':')?;
    if hour.len() != 2 || minute.len() != 2 {
        return None;
    }
    Time::new(hour.parse().ok()?, minute.parse().ok()?, 0, 0).ok()
}

/// The showtimes `schedule` makes as of `today`, every day of its window, with start times
/// in `zone` and performance codes of our own (the demo has no point of sale): stable
/// across imports of the same day.
pub fn expand(schedule: &Schedule, today: Date, zone: &TimeZone) -> Vec<ShowtimeEntry> {
    let last = offset(today, schedule.to_day);
    let mut found = Vec::new();
    let mut day = offset(today, schedule.from_day);
    while day <= last {
        let weekday = day.weekday().to_monday_one_offset();
        if schedule.weekdays.is_empty() || schedule.weekdays.contains(&weekday) {
            for time in schedule.times.iter().filter_map(|t| parse_time(t)) {
                found.push(showtime(schedule, today, day, time, zone));
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

fn showtime(
    schedule: &Schedule,
    today: Date,
    date: Date,
    time: Time,
    zone: &TimeZone,
) -> ShowtimeEntry {
    let key = format!(
        "{}|{}|{}|{}|{}",
        schedule.theater_id, schedule.movie_id, date, time, schedule.auditorium
    );
    let digest = Sha256::digest(key.as_bytes());
    // Nine decimal digits from the hash: stable across imports and restarts.
    let number = u64::from_be_bytes([
        digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
    ]) % 1_000_000_000;
    let local = date.to_datetime(time).to_string();
    let starts_at = showtimes::normalise_start(&local, zone).unwrap_or(local);
    ShowtimeEntry {
        perf_code: format!("{number:09}"),
        movie_id: schedule.movie_id.clone(),
        starts_at,
        auditorium: schedule.auditorium.clone(),
        format: schedule.format.clone(),
        attributes: schedule.attributes.clone(),
        language: schedule.language.clone(),
        seats_available: None,
        seats_total: None,
        availability: schedule
            .availability
            .iter()
            .find(|rule| rule.matches(today, date, time))
            .map(|rule| rule.status),
        booking_url: String::new(),
    }
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
    fn a_schedule_plays_every_time_of_every_day_of_its_window() {
        let today = date(2026, 11, 22);
        let found = expand(&schedule(), today, &new_york());
        // Today - 2 to today + 3: six days, two times each.
        assert_eq!(found.len(), 12);
        assert_eq!(found[0].starts_at, "2026-11-20T13:30:00-05:00");
        assert_eq!(
            found.last().map(|s| s.starts_at.as_str()),
            Some("2026-11-25T19:00:00-05:00")
        );
    }

    #[test]
    fn weekdays_restrict_the_days() {
        let mut weekends = schedule();
        weekends.weekdays = vec![6, 7];
        let found = expand(&weekends, date(2026, 11, 22), &new_york());
        let days: Vec<&str> = found.iter().map(|s| &s.starts_at[..10]).collect();
        assert_eq!(
            days,
            vec!["2026-11-21", "2026-11-21", "2026-11-22", "2026-11-22"]
        );
    }

    #[test]
    fn perf_codes_are_stable_and_distinct() {
        let today = date(2026, 11, 22);
        let first = expand(&schedule(), today, &new_york());
        let again = expand(&schedule(), today, &new_york());
        assert_eq!(first, again);
        assert_ne!(first[0].perf_code, first[1].perf_code);
        assert_eq!(first[0].perf_code.len(), 9);
    }

    #[test]
    fn summer_showtimes_carry_daylight_saving_offsets() {
        let found = expand(&schedule(), date(2026, 7, 3), &new_york());
        assert_eq!(found[0].starts_at, "2026-07-01T13:30:00-04:00");
    }

    #[test]
    fn the_first_matching_availability_rule_wins() {
        let mut busy = schedule();
        busy.from_day = 0;
        busy.to_day = 1;
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
        let found = expand(&busy, date(2026, 11, 22), &new_york());
        let statuses: Vec<Option<Availability>> = found.iter().map(|s| s.availability).collect();
        assert_eq!(
            statuses,
            vec![
                None,
                Some(Availability::SellingFast),
                None,
                Some(Availability::SoldOut)
            ]
        );
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
