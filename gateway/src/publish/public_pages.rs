//! The site's public pages for one catalogue version, and each page's data
//! (docs/publishing.md#page-data): a pure function of the content, so it is tested
//! without a server.

use std::borrow::Borrow;
use std::collections::{HashMap, HashSet};

use axum::http::StatusCode;
use bytes::Bytes;
use proto::catalogue::v1 as catalogue;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use std::borrow::Cow;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use super::content::CatalogueContent;
use crate::page_routes::canonical_path;
use crate::site_data::SiteData;

/// The most showtimes a page's data carries. Past it (a movie, or the showtimes page, of
/// a large chain) the page names the theaters showing instead (`theaterIds`, no
/// `showtimes`), each theater's page has its own, and the browser fetches the chosen
/// theater's: a page stays small however large the chain.
pub const MAX_PAGE_SHOWTIMES: usize = 600;

/// The ids of the theaters in `showtimes`, each once, in order of first appearance.
pub fn theaters_showing<'a>(
    showtimes: impl IntoIterator<Item = &'a catalogue::Showtime>,
) -> Vec<&'a str> {
    let mut seen = HashSet::new();
    let mut ids: Vec<&str> = Vec::new();
    for showtime in showtimes {
        if seen.insert(showtime.theater_id.as_str()) {
            ids.push(&showtime.theater_id);
        }
    }
    ids
}

/// One public page: where it lives and what it shows.
#[derive(Debug)]
pub struct PublicPage<'a> {
    /// Site-rooted and canonical under the site's trailing-slash rule.
    pub path: String,
    /// For a page that offers showtimes on several days, each day after the first has a
    /// page of its own at `path?date=YYYY-MM-DD` (readable without JavaScript, the day
    /// chosen): the day it shows. `None`: the page at `path`, showing its first day.
    pub day: Option<String>,
    pub status: StatusCode,
    pub subject: Subject<'a>,
}

impl PublicPage<'_> {
    /// Where it is served: its path, and for a day's page the day's query.
    pub fn address(&self) -> String {
        match &self.day {
            Some(day) => format!("{}?date={day}", self.path),
            None => self.path.clone(),
        }
    }

    /// The days it offers showtimes on after its first, in order: each has a page of its
    /// own. None for a page whose data carries no showtimes (a large chain's names the
    /// theaters showing instead, and the browser fetches a theater's).
    fn later_days(&self) -> Vec<String> {
        let dates = |showtimes: &mut dyn Iterator<Item = &catalogue::Showtime>| {
            let mut days: Vec<String> = showtimes.map(|showtime| showtime.date.clone()).collect();
            days.sort_unstable();
            days.dedup();
            days.split_off(days.len().min(1))
        };
        match &self.subject {
            // A theater's page carries its week whatever the chain's size.
            Subject::Theater { showtimes, .. } => dates(&mut showtimes.iter().copied()),
            Subject::Movie { showtimes, .. } if showtimes.len() <= MAX_PAGE_SHOWTIMES => {
                dates(&mut showtimes.iter().copied())
            }
            Subject::Showtimes { showtimes, .. } if showtimes.len() <= MAX_PAGE_SHOWTIMES => {
                dates(&mut showtimes.iter())
            }
            _ => Vec::new(),
        }
    }
}

/// What a page shows, borrowed from the catalogue version being published: its page
/// data's `data` and its metadata both come from here. Serialised straight to the page
/// data's bytes, so a large chain's 200,000 showtimes are neither copied nor held twice.
#[derive(Debug, Clone)]
pub enum Subject<'a> {
    Home {
        movies: &'a [catalogue::Movie],
        events: &'a [catalogue::Event],
    },
    MovieList {
        movies: &'a [catalogue::Movie],
    },
    Movie {
        movie: &'a catalogue::Movie,
        showtimes: Vec<&'a catalogue::Showtime>,
    },
    TheaterList {
        theaters: &'a [catalogue::Theater],
    },
    Theater {
        theater: &'a catalogue::Theater,
        /// The movies it shows this week.
        movies: Vec<&'a catalogue::Movie>,
        showtimes: Vec<&'a catalogue::Showtime>,
    },
    Showtimes {
        movies: &'a [catalogue::Movie],
        showtimes: &'a [catalogue::Showtime],
    },
    EventList {
        events: &'a [catalogue::Event],
    },
    Event {
        event: &'a catalogue::Event,
    },
    Content {
        page: &'a catalogue::Page,
    },
    NotFound,
    ServerError,
}

