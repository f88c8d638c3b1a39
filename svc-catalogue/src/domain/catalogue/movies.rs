//! The movies the site lists, in its order (movieOrderIndex, exclusions), each with what
//! today and the schedule say of it: formats, release date, play week, NEW and PREVIEW.

use std::collections::BTreeSet;

use jiff::civil::Date;

use super::{Catalogue, not_found};
use crate::Error;
use crate::domain::media::{self, MediaFormat};
use crate::domain::movies::{self, MovieEntry, programming};
use crate::domain::play_week::PlayWeek;
use crate::domain::poster::{self, StoredPosterImage};
use crate::domain::showtimes::Showtime;

/// The narrowest width of a media library image a poster is served at: a poster is shown
/// at most about 240 CSS pixels wide, so this is sharp on a screen of twice the density.
const POSTER_WIDTH: u32 = 480;

/// A movie as the site lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct Movie {
    pub id: String,
    pub title: String,
    pub slug: String,
    pub synopsis: String,
    pub runtime_minutes: u32,
    pub rating: String,
    pub genres: Vec<String>,
    /// `None`: not announced.
    pub release_date: Option<Date>,
    pub directors: Vec<String>,
    pub cast: Vec<String>,
    /// The formats of its showtimes, in order, each once.
    pub formats: Vec<String>,
    pub attributes: Vec<String>,
    /// NEW, PREVIEW.
    pub flags: Vec<&'static str>,
    pub play_week: PlayWeek,
    /// The point of sale's image once it is kept, else the drawn poster.
    pub poster_url: String,
    pub trailer_url: String,
    pub original_language: String,
    pub path: String,
}

impl Catalogue {
    /// The movies listed, in the site's order; with a theater, those it shows from
    /// today; with a play week, those of it.
    pub fn movies(
        &self,
        today: Date,
        theater_id: &str,
        play_week: &str,
    ) -> Result<Vec<Movie>, Error> {
        let wanted_week = if play_week.is_empty() {
            None
        } else {
            Some(PlayWeek::from_code(play_week).ok_or_else(|| {
                Error::InvalidArgument(format!(
                    "playWeek: '{play_week}' is not one of {}",
                    PlayWeek::codes()
                ))
            })?)
        };
        if !theater_id.is_empty() {
            self.theater(theater_id)?;
        }
        let config = &self.site.config;
        let listed = movies::ordered(
            &self.movies,
            &config.movie_order_index,
            &config.global_excluded_movie_ids,
        );
        Ok(listed
            .into_iter()
            .filter(|movie| {
                theater_id.is_empty()
                    || self
                        .showtimes_of(theater_id, "")
                        .any(|s| s.entry.movie_id == movie.id && s.date >= today)
            })
            .map(|movie| self.listed(movie, today))
            .filter(|movie| wanted_week.is_none_or(|week| movie.play_week == week))
            .collect())
    }

    /// A movie the site lists.
    pub fn movie(&self, id: &str, today: Date) -> Result<Movie, Error> {
        self.movie_entry(id)
            .map(|movie| self.listed(movie, today))
            .ok_or_else(|| not_found("movie", id))
    }

    /// The entry of a movie the site lists (not excluded).
    pub(super) fn movie_entry(&self, id: &str) -> Option<&MovieEntry> {
        self.movies.iter().find(|movie| {
            movie.id == id
                && !self
                    .site
                    .config
                    .global_excluded_movie_ids
                    .contains(&movie.id)
        })
    }

    /// The image of the point of sale kept for `movie`, while the movie names it.
    pub fn poster_image(&self, movie: &MovieEntry) -> Option<&StoredPosterImage> {
        self.poster_images
            .get(&movie.id)
            .filter(|image| image.source_url == movie.poster_image_url)
    }

    /// The movie's poster as the site serves it: the media library's image the site puts
    /// in its place, else the point of sale's image once it is kept, else the drawn one.
    fn poster_url(&self, movie: &MovieEntry) -> String {
        let override_image = self
            .site
            .config
            .poster_overrides
            .get(&movie.id)
            .and_then(|path| media::id_of_path(path))
            .and_then(|id| self.media.get(id));
        if let Some(image) = override_image {
            let width = media::widths(image.width)
                .into_iter()
                .find(|width| *width >= POSTER_WIDTH)
                .unwrap_or(image.width);
            return media::file_path(&image.id, width, image.width, MediaFormat::Jpeg);
        }
        self.point_of_sale_poster_url(movie)
    }

    /// The poster the point of sale gives: its image once it is kept, else the drawn one.
    pub fn point_of_sale_poster_url(&self, movie: &MovieEntry) -> String {
        match self.poster_image(movie) {
            Some(image) => poster::image_path(&movie.id, image),
            None => format!("/posters/{}.svg", movie.id),
        }
    }

    fn listed(&self, movie: &MovieEntry, today: Date) -> Movie {
        let showings: Vec<&Showtime> = self.showtimes_of("", &movie.id).collect();
        let first_showing = showings
            .iter()
            .map(|s| s.date)
            .filter(|date| *date >= today)
            .min();
        let programming = programming(movie, today, first_showing);
        let formats: BTreeSet<String> = showings
            .iter()
            .filter(|s| !s.entry.format.is_empty())
            .map(|s| s.entry.format.clone())
            .collect();
        Movie {
            id: movie.id.clone(),
            title: movie.title.clone(),
            slug: movie.slug(),
            synopsis: movie.synopsis.clone(),
            runtime_minutes: movie.runtime_minutes,
            rating: movie.rating.clone(),
            genres: movie.genres.clone(),
            release_date: programming.release_date,
            directors: movie.directors.clone(),
            cast: movie.cast.clone(),
            formats: formats.into_iter().collect(),
            attributes: movie.attributes.clone(),
            flags: programming.flags,
            play_week: programming.play_week,
            poster_url: self.poster_url(movie),
            trailer_url: movie.trailer_url.clone(),
            original_language: movie.original_language.clone(),
            path: movie.path(),
        }
    }

    /// A movie's original language, else the site's.
    pub(super) fn movie_language(&self, movie_id: &str) -> String {
        let site = &self.site.config.locale;
        self.movies
            .iter()
            .find(|movie| movie.id == movie_id)
            .map(|movie| movie.original_language.as_str())
            .filter(|language| !language.is_empty())
            .unwrap_or_else(|| site.split(['-', '_']).next().unwrap_or("en"))
            .to_owned()
    }
}
