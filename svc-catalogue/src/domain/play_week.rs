//! Play weeks (docs/ingest.md#play-weeks): US cinemas change their programme on Fridays, so a
//! play week runs Friday to Thursday. A movie falls in the bucket of its first
//! upcoming showtime, else of its release date when that is still ahead.

use jiff::civil::{Date, Weekday};
pub use proto::vocabulary::PlayWeek;

/// The Friday that starts the play week containing `day`.
pub fn week_start(day: Date) -> Date {
    let since_friday =
        (day.weekday().to_monday_zero_offset() - Weekday::Friday.to_monday_zero_offset() + 7) % 7;
    day.checked_sub(jiff::Span::new().days(i64::from(since_friday)))
        .unwrap_or(day)
}

/// The bucket of a movie first showing on `first_showing` (its first showtime from
/// today, else its release date if that is today or later).
pub fn bucket(today: Date, first_showing: Option<Date>) -> PlayWeek {
    let Some(first) = first_showing else {
        return PlayWeek::Undetermined;
    };
    let current = week_start(today);
    let weeks = (week_start(first) - current).get_days().div_euclid(7);
    match weeks {
        ..=0 => PlayWeek::Current,
        1 => PlayWeek::Next1,
        2 => PlayWeek::Next2,
        3 => PlayWeek::Next3,
        _ => PlayWeek::BeyondNext3,
    }
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    #[test]
    fn a_play_week_starts_on_the_friday_on_or_before_the_day() {
        // 2026-11-20 is a Friday.
        assert_eq!(week_start(date(2026, 11, 20)), date(2026, 11, 20));
        assert_eq!(week_start(date(2026, 11, 22)), date(2026, 11, 20));
        assert_eq!(week_start(date(2026, 11, 26)), date(2026, 11, 20));
        assert_eq!(week_start(date(2026, 11, 27)), date(2026, 11, 27));
    }

    #[test]
    fn buckets_follow_the_weeks_around_friday_boundaries() {
        let sunday = date(2026, 11, 22);
        let cases = [
            (Some(date(2026, 11, 22)), PlayWeek::Current),
            (Some(date(2026, 11, 26)), PlayWeek::Current),
            (Some(date(2026, 11, 27)), PlayWeek::Next1),
            (Some(date(2026, 12, 3)), PlayWeek::Next1),
            (Some(date(2026, 12, 4)), PlayWeek::Next2),
            (Some(date(2026, 12, 11)), PlayWeek::Next3),
            (Some(date(2026, 12, 18)), PlayWeek::BeyondNext3),
            (Some(date(2027, 3, 1)), PlayWeek::BeyondNext3),
            (None, PlayWeek::Undetermined),
        ];
        for (first, expected) in cases {
            assert_eq!(bucket(sunday, first), expected, "{first:?}");
        }
    }

    #[test]
    fn on_a_thursday_the_next_day_is_already_next_week() {
        let thursday = date(2026, 11, 26);
        assert_eq!(
            bucket(thursday, Some(date(2026, 11, 26))),
            PlayWeek::Current
        );
        assert_eq!(bucket(thursday, Some(date(2026, 11, 27))), PlayWeek::Next1);
    }
}
