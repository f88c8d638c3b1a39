//! Reading a site bundle from disk (SITE_DIR) and validating it into a [`Catalogue`].
//! Every error names the file and the field, so whoever edits a bundle can fix it.
//!
//! Layout of a bundle (see site/README.md): site.json, theaters.json, movies.json,
//! schedules.json, events.json, pages.json and messages/{locale}.json.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use jiff::tz::TimeZone;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};
use site_paths::hand_off;

use crate::domain::movies::MovieEntry;
use crate::domain::pages::Page;
use crate::domain::schedule::{self, Schedule};
use crate::domain::site::{SiteConfig, TicketingProvider};
use crate::domain::theaters::Theater;
use crate::domain::{Catalogue, EventEntry, SiteFile, search_entries};
use crate::search::SearchIndex;

#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    #[error("{file}: cannot read: {source}")]
    Read {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: {field}: {problem}")]
    Invalid {
        file: String,
        field: String,
        problem: String,
    },
    #[error("search index: {0}")]
    Index(String),
}

const FILES: [&str; 6] = [
    "site.json",
    "theaters.json",
    "movies.json",
    "schedules.json",
    "events.json",
    "pages.json",
];

/// Loads and validates the bundle in `dir`.
pub fn load(dir: &Path) -> Result<Catalogue, BundleError> {
    let revision = fingerprint(dir)?;
    let site: SiteFile = parse(dir, "site.json")?;
    let theaters: Vec<Theater> = parse(dir, "theaters.json")?;
    let movies: Vec<MovieEntry> = parse(dir, "movies.json")?;
    let schedules: Vec<Schedule> = parse(dir, "schedules.json")?;
    let events: Vec<EventEntry> = parse(dir, "events.json")?;
    let pages: Vec<Page> = parse(dir, "pages.json")?;
    let messages = load_messages(dir)?;

    let time_zone = check_site(dir, &site, &movies, &messages)?;
    check_theaters(dir, &theaters, site.config.is_single_location)?;
    check_movies(dir, &movies)?;
    check_schedules(dir, &schedules, &theaters, &movies)?;
    check_events(dir, &events, &theaters, &movies)?;
    check_pages(dir, &pages)?;
    let pages = with_login_page(&site, pages, &messages);
    let search = SearchIndex::build(search_entries::entries(
        &theaters,
        &movies,
        &site.config.global_excluded_movie_ids,
        &events,
        &pages,
    ))
    .map_err(|error| BundleError::Index(error.to_string()))?;

    Ok(Catalogue {
        revision,
        site,
        time_zone,
        theaters,
        movies,
        schedules,
        events,
        pages,
        messages,
        search: Arc::new(search),
    })
}

/// A hash of every file of the bundle: it changes when any file does.
pub fn fingerprint(dir: &Path) -> Result<String, BundleError> {
    let mut files: Vec<PathBuf> = FILES.iter().map(|name| dir.join(name)).collect();
    files.extend(message_files(dir)?);
    let mut hasher = Sha256::new();
    for file in files {
        let bytes = std::fs::read(&file).map_err(|source| BundleError::Read {
            file: file.display().to_string(),
            source,
        })?;
        hasher.update(file.display().to_string().as_bytes());
        hasher.update((bytes.len() as u64).to_be_bytes());
        hasher.update(&bytes);
    }
    Ok(hex::encode(&hasher.finalize()[..12]))
}

