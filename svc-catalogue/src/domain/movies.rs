//! Movies: the bundle's entries, their order (movieOrderIndex, exclusions), and what is
//! derived from today and the showtimes: release date, play week, NEW and PREVIEW.

use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use super::play_week;
use site_paths::slug::slugify;

/// Movie attribute keys of docs/ingest.md#movies.
pub const ORIGINAL_VERSION: &str = "Localization.Version.Original";
pub const DUBBED: &str = "Format.Sound.Dubbed";

/// How long after its release a movie is flagged NEW.
const NEW_FOR_DAYS: i32 = 14;

/// A movie of the catalogue, as stored and as the ingest API takes it (the bundle's
/// movies.json gives `releaseDay`, an offset from today, instead of `releaseDate`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MovieEntry {
    pub id: String,
    pub title: String,
    /// Derived from the title when absent.
    #[serde(default)]
    pub slug: String,
    pub synopsis: String,
    pub runtime_minutes: u32,
    pub rating: String,
    pub genres: Vec<String>,
    /// Absent = not announced.
    #[serde(default)]
    pub release_date: Option<Date>,
    #[serde(default)]
    pub directors: Vec<String>,
    #[serde(default)]
    pub cast: Vec<String>,
    #[serde(default)]
    pub attributes: Vec<String>,
    #[serde(default)]
    pub trailer_url: String,
    #[serde(default)]
    pub original_language: String,
    /// The point of sale's poster (an https address of a JPEG, PNG or WebP image):
    /// fetched once and served from the site; the drawn poster until then.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub poster_image_url: String,
}

impl MovieEntry {
    pub fn slug(&self) -> String {
        if self.slug.is_empty() {
            slugify(&self.title)
        } else {
            self.slug.clone()
        }
    }

    /// The movie's page, /movies/{id}-{slug}/.
    pub fn path(&self) -> String {
        format!("/movies/{}-{}/", self.id, self.slug())
    }
}

/// What today and the showtimes say about a movie.
#[derive(Debug, Clone, PartialEq)]
pub struct Programming {
    pub play_week: play_week::PlayWeek,
    pub flags: Vec<&'static str>,
    pub release_date: Option<Date>,
}

/// `first_showing` is the first showtime from today on, if any.
pub fn programming(movie: &MovieEntry, today: Date, first_showing: Option<Date>) -> Programming {
    let release_date = movie.release_date;
    let bucket_date = first_showing.or(release_date.filter(|release| *release >= today));
    let mut flags = Vec::new();
    if let Some(release) = release_date {
        let days_out = (today - release).get_days();
        if (0..NEW_FOR_DAYS).contains(&days_out) {
            flags.push("NEW");
        }
        if first_showing.is_some_and(|first| first < release) {
            flags.push("PREVIEW");
        }
    }
    Programming {
        play_week: play_week::bucket(today, bucket_date),
        flags,
        release_date,
    }
}

/// The movies in movieOrderIndex order (the rest after, in bundle order), without the
/// globally excluded ones.
pub fn ordered<'a>(
    movies: &'a [MovieEntry],
    order_index: &[String],
    excluded: &[String],
) -> Vec<&'a MovieEntry> {
    let rank = |movie: &MovieEntry| {
        order_index
            .iter()
            .position(|id| *id == movie.id)
            .unwrap_or(order_index.len())
    };
    let mut listed: Vec<&MovieEntry> = movies
        .iter()
        .filter(|movie| !excluded.contains(&movie.id))
        .collect();
    // A stable sort keeps bundle order among movies with the same rank.
    listed.sort_by_key(|movie| rank(movie));
    listed
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    /// A movie released `release_day` days from 2026-11-22 (the tests' today).
    fn movie(id: &str, release_day: Option<i64>) -> MovieEntry {
        MovieEntry {
            id: id.to_owned(),
            title: format!("Movie {id}"),
            slug: String::new(),
            synopsis: String::new(),
            runtime_minutes: 100,
            rating: "PG".to_owned(),
            genres: vec![],
            release_date: release_day.map(|days| {
                date(2026, 11, 22)
                    .checked_add(jiff::Span::new().days(days))
                    .expect("a date")
            }),
            directors: vec![],
            cast: vec![],
            attributes: vec![],
            trailer_url: String::new(),
            original_language: String::new(),
            poster_image_url: String::new(),
        }
    }

    fn ids(movies: &[&MovieEntry]) -> Vec<String> {
        movies.iter().map(|m| m.id.clone()).collect()
    }

    #[test]
    fn movies_follow_the_order_index_then_bundle_order() {
        let movies = vec![
            movie("a", None),
            movie("b", None),
            movie("c", None),
            movie("d", None),
        ];
        let order = vec!["c".to_owned(), "a".to_owned()];
        assert_eq!(ids(&ordered(&movies, &order, &[])), ["c", "a", "b", "d"]);
    }

    #[test]
    fn globally_excluded_movies_are_removed() {
        let movies = vec![movie("a", None), movie("b", None), movie("c", None)];
        let order = vec!["b".to_owned()];
        let excluded = vec!["b".to_owned(), "c".to_owned()];
        assert_eq!(ids(&ordered(&movies, &order, &excluded)), ["a"]);
    }

    #[test]
    fn a_movie_released_this_week_is_new_and_showing() {
        let today = date(2026, 11, 22);
        let found = programming(&movie("a", Some(-2)), today, Some(today));
        assert_eq!(found.play_week, play_week::PlayWeek::Current);
        assert_eq!(found.flags, vec!["NEW"]);
        assert_eq!(found.release_date, Some(date(2026, 11, 20)));
    }

    #[test]
    fn an_old_movie_is_no_longer_new() {
        let today = date(2026, 11, 22);
        let found = programming(&movie("a", Some(-30)), today, Some(today));
        assert!(found.flags.is_empty());
    }

    #[test]
    fn showtimes_before_the_release_make_a_preview() {
        let today = date(2026, 11, 22);
        let found = programming(&movie("a", Some(5)), today, Some(date(2026, 11, 24)));
        assert_eq!(found.flags, vec!["PREVIEW"]);
        assert_eq!(found.play_week, play_week::PlayWeek::Current);
    }

    #[test]
    fn without_showtimes_an_announced_release_decides_the_bucket() {
        let today = date(2026, 11, 22);
        assert_eq!(
            programming(&movie("a", Some(20)), today, None).play_week,
            play_week::PlayWeek::Next3
        );
        assert_eq!(
            programming(&movie("a", None), today, None).play_week,
            play_week::PlayWeek::Undetermined
        );
        assert_eq!(
            programming(&movie("a", Some(-60)), today, None).play_week,
            play_week::PlayWeek::Undetermined
        );
    }

    #[test]
    fn slugs_come_from_the_title_unless_given() {
        let mut entry = movie("1001", None);
        entry.title = "The Long Night".to_owned();
        assert_eq!(entry.path(), "/movies/1001-the-long-night/");
        entry.slug = "night".to_owned();
        assert_eq!(entry.path(), "/movies/1001-night/");
    }
}
