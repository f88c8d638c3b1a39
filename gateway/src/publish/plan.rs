//! What a catalogue version changes, worked out before anything is rendered (pure): its
//! public pages with their page data and `<head>`, the HTML the last snapshot can keep,
//! and which pages to render in which order.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::http::StatusCode;
use bytes::Bytes;
use proto::catalogue::v1 as catalogue;

use super::content::{CatalogueContent, StoredImage};
use super::head::HeadContext;
use super::public_pages::{self, PublicPage};
use super::{APP_DATA, PublishError};
use crate::served::{EntityPaths, PublishedFile, PublishedFiles};
use crate::site_data::SiteData;

/// Pages carry the app data inline up to this size. A large chain's (its theaters) would
/// make up most of every page: its pages preload the one shared file instead, which the
/// browser caches and revalidates (a 304) on the pages after.
const APP_DATA_INLINE_MAX: usize = 48 * 1024;
const APP_DATA_PRELOAD: &str =
    "\n    <link rel=\"preload\" as=\"fetch\" crossorigin href=\"/page-data/app-data.json\" />";

/// A catalogue version's publication, planned.
#[derive(Debug)]
pub struct Plan {
    pub version: catalogue::SiteVersion,
    pub site: Arc<SiteData>,
    /// When the version is published: the time of every file whose bytes change.
    pub now: jiff::Timestamp,
    pub app_data: Bytes,
    /// Whether the app data is the last snapshot's.
    pub same_app_data: bool,
    /// Whether the app data differs from the last snapshot's in the theme's colours
    /// alone (a palette or brand colour changed in the studio): pages whose data did not
    /// change are restyled ([`PlannedPage::restyle`]) rather than rendered.
    pub colours_only: bool,
    /// Whether pages carry the app data inline (else they preload its one file).
    pub inline_app_data: bool,
    pub pages: Vec<PlannedPage>,
    /// The pages to render (indices in `pages`), in that order: new pages first (they
    /// have no HTML to stand in), then those stale the longest.
    pub to_render: Vec<usize>,
    /// Since when each page to render has been stale: its last HTML stands in until it
    /// is rendered ([`PublishedFiles::stale_pages`]); the plan's start for the others.
    pub stale_since: HashMap<String, Instant>,
    pub entity_paths: EntityPaths,
    /// Movie or event id -> its generated poster (SVG).
    pub posters: Vec<(String, Bytes)>,
    pub poster_images: Vec<StoredImage>,
    /// The media library's files.
    pub media_files: Vec<StoredImage>,
}

/// A public page as it will be published, owning what it needs from the catalogue
/// version so that the version's content can go before rendering.
#[derive(Debug)]
pub struct PlannedPage {
    /// Where it is served (a day's page: its page's path and `?date=`).
    pub path: String,
    pub status: StatusCode,
    pub data_path: String,
    /// Its page data; the last snapshot's bytes when they did not change.
    pub data: Bytes,
    /// Its HTML kept from the last snapshot: its data and the app data did not change.
    pub html: Option<Arc<PublishedFile>>,
    /// Its HTML of the last snapshot, to take the new theme's style sheet (and app data):
    /// its data did not change and the app data only in the theme's colours, which its
    /// markup does not hold.
    pub restyle: Option<Arc<PublishedFile>>,
    /// Its `<head>`, for a page to render.
    pub head: String,
}

