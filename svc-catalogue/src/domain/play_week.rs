//! Play weeks (docs/ingest.md#play-weeks): US cinemas change their programme on Fridays, so a
//! play week runs Friday to Thursday. A movie falls in the bucket of its first
//! upcoming showtime, else of its release date when that is still ahead.

use jiff::civil::{Date, Weekday};

pub const CURRENT_PLAYWEEK: &str = "CURRENT_PLAYWEEK";
pub const NEXT_PLAYWEEK_1: &str = "NEXT_PLAYWEEK_1";
pub const NEXT_PLAYWEEK_2: &str = "NEXT_PLAYWEEK_2";
pub const NEXT_PLAYWEEK_3: &str = "NEXT_PLAYWEEK_3";
pub const BEYOND_NEXT_PLAYWEEK_3: &str = "BEYOND_NEXT_PLAYWEEK_3";
pub const NEXT_PLAYWEEK_UNDETERMINED: &str = "NEXT_PLAYWEEK_UNDETERMINED";

pub const ALL: [&str; 6] = [
    CURRENT_PLAYWEEK,
    NEXT_PLAYWEEK_1,
    NEXT_PLAYWEEK_2,
    NEXT_PLAYWEEK_3,
    BEYOND_NEXT_PLAYWEEK_3,
    NEXT_PLAYWEEK_UNDETERMINED,
];

/// The Friday that starts the play week containing `day`.
pub fn week_start(day: Date) -> Date {
    let since_friday =
        (day.weekday().to_monday_zero_offset() - Weekday::Friday.to_monday_zero_offset() + 7) % 7;
    day.checked_sub(jiff::Span::new().days(i64::from(since_friday)))
        .unwrap_or(day)
}

/// The bucket of a movie first showing on `first_showing` (its first showtime from
/// today, else its release date if that is today or later).
pub fn bucket(today: Date, first_showing: Option<Date>) -> &'static str {
    let Some(first) = first_showing else {
        return NEXT_PLAYWEEK_UNDETERMINED;
    };
    let current = week_start(today);
    let weeks = (week_start(first) - current).get_days().div_euclid(7);
    match weeks {
        ..=0 => CURRENT_PLAYWEEK,
        1 => NEXT_PLAYWEEK_1,
        2 => NEXT_PLAYWEEK_2,
        3 => NEXT_PLAYWEEK_3,
        _ => BEYOND_NEXT_PLAYWEEK_3,
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
            (Some(date(2026, 11, 22)), CURRENT_PLAYWEEK),
            (Some(date(2026, 11, 26)), CURRENT_PLAYWEEK),
            (Some(date(2026, 11, 27)), NEXT_PLAYWEEK_1),
            (Some(date(2026, 12, 3)), NEXT_PLAYWEEK_1),
            (Some(date(2026, 12, 4)), NEXT_PLAYWEEK_2),
            (Some(date(2026, 12, 11)), NEXT_PLAYWEEK_3),
            (Some(date(2026, 12, 18)), BEYOND_NEXT_PLAYWEEK_3),
            (Some(date(2027, 3, 1)), BEYOND_NEXT_PLAYWEEK_3),
            (None, NEXT_PLAYWEEK_UNDETERMINED),
        ];
        for (first, expected) in cases {
            assert_eq!(bucket(sunday, first), expected, "{first:?}");
        }
    }

    #[test]
    fn on_a_thursday_the_next_day_is_already_next_week() {
        let thursday = date(2026, 11, 26);
        assert_eq!(bucket(thursday, Some(date(2026, 11, 26))), CURRENT_PLAYWEEK);
        assert_eq!(bucket(thursday, Some(date(2026, 11, 27))), NEXT_PLAYWEEK_1);
    }
}
