//! The site's public pages for one catalogue version, and each page's data (SPEC.md
//! section 7 "Static page data"): a pure function of the content, so it is tested
//! without a server.

use std::collections::HashMap;

use axum::http::StatusCode;
use proto::catalogue::v1 as catalogue;
use serde_json::{Value, json};

use super::content::CatalogueContent;
use crate::page_routes::canonical_path;
use crate::site_snapshot::SiteSnapshot;

/// The most showtimes a page's data carries. Past it (a movie, or the showtimes page, of
/// a large chain) the page names the theaters showing instead (`theaterIds`, no
/// `showtimes`), each theater's page has its own, and the browser fetches the chosen
/// theater's: a page stays small however large the chain.
pub const MAX_PAGE_SHOWTIMES: usize = 600;

/// The ids of the theaters in `showtimes`, each once, in order of first appearance.
pub fn theaters_showing<'a>(
    showtimes: impl IntoIterator<Item = &'a catalogue::Showtime>,
) -> Vec<&'a str> {
    let mut ids: Vec<&str> = Vec::new();
    for showtime in showtimes {
        if !ids.contains(&showtime.theater_id.as_str()) {
            ids.push(&showtime.theater_id);
        }
    }
    ids
}

/// One public page: where it lives, which template shows it and what it shows.
#[derive(Debug, Clone)]
pub struct PublicPage {
    /// Site-rooted and canonical under the site's trailing-slash rule.
    pub path: String,
    pub status: StatusCode,
    pub subject: Subject,
    /// `data` of the page data: what the template renders.
    pub data: Value,
}

/// What a page is about, for its metadata.
#[derive(Debug, Clone)]
pub enum Subject {
    Home,
    MovieList,
    Movie {
        movie: catalogue::Movie,
        showtimes: Vec<catalogue::Showtime>,
    },
    TheaterList,
    Theater {
        theater: catalogue::Theater,
    },
    Showtimes,
    EventList,
    Event {
        event: catalogue::Event,
    },
    Content {
        page: catalogue::Page,
    },
    NotFound,
    ServerError,
}

impl Subject {
    /// The page context's `templateName`.
    pub fn template_name(&self) -> &'static str {
        match self {
            Subject::Home => "home",
            Subject::MovieList => "movieList",
            Subject::Movie { .. } => "movie",
            Subject::TheaterList => "theaterList",
            Subject::Theater { .. } => "theater",
            Subject::Showtimes => "showtimes",
            Subject::EventList => "eventList",
            Subject::Event { .. } => "event",
            Subject::Content { .. } => "page",
            Subject::NotFound => "notFound",
            Subject::ServerError => "serverError",
        }
    }

    /// The theater the page is about, if any (the page context's `theaterId`).
    fn theater_id(&self) -> &str {
        match self {
            Subject::Theater { theater } => &theater.id,
            Subject::Event { event } => &event.theater_id,
            _ => "",
        }
    }
}

/// Every public page of the site.
pub fn public_pages(content: &CatalogueContent) -> Vec<PublicPage> {
    let trailing_slash = content.site.config().trailing_slash;
    let page = |path: &str, status: StatusCode, subject: Subject, data: Value| PublicPage {
        path: canonical_path(path, &trailing_slash).unwrap_or_else(|| path.to_owned()),
        status,
        subject,
        data,
    };
    let theaters = &content.site.theaters;
    let mut pages = vec![
        page(
            "/",
            StatusCode::OK,
            Subject::Home,
            json!({ "movies": content.movies, "events": content.events }),
        ),
        page(
            "/movies/",
            StatusCode::OK,
            Subject::MovieList,
            json!({ "movies": content.movies }),
        ),
        page(
            "/theaters/",
            StatusCode::OK,
            Subject::TheaterList,
            json!({ "theaters": theaters }),
        ),
        page(
            "/showtimes/",
            StatusCode::OK,
            Subject::Showtimes,
            if content.showtimes.len() <= MAX_PAGE_SHOWTIMES {
                json!({ "movies": content.movies, "showtimes": content.showtimes })
            } else {
                json!({ "movies": content.movies, "theaterIds": theaters_showing(&content.showtimes) })
            },
        ),
        page(
            "/events/",
            StatusCode::OK,
            Subject::EventList,
            json!({ "events": content.events }),
        ),
        page(
            "/404.html",
            StatusCode::NOT_FOUND,
            Subject::NotFound,
            json!({}),
        ),
        page(
            "/500.html",
            StatusCode::INTERNAL_SERVER_ERROR,
            Subject::ServerError,
            json!({}),
        ),
    ];
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
    for movie in &content.movies {
        let showtimes: Vec<catalogue::Showtime> = by_movie
            .get(movie.id.as_str())
            .map(|showtimes| showtimes.iter().map(|&showtime| showtime.clone()).collect())
            .unwrap_or_default();
        let data = if showtimes.len() <= MAX_PAGE_SHOWTIMES {
            json!({ "movie": movie, "showtimes": showtimes })
        } else {
            json!({ "movie": movie, "theaterIds": theaters_showing(&showtimes) })
        };
        let subject = Subject::Movie {
            movie: movie.clone(),
            showtimes,
        };
        pages.push(page(&movie.path, StatusCode::OK, subject, data));
    }
    for theater in theaters {
        let showtimes = by_theater.remove(theater.id.as_str()).unwrap_or_default();
        let movies: Vec<_> = content
            .movies
            .iter()
            .filter(|movie| {
                showtimes
                    .iter()
                    .any(|showtime| showtime.movie_id == movie.id)
            })
            .collect();
        let data = json!({ "theater": theater, "movies": movies, "showtimes": showtimes });
        let subject = Subject::Theater {
            theater: theater.clone(),
        };
        pages.push(page(&theater_path(theater), StatusCode::OK, subject, data));
    }
    for event in &content.events {
        let data = json!({ "event": event });
        let subject = Subject::Event {
            event: event.clone(),
        };
        pages.push(page(&event.path, StatusCode::OK, subject, data));
    }
    for content_page in &content.pages {
        let data = json!({ "page": content_page });
        let subject = Subject::Content {
            page: content_page.clone(),
        };
        pages.push(page(&content_page.path, StatusCode::OK, subject, data));
    }
    pages
}

/// A theater's page: `/theaters/{id}-{slug}/`.
pub fn theater_path(theater: &catalogue::Theater) -> String {
    format!("/theaters/{}-{}/", theater.id, theater.slug)
}

impl PublicPage {
    /// `{path, templateName, pageContext, data}`; the page context of SPEC.md section 3.
    pub fn page_data(&self, site: &SiteSnapshot) -> Value {
        let config = site.config();
        let country = config.country.clone().unwrap_or_default();
        let short = config
            .locale
            .split('-')
            .next()
            .unwrap_or_default()
            .to_owned();
        let template_name = self.subject.template_name();
        json!({
            "path": self.path,
            "templateName": template_name,
            "pageContext": {
                "intl": {
                    "locale": { "short": short, "long": config.locale },
                    "country": { "code": country.code, "iso31661A2": country.iso31661_a2 },
                },
                "pagePath": self.path,
                "isSingleLocation": config.is_single_location,
                "theaterId": self.subject.theater_id(),
                "betaFeaturesEnabled": config.beta_features_enabled,
                "templateName": template_name,
            },
            "data": self.data,
        })
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