/// The plan of publishing `content` after `previous` at `now`, for the site at `origin`
/// (its canonical links), whose link-preview card is published when `site_card` (the
/// preview of pages without an image). `started` is when pages that were not stale
/// become so, should they be left to render.
pub fn plan(
    content: CatalogueContent,
    previous: Option<&PublishedFiles>,
    origin: &str,
    site_card: bool,
    now: jiff::Timestamp,
    started: Instant,
) -> Result<Plan, PublishError> {
    let site = content.site.clone();
    let app_data = site.app_data.clone();
    // An operator asked for the site again in full: every page is rendered, its last
    // HTML standing in meanwhile (docs/studio.md#publishing-of-the-deployment).
    let rerender = previous
        .is_some_and(|previous| previous.version.republished != content.version.republished);
    let same_app_data = !rerender
        && previous.is_some_and(|previous| {
            previous
                .file(APP_DATA)
                .is_some_and(|file| file.identity.holds(&app_data))
        });
    let colours_only = !rerender
        && !same_app_data
        && previous.is_some_and(|previous| {
            previous.complete
                && previous.file(APP_DATA).is_some_and(|file| {
                    !file.identity.in_store && colours_only_change(&file.identity.bytes, &app_data)
                })
        });
    let inline_app_data = app_data.len() <= APP_DATA_INLINE_MAX;
    let head = HeadContext {
        site: &site,
        origin,
        site_card,
    };
    // A day's page carries its page's data: made once.
    let mut data_made: HashMap<String, Bytes> = HashMap::new();
    let pages = public_pages::public_pages(&content)
        .iter()
        .map(|page| {
            let data = match data_made.get(&page.page_data_path()) {
                Some(data) => data.clone(),
                None => page.page_data(&site)?,
            };
            let mut planned = PlannedPage::new(page, data, previous, same_app_data, colours_only);
            data_made.insert(planned.data_path.clone(), planned.data.clone());
            if planned.html.is_none() {
                planned.head = head.head(page);
                if !inline_app_data {
                    planned.head.push_str(APP_DATA_PRELOAD);
                }
            }
            Ok(planned)
        })
        .collect::<Result<Vec<_>, PublishError>>()?;
    let stale_since: HashMap<String, Instant> = pages
        .iter()
        .filter(|page| page.html.is_none() && page.restyle.is_none())
        .map(|page| {
            let since = previous
                .and_then(|previous| previous.stale_pages.get(&page.path).copied())
                .unwrap_or(started);
            (page.path.clone(), since)
        })
        .collect();
    let mut to_render: Vec<usize> = (0..pages.len())
        .filter(|&index| pages[index].html.is_none() && pages[index].restyle.is_none())
        .collect();
    // The new theme's style sheet comes from a rendering: one page at least is rendered.
    if to_render.is_empty()
        && let Some(first) = pages.iter().position(|page| page.restyle.is_some())
    {
        to_render.push(first);
    }
    to_render.sort_by_key(|&index| {
        let path = &pages[index].path;
        let published = previous.is_some_and(|previous| previous.file(path).is_some());
        (published, stale_since[path])
    });
    let entity_paths = entity_paths(&content);
    Ok(Plan {
        version: content.version,
        site,
        now,
        app_data,
        same_app_data,
        colours_only,
        inline_app_data,
        pages,
        to_render,
        stale_since,
        entity_paths,
        posters: content.posters,
        poster_images: content.poster_images,
        media_files: content.media_files,
    })
}

impl PlannedPage {
    /// `page` with its page `data`.
    fn new(
        page: &PublicPage<'_>,
        mut data: Bytes,
        previous: Option<&PublishedFiles>,
        same_app_data: bool,
        colours_only: bool,
    ) -> PlannedPage {
        let data_path = page.page_data_path();
        let path = page.address();
        let mut html = None;
        let mut restyle = None;
        if let Some(previous) = previous
            && let Some(before) = previous.file(&data_path)
            && before.identity.holds(&data)
        {
            // The same bytes once in memory, when this process holds them.
            if !before.identity.in_store {
                data = before.identity.bytes.clone();
            }
            let fresh = previous.complete && !previous.stale_pages.contains_key(&path);
            if same_app_data && fresh {
                html = previous.file(&path).cloned();
            } else if colours_only && fresh {
                restyle = previous
                    .file(&path)
                    .filter(|file| !file.identity.in_store)
                    .cloned();
            }
        }
        PlannedPage {
            path,
            status: page.status,
            data_path,
            data,
            html,
            restyle,
            head: String::new(),
        }
    }
}

