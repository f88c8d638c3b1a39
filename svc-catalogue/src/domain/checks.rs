//! The rules each record of a site keeps, whoever writes it (a bundle's import or the
//! ingest API). A broken rule answers an [`Invalid`] naming the field, relative to the
//! record (`ticketingProvider.url`); the writer says where the record is.

use std::collections::HashSet;

use jiff::tz::TimeZone;
use proto::vocabulary::{CornerRoundness, TrailingSlash};
use site_paths::hand_off;

use super::content_pages::Page;
use super::events::EventEntry;
use super::media;
use super::movies::MovieEntry;
use super::page_blocks;
use super::site::{SiteConfig, SiteFile, TicketingProvider};
use super::theaters::{DAYS, Theater};

use super::invalid::Invalid;

/// An id that a page's address holds before its slug (`/movies/{id}-{slug}/`).
pub fn record_id(id: &str) -> Result<(), Invalid> {
    if id.trim().is_empty() || id.contains(['/', '-', ' ', '?', '#', '%']) || id.len() > 64 {
        return Err(Invalid::new(
            "id",
            format!("'{id}' must be 1 to 64 characters, without '/', '-', spaces, '?', '#' or '%'"),
        ));
    }
    Ok(())
}

/// Checks a theater; answers its own time zone, if it names one.
pub fn theater(theater: &Theater) -> Result<Option<TimeZone>, Invalid> {
    record_id(&theater.id)?;
    for (field, value) in [
        ("name", &theater.name),
        ("slug", &theater.slug),
        ("code", &theater.code),
    ] {
        if value.trim().is_empty() {
            return Err(Invalid::new(field, "required"));
        }
    }
    if !is_slug(&theater.slug) {
        return Err(Invalid::new(
            "slug",
            format!(
                "'{}' must be lower-case letters, digits and '-'",
                theater.slug
            ),
        ));
    }
    if let Some(own) = &theater.ticketing_provider {
        if !own.url.is_empty() && !is_absolute_url(&own.url) {
            return Err(Invalid::new(
                "ticketingProvider.url",
                format!("'{}' is not an absolute http(s) URL", own.url),
            ));
        }
        ticketing_provider_hand_offs(own).map_err(|invalid| invalid.inside("ticketingProvider"))?;
    }
    if let Some(point_of_sale) = &theater.point_of_sale {
        point_of_sale_link(point_of_sale).map_err(|invalid| invalid.inside("pointOfSale"))?;
    }
    theater_details(theater)?;
    if theater.time_zone.is_empty() {
        return Ok(None);
    }
    TimeZone::get(&theater.time_zone).map(Some).map_err(|_| {
        Invalid::new(
            "timeZone",
            format!(
                "'{}' is not an IANA time zone such as America/Chicago",
                theater.time_zone
            ),
        )
    })
}

/// The most opening-hours lines a theater lists.
const MAX_OPENING_HOURS: usize = 14;

/// The most characters of a theater's parking notes.
const MAX_PARKING: usize = 2000;

/// A theater's descriptive fields: where it is, its parking notes and opening hours.
fn theater_details(theater: &Theater) -> Result<(), Invalid> {
    if !(-90.0..=90.0).contains(&theater.latitude) {
        return Err(Invalid::new("latitude", "must be between -90 and 90"));
    }
    if !(-180.0..=180.0).contains(&theater.longitude) {
        return Err(Invalid::new("longitude", "must be between -180 and 180"));
    }
    if theater.parking.chars().count() > MAX_PARKING {
        return Err(Invalid::new(
            "parking",
            format!("at most {MAX_PARKING} characters"),
        ));
    }
    if theater.opening_hours.len() > MAX_OPENING_HOURS {
        return Err(Invalid::new(
            "openingHours",
            format!("at most {MAX_OPENING_HOURS} lines"),
        ));
    }
    for (index, line) in theater.opening_hours.iter().enumerate() {
        let field = |name: &str| format!("openingHours[{index}].{name}");
        if line.days.is_empty() {
            return Err(Invalid::new(field("days"), "name at least one day"));
        }
        if let Some(day) = line.days.iter().find(|day| !DAYS.contains(&day.as_str())) {
            return Err(Invalid::new(
                field("days"),
                format!("'{day}' is not one of {}", DAYS.join(", ")),
            ));
        }
        for (name, time) in [("opens", &line.opens), ("closes", &line.closes)] {
            if !is_clock_time(time) {
                return Err(Invalid::new(
                    field(name),
                    format!("'{time}' is not a time such as 09:30"),
                ));
            }
        }
        if line.opens == line.closes {
            return Err(Invalid::new(
                field("closes"),
                "the same time as it opens: give when it closes",
            ));
        }
    }
    Ok(())
}

