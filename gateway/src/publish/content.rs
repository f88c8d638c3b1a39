//! What one catalogue version holds for the public pages, fetched from svc-catalogue: the
//! site with every movie, event and content page in one call (one state of the
//! catalogue, `GetSiteContent`), the coming week's showtimes (one call per
//! theater, so no answer grows with the chain past one theater's week; only the weeks
//! whose schedule revision moved, the others kept from before), the generated posters
//! of the movies and events, and the files of the site's media library.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use jiff::Timestamp;
use jiff::civil::Date;
use proto::catalogue::v1 as catalogue;

use crate::clients::Services;
use crate::site_data::{self, SiteData, SiteOverrides};

use super::{PublishError, posters};
use crate::served::PublishedFiles;

/// Poster and showtime requests in flight at once.
const CALLS_AT_ONCE: usize = 8;

/// The coming week: today and the six days after it.
pub const DAYS_PUBLISHED: i64 = 7;

#[derive(Debug, Clone)]
pub struct CatalogueContent {
    pub version: catalogue::SiteVersion,
    pub site: Arc<SiteData>,
    pub movies: Vec<catalogue::Movie>,
    pub events: Vec<catalogue::Event>,
    pub pages: Vec<catalogue::Page>,
    /// Every theater's showtimes of the coming week, in date and time order.
    pub showtimes: Vec<catalogue::Showtime>,
    /// Movie or event id -> its generated poster (SVG), for each that has one.
    pub posters: Vec<(String, Bytes)>,
    /// How many of them were fetched from svc-catalogue (the others were kept).
    pub posters_fetched: usize,
    /// The point of sale's poster images the movies show.
    pub poster_images: Vec<StoredImage>,
    /// Every file of the site's media library.
    pub media_files: Vec<StoredImage>,
}

/// Each theater's showtimes of the coming week as last fetched, with the schedule
/// revision they were fetched at (the version's `schedule_revisions`): a version fetches
/// again only the weeks that moved, so a sale at one theater of a chain of 300 is one
/// call, not 300.
#[derive(Debug, Clone, Default)]
pub struct KeptWeeks(Arc<Mutex<HashMap<String, TheaterWeek>>>);

#[derive(Debug, Clone)]
struct TheaterWeek {
    first_day: Date,
    revision: String,
    /// Without seat counts (see [`fetch`]).
    showtimes: Arc<[catalogue::Showtime]>,
}

impl KeptWeeks {
    fn get(&self) -> HashMap<String, TheaterWeek> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn set(&self, weeks: HashMap<String, TheaterWeek>) {
        *self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = weeks;
    }
}

/// An image svc-catalogue keeps, published as it is: a point of sale's poster image, as
/// a movie's posterUrl names it; a file of the media library.
#[derive(Debug, Clone)]
pub struct StoredImage {
    pub path: String,
    pub content_type: &'static str,
    /// `None`: the last snapshot has it (its path names its bytes), so it is not fetched.
    pub body: Option<Bytes>,
}

/// What `version` holds for the public pages.
pub async fn fetch(
    services: &Services,
    overrides: &SiteOverrides,
    version: catalogue::SiteVersion,
    previous: Option<Arc<PublishedFiles>>,
    kept_weeks: &KeptWeeks,
) -> Result<CatalogueContent, PublishError> {
    fetch_edition(services, overrides, version, previous, kept_weeks, false).await
}

/// What the site will hold once its draft is published: `published`'s showtimes and
/// posters with the draft's site document, pages and events (the draft's preview).
pub async fn fetch_drafted(
    services: &Services,
    overrides: &SiteOverrides,
    published: Arc<PublishedFiles>,
) -> Result<CatalogueContent, PublishError> {
    let version = published.version.clone();
    fetch_edition(
        services,
        overrides,
        version,
        Some(published),
        &KeptWeeks::default(),
        true,
    )
    .await
}

