//! What one catalogue version holds for the public pages, fetched from svc-catalogue: the
//! site, every movie, event and content page, the coming week's showtimes (one call per
//! theater, so no answer grows with the chain past one theater's week), and the
//! generated posters of the movies and events.

use std::sync::Arc;

use bytes::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use jiff::civil::Date;
use proto::catalogue::v1 as catalogue;

use crate::clients::Services;
use crate::error::AppError;
use crate::site_snapshot::{self, SiteOverrides, SiteSnapshot};

use super::{PublishError, Snapshot, posters};

/// Poster and showtime requests in flight at once.
const CALLS_AT_ONCE: usize = 8;

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
    /// The point of sale's poster images the movies show.
    pub poster_images: Vec<PosterImage>,
}

/// A point of sale's poster image, as a movie's posterUrl names it.
#[derive(Debug, Clone)]
pub struct PosterImage {
    pub path: String,
    pub content_type: &'static str,
    /// `None`: the last snapshot has it (its path names its bytes), so it is not fetched.
    pub body: Option<Bytes>,
}

pub async fn fetch(
    services: &Services,
    overrides: &SiteOverrides,
    version: catalogue::SiteVersion,
    previous: Option<Arc<Snapshot>>,
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
    let last_day = today
        .checked_add(jiff::Span::new().days(DAYS_PUBLISHED - 1))
        .map_err(|_| PublishError::BadDate(version.today.clone()))?;
    let theater_ids = site
        .theaters
        .iter()
        .map(|theater| theater.id.clone())
        .collect();
    let mut showtimes = weeks_showtimes(services, theater_ids, today, last_day).await?;
    // Pages show a showtime's availability, not its seat count (the JSON API has that):
    // a sale that leaves the availability as it was changes no page.
    for showtime in &mut showtimes {
        showtime.seats_available = None;
        showtime.seats_total = None;
    }
    // The catalogue's own order, as one call for the whole chain would give it.
    showtimes.sort_by(|a, b| {
        (&a.starts_at, &a.theater_id, &a.movie_id).cmp(&(&b.starts_at, &b.theater_id, &b.movie_id))
    });
    let poster_urls = movies
        .iter()
        .map(|movie| &movie.poster_url)
        .chain(events.iter().map(|event| &event.poster_url));
    let posters = generated_posters(services, poster_urls).await?;
    let poster_images = poster_images(services, &movies, previous.as_deref()).await?;
    let sandbox = overrides.ticketing_sandbox;
    Ok(CatalogueContent {
        version,
        site,
        movies,
        events: sandbox.events(events),
        pages,
        showtimes: sandbox.showtimes(showtimes),
        posters,
        poster_images,
    })
}

/// The showtimes from `first` to `last` of each theater, a call per theater: an answer
/// holds one theater's week, whatever the size of the chain (a day of a 300-theater
/// chain is more than gRPC's 4 MB message limit).
async fn weeks_showtimes(
    services: &Services,
    theater_ids: Vec<String>,
    first: Date,
    last: Date,
) -> Result<Vec<catalogue::Showtime>, PublishError> {
    let (from, to) = (first.to_string(), last.to_string());
    let weeks: Vec<Vec<catalogue::Showtime>> = futures_util::stream::iter(theater_ids)
        .map(|theater_id| {
            let mut client = services.catalogue.clone();
            let request = catalogue::ListShowtimesRequest {
                theater_id,
                from: from.clone(),
                to: to.clone(),
                ..Default::default()
            };
            async move {
                let showtimes = client
                    .list_showtimes(request)
                    .await
                    .map_err(AppError::catalogue)?
                    .into_inner()
                    .showtimes;
                Ok::<_, PublishError>(showtimes)
            }
        })
        .buffered(CALLS_AT_ONCE)
        .try_collect()
        .await?;
    Ok(weeks.into_iter().flatten().collect())
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
        .buffered(CALLS_AT_ONCE)
        .try_collect()
        .await?;
    Ok(fetched)
}

/// The movies' poster images from the point of sale, fetched from svc-catalogue unless
/// the `previous` snapshot has them (a new image is rare: one at a time).
async fn poster_images(
    services: &Services,
    movies: &[catalogue::Movie],
    previous: Option<&Snapshot>,
) -> Result<Vec<PosterImage>, PublishError> {
    let mut images = Vec::new();
    for movie in movies {
        let Some(content_type) = posters::image_type(&movie.poster_url) else {
            continue;
        };
        let kept = previous.is_some_and(|previous| previous.file(&movie.poster_url).is_some());
        let body = if kept {
            None
        } else {
            let poster = services
                .catalogue
                .clone()
                .get_poster(catalogue::GetPosterRequest {
                    id: movie.id.clone(),
                })
                .await
                .map_err(AppError::catalogue)?
                .into_inner();
            Some(Bytes::from(poster.body))
        };
        images.push(PosterImage {
            path: movie.poster_url.clone(),
            content_type,
            body,
        });
    }
    Ok(images)
}