/// HH:MM on a 24-hour clock.
fn is_clock_time(time: &str) -> bool {
    let Some((hours, minutes)) = time.split_once(':') else {
        return false;
    };
    let two_digits = |part: &str| part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit());
    two_digits(hours)
        && two_digits(minutes)
        && hours.parse::<u8>().is_ok_and(|h| h < 24)
        && minutes.parse::<u8>().is_ok_and(|m| m < 60)
}

/// The point-of-sale connectors there are.
pub const POINT_OF_SALE_PROVIDERS: [&str; 1] = ["veezi"];

/// A theater's link to its point of sale names a connector and a token file by a plain
/// name (never a path: the connector reads it from its own folder).
pub fn point_of_sale_link(link: &super::theaters::PointOfSale) -> Result<(), Invalid> {
    if !POINT_OF_SALE_PROVIDERS.contains(&link.provider.as_str()) {
        return Err(Invalid::new(
            "provider",
            format!(
                "'{}' is not one of {}",
                link.provider,
                POINT_OF_SALE_PROVIDERS.join(", ")
            ),
        ));
    }
    // Empty: the token staff uploaded in the studio, kept by the catalogue.
    let plain = link.token.is_empty()
        || link.token.len() <= 64
            && !link.token.starts_with('.')
            && link
                .token
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !plain {
        return Err(Invalid::new(
            "token",
            format!(
                "'{}' is not the name of a token file: up to 64 letters, digits, '-', '_' or '.', not starting with '.'",
                link.token
            ),
        ));
    }
    Ok(())
}

/// Every hand-off a provider offers names one.
pub fn ticketing_provider_hand_offs(provider: &TicketingProvider) -> Result<(), Invalid> {
    match provider
        .hand_offs
        .iter()
        .enumerate()
        .find(|(_, segment)| hand_off::hand_off(segment).is_none())
    {
        Some((index, segment)) => Err(Invalid::new(
            format!("handOffs[{index}]"),
            format!(
                "'{segment}' is not a hand-off: one of {}",
                hand_off::segments()
            ),
        )),
        None => Ok(()),
    }
}

/// The longest runtime a movie may have, in minutes.
pub const MAX_RUNTIME_MINUTES: u32 = 24 * 60;

pub fn movie(movie: &MovieEntry) -> Result<(), Invalid> {
    record_id(&movie.id)?;
    if movie.title.trim().is_empty() {
        return Err(Invalid::new("title", "required"));
    }
    if movie.runtime_minutes == 0 {
        return Err(Invalid::new("runtimeMinutes", "must be more than 0"));
    }
    // A day at most: past it a runtime is a mistake (and past 2^31 not the int32 the
    // document names).
    if movie.runtime_minutes > MAX_RUNTIME_MINUTES {
        return Err(Invalid::new(
            "runtimeMinutes",
            format!("must be at most {MAX_RUNTIME_MINUTES} (a day)"),
        ));
    }
    if !movie.slug.is_empty() && !is_slug(&movie.slug) {
        return Err(Invalid::new(
            "slug",
            format!(
                "'{}' must be lower-case letters, digits and '-'",
                movie.slug
            ),
        ));
    }
    if !movie.trailer_url.is_empty() && youtube_video_id(&movie.trailer_url).is_none() {
        return Err(Invalid::new(
            "trailerUrl",
            format!(
                "'{}' is not a YouTube video address (https://www.youtube.com/watch?v=ID or https://youtu.be/ID): trailers play in YouTube's privacy-enhanced player",
                movie.trailer_url
            ),
        ));
    }
    if !movie.poster_image_url.is_empty() && !is_https_address(&movie.poster_image_url) {
        return Err(Invalid::new(
            "posterImageUrl",
            format!(
                "'{}' is not an https address of at most {MAX_ADDRESS_CHARS} characters",
                movie.poster_image_url
            ),
        ));
    }
    Ok(())
}

