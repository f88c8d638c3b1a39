//! What site search finds: every listed movie, theater, event and content page, with the
//! line shown under its title and the words it is found by besides its title.

use proto::vocabulary::SearchHitKind;

use super::content_pages::Page;
use super::events::EventEntry;
use super::movies::MovieEntry;
use super::page_blocks::{Block, plain_text};
use super::theaters::Theater;
use crate::search::{Entry, SearchHit};

pub fn entries(
    theaters: &[Theater],
    movies: &[MovieEntry],
    excluded_movie_ids: &[String],
    events: &[EventEntry],
    pages: &[Page],
) -> Vec<Entry> {
    let movies = movies
        .iter()
        .filter(|movie| !excluded_movie_ids.contains(&movie.id))
        .map(|movie| Entry {
            hit: hit(&movie.id, SearchHitKind::Movie, &movie.title, movie.path())
                .subtitle(join(&[
                    &movie.rating,
                    movie.genres.first().map_or("", String::as_str),
                ]))
                .image(format!("/posters/{}.svg", movie.id)),
            keywords: [&movie.genres[..], &movie.directors, &movie.cast]
                .concat()
                .join(" "),
        });
    let theater_entries = theaters.iter().map(|theater| {
        let address = theater.address.clone().unwrap_or_default();
        Entry {
            hit: hit(
                &theater.id,
                SearchHitKind::Theater,
                &theater.name,
                format!("/theaters/{}-{}/", theater.id, theater.slug),
            )
            .subtitle(join(&[&address.city, &address.state])),
            keywords: [
                &address.street,
                &address.city,
                &address.state,
                &address.zip_code,
            ]
            .map(String::as_str)
            .join(" "),
        }
    });
    let event_entries = events.iter().map(|event| {
        let venue = theaters
            .iter()
            .find(|theater| theater.id == event.theater_id)
            .map_or("", |theater| theater.name.as_str());
        Entry {
            hit: hit(&event.id, SearchHitKind::Event, &event.title, event.path())
                .subtitle(venue.to_owned())
                .image(format!("/posters/{}.svg", event.id)),
            keywords: venue.to_owned(),
        }
    });
    let page_entries = pages.iter().map(|page| Entry {
        hit: hit(
            &page.id,
            SearchHitKind::Page,
            &page.title,
            page.path.clone(),
        ),
        keywords: page
            .sections
            .iter()
            .map(|section| section.heading.clone())
            .chain(page.blocks.iter().filter_map(|block| match block {
                Block::Heading { text, .. } => Some(plain_text(text)),
                _ => None,
            }))
            .collect::<Vec<_>>()
            .join(" "),
    });
    movies
        .chain(theater_entries)
        .chain(event_entries)
        .chain(page_entries)
        .collect()
}

fn hit(id: &str, kind: SearchHitKind, title: &str, path: String) -> SearchHit {
    SearchHit {
        id: id.to_owned(),
        kind: kind.code().to_owned(),
        title: title.to_owned(),
        subtitle: String::new(),
        path,
        image_url: String::new(),
    }
}

trait HitDetails {
    fn subtitle(self, subtitle: String) -> Self;
    fn image(self, url: String) -> Self;
}

impl HitDetails for SearchHit {
    fn subtitle(mut self, subtitle: String) -> Self {
        self.subtitle = subtitle;
        self
    }

    fn image(mut self, url: String) -> Self {
        self.image_url = url;
        self
    }
}

/// The non-empty parts, joined by a middle dot: "PG-13 · Thriller".
fn join(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|part| !part.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" · ")
}