fn message_files(dir: &Path) -> Result<Vec<PathBuf>, BundleError> {
    let messages = dir.join("messages");
    let entries = std::fs::read_dir(&messages).map_err(|source| BundleError::Read {
        file: messages.display().to_string(),
        source,
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    Ok(files)
}

fn parse<T: DeserializeOwned>(dir: &Path, name: &str) -> Result<T, BundleError> {
    let file = dir.join(name);
    let text = std::fs::read_to_string(&file).map_err(|source| BundleError::Read {
        file: file.display().to_string(),
        source,
    })?;
    let deserializer = &mut serde_json::Deserializer::from_str(&text);
    serde_path_to_error::deserialize(deserializer).map_err(|error| BundleError::Invalid {
        file: file.display().to_string(),
        field: error.path().to_string(),
        problem: error.inner().to_string(),
    })
}

fn load_messages(dir: &Path) -> Result<BTreeMap<String, BTreeMap<String, String>>, BundleError> {
    let mut all = BTreeMap::new();
    for file in message_files(dir)? {
        let Some(locale) = file.file_stem().and_then(|stem| stem.to_str()) else {
            continue;
        };
        let relative = format!("messages/{locale}.json");
        all.insert(locale.to_owned(), parse(dir, &relative)?);
    }
    Ok(all)
}

fn invalid(
    dir: &Path,
    name: &str,
    field: impl Into<String>,
    problem: impl Into<String>,
) -> BundleError {
    BundleError::Invalid {
        file: dir.join(name).display().to_string(),
        field: field.into(),
        problem: problem.into(),
    }
}

fn check_site(
    dir: &Path,
    site: &SiteFile,
    movies: &[MovieEntry],
    messages: &BTreeMap<String, BTreeMap<String, String>>,
) -> Result<TimeZone, BundleError> {
    let fail = |field: &str, problem: String| invalid(dir, "site.json", field, problem);
    let config = &site.config;
    if site.site_name().trim().is_empty() {
        return Err(fail(
            "name",
            "the site needs a name, or relatedEntity.name".to_owned(),
        ));
    }
    if !messages.contains_key(&config.locale) {
        return Err(fail(
            "config.locale",
            format!("'{}' has no messages/{}.json", config.locale, config.locale),
        ));
    }
    let time_zone = TimeZone::get(&config.time_zone).map_err(|_| {
        fail(
            "config.timeZone",
            format!("'{}' is not an IANA time zone", config.time_zone),
        )
    })?;
    if !matches!(config.trailing_slash.as_str(), "always" | "never") {
        return Err(fail(
            "config.trailingSlash",
            format!("'{}' is not \"always\" or \"never\"", config.trailing_slash),
        ));
    }
    if let Some((field, problem)) = unsupported_setting(config) {
        return Err(fail(field, problem.to_owned()));
    }
    let fonts = config
        .theme
        .as_ref()
        .and_then(|theme| theme.fonts.clone())
        .unwrap_or_default();
    for (target, style) in &fonts.font_styles {
        if !matches!(target.as_str(), "body" | "heading") {
            return Err(fail(
                &format!("config.theme.fonts.fontStyles.{target}"),
                "a font style is for \"body\" or \"heading\"".to_owned(),
            ));
        }
        if !matches!(style.as_str(), "normal" | "italic" | "oblique") {
            return Err(fail(
                &format!("config.theme.fonts.fontStyles.{target}"),
                format!("'{style}' is not normal, italic or oblique"),
            ));
        }
    }
    let roundness = config.roundness.clone().unwrap_or_default();
    for (field, value) in [
        ("buttons", &roundness.buttons),
        ("content", &roundness.content),
    ] {
        if !matches!(value.as_str(), "NONE" | "MEDIUM" | "HIGH") {
            return Err(fail(
                &format!("config.roundness.{field}"),
                format!("'{value}' is not NONE, MEDIUM or HIGH"),
            ));
        }
    }
    let theme = config.theme.clone().unwrap_or_default();
    let colors = theme.colors.unwrap_or_default();
    let palette = theme.palette.unwrap_or_default();
    for (field, value) in [
        ("theme.colors.brand1", &colors.brand1),
        ("theme.colors.brand2", &colors.brand2),
        ("theme.colors.brand3", &colors.brand3),
        ("theme.colors.brand4", &colors.brand4),
        ("theme.colors.brand5", &colors.brand5),
        ("theme.colors.brand6", &colors.brand6),
        ("theme.palette.primary", &palette.primary),
        ("theme.palette.accent", &palette.accent),
        ("theme.palette.highlight", &palette.highlight),
        ("theme.palette.muted", &palette.muted),
        ("theme.palette.background", &palette.background),
        ("theme.palette.footerBackground", &palette.footer_background),
        ("theme.palette.headerBackground", &palette.header_background),
    ] {
        if !is_hex_colour(value) {
            return Err(fail(
                &format!("config.{field}"),
                format!("'{value}' is not a #RRGGBB colour"),
            ));
        }
    }
    let known: HashSet<&str> = movies.iter().map(|m| m.id.as_str()).collect();
    for (field, ids) in [
        ("movieOrderIndex", &config.movie_order_index),
        ("globalExcludedMovieIds", &config.global_excluded_movie_ids),
    ] {
        if let Some((index, id)) = ids
            .iter()
            .enumerate()
            .find(|(_, id)| !known.contains(id.as_str()))
        {
            return Err(fail(
                &format!("config.{field}[{index}]"),
                format!("no movie '{id}' in movies.json"),
            ));
        }
    }
    let provider = site.settings.ticketing_provider.clone().unwrap_or_default();
    if !is_absolute_url(&provider.url) {
        return Err(fail(
            "settings.ticketingProvider.url",
            format!("'{}' is not an absolute http(s) URL", provider.url),
        ));
    }
    if let Some((index, problem)) = unknown_hand_off(&provider) {
        return Err(fail(
            &format!("settings.ticketingProvider.handOffs[{index}]"),
            problem,
        ));
    }
    if !site.loyalty.is_null() && !site.loyalty.is_object() {
        return Err(fail("loyalty", "must be an object".to_owned()));
    }
    let login_slug = site.login_slug();
    if site.loyalty_is_on() && login_slug.is_empty() {
        return Err(fail(
            "settings.loginPage.slug",
            "loyalty is on, so members need a sign-in page: give its slug".to_owned(),
        ));
    }
    if !login_slug.is_empty() && !is_slug(login_slug) {
        return Err(fail(
            "settings.loginPage.slug",
            format!("'{login_slug}' must be lower-case letters, digits and '-'"),
        ));
    }
    Ok(time_zone)
}

fn check_theaters(
    dir: &Path,
    theaters: &[Theater],
    single_location: bool,
) -> Result<(), BundleError> {
    let fail = |field: String, problem: String| invalid(dir, "theaters.json", field, problem);
    if theaters.is_empty() {
        return Err(fail(
            ".".to_owned(),
            "a site needs at least one theater".to_owned(),
        ));
    }
    if single_location && theaters.len() != 1 {
        return Err(fail(
            ".".to_owned(),
            format!(
                "a single-location site has exactly one theater, not {}",
                theaters.len()
            ),
        ));
    }
    let mut seen = HashSet::new();
    for (index, theater) in theaters.iter().enumerate() {
        for (field, value) in [
            ("id", &theater.id),
            ("name", &theater.name),
            ("slug", &theater.slug),
            ("code", &theater.code),
        ] {
            if value.trim().is_empty() {
                return Err(fail(format!("[{index}].{field}"), "required".to_owned()));
            }
        }
        if !seen.insert(theater.id.as_str()) {
            return Err(fail(
                format!("[{index}].id"),
                format!("'{}' appears twice", theater.id),
            ));
        }
        if let Some(own) = &theater.ticketing_provider
            && !own.url.is_empty()
            && !is_absolute_url(&own.url)
        {
            return Err(fail(
                format!("[{index}].ticketingProvider.url"),
                format!("'{}' is not an absolute http(s) URL", own.url),
            ));
        }
        if let Some((offered, problem)) = theater
            .ticketing_provider
            .as_ref()
            .and_then(unknown_hand_off)
        {
            return Err(fail(
                format!("[{index}].ticketingProvider.handOffs[{offered}]"),
                problem,
            ));
        }
    }
    Ok(())
}

/// A configuration field of SPEC.md section 3 set to what this platform does not do, with
/// why: a bundle that asks for it fails to load rather than being served without it.
fn unsupported_setting(config: &SiteConfig) -> Option<(&'static str, &'static str)> {
    let trackers = config.trackers.clone().unwrap_or_default();
    let deferred = [
        ("config.deferStandardPages", config.defer_standard_pages),
        ("config.deferEventPages", config.defer_event_pages),
        ("config.deferMoviePages", config.defer_movie_pages),
        ("config.deferTheaterPages", config.defer_theater_pages),
    ];
    if let Some((field, _)) = deferred.into_iter().find(|(_, deferred)| *deferred) {
        return Some((
            field,
            "every page is published ahead of its first visit (it costs seconds, not \
             minutes, for a large chain), so no page can be deferred: leave it false",
        ));
    }
    if !config.path_prefix.is_empty() {
        return Some((
            "config.pathPrefix",
            "the site is served at the root of its domain, not under a path prefix: \
             leave it empty",
        ));
    }
    if !config.theater_ids.is_empty() {
        return Some((
            "config.theaterIds",
            "the site's theaters are those of theaters.json, which the catalogue lists \
             here itself: leave it out",
        ));
    }
    if !trackers.google_analytics_v3.is_empty() {
        return Some((
            "config.trackers.googleAnalyticsV3",
            "Universal Analytics stopped processing data in 2023: use googleAnalyticsV4 \
             (settings.trackers google_analytics_v4)",
        ));
    }
    None
}

/// The first of a provider's `handOffs` that names no hand-off, with the problem.
fn unknown_hand_off(provider: &TicketingProvider) -> Option<(usize, String)> {
    let (index, segment) = provider
        .hand_offs
        .iter()
        .enumerate()
        .find(|(_, segment)| hand_off::hand_off(segment).is_none())?;
    Some((
        index,
        format!(
            "'{segment}' is not a hand-off: one of {}",
            hand_off::segments()
        ),
    ))
}

fn check_movies(dir: &Path, movies: &[MovieEntry]) -> Result<(), BundleError> {
    let fail = |field: String, problem: String| invalid(dir, "movies.json", field, problem);
    let mut seen = HashSet::new();
    for (index, movie) in movies.iter().enumerate() {
        if movie.id.trim().is_empty() || movie.id.contains(['/', '-', ' ']) {
            return Err(fail(
                format!("[{index}].id"),
                format!(
                    "'{}' must be non-empty, without '/', '-' or spaces",
                    movie.id
                ),
            ));
        }
        if !seen.insert(movie.id.as_str()) {
            return Err(fail(
                format!("[{index}].id"),
                format!("'{}' appears twice", movie.id),
            ));
        }
        if movie.title.trim().is_empty() {
            return Err(fail(format!("[{index}].title"), "required".to_owned()));
        }
        if movie.runtime_minutes == 0 {
            return Err(fail(
                format!("[{index}].runtimeMinutes"),
                "must be more than 0".to_owned(),
            ));
        }
        if !movie.trailer_url.is_empty() && youtube_video_id(&movie.trailer_url).is_none() {
            return Err(fail(
                format!("[{index}].trailerUrl"),
                format!(
                    "'{}' is not a YouTube video address (https://www.youtube.com/watch?v=ID or https://youtu.be/ID): trailers play in YouTube's privacy-enhanced player",
                    movie.trailer_url
                ),
            ));
        }
    }
    Ok(())
}

/// The 11-character video id of a YouTube watch or short address.
fn youtube_video_id(url: &str) -> Option<&str> {
    let id = url
        .strip_prefix("https://www.youtube.com/watch?v=")
        .or_else(|| url.strip_prefix("https://youtube.com/watch?v="))
        .or_else(|| url.strip_prefix("https://youtu.be/"))?;
    let id = id.split(['&', '?', '#']).next().unwrap_or_default();
    (id.len() == 11
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
    .then_some(id)
}

fn check_schedules(
    dir: &Path,
    schedules: &[Schedule],
    theaters: &[Theater],
    movies: &[MovieEntry],
) -> Result<(), BundleError> {
    let fail = |field: String, problem: String| invalid(dir, "schedules.json", field, problem);
    for (index, entry) in schedules.iter().enumerate() {
        if !theaters.iter().any(|t| t.id == entry.theater_id) {
            return Err(fail(
                format!("[{index}].theaterId"),
                format!("no theater '{}'", entry.theater_id),
            ));
        }
        if !movies.iter().any(|m| m.id == entry.movie_id) {
            return Err(fail(
                format!("[{index}].movieId"),
                format!("no movie '{}'", entry.movie_id),
            ));
        }
        schedule::check(entry).map_err(|problem| {
            let (field, problem) = problem.split_once(": ").unwrap_or(("", &problem));
            fail(format!("[{index}].{field}"), problem.to_owned())
        })?;
    }
    Ok(())
}

fn check_events(
    dir: &Path,
    events: &[EventEntry],
    theaters: &[Theater],
    movies: &[MovieEntry],
) -> Result<(), BundleError> {
    let fail = |field: String, problem: String| invalid(dir, "events.json", field, problem);
    let mut seen = HashSet::new();
    for (index, event) in events.iter().enumerate() {
        if event.id.trim().is_empty() || event.id.contains(['/', '-', ' ']) {
            return Err(fail(
                format!("[{index}].id"),
                format!(
                    "'{}' must be non-empty, without '/', '-' or spaces",
                    event.id
                ),
            ));
        }
        // Posters are found by id, so events and movies share one id space.
        if !seen.insert(event.id.as_str()) || movies.iter().any(|m| m.id == event.id) {
            return Err(fail(
                format!("[{index}].id"),
                format!("'{}' is already used", event.id),
            ));
        }
        if !theaters.iter().any(|t| t.id == event.theater_id) {
            return Err(fail(
                format!("[{index}].theaterId"),
                format!("no theater '{}'", event.theater_id),
            ));
        }
        if !event.movie_id.is_empty() && !movies.iter().any(|m| m.id == event.movie_id) {
            return Err(fail(
                format!("[{index}].movieId"),
                format!("no movie '{}'", event.movie_id),
            ));
        }
        if schedule::parse_time(&event.time).is_none() {
            return Err(fail(
                format!("[{index}].time"),
                format!("'{}' is not HH:MM", event.time),
            ));
        }
    }
    Ok(())
}

/// The site's own sections: a content page of one of these slugs could never be reached.
const SITE_SECTIONS: [&str; 7] = [
    "movies",
    "theaters",
    "showtimes",
    "events",
    "account",
    "search",
    "permalink",
];

fn check_pages(dir: &Path, pages: &[Page]) -> Result<(), BundleError> {
    let fail = |field: String, problem: String| invalid(dir, "pages.json", field, problem);
    let mut seen = HashSet::new();
    for (index, page) in pages.iter().enumerate() {
        if !is_slug(&page.slug) {
            return Err(fail(
                format!("[{index}].slug"),
                format!("'{}' must be lower-case letters, digits and '-'", page.slug),
            ));
        }
        if !seen.insert(page.slug.as_str()) {
            return Err(fail(
                format!("[{index}].slug"),
                format!("'{}' appears twice", page.slug),
            ));
        }
        if let Some(taken) = SITE_SECTIONS.iter().find(|section| **section == page.slug) {
            return Err(fail(
                format!("[{index}].slug"),
                format!("'{taken}' is a section of every site (/{taken}/): choose another slug"),
            ));
        }
        if page.title.trim().is_empty() {
            return Err(fail(format!("[{index}].title"), "required".to_owned()));
        }
    }
    Ok(())
}

/// The sign-in page is built in: with loyalty on and no page of `settings.loginPage.slug`
/// in pages.json, one with the sign-in form alone (titled by the message
/// `loyalty.signIn.title`) is added, so members can always sign in.
fn with_login_page(
    site: &SiteFile,
    mut pages: Vec<Page>,
    messages: &BTreeMap<String, BTreeMap<String, String>>,
) -> Vec<Page> {
    let slug = site.login_slug();
    if !site.loyalty_is_on() || pages.iter().any(|page| page.slug == slug) {
        return pages;
    }
    let title = messages
        .get(&site.config.locale)
        .and_then(|messages| messages.get("loyalty.signIn.title"))
        .filter(|title| !title.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| "Sign in".to_owned());
    pages.push(Page {
        id: "built-in-login".to_owned(),
        slug: slug.to_owned(),
        title,
        template_name: "login".to_owned(),
        sections: Vec::new(),
        path: format!("/{slug}/"),
    });
    pages
}

/// A page's slug: lower-case letters, digits and '-'.
fn is_slug(value: &str) -> bool {
    !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn is_hex_colour(value: &str) -> bool {
    value.len() == 7 && value.starts_with('#') && value[1..].chars().all(|c| c.is_ascii_hexdigit())
}

fn is_absolute_url(value: &str) -> bool {
    let rest = value
        .strip_prefix("https://")
        .or_else(|| value.strip_prefix("http://"));
    rest.is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailers_are_youtube_videos() {
        assert_eq!(
            youtube_video_id("https://www.youtube.com/watch?v=aqz-KE-bpKQ"),
            Some("aqz-KE-bpKQ")
        );
        assert_eq!(
            youtube_video_id("https://youtu.be/aqz-KE-bpKQ?t=10"),
            Some("aqz-KE-bpKQ")
        );
        assert_eq!(youtube_video_id("https://vimeo.com/12345678901"), None);
        assert_eq!(
            youtube_video_id("https://www.youtube.com/watch?v=short"),
            None
        );
        assert_eq!(
            youtube_video_id("https://www.youtube.com/watch?v=aqz-KE-bpK\"><"),
            None
        );
    }

    #[test]
    fn colours_and_urls_are_checked_strictly() {
        assert!(is_hex_colour("#A1b2C3"));
        assert!(!is_hex_colour("A1B2C3"));
        assert!(!is_hex_colour("#A1B2C"));
        assert!(!is_hex_colour("#GGGGGG"));
        assert!(is_absolute_url("https://tickets.example.com"));
        assert!(!is_absolute_url("/ticketing"));
        assert!(!is_absolute_url("https:///x"));
        assert!(!is_absolute_url("javascript:alert(1)"));
    }
}