/// The theme's colours in the app data: its palette and brand colours, which pages hold
/// only in their theme's style sheet.
const THEME_COLOURS: [&str; 2] = ["/site/config/theme/palette", "/site/config/theme/colors"];

/// Whether app data `after` differs from `before` in [`THEME_COLOURS`] alone.
fn colours_only_change(before: &[u8], after: &[u8]) -> bool {
    let without_colours = |json: &[u8]| {
        let mut value: serde_json::Value = serde_json::from_slice(json).ok()?;
        for pointer in THEME_COLOURS {
            if let Some(colours) = value.pointer_mut(pointer) {
                *colours = serde_json::Value::Null;
            }
        }
        Some(value)
    };
    match (without_colours(before), without_colours(after)) {
        (Some(before), Some(after)) => before == after,
        _ => false,
    }
}

/// Where each movie, theater and event page of `content` lives.
fn entity_paths(content: &CatalogueContent) -> EntityPaths {
    EntityPaths {
        movies: content
            .movies
            .iter()
            .map(|movie| (movie.id.clone(), movie.path.clone()))
            .collect(),
        theaters: content
            .site
            .theaters
            .iter()
            .map(|theater| (theater.id.clone(), public_pages::theater_path(theater)))
            .collect(),
        events: content
            .events
            .iter()
            .map(|event| (event.id.clone(), event.path.clone()))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{ORIGIN, content, movie, packed};
    use super::*;

    fn plan_of(content: CatalogueContent, previous: Option<&PublishedFiles>) -> Plan {
        let now = jiff::Timestamp::now();
        plan(content, previous, ORIGIN, false, now, Instant::now()).expect("planned")
    }

    fn paths_to_render(plan: &Plan) -> Vec<&str> {
        plan.to_render
            .iter()
            .map(|&index| plan.pages[index].path.as_str())
            .collect()
    }

    #[test]
    fn a_first_version_renders_every_page_each_with_its_head() {
        let plan = plan_of(content("r1", vec![movie("1001", "The Long Night")]), None);
        assert_eq!(plan.to_render.len(), plan.pages.len());
        let movie_page = plan
            .pages
            .iter()
            .find(|page| page.path == "/movies/1001/")
            .expect("the movie's page");
        assert!(
            movie_page.head.contains("The Long Night"),
            "{}",
            movie_page.head
        );
        assert!(
            movie_page
                .head
                .contains("https://www.marquee.example/movies/1001/"),
            "the canonical link: {}",
            movie_page.head
        );
        assert_eq!(plan.entity_paths.movies["1001"], "/movies/1001/");
        assert_eq!(
            plan.entity_paths.theaters["101"],
            "/theaters/101-marquee-downtown/"
        );
        assert!(plan.inline_app_data && !plan.same_app_data);
    }

    #[test]
    fn an_unchanged_version_keeps_every_page_and_renders_none() {
        let first = packed(plan_of(content("r1", vec![movie("1001", "A")]), None), None);
        let again = plan_of(content("r2", vec![movie("1001", "A")]), Some(&first));
        assert!(again.same_app_data);
        assert_eq!(paths_to_render(&again), Vec::<&str>::new());
        assert!(again.pages.iter().all(|page| page.html.is_some()));
    }

    #[test]
    fn a_site_published_again_in_full_renders_every_page_its_last_html_standing_in() {
        let first = packed(plan_of(content("r1", vec![movie("1001", "A")]), None), None);
        let mut asked = content("r2", vec![movie("1001", "A")]);
        asked.version.republished = 1;
        let again = plan_of(asked, Some(&first));
        assert!(!again.same_app_data && !again.colours_only);
        assert_eq!(again.to_render.len(), again.pages.len());
        assert!(again.pages.iter().all(|page| page.html.is_none()));
        assert!(
            again
                .pages
                .iter()
                .all(|page| first.file(&page.path).is_some()),
            "each page's last HTML is there to stand in"
        );
    }

    #[test]
    fn a_changed_movie_renders_the_pages_that_show_it_and_a_new_one_comes_first() {
        let movies = vec![movie("1001", "A"), movie("1002", "B")];
        let first = packed(plan_of(content("r1", movies), None), None);
        let changed = vec![
            movie("1001", "A"),
            movie("1002", "B, restored"),
            movie("1003", "C"),
        ];
        let next = plan_of(content("r2", changed), Some(&first));
        let to_render = paths_to_render(&next);
        assert_eq!(to_render[0], "/movies/1003/", "{to_render:?}");
        assert!(to_render.contains(&"/movies/1002/"), "{to_render:?}");
        assert!(to_render.contains(&"/movies/"), "{to_render:?}");
        for kept in [
            "/movies/1001/",
            "/404.html",
            "/theaters/101-marquee-downtown/",
        ] {
            assert!(!to_render.contains(&kept), "{kept} is kept: {to_render:?}");
        }
    }

    fn showing(movie_id: &str, date: &str) -> catalogue::Showtime {
        catalogue::Showtime {
            id: format!("101-{movie_id}-{date}"),
            movie_id: movie_id.to_owned(),
            theater_id: "101".to_owned(),
            date: date.to_owned(),
            time: "19:00".to_owned(),
            starts_at: format!("{date}T19:00:00-05:00"),
            ..Default::default()
        }
    }

    #[test]
    fn each_later_day_of_a_page_is_a_page_of_its_own_with_the_pages_data() {
        let mut week = content("r1", vec![movie("1001", "A")]);
        week.showtimes = ["2026-11-27", "2026-11-28", "2026-11-28", "2026-11-30"]
            .into_iter()
            .map(|date| showing("1001", date))
            .collect();
        let plan = plan_of(week, None);
        let page = |path: &str| {
            plan.pages
                .iter()
                .find(|page| page.path == path)
                .unwrap_or_else(|| panic!("{path} is published"))
        };
        let first = page("/movies/1001/");
        for day in ["2026-11-28", "2026-11-30"] {
            for path in [
                format!("/movies/1001/?date={day}"),
                format!("/theaters/101-marquee-downtown/?date={day}"),
                format!("/showtimes/?date={day}"),
            ] {
                let day_page = page(&path);
                assert!(
                    day_page.head.contains(&format!(
                        r#"<link rel="canonical" href="{ORIGIN}{path}" />"#
                    )),
                    "{}",
                    day_page.head
                );
                assert!(day_page.head.contains(day), "{}", day_page.head);
            }
            let day_page = page(&format!("/movies/1001/?date={day}"));
            assert_eq!(day_page.data_path, first.data_path);
            assert_eq!(day_page.data, first.data);
        }
        assert!(
            plan.pages
                .iter()
                .all(|page| !page.path.contains("2026-11-27")),
            "the first day is the page itself"
        );
        let snapshot = packed(plan, None);
        let sitemap = snapshot.file("/sitemap.xml").expect("a sitemap");
        let sitemap = String::from_utf8_lossy(&sitemap.identity.bytes);
        assert!(
            sitemap.contains("/movies/1001/?date=2026-11-30"),
            "{sitemap}"
        );
    }

    #[test]
    fn pages_stale_the_longest_are_rendered_first() {
        let movies = vec![movie("1001", "A"), movie("1002", "B")];
        let mut first = packed(plan_of(content("r1", movies), None), None);
        let long_ago = Instant::now() - std::time::Duration::from_secs(60);
        first
            .stale_pages
            .insert("/movies/1002/".to_owned(), long_ago);
        first
            .stale_pages
            .insert("/movies/1001/".to_owned(), Instant::now());
        let movies = vec![movie("1001", "A"), movie("1002", "B")];
        let next = plan_of(content("r2", movies), Some(&first));
        assert_eq!(
            paths_to_render(&next),
            ["/movies/1002/", "/movies/1001/"],
            "stale pages render whatever their data, the oldest first"
        );
        assert_eq!(next.stale_since["/movies/1002/"], long_ago);
    }
}