/// The longest address a record may name.
const MAX_ADDRESS_CHARS: usize = 2048;

/// Whether `address` is an absolute https URL with a host, of a sensible length.
fn is_https_address(address: &str) -> bool {
    address.len() <= MAX_ADDRESS_CHARS
        && address
            .strip_prefix("https://")
            .and_then(|rest| rest.split(['/', '?', '#']).next())
            .is_some_and(|host| !host.is_empty() && !host.contains(['@', ' ']))
}

/// Checks an event, whose start is already normalised in its theater's zone.
pub fn event(event: &EventEntry) -> Result<(), Invalid> {
    record_id(&event.id)?;
    if event.title.trim().is_empty() {
        return Err(Invalid::new("title", "required"));
    }
    if !event.slug.is_empty() && !is_slug(&event.slug) {
        return Err(Invalid::new(
            "slug",
            format!(
                "'{}' must be lower-case letters, digits and '-'",
                event.slug
            ),
        ));
    }
    if event.starts_at.parse::<jiff::Timestamp>().is_err() {
        return Err(Invalid::new(
            "startsAt",
            format!("'{}' is not an RFC 3339 date-time", event.starts_at),
        ));
    }
    if !event.image.is_empty() && !page_blocks::is_preview_image(&event.image) {
        return Err(Invalid::new(
            "image",
            format!(
                "'{}' is not a JPEG, PNG, GIF or WebP image at a path on the site or an https address",
                event.image
            ),
        ));
    }
    if !event.booking_url.is_empty() && !is_https_address(&event.booking_url) {
        return Err(Invalid::new(
            "bookingUrl",
            format!("'{}' is not an https address", event.booking_url),
        ));
    }
    unpublish_at(&event.unpublish_at)
}

/// A record's `unpublishAt`: empty, or an RFC 3339 date-time with its offset.
fn unpublish_at(at: &str) -> Result<(), Invalid> {
    if at.is_empty() || at.parse::<jiff::Timestamp>().is_ok() {
        Ok(())
    } else {
        Err(Invalid::new(
            "unpublishAt",
            format!("'{at}' is not an RFC 3339 date-time with its offset"),
        ))
    }
}

pub fn page(page: &Page) -> Result<(), Invalid> {
    if !is_slug(&page.slug) {
        return Err(Invalid::new(
            "slug",
            format!("'{}' must be lower-case letters, digits and '-'", page.slug),
        ));
    }
    if site_paths::reserved::is_reserved(&page.slug) {
        return Err(Invalid::new(
            "slug",
            format!(
                "'{}' is taken by the site's own routes (/{}/...): choose another slug",
                page.slug, page.slug
            ),
        ));
    }
    if page.title.trim().is_empty() {
        return Err(Invalid::new("title", "required"));
    }
    if page.seo_description.chars().count() > MAX_SEO_DESCRIPTION_CHARS {
        return Err(Invalid::new(
            "seoDescription",
            format!(
                "at most {MAX_SEO_DESCRIPTION_CHARS} characters (search engines show about 160)"
            ),
        ));
    }
    if !page.seo_image.is_empty() && !page_blocks::is_preview_image(&page.seo_image) {
        return Err(Invalid::new(
            "seoImage",
            format!(
                "'{}' is not a JPEG, PNG, GIF or WebP image at a path on the site or an \
                 https address",
                page.seo_image
            ),
        ));
    }
    page_blocks::check_all(&page.blocks).map_err(|invalid| invalid.inside("blocks"))?;
    unpublish_at(&page.unpublish_at)
}

/// The longest description a page gives search engines.
const MAX_SEO_DESCRIPTION_CHARS: usize = 500;