/// The template a page is rendered with (its data's `templateName`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TemplateName {
    Home,
    MovieList,
    Movie,
    TheaterList,
    Theater,
    Showtimes,
    EventList,
    Event,
    Page,
    NotFound,
    ServerError,
}

impl Subject<'_> {
    pub fn template_name(&self) -> TemplateName {
        match self {
            Subject::Home { .. } => TemplateName::Home,
            Subject::MovieList { .. } => TemplateName::MovieList,
            Subject::Movie { .. } => TemplateName::Movie,
            Subject::TheaterList { .. } => TemplateName::TheaterList,
            Subject::Theater { .. } => TemplateName::Theater,
            Subject::Showtimes { .. } => TemplateName::Showtimes,
            Subject::EventList { .. } => TemplateName::EventList,
            Subject::Event { .. } => TemplateName::Event,
            Subject::Content { .. } => TemplateName::Page,
            Subject::NotFound => TemplateName::NotFound,
            Subject::ServerError => TemplateName::ServerError,
        }
    }

    /// The theater the page is about, if any (the page context's `theaterId`).
    fn theater_id(&self) -> &str {
        match self {
            Subject::Theater { theater, .. } => &theater.id,
            Subject::Event { event } => &event.theater_id,
            _ => "",
        }
    }
}

/// The page data's `data`: what the template renders.
impl Serialize for Subject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut data = serializer.serialize_map(None)?;
        match self {
            Subject::Home { movies, events } => {
                data.serialize_entry("movies", movies)?;
                data.serialize_entry("events", events)?;
            }
            Subject::MovieList { movies } => data.serialize_entry("movies", movies)?,
            Subject::Movie { movie, showtimes } => {
                data.serialize_entry("movie", movie)?;
                serialize_showing(&mut data, showtimes)?;
            }
            Subject::TheaterList { theaters } => data.serialize_entry("theaters", theaters)?,
            Subject::Theater {
                theater,
                movies,
                showtimes,
            } => {
                data.serialize_entry("theater", theater)?;
                data.serialize_entry("movies", movies)?;
                data.serialize_entry("showtimes", showtimes)?;
            }
            Subject::Showtimes { movies, showtimes } => {
                data.serialize_entry("movies", movies)?;
                serialize_showing(&mut data, showtimes)?;
            }
            Subject::EventList { events } => data.serialize_entry("events", events)?,
            Subject::Event { event } => data.serialize_entry("event", event)?,
            Subject::Content { page } => data.serialize_entry("page", page)?,
            Subject::NotFound | Subject::ServerError => {}
        }
        data.end()
    }
}

/// The page data's `data` in the OpenAPI document: every key a template's data may have
/// (the serialiser above says which template has which).
impl PartialSchema for Subject<'_> {
    fn schema() -> RefOr<Schema> {
        let one = |name: &str| Ref::from_schema_name(name);
        let list = |name: &str| ArrayBuilder::new().items(Ref::from_schema_name(name));
        ObjectBuilder::new()
            .description(Some(
                "What the template renders, by template: home {movies, events}, movieList \
                 {movies}, movie {movie, showtimes}, theaterList {theaters}, theater {theater, \
                 movies, showtimes}, showtimes {movies, showtimes}, eventList {events}, event \
                 {event}, page {page}, notFound and serverError {}. A movie's and the \
                 showtimes page carry theaterIds, the theaters showing, in place of \
                 showtimes too many to publish.",
            ))
            .property("movie", one("Movie"))
            .property("movies", list("Movie"))
            .property("showtimes", list("Showtime"))
            .property(
                "theaterIds",
                ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::String)),
            )
            .property("theater", one("Theater"))
            .property("theaters", list("Theater"))
            .property("event", one("Event"))
            .property("events", list("Event"))
            .property("page", one("Page"))
            .into()
    }
}