async fn fetch_edition(
    services: &Services,
    overrides: &SiteOverrides,
    version: catalogue::SiteVersion,
    previous: Option<Arc<PublishedFiles>>,
    kept_weeks: &KeptWeeks,
    draft: bool,
) -> Result<CatalogueContent, PublishError> {
    let content = services
        .catalogue
        .clone()
        .get_site_content(catalogue::GetSiteContentRequest { draft })
        .await?
        .into_inner();
    let site = Arc::new(site_data::build(&content, overrides)?);
    let catalogue::SiteContent {
        movies,
        events,
        pages,
        poster_digests,
        media,
        ..
    } = content;
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
    let mut showtimes = weeks_showtimes(
        services,
        &version,
        theater_ids,
        (today, last_day),
        kept_weeks,
    )
    .await?;
    // The catalogue's own order, as one call for the whole chain would give it.
    showtimes.sort_by(|a, b| {
        (&a.starts_at, &a.theater_id, &a.movie_id).cmp(&(&b.starts_at, &b.theater_id, &b.movie_id))
    });
    showtimes.retain(offered_in(&version)?);
    let poster_urls = movies
        .iter()
        .map(|movie| &movie.poster_url)
        .chain(events.iter().map(|event| &event.poster_url));
    let (posters, posters_fetched) =
        generated_posters(services, poster_urls, &poster_digests, previous.as_deref()).await?;
    let poster_images = poster_images(services, &movies, previous.as_deref()).await?;
    let media_files = media_files(services, &media, previous.as_deref()).await?;
    Ok(CatalogueContent {
        version,
        site,
        movies,
        events,
        pages,
        showtimes,
        posters,
        posters_fetched,
        poster_images,
        media_files,
    })
}

/// Whether a showtime is still offered in `version`: one that has started is on no page
/// (the version moves on as showtimes start, so the pages follow without a catalogue
/// change).
fn offered_in(
    version: &catalogue::SiteVersion,
) -> Result<impl Fn(&catalogue::Showtime) -> bool + use<>, PublishError> {
    let started_through = match version.started_through.as_str() {
        "" => None,
        through => Some(
            through
                .parse::<Timestamp>()
                .map_err(|_| PublishError::BadDate(through.to_owned()))?,
        ),
    };
    Ok(move |showtime: &catalogue::Showtime| {
        let start = showtime.starts_at.parse::<Timestamp>();
        match (started_through, start) {
            (Some(through), Ok(start)) => start > through,
            _ => true,
        }
    })
}

/// The showtimes from `first` to `last` of each theater, a call per theater whose
/// schedule moved since `kept_weeks` (which then keeps these): an answer holds one
/// theater's week, whatever the size of the chain (a day of a 300-theater chain is more
/// than gRPC's 4 MB message limit). Pages show a showtime's availability, not its seat
/// count (the JSON API has that): seats are left out, so a sale that leaves the
/// availability as it was changes no page.
async fn weeks_showtimes(
    services: &Services,
    version: &catalogue::SiteVersion,
    theater_ids: Vec<String>,
    (first, last): (Date, Date),
    kept_weeks: &KeptWeeks,
) -> Result<Vec<catalogue::Showtime>, PublishError> {
    let mut kept = kept_weeks.get();
    let mut weeks = HashMap::with_capacity(theater_ids.len());
    let mut to_fetch = Vec::new();
    for theater_id in &theater_ids {
        let theater_id = theater_id.clone();
        let revision = version.schedule_revisions.get(&theater_id);
        match kept.remove(&theater_id) {
            Some(week) if week.first_day == first && Some(&week.revision) == revision => {
                weeks.insert(theater_id, week);
            }
            _ => to_fetch.push((theater_id, revision.cloned().unwrap_or_default())),
        }
    }
    let (from, to) = (first.to_string(), last.to_string());
    let fetched: Vec<(String, TheaterWeek)> = futures_util::stream::iter(to_fetch)
        .map(|(theater_id, revision)| {
            let mut client = services.catalogue.clone();
            let request = catalogue::ListShowtimesRequest {
                theater_id: theater_id.clone(),
                from: from.clone(),
                to: to.clone(),
                ..Default::default()
            };
            async move {
                let mut showtimes = client.list_showtimes(request).await?.into_inner().showtimes;
                for showtime in &mut showtimes {
                    showtime.seats_available = None;
                    showtime.seats_total = None;
                }
                let week = TheaterWeek {
                    first_day: first,
                    revision,
                    showtimes: showtimes.into(),
                };
                Ok::<_, PublishError>((theater_id, week))
            }
        })
        .buffered(CALLS_AT_ONCE)
        .try_collect()
        .await?;
    weeks.extend(fetched);
    // In the chain's order, as before: the sort after keeps it among equals.
    let showtimes = theater_ids
        .iter()
        .filter_map(|theater_id| weeks.get(theater_id))
        .flat_map(|week| week.showtimes.iter().cloned())
        .collect();
    kept_weeks.set(weeks);
    Ok(showtimes)
}

