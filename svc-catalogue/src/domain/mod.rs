//! The catalogue as plain Rust: a validated site bundle and the questions the site asks
//! of it. Everything that depends on the date takes `today` (in the site's time zone).

pub mod checks;
pub mod content_pages;
pub mod messages;
pub mod movies;
pub mod offered;
pub mod play_week;
pub mod poster;
pub mod records;
pub mod schedule;
pub mod search_entries;
pub mod showtimes;
pub mod site;
pub mod site_address;
pub mod theaters;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use proto::catalogue::v1 as pb;
use proto::showtime::Attribute;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use site_paths::hand_off::{self, HandOffScope};

use crate::Error;
use crate::search::SearchIndex;
use content_pages::Page;
use movies::{MovieEntry, programming};
use offered::Offered;
use poster::StoredPosterImage;
use records::SeatCount;
use showtimes::{Showtime, ShowtimeEntry};
use site::{SiteConfig, SiteSettings, TicketingProvider};
use theaters::{Theater, TheaterNear};

/// The most days of showtimes one request answers: a longer range is cut to its first
/// days, so any two valid dates make a valid request (the API document says so).
pub const MAX_RANGE_DAYS: i32 = 62;

/// site.json.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SiteFile {
    /// The site's own name; empty = the related entity's (docs/pages-and-links.md#site-name).
    #[serde(default)]
    pub name: String,
    pub related_entity: RelatedEntity,
    pub config: SiteConfig,
    pub settings: SiteSettings,
    /// settings.loyalty as written; the loyalty-config crate normalises it.
    #[serde(default)]
    pub loyalty: serde_json::Value,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RelatedEntity {
    #[serde(rename = "type")]
    pub entity_type: String,
    pub name: String,
}

impl SiteFile {
    /// Whether the site has a loyalty programme: `loyalty` names a provider other than NONE.
    pub fn loyalty_is_on(&self) -> bool {
        self.loyalty["provider"]
            .as_str()
            .is_some_and(|provider| !provider.is_empty() && provider != "NONE")
    }

    /// `settings.loginPage.slug`: the sign-in page's route
    /// (docs/pages-and-links.md#routes), "" for none.
    pub fn login_slug(&self) -> &str {
        self.settings
            .login_page
            .as_ref()
            .map_or("", |page| page.slug.as_str())
    }

    /// The site-name rule (docs/pages-and-links.md#site-name): the site's own name, else
    /// its related entity's, else its circuit's, else its domain. The one place it is
    /// applied: the site goes out with it as `config.name`.
    pub fn site_name(&self) -> &str {
        let circuit = self
            .settings
            .circuit
            .as_ref()
            .map(|circuit| circuit.name.as_str());
        [
            Some(self.name.as_str()),
            Some(self.related_entity.name.as_str()),
            circuit,
            Some(self.settings.domain.as_str()),
        ]
        .into_iter()
        .flatten()
        .find(|name| !name.trim().is_empty())
        .unwrap_or_default()
    }
}

/// An event, as stored and as the ingest API takes it (the bundle's events.json gives a
/// `day`, an offset from today, and a local `time` instead of `startsAt`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventEntry {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub slug: String,
    pub description: String,
    pub theater_id: String,
    #[serde(default)]
    pub movie_id: String,
    /// RFC 3339 with the theater's offset once accepted.
    pub starts_at: String,
}

impl EventEntry {
    /// `/events/{id}-{slug}/`.
    pub fn path(&self) -> String {
        format!("/events/{}-{}/", self.id, self.slug())
    }

    fn slug(&self) -> String {
        if self.slug.is_empty() {
            site_paths::slug::slugify(&self.title)
        } else {
            self.slug.clone()
        }
    }
}

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
}

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
}

/// Positions of showtimes in [`Catalogue::showtimes`] by theater and by movie.
#[derive(Debug, Default)]
pub struct ShowtimeIndex {
    pub theater: HashMap<String, Vec<usize>>,
    pub movie: HashMap<String, Vec<usize>>,
}

impl ShowtimeIndex {
    fn of(showtimes: &[Showtime]) -> ShowtimeIndex {
        let mut index = ShowtimeIndex::default();
        for (position, showtime) in showtimes.iter().enumerate() {
            index
                .theater
                .entry(showtime.theater_id.clone())
                .or_default()
                .push(position);
            index
                .movie
                .entry(showtime.entry.movie_id.clone())
                .or_default()
                .push(position);
        }
        index
    }
}