impl ToSchema for Subject<'_> {
    fn name() -> Cow<'static, str> {
        "PageContent".into()
    }
}

/// `showtimes`, or past [`MAX_PAGE_SHOWTIMES`] the `theaterIds` showing them.
fn serialize_showing<M, T>(data: &mut M, showtimes: &[T]) -> Result<(), M::Error>
where
    M: SerializeMap,
    T: Borrow<catalogue::Showtime> + Serialize,
{
    if showtimes.len() <= MAX_PAGE_SHOWTIMES {
        data.serialize_entry("showtimes", showtimes)
    } else {
        let showing = theaters_showing(showtimes.iter().map(Borrow::<catalogue::Showtime>::borrow));
        data.serialize_entry("theaterIds", &showing)
    }
}

/// Every public page of the site.
pub fn public_pages(content: &CatalogueContent) -> Vec<PublicPage<'_>> {
    let trailing_slash = content.site.config().trailing_slash;
    let page = |path: &str, status: StatusCode, subject| PublicPage {
        path: canonical_path(path, &trailing_slash).unwrap_or_else(|| path.to_owned()),
        day: None,
        status,
        subject,
    };
    let (movies, events) = (&content.movies[..], &content.events[..]);
    let theaters = &content.site.theaters;
    let mut pages = vec![
        page("/", StatusCode::OK, Subject::Home { movies, events }),
        page("/movies/", StatusCode::OK, Subject::MovieList { movies }),
        page(
            "/showtimes/",
            StatusCode::OK,
            Subject::Showtimes {
                movies,
                showtimes: &content.showtimes,
            },
        ),
        page("/events/", StatusCode::OK, Subject::EventList { events }),
        page("/404.html", StatusCode::NOT_FOUND, Subject::NotFound),
        page(
            "/500.html",
            StatusCode::INTERNAL_SERVER_ERROR,
            Subject::ServerError,
        ),
    ];
    // A single-location site's one theater has no list: /theaters/ leads to its page.
    if !content.site.config().is_single_location {
        pages.push(page(
            "/theaters/",
            StatusCode::OK,
            Subject::TheaterList { theaters },
        ));
    }
    let mut by_movie: HashMap<&str, Vec<&catalogue::Showtime>> = HashMap::new();
    let mut by_theater: HashMap<&str, Vec<&catalogue::Showtime>> = HashMap::new();
    for showtime in &content.showtimes {
        by_movie
            .entry(&showtime.movie_id)
            .or_default()
            .push(showtime);
        by_theater
            .entry(&showtime.theater_id)
            .or_default()
            .push(showtime);
    }
    for movie in movies {
        let showtimes = by_movie.remove(movie.id.as_str()).unwrap_or_default();
        pages.push(page(
            &movie.path,
            StatusCode::OK,
            Subject::Movie { movie, showtimes },
        ));
    }
    for theater in theaters {
        let showtimes = by_theater.remove(theater.id.as_str()).unwrap_or_default();
        let shown: HashSet<&str> = showtimes.iter().map(|s| s.movie_id.as_str()).collect();
        let movies = movies
            .iter()
            .filter(|movie| shown.contains(movie.id.as_str()))
            .collect();
        pages.push(page(
            &theater_path(theater),
            StatusCode::OK,
            Subject::Theater {
                theater,
                movies,
                showtimes,
            },
        ));
    }
    for event in events {
        pages.push(page(&event.path, StatusCode::OK, Subject::Event { event }));
    }
    for content_page in &content.pages {
        pages.push(page(
            &content_page.path,
            StatusCode::OK,
            Subject::Content { page: content_page },
        ));
    }
    let days: Vec<PublicPage<'_>> = pages
        .iter()
        .flat_map(|page| {
            page.later_days().into_iter().map(|day| PublicPage {
                path: page.path.clone(),
                day: Some(day),
                status: page.status,
                subject: page.subject.clone(),
            })
        })
        .collect();
    pages.extend(days);
    pages
}