/// The generated posters of `poster_urls`, each kept from the `previous` snapshot while
/// its digest (the catalogue's `poster_digests`) names the bytes published there, else
/// fetched; and how many were fetched. A seat sold changes no poster: no call.
async fn generated_posters(
    services: &Services,
    poster_urls: impl Iterator<Item = &String>,
    digests: &std::collections::BTreeMap<String, String>,
    previous: Option<&PublishedFiles>,
) -> Result<(Vec<(String, Bytes)>, usize), PublishError> {
    let kept = |id: &str| {
        let file = previous?.file(&posters::svg_path(id))?;
        let current = digests.get(id)? == &file.identity.object && !file.identity.in_store;
        current.then(|| file.identity.bytes.clone())
    };
    let mut posters = Vec::new();
    let mut to_fetch = Vec::new();
    for id in poster_urls.filter_map(|url| posters::generated_id(url)) {
        match kept(id) {
            Some(svg) => posters.push((id.to_owned(), svg)),
            None => to_fetch.push(id.to_owned()),
        }
    }
    let fetched_count = to_fetch.len();
    let fetched: Vec<(String, Bytes)> = futures_util::stream::iter(to_fetch)
        .map(|id| {
            let mut client = services.catalogue.clone();
            async move {
                let poster = client
                    .get_poster(catalogue::GetPosterRequest { id: id.clone() })
                    .await?
                    .into_inner();
                Ok::<_, PublishError>((id, Bytes::from(poster.body)))
            }
        })
        .buffered(CALLS_AT_ONCE)
        .try_collect()
        .await?;
    posters.extend(fetched);
    Ok((posters, fetched_count))
}

/// The movies' poster images from the point of sale, fetched from svc-catalogue unless
/// the `previous` snapshot has them (a new image is rare: one at a time).
async fn poster_images(
    services: &Services,
    movies: &[catalogue::Movie],
    previous: Option<&PublishedFiles>,
) -> Result<Vec<StoredImage>, PublishError> {
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
                .await?
                .into_inner();
            Some(Bytes::from(poster.body))
        };
        images.push(StoredImage {
            path: movie.poster_url.clone(),
            content_type,
            body,
        });
    }
    Ok(images)
}

/// The files of the site's media library, fetched from svc-catalogue unless the
/// `previous` snapshot has their bytes (a file's digest names them).
async fn media_files(
    services: &Services,
    media: &[catalogue::MediaItem],
    previous: Option<&PublishedFiles>,
) -> Result<Vec<StoredImage>, PublishError> {
    let mut files = Vec::new();
    for file in media.iter().flat_map(|item| &item.files) {
        let Some(content_type) = ["image/jpeg", "image/webp"]
            .into_iter()
            .find(|served| *served == file.content_type)
        else {
            continue;
        };
        let kept = previous
            .and_then(|previous| previous.file(&file.path))
            .is_some_and(|kept| kept.identity.object == file.digest);
        // Kept: no body, the snapshot's file stands.
        let image = StoredImage {
            path: file.path.clone(),
            content_type,
            body: None,
        };
        files.push((image, kept));
    }
    futures_util::stream::iter(files)
        .map(|(image, kept)| {
            let mut client = services.media.clone();
            async move {
                if kept {
                    return Ok(image);
                }
                let file = client
                    .get_media_file(catalogue::GetMediaFileRequest {
                        site_id: String::new(),
                        path: image.path.clone(),
                    })
                    .await?
                    .into_inner();
                Ok::<_, PublishError>(StoredImage {
                    body: Some(Bytes::from(file.body)),
                    ..image
                })
            }
        })
        .buffered(CALLS_AT_ONCE)
        .try_collect()
        .await
}
