//! The catalogue as plain Rust: the records of a site as the store holds them and the
//! ingest API takes them, their rules, and [`catalogue`], one revision of a site answering
//! the site's questions.

pub mod catalogue;
pub mod checks;
pub mod content_pages;
pub mod editable;
pub mod events;
pub mod invalid;
pub mod media;
pub mod messages;
pub mod movie_alerts;
pub mod movies;
pub mod offered;
pub mod page_blocks;
pub mod play_week;
pub mod poster;
pub mod records;
pub mod schedule;
pub mod search_entries;
pub mod showtimes;
pub mod site;
pub mod site_address;
pub mod theaters;

use std::collections::BTreeMap;

use content_pages::Page;
use events::EventEntry;
use media::MediaItem;
use movies::MovieEntry;
use poster::StoredPosterImage;
use showtimes::ShowtimeEntry;
use theaters::Theater;

/// Everything the store holds of one site: what an import writes and a revision reads.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SiteContent {
    /// site.json as written.
    pub settings: serde_json::Value,
    /// Locale -> message key -> text.
    pub messages: BTreeMap<String, BTreeMap<String, String>>,
    pub theaters: Vec<Theater>,
    pub movies: Vec<MovieEntry>,
    /// By theater id, each start normalised in the theater's time zone, in their order
    /// ([`showtimes::sort`]).
    pub showtimes: BTreeMap<String, Vec<ShowtimeEntry>>,
    pub events: Vec<EventEntry>,
    pub pages: Vec<Page>,
    /// The point of sale's poster images kept, by movie id (an import writes none).
    pub poster_images: BTreeMap<String, StoredPosterImage>,
    /// The media library's images by id (an import writes none).
    pub media: BTreeMap<String, MediaItem>,
    /// How many times an operator asked for the site to be published again in full.
    pub republished: i64,
}