/// A theater's page: `/theaters/{id}-{slug}/`.
pub fn theater_path(theater: &catalogue::Theater) -> String {
    format!("/theaters/{}-{}/", theater.id, theater.slug)
}

/// A page's data file (`/page-data/{path}/page-data.json`, docs/publishing.md#page-data).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageData<'p> {
    path: &'p str,
    template_name: TemplateName,
    page_context: PageContext<'p>,
    #[schema(value_type = Subject)]
    data: &'p Subject<'p>,
}

/// The page context of docs/pages-and-links.md#page-context.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PageContext<'p> {
    intl: Intl<'p>,
    page_path: &'p str,
    is_single_location: bool,
    /// The theater the page is about; empty when none.
    theater_id: &'p str,
    beta_features_enabled: bool,
    template_name: TemplateName,
}

#[derive(Serialize, ToSchema)]
#[schema(as = PageIntl)]
struct Intl<'p> {
    locale: Locale<'p>,
    country: Country<'p>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = PageLocale)]
struct Locale<'p> {
    short: &'p str,
    long: &'p str,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PageCountry)]
struct Country<'p> {
    code: &'p str,
    iso31661_a2: &'p str,
}

impl PublicPage<'_> {
    /// The bytes of its page data file.
    pub fn page_data(&self, site: &SiteData) -> Result<Bytes, serde_json::Error> {
        let config = site.config();
        let country = config.country.as_ref();
        let template_name = self.subject.template_name();
        let page_data = PageData {
            path: &self.path,
            template_name,
            page_context: PageContext {
                intl: Intl {
                    locale: Locale {
                        short: config.locale.split('-').next().unwrap_or_default(),
                        long: &config.locale,
                    },
                    country: Country {
                        code: country.map_or("", |country| &country.code),
                        iso31661_a2: country.map_or("", |country| &country.iso31661_a2),
                    },
                },
                page_path: &self.path,
                is_single_location: config.is_single_location,
                theater_id: self.subject.theater_id(),
                beta_features_enabled: config.beta_features_enabled,
                template_name,
            },
            data: &self.subject,
        };
        serde_json::to_vec(&page_data).map(Bytes::from)
    }

    /// Where its page data is served: `/page-data/{path}/page-data.json`, `index` for `/`.
    pub fn page_data_path(&self) -> String {
        page_data_path(&self.path)
    }
}

pub fn page_data_path(page_path: &str) -> String {
    let trimmed = page_path.trim_matches('/');
    let name = if trimmed.is_empty() { "index" } else { trimmed };
    format!("/page-data/{name}/page-data.json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_data_lives_under_the_page_path_and_index_for_home() {
        assert_eq!(page_data_path("/"), "/page-data/index/page-data.json");
        assert_eq!(
            page_data_path("/movies/"),
            "/page-data/movies/page-data.json"
        );
        assert_eq!(
            page_data_path("/movies"),
            "/page-data/movies/page-data.json"
        );
        assert_eq!(
            page_data_path("/movies/1001-the-long-night/"),
            "/page-data/movies/1001-the-long-night/page-data.json"
        );
        assert_eq!(
            page_data_path("/404.html"),
            "/page-data/404.html/page-data.json"
        );
    }

    #[test]
    fn the_theaters_showing_are_named_once_in_order_of_their_first_showtime() {
        let showtime = |theater: &str| catalogue::Showtime {
            theater_id: theater.to_owned(),
            ..Default::default()
        };
        let showtimes = [
            showtime("102"),
            showtime("101"),
            showtime("102"),
            showtime("103"),
        ];
        assert_eq!(theaters_showing(&showtimes), ["102", "101", "103"]);
    }
}
