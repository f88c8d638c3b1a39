//! The drawn posters of movies and events, and their digests.

use std::collections::BTreeMap;

use jiff::civil::Date;
use sha2::{Digest, Sha256};

use super::{Catalogue, not_found};
use crate::Error;
use crate::domain::poster::{self, PosterText};

impl Catalogue {
    /// The poster drawn for a listed movie or an event (SVG).
    pub fn poster(&self, id: &str, today: Date) -> Result<String, Error> {
        if let Ok(movie) = self.movie(id, today) {
            return Ok(poster::svg(&PosterText {
                id: &movie.id,
                title: &movie.title,
                kicker: movie.genres.first().map_or("", String::as_str),
                footer: &movie.rating,
            }));
        }
        let event = self
            .event(id)
            .map_err(|_| not_found("movie or event", id))?;
        Ok(poster::svg(&PosterText {
            id: &event.id,
            title: &event.title,
            kicker: "Event",
            footer: &event.date,
        }))
    }

    /// The SHA-256 (hex) of every drawn poster, by movie or event id, as
    /// [`Catalogue::poster`] draws it: a publisher that kept a poster fetches it again only
    /// when this moves (a movie with the point of sale's image has none).
    pub fn drawn_poster_digests(&self, today: Date) -> BTreeMap<String, String> {
        let movies = self
            .movies
            .iter()
            .filter(|movie| self.poster_image(movie).is_none())
            .map(|movie| &movie.id);
        let events = self.events.iter().map(|event| &event.id);
        movies
            .chain(events)
            .filter_map(|id| {
                let svg = self.poster(id, today).ok()?;
                Some((id.clone(), hex::encode(Sha256::digest(svg))))
            })
            .collect()
    }
}
