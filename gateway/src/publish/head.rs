//! What a published page says about itself in its `<head>`, for search engines and link
//! previews: a title of its own, a description, the canonical URL, Open Graph and the
//! twitter card, and schema.org JSON-LD (WebSite and Organization on the home page,
//! MovieTheater, Movie with its ScreeningEvents, Event). Pure: page and site in, HTML out.

use proto::catalogue::v1 as catalogue;
use serde_json::{Map, Value, json};

use super::posters;
use super::public_pages::{PublicPage, Subject, theater_path, theaters_showing};
use crate::html::escape;
use crate::site_data::SiteData;

/// Search engines show about this much of a description.
const DESCRIPTION_CHARS: usize = 160;
/// The soonest screenings a movie page describes: enough for search results, and a
/// page's size stays bounded however many theaters show the movie.
const MAX_SCREENINGS: usize = 100;

/// The JSON-LD node ids of a movie's and a theater's page, so nodes can name each other.
fn movie_node_id(page_url: &str) -> String {
    format!("{page_url}#movie")
}

fn theater_node_id(page_url: &str) -> String {
    format!("{page_url}#theater")
}

/// A page's image for link previews.
struct PreviewImage {
    url: String,
    /// Width and height in pixels, where known (the generated posters' cards).
    size: Option<(u32, u32)>,
}

/// The facts a page's head is built from.
pub struct HeadContext<'a> {
    pub site: &'a SiteData,
    /// PUBLIC_URL without a trailing slash: absolute links start with it.
    pub origin: &'a str,
    /// Whether the site's card is published, the preview of pages without an image.
    pub site_card: bool,
}

