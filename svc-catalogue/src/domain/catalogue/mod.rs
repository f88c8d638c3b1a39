//! One revision of a site's catalogue, immutable, and the questions the site asks of it,
//! one module per thing asked about. Everything that depends on the date takes `today`
//! (in the site's time zone).
//!
//! - [`movies`]: the movies listed, in the site's order, with what the schedule says of them.
//! - [`theaters`]: the theaters, nearest first when asked, and the current theater.
//! - [`showtimes`]: the showtimes a query asks for, and their index by theater and movie.
//! - [`events`]: the events, in order of start.
//! - [`pages`]: the content pages.
//! - [`site`]: the site's loyalty settings and its messages.
//! - [`posters`]: the drawn posters and their digests.
//! - [`hand_offs`]: where a hand-off to the ticketing site leads.

pub mod events;
pub mod hand_offs;
pub mod movies;
pub mod pages;
pub mod posters;
pub mod showtimes;
pub mod site;
pub mod theaters;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use jiff::tz::TimeZone;

use super::SiteContent;
use super::content_pages::{self, Page};
use super::events::EventEntry;
use super::media::MediaItem;
use super::movies::MovieEntry;
use super::poster::StoredPosterImage;
use super::records::SeatCount;
use super::search_entries;
use super::showtimes::{Showtime, ShowtimeEntry};
use super::site::SiteFile;
use super::theaters::Theater;
use crate::Error;
use crate::search::SearchIndex;
use showtimes::ShowtimeIndex;

/// One revision of a site's catalogue, immutable, answering every read.
#[derive(Debug, Clone)]
pub struct Catalogue {
    pub site_id: String,
    /// Names the store's state of the site; a committed change makes a new one.
    pub revision: String,
    pub site: SiteFile,
    pub time_zone: TimeZone,
    pub theaters: Vec<Theater>,
    pub movies: Vec<MovieEntry>,
    /// In order of start, then theater and movie.
    pub showtimes: Vec<Showtime>,
    /// Positions in `showtimes` of each theater's and each movie's, in that order: a
    /// theater's week or a movie's showings without a pass over a chain's 200,000.
    pub showtimes_by: Arc<ShowtimeIndex>,
    /// Theater id -> the revision at which its showtimes as pages show them (all but
    /// their seat counts) last changed: a publisher that kept a theater's week fetches
    /// it again only when this moves.
    pub schedule_revisions: Arc<HashMap<String, String>>,
    pub events: Vec<EventEntry>,
    pub pages: Vec<Page>,
    /// Locale -> message key -> text.
    pub messages: BTreeMap<String, BTreeMap<String, String>>,
    /// Movies, theaters, events and pages by the words a visitor types.
    pub search: Arc<SearchIndex>,
    /// The point of sale's poster images kept, by movie id.
    pub poster_images: BTreeMap<String, StoredPosterImage>,
    /// The media library's images by id.
    pub media: BTreeMap<String, MediaItem>,
    /// How many times an operator asked for the site to be published again in full.
    pub republished: i64,
}

impl Catalogue {
    /// The catalogue of `content` at `revision`: its settings read, each showtime placed
    /// on its theater's local day, the built-in sign-in page added where loyalty needs
    /// one, the search index built. The content was checked when it was written; what
    /// cannot be read here stops this revision from serving.
    pub fn build(site_id: &str, revision: &str, content: SiteContent) -> Result<Catalogue, Error> {
        let unreadable = |problem: String| Error::Unreadable {
            site: site_id.to_owned(),
            problem,
        };
        let site: SiteFile = serde_json::from_value(content.settings)
            .map_err(|error| unreadable(format!("settings: {error}")))?;
        let time_zone = TimeZone::get(&site.config.time_zone)
            .map_err(|error| unreadable(format!("config.timeZone: {error}")))?;
        let schedule_revisions = content
            .theaters
            .iter()
            .map(|theater| (theater.id.clone(), revision.to_owned()))
            .collect();
        let mut placed = Vec::new();
        for (theater_id, entries) in content.showtimes {
            showtimes::place(site_id, &theater_id, entries, &mut placed)?;
        }
        showtimes::sort(&mut placed);
        let pages = content_pages::with_login_page(&site, content.pages, &content.messages);
        let search = SearchIndex::build(search_entries::entries(
            &content.theaters,
            &content.movies,
            &site.config.global_excluded_movie_ids,
            &content.events,
            &pages,
        ))?;
        Ok(Catalogue {
            site_id: site_id.to_owned(),
            revision: revision.to_owned(),
            site,
            time_zone,
            theaters: content.theaters,
            movies: content.movies,
            showtimes_by: Arc::new(ShowtimeIndex::of(&placed)),
            showtimes: placed,
            schedule_revisions: Arc::new(schedule_revisions),
            events: content.events,
            pages,
            messages: content.messages,
            search: Arc::new(search),
            poster_images: content.poster_images,
            media: content.media,
            republished: content.republished,
        })
    }

    /// This catalogue at `revision`, where only showtimes changed: the theaters of
    /// `schedules` have those showtimes now, and the showtimes of `seats` those seats. A
    /// chain's schedule calls and a night of sales are served without reading the whole
    /// site again. A seat count of a showtime it does not have is passed over (the store
    /// had it at this revision, so there is none).
    pub fn with_showtimes(
        &self,
        revision: &str,
        schedules: BTreeMap<String, Vec<ShowtimeEntry>>,
        seats: &[SeatCount],
    ) -> Result<Catalogue, Error> {
        let mut next = self.clone();
        next.revision = revision.to_owned();
        let changed: HashMap<(&str, &str), &SeatCount> = seats
            .iter()
            .map(|count| ((count.theater_id.as_str(), count.perf_code.as_str()), count))
            .collect();
        if !schedules.is_empty() {
            let mut placed: Vec<Showtime> = self
                .showtimes
                .iter()
                .filter(|showtime| !schedules.contains_key(&showtime.theater_id))
                .cloned()
                .collect();
            for (theater_id, entries) in &schedules {
                showtimes::place(&self.site_id, theater_id, entries.clone(), &mut placed)?;
            }
            showtimes::sort(&mut placed);
            next.showtimes_by = Arc::new(ShowtimeIndex::of(&placed));
            next.showtimes = placed;
        }
        // A sale moves its theater's schedule revision only when the showtime's
        // availability moves: that is all of the seats that pages show.
        let mut moved: BTreeSet<String> = schedules.into_keys().collect();
        for showtime in &mut next.showtimes {
            if let Some(count) = changed.get(&(
                showtime.theater_id.as_str(),
                showtime.entry.perf_code.as_str(),
            )) {
                let shown = showtime.entry.availability();
                showtime.entry.seats_available = count.seats_available;
                showtime.entry.seats_total = count.seats_total;
                showtime.entry.availability = count.availability;
                if showtime.entry.availability() != shown {
                    moved.insert(showtime.theater_id.clone());
                }
            }
        }
        let revisions = Arc::make_mut(&mut next.schedule_revisions);
        for theater_id in &moved {
            if let Some(at) = revisions.get_mut(theater_id) {
                revision.clone_into(at);
            }
        }
        Ok(next)
    }
}

fn not_found(kind: &'static str, id: &str) -> Error {
    Error::NotFound {
        kind,
        id: id.to_owned(),
    }
}