/// The 11-character video id of a YouTube watch or short address.
pub fn youtube_video_id(url: &str) -> Option<&str> {
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

/// A slug: lower-case letters, digits and '-'.
pub fn is_slug(value: &str) -> bool {
    !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

pub fn is_absolute_url(value: &str) -> bool {
    let rest = value
        .strip_prefix("https://")
        .or_else(|| value.strip_prefix("http://"));
    rest.is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/'))
}

/// The featured movie and the poster overrides name movies of the site, and each poster
/// an image of its media library.
fn movie_site_fields(config: &SiteConfig, movie_ids: &HashSet<&str>) -> Result<(), Invalid> {
    let featured = &config.featured_movie_id;
    if !featured.is_empty() && !movie_ids.contains(featured.as_str()) {
        return Err(Invalid::new(
            "config.featuredMovieId",
            format!("no movie '{featured}' in movies.json"),
        ));
    }
    if !featured.is_empty() && config.global_excluded_movie_ids.contains(featured) {
        return Err(Invalid::new(
            "config.featuredMovieId",
            format!("movie '{featured}' is excluded from the site"),
        ));
    }
    for (movie_id, poster) in &config.poster_overrides {
        let field = format!("config.posterOverrides.{movie_id}");
        if !movie_ids.contains(movie_id.as_str()) {
            return Err(Invalid::new(
                field,
                format!("no movie '{movie_id}' in movies.json"),
            ));
        }
        if media::id_of_path(poster).is_none() {
            return Err(Invalid::new(
                field,
                format!("'{poster}' is not an image of the media library (/media/{{id}}.jpg)"),
            ));
        }
    }
    Ok(())
}

/// The site's time zone (`config.timeZone`).
pub fn site_zone(site: &SiteFile) -> Result<TimeZone, Invalid> {
    TimeZone::get(&site.config.time_zone).map_err(|_| {
        Invalid::new(
            "config.timeZone",
            format!("'{}' is not an IANA time zone", site.config.time_zone),
        )
    })
}

/// The rules of site.json (docs/ingest.md#site-configuration), whoever writes it (a
/// bundle, the studio's draft): `movie_ids` are the site's movies, `has_locale` whether
/// a locale has texts.
pub fn site(
    site: &SiteFile,
    movie_ids: &HashSet<&str>,
    has_locale: impl Fn(&str) -> bool,
) -> Result<(), Invalid> {
    site_zone(site)?;
    let config = &site.config;
    if site.site_name().trim().is_empty() {
        return Err(Invalid::new(
            "name",
            "the site needs a name, or relatedEntity.name".to_owned(),
        ));
    }
    if !has_locale(&config.locale) {
        return Err(Invalid::new(
            "config.locale",
            format!(
                "'{}' has no default texts and no messages/{}.json",
                config.locale, config.locale
            ),
        ));
    }
    if TrailingSlash::from_code(&config.trailing_slash).is_none() {
        return Err(Invalid::new(
            "config.trailingSlash",
            format!("'{}' is not \"always\" or \"never\"", config.trailing_slash),
        ));
    }
    if let Some((field, problem)) = unsupported_setting(config) {
        return Err(Invalid::new(field, problem.to_owned()));
    }
    let fonts = config
        .theme
        .as_ref()
        .and_then(|theme| theme.fonts.clone())
        .unwrap_or_default();
    for (target, family) in [("body", &fonts.body), ("heading", &fonts.heading)] {
        if !family.is_empty() && !site_paths::theme_fonts::is_family(family) {
            return Err(Invalid::new(
                format!("config.theme.fonts.{target}"),
                format!(
                    "'{family}' is not one of the theme's font families (docs/pages-and-links.md#fonts)"
                ),
            ));
        }
    }
    let mut weighted: Vec<_> = fonts.font_weights.iter().collect();
    weighted.sort_by_key(|(target, _)| target.as_str());
    for (target, weights) in weighted {
        let field = format!("config.theme.fonts.fontWeights.{target}");
        if !matches!(target.as_str(), "body" | "heading") {
            return Err(Invalid::new(
                field,
                "font weights are for \"body\" or \"heading\"".to_owned(),
            ));
        }
        if let Some(weight) = weights
            .weights
            .iter()
            .find(|weight| !site_paths::theme_fonts::is_weight(weight))
        {
            return Err(Invalid::new(
                field,
                format!(
                    "'{weight}' is not a weight from 100 to 900, upright or italic (\"400\", \"400i\")"
                ),
            ));
        }
    }
    for (target, style) in &fonts.font_styles {
        if !matches!(target.as_str(), "body" | "heading") {
            return Err(Invalid::new(
                format!("config.theme.fonts.fontStyles.{target}"),
                "a font style is for \"body\" or \"heading\"".to_owned(),
            ));
        }
        if !matches!(style.as_str(), "normal" | "italic" | "oblique") {
            return Err(Invalid::new(
                format!("config.theme.fonts.fontStyles.{target}"),
                format!("'{style}' is not normal, italic or oblique"),
            ));
        }
    }
    let roundness = config.roundness.clone().unwrap_or_default();
    for (field, value) in [
        ("buttons", &roundness.buttons),
        ("content", &roundness.content),
    ] {
        if CornerRoundness::from_code(value).is_none() {
            return Err(Invalid::new(
                format!("config.roundness.{field}"),
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
            return Err(Invalid::new(
                format!("config.{field}"),
                format!("'{value}' is not a #RRGGBB colour"),
            ));
        }
    }
    for (field, ids) in [
        ("movieOrderIndex", &config.movie_order_index),
        ("globalExcludedMovieIds", &config.global_excluded_movie_ids),
    ] {
        if let Some((index, id)) = ids
            .iter()
            .enumerate()
            .find(|(_, id)| !movie_ids.contains(id.as_str()))
        {
            return Err(Invalid::new(
                format!("config.{field}[{index}]"),
                format!("no movie '{id}' in movies.json"),
            ));
        }
    }
    movie_site_fields(config, movie_ids)?;
    let provider = site.settings.ticketing_provider.clone().unwrap_or_default();
    if !is_absolute_url(&provider.url) {
        return Err(Invalid::new(
            "settings.ticketingProvider.url",
            format!("'{}' is not an absolute http(s) URL", provider.url),
        ));
    }
    ticketing_provider_hand_offs(&provider)
        .map_err(|invalid| invalid.inside("settings.ticketingProvider"))?;
    if !site.loyalty.is_null() && !site.loyalty.is_object() {
        return Err(Invalid::new("loyalty", "must be an object".to_owned()));
    }
    let login_slug = site.login_slug();
    if site.loyalty_is_on() && login_slug.is_empty() {
        return Err(Invalid::new(
            "settings.loginPage.slug",
            "loyalty is on, so members need a sign-in page: give its slug".to_owned(),
        ));
    }
    if !login_slug.is_empty() && !is_slug(login_slug) {
        return Err(Invalid::new(
            "settings.loginPage.slug",
            format!("'{login_slug}' must be lower-case letters, digits and '-'"),
        ));
    }
    Ok(())
}

/// A configuration field of docs/ingest.md#site-configuration set to what this platform
/// does not do, with why: a bundle that asks for it fails to load rather than being served
/// without it.
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

fn is_hex_colour(value: &str) -> bool {
    value.len() == 7 && value.starts_with('#') && value[1..].chars().all(|c| c.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::super::theaters::OpeningHours;
    use super::*;

    #[test]
    fn colours_are_checked_strictly() {
        assert!(is_hex_colour("#A1b2C3"));
        assert!(!is_hex_colour("A1B2C3"));
        assert!(!is_hex_colour("#A1B2C"));
        assert!(!is_hex_colour("#GGGGGG"));
    }

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
    fn urls_are_checked_strictly() {
        assert!(is_absolute_url("https://tickets.example.com"));
        assert!(!is_absolute_url("/ticketing"));
        assert!(!is_absolute_url("https:///x"));
        assert!(!is_absolute_url("javascript:alert(1)"));
    }

    #[test]
    fn a_field_is_named_inside_where_the_record_is() {
        let invalid = Invalid::new("startsAt", "bad");
        assert_eq!(
            invalid.clone().inside("showtimes[3]").field,
            "showtimes[3].startsAt"
        );
        assert_eq!(
            Invalid::new("[2]", "bad").inside("updates").field,
            "updates[2]"
        );
        assert_eq!(invalid.inside("").field, "startsAt");
    }

    #[test]
    fn a_featured_movie_and_poster_overrides_name_movies_and_library_images() {
        let movies: HashSet<&str> = ["m1", "m2"].into_iter().collect();
        let check = |edit: fn(&mut SiteConfig)| {
            let mut config = SiteConfig::default();
            edit(&mut config);
            movie_site_fields(&config, &movies).map_err(|invalid| invalid.field)
        };
        assert_eq!(
            check(|c| {
                c.featured_movie_id = "m1".to_owned();
                c.poster_overrides
                    .insert("m2".to_owned(), "/media/0123456789abcdef.jpg".to_owned());
            }),
            Ok(())
        );
        assert_eq!(
            check(|c| c.featured_movie_id = "m9".to_owned()),
            Err("config.featuredMovieId".to_owned())
        );
        assert_eq!(
            check(|c| {
                c.featured_movie_id = "m1".to_owned();
                c.global_excluded_movie_ids = vec!["m1".to_owned()];
            }),
            Err("config.featuredMovieId".to_owned())
        );
        assert_eq!(
            check(|c| {
                c.poster_overrides
                    .insert("m1".to_owned(), "https://example.com/a.jpg".to_owned());
            }),
            Err("config.posterOverrides.m1".to_owned())
        );
        assert_eq!(
            check(|c| {
                c.poster_overrides
                    .insert("m9".to_owned(), "/media/0123456789abcdef.jpg".to_owned());
            }),
            Err("config.posterOverrides.m9".to_owned())
        );
    }

    #[test]
    fn a_theater_names_its_bad_field() {
        let good = Theater {
            id: "101".to_owned(),
            name: "Riverfront".to_owned(),
            slug: "riverfront".to_owned(),
            code: "RF".to_owned(),
            ..Theater::default()
        };
        assert_eq!(theater(&good), Ok(None));
        let field = |edit: fn(&mut Theater)| {
            let mut bad = good.clone();
            edit(&mut bad);
            theater(&bad).expect_err("refused").field
        };
        assert_eq!(field(|t| t.id = "1-2".to_owned()), "id");
        assert_eq!(field(|t| t.latitude = 91.0), "latitude");
        assert_eq!(field(|t| t.parking = "x".repeat(2001)), "parking");
        let hours = |days: &[&str], opens: &str, closes: &str| OpeningHours {
            days: days.iter().map(|day| (*day).to_owned()).collect(),
            opens: opens.to_owned(),
            closes: closes.to_owned(),
        };
        let mut open_late = good.clone();
        open_late.opening_hours = vec![hours(&["Friday", "Saturday"], "10:00", "01:30")];
        assert_eq!(theater(&open_late), Ok(None));
        for (line, at) in [
            (hours(&[], "10:00", "22:00"), "openingHours[0].days"),
            (hours(&["Mon"], "10:00", "22:00"), "openingHours[0].days"),
            (
                hours(&["Monday"], "24:00", "22:00"),
                "openingHours[0].opens",
            ),
            (
                hours(&["Monday"], "10:00", "9:30"),
                "openingHours[0].closes",
            ),
            (
                hours(&["Monday"], "10:00", "10:00"),
                "openingHours[0].closes",
            ),
        ] {
            let mut bad = good.clone();
            bad.opening_hours = vec![line];
            assert_eq!(theater(&bad).expect_err("refused").field, at);
        }
        assert_eq!(field(|t| t.code.clear()), "code");
        assert_eq!(
            field(|t| t.time_zone = "Mars/Olympus".to_owned()),
            "timeZone"
        );
        assert_eq!(
            field(|t| {
                t.ticketing_provider = Some(TicketingProvider {
                    hand_offs: vec!["teleport".to_owned()],
                    ..TicketingProvider::default()
                })
            }),
            "ticketingProvider.handOffs[0]"
        );
    }
}