impl HeadContext<'_> {
    fn message(&self, key: &str) -> &str {
        self.site
            .messages
            .messages
            .get(key)
            .map(String::as_str)
            .unwrap_or_default()
    }

    fn absolute(&self, path: &str) -> String {
        if path.starts_with("http://") || path.starts_with("https://") {
            path.to_owned()
        } else {
            format!("{}/{}", self.origin, path.trim_start_matches('/'))
        }
    }

    /// The page's own name, before the site's (none on the home page).
    fn page_name<'p>(&'p self, subject: &'p Subject<'_>) -> Option<&'p str> {
        let name = match subject {
            Subject::Home { .. } => return None,
            Subject::MovieList { .. } => self.message("movies.title"),
            Subject::Movie { movie, .. } => &movie.title,
            Subject::TheaterList { .. } => self.message("theaters.title"),
            Subject::Theater { theater, .. } => &theater.name,
            Subject::Showtimes { .. } => self.message("showtimes.title"),
            Subject::EventList { .. } => self.message("events.title"),
            Subject::Event { event } => &event.title,
            Subject::Content { page } => &page.title,
            Subject::NotFound => self.message("notFound.title"),
            Subject::ServerError => self.message("serverError.title"),
        };
        Some(name).filter(|name| !name.is_empty())
    }

    pub fn description(&self, page: &PublicPage<'_>) -> String {
        let tagline = self.message("footer.tagline");
        let names = |key: &str, names: Vec<&str>| {
            let heading = self.message(key);
            if names.is_empty() {
                tagline.to_owned()
            } else {
                format!("{heading}: {}.", names.join(", "))
            }
        };
        let text = match &page.subject {
            Subject::Home { .. } | Subject::Showtimes { .. } => tagline.to_owned(),
            Subject::MovieList { movies } => names(
                "movies.title",
                movies.iter().map(|movie| movie.title.as_str()).collect(),
            ),
            Subject::TheaterList { theaters } => names(
                "theaters.title",
                theaters
                    .iter()
                    .map(|theater| theater.name.as_str())
                    .collect(),
            ),
            Subject::EventList { events } => names(
                "events.title",
                events.iter().map(|event| event.title.as_str()).collect(),
            ),
            Subject::Movie { movie, .. } => movie.synopsis.clone(),
            Subject::Theater { theater, .. } => {
                let address = postal_address(theater);
                [address.as_str(), theater.description.as_str()]
                    .into_iter()
                    .filter(|part| !part.is_empty())
                    .collect::<Vec<_>>()
                    .join(". ")
            }
            Subject::Event { event } => event.description.clone(),
            Subject::Content { page } => Some(page.seo_description.clone())
                .into_iter()
                .chain(
                    page.sections
                        .iter()
                        .flat_map(|section| section.paragraphs.iter().cloned()),
                )
                .chain(
                    page.blocks
                        .iter()
                        .filter(|block| block.r#type == "paragraph")
                        .map(|block| block.text.iter().map(|run| run.text.as_str()).collect()),
                )
                .find(|paragraph| !paragraph.trim().is_empty())
                .unwrap_or_else(|| tagline.to_owned()),
            Subject::NotFound => self.message("notFound.text").to_owned(),
            Subject::ServerError => self.message("serverError.text").to_owned(),
        };
        shorten(&text, DESCRIPTION_CHARS)
    }

    /// The page's image for link previews: its poster (a generated one as its PNG
    /// card), else a raster logo, else the site's card. Social networks show no SVG.
    fn image(&self, subject: &Subject<'_>) -> Option<PreviewImage> {
        let poster = match subject {
            Subject::Movie { movie, .. } => movie.poster_url.as_str(),
            Subject::Event { event } => event.poster_url.as_str(),
            Subject::Content { page } => page.seo_image.as_str(),
            _ => "",
        };
        let card = |path: &str| PreviewImage {
            url: self.absolute(path),
            size: Some((posters::CARD_WIDTH, posters::CARD_HEIGHT)),
        };
        if let Some(preview) = posters::preview_path(poster) {
            return Some(card(&preview));
        }
        let logo = self
            .site
            .settings()
            .logo
            .map(|logo| logo.src)
            .unwrap_or_default();
        [poster, logo.as_str()]
            .into_iter()
            .find(|image| is_raster(image))
            .map(|image| PreviewImage {
                url: self.absolute(image),
                size: None,
            })
            .or_else(|| self.site_card.then(|| card(posters::SITE_CARD_PATH)))
    }

    /// The `<head>` elements of `page`, one per line.
    pub fn head(&self, page: &PublicPage<'_>) -> String {
        // A day's page is named with its day: a title of its own.
        let name = match (self.page_name(&page.subject), &page.day) {
            (Some(name), Some(day)) => Some(format!("{name} ({day})")),
            (None, Some(day)) => Some(day.clone()),
            (name, None) => name.map(str::to_owned),
        };
        let title = page_title(name.as_deref(), &self.site.site_name());
        let description = self.description(page);
        let url = self.absolute(&page.address());
        let og_type = match page.subject {
            Subject::Movie { .. } => "video.movie",
            _ => "website",
        };
        let mut lines = vec![
            format!("<title>{}</title>", escape(&title)),
            meta_name("description", &description),
            format!(r#"<link rel="canonical" href="{}" />"#, escape(&url)),
            meta_property("og:title", name.as_deref().unwrap_or(&title)),
            meta_property("og:description", &description),
            meta_property("og:url", &url),
            meta_property("og:type", og_type),
            meta_property("og:site_name", &self.site.site_name()),
            meta_property("og:locale", &self.site.config().locale.replace('-', "_")),
        ];
        let image = self.image(&page.subject);
        if let Some(image) = &image {
            lines.push(meta_property("og:image", &image.url));
            if let Some((width, height)) = image.size {
                lines.push(meta_property("og:image:width", &width.to_string()));
                lines.push(meta_property("og:image:height", &height.to_string()));
            }
            if let Some(name) = &name {
                lines.push(meta_property("og:image:alt", name));
            }
        }
        let card = if image.is_some() {
            "summary_large_image"
        } else {
            "summary"
        };
        lines.push(meta_name("twitter:card", card));
        if page.status.is_success() {
            let graph = self.structured_data(page);
            if !graph.is_empty() {
                let document = json!({ "@context": "https://schema.org", "@graph": graph });
                lines.push(format!(
                    r#"<script type="application/ld+json">{}</script>"#,
                    script_json(&document.to_string())
                ));
            }
        } else {
            lines.push(meta_name("robots", "noindex"));
        }
        lines.join("\n    ")
    }

    fn structured_data(&self, page: &PublicPage<'_>) -> Vec<Value> {
        match &page.subject {
            Subject::Home { .. } => vec![self.website(), self.organization()],
            Subject::Theater { theater, .. } => vec![self.theater_node(theater, true)],
            Subject::Movie { movie, showtimes } => {
                // Each theater once, which the screenings name by its @id: a page of a
                // large chain lists the same few theaters hundreds of times.
                let screenings = &showtimes[..showtimes.len().min(MAX_SCREENINGS)];
                let mut nodes = vec![self.movie_node(movie)];
                nodes.extend(
                    theaters_showing(screenings.iter().copied())
                        .iter()
                        .filter_map(|id| self.site.theaters.iter().find(|t| t.id == *id))
                        .map(|theater| self.theater_node(theater, true)),
                );
                nodes.extend(
                    screenings
                        .iter()
                        .map(|showtime| self.screening(showtime, movie)),
                );
                nodes
            }
            Subject::Event { event } => vec![self.event_node(event)],
            _ => Vec::new(),
        }
    }

    /// The site, with its search as a SearchAction when the header offers one.
    fn website(&self) -> Value {
        let search = (self.site.settings().has_search == Some(true)).then(|| {
            json!({
                "@type": "SearchAction",
                "target": {
                    "@type": "EntryPoint",
                    "urlTemplate": format!("{}?q={{search_term_string}}", self.absolute("/search/")),
                },
                "query-input": "required name=search_term_string",
            })
        });
        compact(json!({
            "@type": "WebSite",
            "name": self.site.site_name(),
            "url": self.absolute("/"),
            "potentialAction": search,
        }))
    }

    fn organization(&self) -> Value {
        let settings = self.site.settings();
        let same_as: Vec<&str> = settings
            .social_links
            .iter()
            .map(|link| link.url.as_str())
            .filter(|url| !url.is_empty())
            .collect();
        compact(json!({
            "@type": "Organization",
            "name": self.site.site_name(),
            "url": self.absolute("/"),
            "logo": settings.logo.as_ref().filter(|logo| !logo.src.is_empty()).map(|logo| self.absolute(&logo.src)),
            "sameAs": same_as,
        }))
    }

    fn theater_node(&self, theater: &catalogue::Theater, with_url: bool) -> Value {
        let address = theater.address.clone().unwrap_or_default();
        let has_geo = theater.latitude != 0.0 || theater.longitude != 0.0;
        let url = with_url.then(|| self.absolute(&theater_path(theater)));
        compact(json!({
            "@type": "MovieTheater",
            "@id": url.as_deref().map(theater_node_id),
            "name": theater.name,
            "url": url,
            "telephone": theater.phone,
            "email": theater.email,
            "screenCount": (theater.screens > 0).then_some(theater.screens),
            "description": theater.description,
            "address": compact(json!({
                "@type": "PostalAddress",
                "streetAddress": address.street,
                "addressLocality": address.city,
                "addressRegion": address.state,
                "postalCode": address.zip_code,
                "addressCountry": address.country,
            })),
            "geo": has_geo.then(|| json!({
                "@type": "GeoCoordinates",
                "latitude": theater.latitude,
                "longitude": theater.longitude,
            })),
            "openingHoursSpecification": theater.opening_hours.iter().map(|line| json!({
                "@type": "OpeningHoursSpecification",
                "dayOfWeek": line.days,
                "opens": line.opens,
                "closes": line.closes,
            })).collect::<Vec<_>>(),
        }))
    }

    fn movie_node(&self, movie: &catalogue::Movie) -> Value {
        let people = |names: &[String]| -> Vec<Value> {
            names
                .iter()
                .map(|name| json!({ "@type": "Person", "name": name }))
                .collect()
        };
        let url = self.absolute(&movie.path);
        compact(json!({
            "@type": "Movie",
            "@id": movie_node_id(&url),
            "name": movie.title,
            "url": url,
            "image": (!movie.poster_url.is_empty()).then(|| self.absolute(&movie.poster_url)),
            "description": movie.synopsis,
            "duration": iso_duration(movie.runtime_minutes),
            "contentRating": movie.rating,
            "genre": movie.genres,
            "datePublished": movie.release_date,
            "inLanguage": movie.original_language,
            "director": people(&movie.directors),
            "actor": people(&movie.cast),
        }))
    }

    fn screening(&self, showtime: &catalogue::Showtime, movie: &catalogue::Movie) -> Value {
        let theater = self
            .site
            .theaters
            .iter()
            .find(|t| t.id == showtime.theater_id);
        let availability = match showtime.availability.as_str() {
            "sold-out" => "https://schema.org/SoldOut",
            "selling-fast" => "https://schema.org/LimitedAvailability",
            _ => "https://schema.org/InStock",
        };
        compact(json!({
            "@type": "ScreeningEvent",
            "name": movie.title,
            "startDate": showtime.starts_at,
            "videoFormat": showtime.format,
            "eventStatus": "https://schema.org/EventScheduled",
            "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
            "location": theater.map(|theater| json!({
                "@type": "MovieTheater",
                "@id": theater_node_id(&self.absolute(&theater_path(theater))),
                "name": theater.name,
            })),
            "workPresented": { "@type": "Movie", "@id": movie_node_id(&self.absolute(&movie.path)), "name": movie.title },
            "offers": (!showtime.ticketing_url.is_empty()).then(|| json!({
                "@type": "Offer",
                "url": self.absolute(&showtime.ticketing_url),
                "availability": availability,
            })),
        }))
    }

    fn event_node(&self, event: &catalogue::Event) -> Value {
        let theater = self.site.theaters.iter().find(|t| t.id == event.theater_id);
        compact(json!({
            "@type": "Event",
            "name": event.title,
            "description": event.description,
            "url": self.absolute(&event.path),
            "startDate": event.starts_at,
            "image": (!event.poster_url.is_empty()).then(|| self.absolute(&event.poster_url)),
            "eventStatus": "https://schema.org/EventScheduled",
            "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
            "location": theater.map(|theater| self.theater_node(theater, true)),
            "offers": (!event.ticketing_url.is_empty()).then(|| json!({
                "@type": "Offer",
                "url": self.absolute(&event.ticketing_url),
            })),
        }))
    }
}

/// "12 Main St, Springfield, IL 62701".
pub fn postal_address(theater: &catalogue::Theater) -> String {
    let Some(address) = &theater.address else {
        return String::new();
    };
    let region = [address.state.as_str(), address.zip_code.as_str()]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    [
        address.street.as_str(),
        address.city.as_str(),
        region.as_str(),
    ]
    .into_iter()
    .filter(|part| !part.is_empty())
    .collect::<Vec<_>>()
    .join(", ")
}

/// `text` cut at a word boundary to at most `max` characters, with an ellipsis.
fn shorten(text: &str, max: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= max {
        return text;
    }
    let cut: String = text.chars().take(max - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.', ' ']))
}

/// PT2H8M: an ISO 8601 duration in minutes.
fn iso_duration(minutes: i32) -> Option<String> {
    if minutes <= 0 {
        return None;
    }
    let (hours, rest) = (minutes / 60, minutes % 60);
    let hours = if hours > 0 {
        format!("{hours}H")
    } else {
        String::new()
    };
    let rest = if rest > 0 {
        format!("{rest}M")
    } else {
        String::new()
    };
    Some(format!("PT{hours}{rest}"))
}

/// `node` without its null, empty-string and empty-list fields.
fn compact(node: Value) -> Value {
    match node {
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .filter(|(_, value)| match value {
                    Value::Null => false,
                    Value::String(text) => !text.is_empty(),
                    Value::Array(items) => !items.is_empty(),
                    Value::Object(inner) => inner.keys().any(|key| key != "@type"),
                    _ => true,
                })
                .collect::<Map<_, _>>(),
        ),
        other => other,
    }
}

/// Whether `url` names an image link previews show: PNG, JPEG, GIF or WebP.
fn is_raster(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let extension = path.rsplit_once('.').map(|(_, extension)| extension);
    extension.is_some_and(|extension| {
        ["png", "jpg", "jpeg", "gif", "webp"]
            .iter()
            .any(|raster| extension.eq_ignore_ascii_case(raster))
    })
}

/// JSON text safe inside a `<script>` element: no `<` can close it.
pub fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
}

