//! Page data (SPEC.md section 7 "Static page data"): `/page-data/app-data.json` with
//! what every page needs, and `/page-data/{path}/page-data.json` with one page's
//! context and data. Both carry an ETag and answer 304 when the client has them.
//!
//! [`resolve`] is also what decides the HTTP status of the web app's HTML shell, so a
//! page and its data never disagree about whether it exists.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;
use bytes::Bytes;
use proto::catalogue::v1 as catalogue;
use serde_json::{Value, json};

use crate::error::AppError;
use crate::etag::{ETag, conditional};
use crate::page_routes::{PageRoute, canonical_path, segment_names};
use crate::site_snapshot::SiteSnapshot;
use crate::state::AppState;
use crate::ticketing_sandbox::TicketingSandbox;

const JSON: &str = "application/json";
/// Page data changes with the catalogue; clients revalidate with the ETag.
const REVALIDATE: &str = "public, max-age=0, must-revalidate";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/page-data/app-data.json", get(app_data))
        .route("/page-data/{*path}", get(page_data))
}

async fn app_data(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, AppError> {
    let snapshot = state.site.get(&state.services).await?;
    Ok(conditional(
        &headers,
        &snapshot.app_data_etag,
        JSON,
        REVALIDATE,
        snapshot.app_data.clone(),
    ))
}

async fn page_data(
    State(state): State<AppState>,
    Path(path): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let Some(page_path) = path.strip_suffix("/page-data.json") else {
        return Err(AppError::NotFound(format!(
            "no page data at /page-data/{path}: expected /page-data/{{path}}/page-data.json"
        )));
    };
    let page_path = if page_path == "index" {
        "/".to_owned()
    } else {
        format!("/{page_path}/")
    };
    match resolve(&state, &page_path).await? {
        Resolution::Page(page) => {
            let body = Bytes::from(page.to_json(&page_path).to_string());
            let etag = ETag::of(&body);
            let mut response = conditional(&headers, &etag, JSON, REVALIDATE, body);
            if page.status != StatusCode::OK && response.status() == StatusCode::OK {
                *response.status_mut() = page.status;
            }
            Ok(response)
        }
        Resolution::Redirect(to) => Err(AppError::NotFound(format!(
            "no page at {page_path}; its canonical path is {to}"
        ))),
        Resolution::Missing => Err(AppError::NotFound(format!("no page at {page_path}"))),
    }
}

/// What a page path resolves to.
#[derive(Debug)]
pub enum Resolution {
    Page(ResolvedPage),
    /// The page exists under another (canonical) path.
    Redirect(String),
    Missing,
}

#[derive(Debug)]
pub struct ResolvedPage {
    /// 200, or 404 / 500 for the error pages themselves.
    pub status: StatusCode,
    pub template_name: &'static str,
    pub theater_id: String,
    pub data: Value,
    snapshot: std::sync::Arc<SiteSnapshot>,
}

impl ResolvedPage {
    pub fn theaters(&self) -> &[catalogue::Theater] {
        &self.snapshot.theaters
    }

    pub fn is_single_location(&self) -> bool {
        self.snapshot
            .site
            .config
            .as_ref()
            .is_some_and(|config| config.is_single_location)
    }

    /// `{path, templateName, pageContext, data}`; the page context of SPEC.md section 3.
    pub fn to_json(&self, page_path: &str) -> Value {
        let config = self.snapshot.config();
        let country = config.country.clone().unwrap_or_default();
        let short = config
            .locale
            .split('-')
            .next()
            .unwrap_or_default()
            .to_owned();
        json!({
            "path": page_path,
            "templateName": self.template_name,
            "pageContext": {
                "intl": {
                    "locale": { "short": short, "long": config.locale },
                    "country": { "code": country.code, "iso31661A2": country.iso31661_a2 },
                },
                "pagePath": page_path,
                "isSingleLocation": config.is_single_location,
                "theaterId": self.theater_id,
                "betaFeaturesEnabled": config.beta_features_enabled,
                "templateName": self.template_name,
            },
            "data": self.data,
        })
    }
}

/// Finds the screen for `path` and gathers its data from the catalogue.
pub async fn resolve(state: &AppState, path: &str) -> Result<Resolution, AppError> {
    let snapshot = state.site.get(&state.services).await?;
    let trailing_slash = snapshot.config().trailing_slash;
    let Some(route) = PageRoute::parse(path) else {
        return Ok(Resolution::Missing);
    };
    // A permalink or a deeper movie path goes straight to its movie.
    let is_permalink = matches!(
        route,
        PageRoute::MoviePermalink { .. } | PageRoute::MovieCatchAll { .. }
    );
    if let Some(canonical) = canonical_path(path, &trailing_slash).filter(|_| !is_permalink) {
        return Ok(Resolution::Redirect(canonical));
    }
    let template_name = route.template_name();
    let mut client = state.services.catalogue.clone();
    let mut status = StatusCode::OK;
    let mut theater_id = String::new();
    let data = match &route {
        PageRoute::Home => {
            let movies = list_movies(&mut client).await?;
            let events = list_events(&mut client, state.ticketing_sandbox).await?;
            json!({ "movies": movies, "events": events })
        }
        PageRoute::MovieList => json!({ "movies": list_movies(&mut client).await? }),
        PageRoute::MovieCatchAll { segment } => {
            let movies = list_movies(&mut client).await?;
            return Ok(movies
                .into_iter()
                .find(|m| segment_names(segment, &m.id))
                .map_or(Resolution::Missing, |movie| {
                    Resolution::Redirect(movie.path)
                }));
        }
        PageRoute::Movie { segment } => {
            let movies = list_movies(&mut client).await?;
            let Some(movie) = movies.into_iter().find(|m| segment_names(segment, &m.id)) else {
                return Ok(Resolution::Missing);
            };
            if let Some(redirect) = elsewhere(path, &movie.path, &trailing_slash) {
                return Ok(redirect);
            }
            let showtimes = showtimes(&mut client, state.ticketing_sandbox, "", &movie.id).await?;
            json!({ "movie": movie, "showtimes": showtimes })
        }
        PageRoute::MoviePermalink { id } => {
            let found = client
                .get_movie(catalogue::GetMovieRequest { id: id.clone() })
                .await;
            return match found {
                Ok(movie) => Ok(Resolution::Redirect(movie.into_inner().path)),
                Err(status) if status.code() == tonic::Code::NotFound => Ok(Resolution::Missing),
                Err(status) => Err(AppError::catalogue(status)),
            };
        }
        PageRoute::TheaterList => json!({ "theaters": snapshot.theaters }),
        PageRoute::Theater { segment } => {
            let Some(theater) = snapshot
                .theaters
                .iter()
                .find(|theater| segment_names(segment, &theater.id))
            else {
                return Ok(Resolution::Missing);
            };
            let theater_path = format!("/theaters/{}-{}/", theater.id, theater.slug);
            if let Some(redirect) = elsewhere(path, &theater_path, &trailing_slash) {
                return Ok(redirect);
            }
            theater_id = theater.id.clone();
            let showtimes =
                showtimes(&mut client, state.ticketing_sandbox, &theater.id, "").await?;
            json!({ "theater": theater, "showtimes": showtimes })
        }
        PageRoute::EventList => {
            let events = list_events(&mut client, state.ticketing_sandbox).await?;
            json!({ "events": events })
        }
        PageRoute::Event { segment } => {
            let events = list_events(&mut client, state.ticketing_sandbox).await?;
            let Some(event) = events.into_iter().find(|e| segment_names(segment, &e.id)) else {
                return Ok(Resolution::Missing);
            };
            if let Some(redirect) = elsewhere(path, &event.path, &trailing_slash) {
                return Ok(redirect);
            }
            theater_id = event.theater_id.clone();
            json!({ "event": event })
        }
        PageRoute::Showtimes | PageRoute::Account => json!({}),
        PageRoute::NotFound => {
            status = StatusCode::NOT_FOUND;
            json!({})
        }
        PageRoute::ServerError => {
            status = StatusCode::INTERNAL_SERVER_ERROR;
            json!({})
        }
        PageRoute::Content { slug } => {
            let found = client
                .get_page(catalogue::GetPageRequest { slug: slug.clone() })
                .await;
            match found {
                Ok(page) => json!({ "page": page.into_inner() }),
                Err(status) if status.code() == tonic::Code::NotFound => {
                    return Ok(Resolution::Missing);
                }
                Err(status) => return Err(AppError::catalogue(status)),
            }
        }
    };
    Ok(Resolution::Page(ResolvedPage {
        status,
        template_name,
        theater_id,
        data,
        snapshot,
    }))
}

/// A redirect when the entity's canonical path is not the one asked for.
fn elsewhere(asked: &str, canonical: &str, trailing_slash: &str) -> Option<Resolution> {
    let canonical =
        canonical_path(canonical, trailing_slash).unwrap_or_else(|| canonical.to_owned());
    (asked != canonical).then_some(Resolution::Redirect(canonical))
}

async fn list_movies(
    client: &mut catalogue::catalogue_client::CatalogueClient<proto::trace::TracedChannel>,
) -> Result<Vec<catalogue::Movie>, AppError> {
    Ok(client
        .list_movies(catalogue::ListMoviesRequest::default())
        .await
        .map_err(AppError::catalogue)?
        .into_inner()
        .movies)
}

async fn list_events(
    client: &mut catalogue::catalogue_client::CatalogueClient<proto::trace::TracedChannel>,
    sandbox: TicketingSandbox,
) -> Result<Vec<catalogue::Event>, AppError> {
    let events = client
        .list_events(catalogue::ListEventsRequest::default())
        .await
        .map_err(AppError::catalogue)?
        .into_inner()
        .events;
    Ok(sandbox.events(events))
}

/// The coming week's showtimes of a theater or a movie.
async fn showtimes(
    client: &mut catalogue::catalogue_client::CatalogueClient<proto::trace::TracedChannel>,
    sandbox: TicketingSandbox,
    theater_id: &str,
    movie_id: &str,
) -> Result<Vec<catalogue::Showtime>, AppError> {
    let showtimes = client
        .list_showtimes(catalogue::ListShowtimesRequest {
            theater_id: theater_id.to_owned(),
            movie_id: movie_id.to_owned(),
            ..Default::default()
        })
        .await
        .map_err(AppError::catalogue)?
        .into_inner()
        .showtimes;
    Ok(sandbox.showtimes(showtimes))
}
