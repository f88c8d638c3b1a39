//! What one catalogue version holds for the public pages, fetched from svc-catalogue in
//! a handful of calls: the site, every movie, event and content page, and the coming
//! week's showtimes (one call a day, so no answer grows with the chain past a day's),
//! and the generated posters of the movies and events.

use std::sync::Arc;

use bytes::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use jiff::civil::Date;
use proto::catalogue::v1 as catalogue;

use crate::clients::Services;
use crate::error::AppError;
use crate::site_snapshot::{self, SiteOverrides, SiteSnapshot};

use super::{PublishError, posters};

/// Poster requests in flight at once.
const POSTERS_AT_ONCE: usize = 8;

/// The coming week: today and the six days after it.
pub const DAYS_PUBLISHED: i64 = 7;

#[derive(Debug, Clone)]
pub struct CatalogueContent {
    pub version: catalogue::SiteVersion,
    pub site: Arc<SiteSnapshot>,
    pub movies: Vec<catalogue::Movie>,
    pub events: Vec<catalogue::Event>,
    pub pages: Vec<catalogue::Page>,
    /// Every theater's showtimes of the coming week, in date and time order.
    pub showtimes: Vec<catalogue::Showtime>,
    /// Movie or event id -> its generated poster (SVG), for each that has one.
    pub posters: Vec<(String, Bytes)>,
}

pub async fn fetch(
    services: &Services,
    overrides: &SiteOverrides,
    version: catalogue::SiteVersion,
) -> Result<CatalogueContent, PublishError> {
    let mut client = services.catalogue.clone();
    let site = client
        .get_site(catalogue::GetSiteRequest {})
        .await
        .map_err(AppError::catalogue)?
        .into_inner();
    let site = Arc::new(site_snapshot::build(services, site, overrides).await?);
    let movies = client
        .list_movies(catalogue::ListMoviesRequest::default())
        .await
        .map_err(AppError::catalogue)?
        .into_inner()
        .movies;
    let events = client
        .list_events(catalogue::ListEventsRequest::default())
        .await
        .map_err(AppError::catalogue)?
        .into_inner()
        .events;
    let pages = client
        .list_pages(catalogue::ListPagesRequest {})
        .await
        .map_err(AppError::catalogue)?
        .into_inner()
        .pages;
    let today: Date = version
        .today
        .parse()
        .map_err(|_| PublishError::BadDate(version.today.clone()))?;
    let mut showtimes = Vec::new();
    for offset in 0..DAYS_PUBLISHED {
        let day = today
            .checked_add(jiff::Span::new().days(offset))
            .map_err(|_| PublishError::BadDate(version.today.clone()))?
            .to_string();
        showtimes.extend(
            client
                .list_showtimes(catalogue::ListShowtimesRequest {
                    from: day.clone(),
                    to: day,
                    ..Default::default()
                })
                .await
                .map_err(AppError::catalogue)?
                .into_inner()
                .showtimes,
        );
    }
    let poster_urls = movies
        .iter()
        .map(|movie| &movie.poster_url)
        .chain(events.iter().map(|event| &event.poster_url));
    let posters = generated_posters(services, poster_urls).await?;
    let sandbox = overrides.ticketing_sandbox;
    Ok(CatalogueContent {
        version,
        site,
        movies,
        events: sandbox.events(events),
        pages,
        showtimes: sandbox.showtimes(showtimes),
        posters,
    })
}

async fn generated_posters(
    services: &Services,
    poster_urls: impl Iterator<Item = &String>,
) -> Result<Vec<(String, Bytes)>, PublishError> {
    let ids: Vec<String> = poster_urls
        .filter_map(|url| posters::generated_id(url))
        .map(str::to_owned)
        .collect();
    let fetched = futures_util::stream::iter(ids)
        .map(|id| {
            let mut client = services.catalogue.clone();
            async move {
                let poster = client
                    .get_poster(catalogue::GetPosterRequest { id: id.clone() })
                    .await
                    .map_err(AppError::catalogue)?
                    .into_inner();
                Ok::<_, PublishError>((id, Bytes::from(poster.body)))
            }
        })
        .buffered(POSTERS_AT_ONCE)
        .try_collect()
        .await?;
    Ok(fetched)
}