fn meta_name(name: &str, content: &str) -> String {
    format!(r#"<meta name="{name}" content="{}" />"#, escape(content))
}

fn meta_property(property: &str, content: &str) -> String {
    format!(
        r#"<meta property="{property}" content="{}" />"#,
        escape(content)
    )
}

/// `{page} | {site}`, or the site's name alone on a page without a name of its own. The
/// web app's `pageTitle` (web/src/rules/page-title.ts) keeps the title as the visitor
/// moves; both are tested against fixtures/page-title.json.
pub fn page_title(page: Option<&str>, site: &str) -> String {
    match page.filter(|page| !page.is_empty()) {
        Some(page) => format!("{page} | {site}"),
        None => site.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_those_of_the_shared_fixture() {
        let cases: Vec<serde_json::Value> =
            serde_json::from_str(include_str!("../../../fixtures/page-title.json"))
                .expect("fixtures/page-title.json is JSON");
        assert!(!cases.is_empty());
        for case in cases {
            let site = case["site"].as_str().expect("a site");
            assert_eq!(
                page_title(case["page"].as_str(), site),
                case["expected"],
                "{case}"
            );
        }
    }

    #[test]
    fn a_long_description_is_cut_at_a_word_with_an_ellipsis() {
        let text = "word ".repeat(60);
        let short = shorten(&text, 40);
        assert!(short.chars().count() <= 40, "{short}");
        assert!(short.ends_with("word…"), "{short}");
        assert_eq!(shorten("  A   short\ntext ", 40), "A short text");
    }

    #[test]
    fn durations_are_iso_8601() {
        assert_eq!(iso_duration(128).as_deref(), Some("PT2H8M"));
        assert_eq!(iso_duration(120).as_deref(), Some("PT2H"));
        assert_eq!(iso_duration(45).as_deref(), Some("PT45M"));
        assert_eq!(iso_duration(0), None);
    }

    #[test]
    fn only_raster_images_are_previews() {
        for raster in [
            "/logo.png",
            "https://cdn.example/a/logo.JPG?v=2",
            "x.webp#top",
            "a.gif",
        ] {
            assert!(is_raster(raster), "{raster}");
        }
        for other in [
            "/logo.svg",
            "",
            "https://cdn.example/logo",
            "png",
            "/a.png/b",
        ] {
            assert!(!is_raster(other), "{other}");
        }
    }

    #[test]
    fn script_json_cannot_close_its_element() {
        assert_eq!(
            script_json(r#"{"a":"</script>"}"#),
            r#"{"a":"\u003c/script>"}"#
        );
    }

    #[test]
    fn a_theater_node_gives_its_opening_hours() {
        let site = super::super::fixture::site("{}");
        let context = HeadContext {
            site: &site,
            origin: "https://marquee.example",
            site_card: false,
        };
        let mut theater = site.theaters[0].clone();
        let node = context.theater_node(&theater, false);
        assert!(node.get("openingHoursSpecification").is_none(), "{node}");
        theater.opening_hours = vec![catalogue::OpeningHours {
            days: vec!["Friday".to_owned(), "Saturday".to_owned()],
            opens: "10:00".to_owned(),
            closes: "01:30".to_owned(),
        }];
        let node = context.theater_node(&theater, false);
        assert_eq!(
            node["openingHoursSpecification"],
            json!([{
                "@type": "OpeningHoursSpecification",
                "dayOfWeek": ["Friday", "Saturday"],
                "opens": "10:00",
                "closes": "01:30",
            }])
        );
    }

    #[test]
    fn empty_fields_are_left_out_of_a_node() {
        let node = compact(
            json!({"@type": "X", "a": "", "b": [], "c": null, "d": {"@type": "Y"}, "e": 1}),
        );
        assert_eq!(node, json!({"@type": "X", "e": 1}));
    }
}