/// Adds `theater_id`'s `entries` to `showtimes`, each placed on the theater's local day.
fn placed(
    site_id: &str,
    theater_id: &str,
    entries: Vec<ShowtimeEntry>,
    showtimes: &mut Vec<Showtime>,
) -> Result<(), Error> {
    for entry in entries {
        let start = entry.starts_at.clone();
        showtimes.push(
            Showtime::new(theater_id, entry).ok_or_else(|| Error::Unreadable {
                site: site_id.to_owned(),
                problem: format!("showtime of theater {theater_id}: startsAt '{start}'"),
            })?,
        );
    }
    Ok(())
}

/// Puts the site's showtimes in their order: by start, then theater and movie.
fn sort(showtimes: &mut [Showtime]) {
    showtimes.sort_by(|a, b| {
        (a.instant, &a.theater_id, &a.entry.movie_id).cmp(&(
            b.instant,
            &b.theater_id,
            &b.entry.movie_id,
        ))
    });
}

/// The filters of a showtime query, as the client sent them.
#[derive(Debug, Default)]
pub struct ShowtimeQuery<'a> {
    pub theater_id: &'a str,
    pub movie_id: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    /// Attribute codes a showtime must all have.
    pub attributes: &'a [String],
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
        let mut showtimes = Vec::new();
        for (theater_id, entries) in content.showtimes {
            placed(site_id, &theater_id, entries, &mut showtimes)?;
        }
        sort(&mut showtimes);
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
            showtimes_by: Arc::new(ShowtimeIndex::of(&showtimes)),
            showtimes,
            schedule_revisions: Arc::new(schedule_revisions),
            events: content.events,
            pages,
            messages: content.messages,
            search: Arc::new(search),
            poster_images: content.poster_images,
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
            let mut showtimes: Vec<Showtime> = self
                .showtimes
                .iter()
                .filter(|showtime| !schedules.contains_key(&showtime.theater_id))
                .cloned()
                .collect();
            for (theater_id, entries) in &schedules {
                placed(&self.site_id, theater_id, entries.clone(), &mut showtimes)?;
            }
            sort(&mut showtimes);
            next.showtimes_by = Arc::new(ShowtimeIndex::of(&showtimes));
            next.showtimes = showtimes;
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

    /// The site's theaters by id: `config.theaterIds` if given, else those of theaters.json.
    pub fn theater_ids(&self) -> Vec<String> {
        if self.site.config.theater_ids.is_empty() {
            self.theaters.iter().map(|t| t.id.clone()).collect()
        } else {
            self.site.config.theater_ids.clone()
        }
    }

    /// settings.loyalty, `None` when the bundle has none.
    pub fn loyalty_settings(&self) -> Option<serde_json::Map<String, serde_json::Value>> {
        self.site.loyalty.as_object().cloned()
    }

    fn site_wide_provider(&self) -> TicketingProvider {
        self.site
            .settings
            .ticketing_provider
            .clone()
            .unwrap_or_default()
    }

    /// Theaters with the site's ticketing provider and time zone where they name none.
    pub fn theaters(&self) -> Vec<Theater> {
        let site_wide = self.site_wide_provider();
        self.theaters
            .iter()
            .map(|theater| {
                let mut theater = theater.clone();
                theater.ticketing_provider =
                    Some(theaters::ticketing_provider(&theater, &site_wide).clone());
                if theater.time_zone.is_empty() {
                    theater.time_zone.clone_from(&self.site.config.time_zone);
                }
                theater
            })
            .collect()
    }

    /// Theaters in the bundle's order, or nearest `near` first with their distances.
    pub fn theaters_near(&self, near: Option<&pb::GeoPoint>) -> Result<Vec<TheaterNear>, Error> {
        match near {
            None => Ok(self
                .theaters()
                .into_iter()
                .map(|theater| TheaterNear {
                    theater,
                    distance_km: None,
                })
                .collect()),
            Some(here) => {
                theaters::check_point(here).map_err(Error::InvalidArgument)?;
                Ok(theaters::nearest_first(self.theaters(), here))
            }
        }
    }

    pub fn theater(&self, id: &str) -> Result<Theater, Error> {
        self.theaters()
            .into_iter()
            .find(|theater| theater.id == id)
            .ok_or_else(|| not_found("theater", id))
    }

    pub fn movies(
        &self,
        today: Date,
        theater_id: &str,
        play_week: &str,
    ) -> Result<Vec<pb::Movie>, Error> {
        if !play_week.is_empty() && play_week::PlayWeek::from_code(play_week).is_none() {
            return Err(Error::InvalidArgument(format!(
                "playWeek: '{play_week}' is not one of {}",
                play_week::PlayWeek::codes()
            )));
        }
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
            .map(|movie| self.movie_message(movie, today))
            .filter(|movie| play_week.is_empty() || movie.play_week == play_week)
            .collect())
    }

    pub fn movie(&self, id: &str, today: Date) -> Result<pb::Movie, Error> {
        self.movies
            .iter()
            .find(|movie| {
                movie.id == id
                    && !self
                        .site
                        .config
                        .global_excluded_movie_ids
                        .contains(&movie.id)
            })
            .map(|movie| self.movie_message(movie, today))
            .ok_or_else(|| not_found("movie", id))
    }

    /// The image of the point of sale kept for `movie`, while the movie names it.
    pub fn poster_image(&self, movie: &MovieEntry) -> Option<&StoredPosterImage> {
        self.poster_images
            .get(&movie.id)
            .filter(|image| image.source_url == movie.poster_image_url)
    }

    /// The movie's poster as the site serves it: the point of sale's image once it is
    /// kept, else the drawn one.
    fn poster_url(&self, movie: &MovieEntry) -> String {
        match self.poster_image(movie) {
            Some(image) => poster::image_path(&movie.id, image),
            None => format!("/posters/{}.svg", movie.id),
        }
    }

    /// The showtimes at `theater_id` and of `movie_id` (either may be empty: any), in order.
    fn showtimes_of<'a>(
        &'a self,
        theater_id: &str,
        movie_id: &str,
    ) -> Box<dyn Iterator<Item = &'a Showtime> + 'a> {
        let positions = match (theater_id.is_empty(), movie_id.is_empty()) {
            (true, true) => return Box::new(self.showtimes.iter()),
            (false, _) => self.showtimes_by.theater.get(theater_id),
            (true, false) => self.showtimes_by.movie.get(movie_id),
        };
        Box::new(
            positions
                .into_iter()
                .flatten()
                .map(|&position| &self.showtimes[position]),
        )
    }

    fn movie_message(&self, movie: &MovieEntry, today: Date) -> pb::Movie {
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
        pb::Movie {
            id: movie.id.clone(),
            title: movie.title.clone(),
            slug: movie.slug(),
            synopsis: movie.synopsis.clone(),
            runtime_minutes: i32::try_from(movie.runtime_minutes).unwrap_or(i32::MAX),
            rating: movie.rating.clone(),
            genres: movie.genres.clone(),
            release_date: programming
                .release_date
                .map(|date| date.to_string())
                .unwrap_or_default(),
            directors: movie.directors.clone(),
            cast: movie.cast.clone(),
            formats: formats.into_iter().collect(),
            attributes: movie.attributes.clone(),
            flags: programming.flags.iter().map(|f| (*f).to_owned()).collect(),
            play_week: programming.play_week.code().to_owned(),
            poster_url: self.poster_url(movie),
            trailer_url: movie.trailer_url.clone(),
            original_language: movie.original_language.clone(),
            path: movie.path(),
        }
    }

    /// The showtimes `query` asks for, each marked started as `offered` says.
    pub fn showtimes(
        &self,
        today: Date,
        offered: &Offered,
        query: &ShowtimeQuery<'_>,
    ) -> Result<Vec<pb::Showtime>, Error> {
        let from = parse_day("from", query.from, today)?;
        let days_after = |days: i32| {
            from.checked_add(jiff::Span::new().days(days))
                .unwrap_or(from)
        };
        // A `to` before `from` makes a range of no day, which holds no showtime.
        let to = parse_day("to", query.to, days_after(6))?.min(days_after(MAX_RANGE_DAYS - 1));
        if !query.theater_id.is_empty() {
            self.theater(query.theater_id)?;
        }
        if !query.movie_id.is_empty() {
            self.movie(query.movie_id, today)?;
        }
        let wanted = query
            .attributes
            .iter()
            .map(|code| {
                Attribute::from_code(code).ok_or_else(|| {
                    Error::InvalidArgument(format!(
                        "attribute: '{code}' is not one of {}",
                        Attribute::codes()
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let theaters = self.theaters();
        let excluded = &self.site.config.global_excluded_movie_ids;
        // Kept in order of start, then theater and movie.
        Ok(self
            .showtimes_of(query.theater_id, query.movie_id)
            .filter(|s| s.date >= from && s.date <= to)
            .filter(|s| query.theater_id.is_empty() || s.theater_id == query.theater_id)
            .filter(|s| query.movie_id.is_empty() || s.entry.movie_id == query.movie_id)
            .filter(|s| !excluded.contains(&s.entry.movie_id))
            .filter_map(|showtime| {
                let attributes = showtime.entry.all_attributes();
                if !wanted.iter().all(|a| attributes.contains(a)) {
                    return None;
                }
                let theater = theaters.iter().find(|t| t.id == showtime.theater_id)?;
                let started = offered.has_started(showtime.instant);
                Some(self.showtime_message(showtime, theater, &attributes, started))
            })
            .collect())
    }

    fn showtime_message(
        &self,
        showtime: &Showtime,
        theater: &Theater,
        attributes: &[Attribute],
        started: bool,
    ) -> pb::Showtime {
        let entry = &showtime.entry;
        let ticketing_url = if entry.booking_url.is_empty() {
            let provider = theater.ticketing_provider.clone().unwrap_or_default();
            theaters::booking_url(&provider, &theater.code, &entry.perf_code)
        } else {
            entry.booking_url.clone()
        };
        let language = if entry.language.is_empty() {
            self.movie_language(&entry.movie_id)
        } else {
            entry.language.clone()
        };
        pb::Showtime {
            id: showtime.id(),
            movie_id: entry.movie_id.clone(),
            theater_id: showtime.theater_id.clone(),
            perf_code: entry.perf_code.clone(),
            date: showtime.date.to_string(),
            time: showtime.time.strftime("%H:%M").to_string(),
            starts_at: entry.starts_at.clone(),
            format: entry.format.clone(),
            auditorium: entry.auditorium.clone(),
            attributes: attributes.iter().map(|a| a.code().to_owned()).collect(),
            ticketing_url,
            language,
            availability: entry.availability().code().to_owned(),
            seats_available: entry.seats_available,
            seats_total: entry.seats_total,
            started,
        }
    }

    /// A movie's original language, else the site's.
    fn movie_language(&self, movie_id: &str) -> String {
        let site = &self.site.config.locale;
        self.movies
            .iter()
            .find(|movie| movie.id == movie_id)
            .map(|movie| movie.original_language.as_str())
            .filter(|language| !language.is_empty())
            .unwrap_or_else(|| site.split(['-', '_']).next().unwrap_or("en"))
            .to_owned()
    }

    pub fn events(&self, theater_id: &str) -> Result<Vec<pb::Event>, Error> {
        if !theater_id.is_empty() {
            self.theater(theater_id)?;
        }
        let mut events: Vec<pb::Event> = self
            .events
            .iter()
            .filter(|event| theater_id.is_empty() || event.theater_id == theater_id)
            .map(|event| self.event_message(event))
            .collect();
        events.sort_by(|a, b| a.starts_at.cmp(&b.starts_at));
        Ok(events)
    }

    pub fn event(&self, id: &str) -> Result<pb::Event, Error> {
        self.events
            .iter()
            .find(|event| event.id == id)
            .map(|event| self.event_message(event))
            .ok_or_else(|| not_found("event", id))
    }

    fn event_message(&self, event: &EventEntry) -> pb::Event {
        // Accepted starts are normalised: the local date and time lead.
        let date = event.starts_at.get(..10).unwrap_or_default().to_owned();
        let time = event.starts_at.get(11..16).unwrap_or_default().to_owned();
        let ticketing_url = self
            .theater(&event.theater_id)
            .map(|theater| {
                let provider = theater.ticketing_provider.unwrap_or_default();
                theaters::booking_url(&provider, &theater.code, &format!("EV{}", event.id))
            })
            .unwrap_or_default();
        pb::Event {
            id: event.id.clone(),
            title: event.title.clone(),
            path: event.path(),
            slug: event.slug(),
            description: event.description.clone(),
            theater_id: event.theater_id.clone(),
            movie_id: event.movie_id.clone(),
            starts_at: event.starts_at.clone(),
            poster_url: format!("/posters/{}.svg", event.id),
            ticketing_url,
            date,
            time,
        }
    }

    pub fn pages(&self) -> Vec<Page> {
        self.pages.clone()
    }

    pub fn page(&self, slug: &str) -> Result<Page, Error> {
        self.pages
            .iter()
            .find(|page| page.slug == slug)
            .cloned()
            .ok_or_else(|| not_found("page", slug))
    }

    /// The messages of `locale`, else of the site's locale.
    pub fn messages(&self, locale: &str) -> pb::Messages {
        let (locale, messages) = self
            .messages
            .get_key_value(locale)
            .or_else(|| self.messages.get_key_value(&self.site.config.locale))
            .map(|(locale, messages)| (locale.clone(), messages.clone()))
            .unwrap_or_default();
        pb::Messages {
            locale,
            messages: messages.into_iter().collect(),
        }
    }

    pub fn poster(&self, id: &str, today: Date) -> Result<String, Error> {
        if let Ok(movie) = self.movie(id, today) {
            return Ok(poster::svg(&poster::PosterText {
                id: &movie.id,
                title: &movie.title,
                kicker: movie.genres.first().map_or("", String::as_str),
                footer: &movie.rating,
            }));
        }
        let event = self
            .event(id)
            .map_err(|_| not_found("movie or event", id))?;
        Ok(poster::svg(&poster::PosterText {
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

    pub fn current_theater(
        &self,
        page_theater_id: &str,
        selected_theater_id: &str,
    ) -> Option<Theater> {
        let theaters = self.theaters();
        theaters::current_theater(
            &theaters,
            self.site.config.is_single_location,
            page_theater_id,
            selected_theater_id,
        )
        .cloned()
    }

    /// The hand-off URL of a server redirect endpoint, and the theater's code (empty for
    /// a chain's hand-off without a theater).
    pub fn ticketing(
        &self,
        theater_id: &str,
        perf_code: &str,
        segment: &str,
        offered: &Offered,
    ) -> Result<(String, String), Error> {
        let hand_off = hand_off::hand_off(segment).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "kind: '{segment}' is not one of {}",
                hand_off::segments()
            ))
        })?;
        // Hand-off links name a theater by its id or by its ticketing code (theaterCode).
        let theater = if theater_id.is_empty() {
            if hand_off.scope == HandOffScope::Theater {
                return Err(Error::InvalidArgument(format!(
                    "theaterId: required for the '{segment}' hand-off"
                )));
            }
            None
        } else {
            let theater = self
                .theaters()
                .into_iter()
                .find(|theater| theater.id == theater_id || theater.code == theater_id)
                .ok_or_else(|| not_found("theater", theater_id))?;
            Some(theater)
        };
        if let Some(theater) = &theater
            && !perf_code.is_empty()
            && self.showtimes_of(&theater.id, "").any(|showtime| {
                showtime.entry.perf_code == perf_code && offered.has_started(showtime.instant)
            })
        {
            return Err(Error::Started(perf_code.to_owned()));
        }
        let (provider, theater_code) = match theater {
            Some(theater) => (theater.ticketing_provider.unwrap_or_default(), theater.code),
            None => (self.site_wide_provider(), String::new()),
        };
        if !hand_off.offered_among(&provider.hand_offs) {
            return Err(Error::HandOffNotOffered(segment.to_owned()));
        }
        Ok((
            theaters::hand_off_url(&provider, segment, &theater_code, perf_code),
            theater_code,
        ))
    }
}

fn not_found(kind: &'static str, id: &str) -> Error {
    Error::NotFound {
        kind,
        id: id.to_owned(),
    }
}

/// A YYYY-MM-DD query date; empty = `default`.
fn parse_day(field: &str, text: &str, default: Date) -> Result<Date, Error> {
    if text.is_empty() {
        return Ok(default);
    }
    let valid_shape = text.len() == 10 && text.as_bytes()[4] == b'-' && text.as_bytes()[7] == b'-';
    text.parse::<Date>()
        .ok()
        .filter(|_| valid_shape)
        .ok_or_else(|| {
            Error::InvalidArgument(format!("{field}: '{text}' is not a YYYY-MM-DD date"))
        })
}

#[cfg(test)]
mod site_name_tests {
    use super::*;

    fn site(name: &str, related: &str, circuit: &str, domain: &str) -> SiteFile {
        serde_json::from_value(serde_json::json!({
            "name": name,
            "relatedEntity": {"type": "Chain", "name": related},
            "config": {},
            "settings": {"domain": domain, "circuit": {"id": "C", "name": circuit}},
        }))
        .expect("a site")
    }

    #[test]
    fn the_site_name_falls_back_from_its_own_to_its_chains_circuits_and_domain() {
        assert_eq!(
            site("Own", "Chain", "Circuit", "d.example").site_name(),
            "Own"
        );
        assert_eq!(
            site(" ", "Chain", "Circuit", "d.example").site_name(),
            "Chain"
        );
        assert_eq!(site("", "", "Circuit", "d.example").site_name(), "Circuit");
        assert_eq!(site("", "", "", "d.example").site_name(), "d.example");
    }
}
