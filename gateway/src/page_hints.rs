//! Preload hints in the HTML shell: the JSON a page's first screen asks for, its
//! largest image and the code chunks it renders with, so the browser fetches them while
//! the app's entry is still loading instead of after it has run (the home hero's poster
//! is in no markup before React has rendered the page).
//!
//! The URLs mirror the requests of the web app (`web/src/features/*/api`, the current
//! theater rule of `features/theaters/utils/current-theater.ts`): a hint that stops
//! matching costs one unused download and nothing else.

use serde_json::Value;

use crate::html::escape;
use crate::page_data::ResolvedPage;
use crate::web_chunks::WebChunks;

/// The cookie holding the visitor's theater (SPEC.md section 9).
const SELECTED_THEATER_COOKIE: &str = "selectedTheaterId";
/// The movies of this play week are the ones the home hero features.
const NOW_SHOWING: &str = "CURRENT_PLAYWEEK";
/// The frame's part of every first screen: the consent banner's code
/// (`preloadFirstScreen` in `web/src/app/router.tsx`).
const FRAME_SOURCE: &str = "src/app/layout/third-party-layer.tsx";

#[derive(Debug, PartialEq, Eq)]
enum Hint {
    /// A `fetch()` of the app's API client.
    Json(String),
    /// The page's largest image.
    Image(String),
    /// A script chunk the page renders with.
    Script(String),
    /// The style sheet of such a chunk.
    Style(String),
}

/// `<link rel=preload>` tags for the page, one per line.
pub fn preload_links(
    page: &ResolvedPage,
    cookie_header: Option<&str>,
    chunks: &WebChunks,
) -> String {
    let selected = cookie_header.and_then(selected_theater);
    let theater = current_theater(page, selected);
    let mut hints = hints(page.template_name, &page.data, theater.as_deref());
    hints.extend(code_hints(page.template_name, chunks));
    hints
        .iter()
        .map(|hint| match hint {
            Hint::Json(url) => format!(
                r#"<link rel="preload" href="{}" as="fetch" crossorigin="anonymous" />"#,
                escape(url)
            ),
            Hint::Image(url) => format!(
                r#"<link rel="preload" href="{}" as="image" fetchpriority="high" />"#,
                escape(url)
            ),
            // Both as the app's loader asks for them (`crossorigin`), so it finds them.
            Hint::Script(url) => format!(
                r#"<link rel="modulepreload" href="{}" crossorigin="" />"#,
                escape(url)
            ),
            Hint::Style(url) => format!(
                r#"<link rel="preload" href="{}" as="style" crossorigin="" />"#,
                escape(url)
            ),
        })
        .collect::<Vec<_>>()
        .join("\n    ")
}

fn hints(template: &str, data: &Value, theater: Option<&str>) -> Vec<Hint> {
    match template {
        "home" => {
            let mut hints = vec![
                Hint::Json(api_url("/api/v1/movies", &[("theaterId", theater)])),
                Hint::Json(api_url("/api/v1/events", &[("theaterId", theater)])),
            ];
            // With a theater the hero shows that theater's movies, which the page data
            // (the whole chain's list) does not tell.
            if theater.is_none() {
                let hero = data["movies"]
                    .as_array()
                    .and_then(|movies| movies.iter().find(|m| m["playWeek"] == NOW_SHOWING));
                hints.extend(hero.and_then(poster).map(Hint::Image));
            }
            hints
        }
        "movie" => {
            let movie = &data["movie"];
            let mut hints = vec![Hint::Json("/api/v1/movies".to_owned())];
            if let Some(id) = movie["id"].as_str() {
                hints.push(Hint::Json(api_url(
                    "/api/v1/showtimes",
                    &[("theaterId", theater), ("movieId", Some(id))],
                )));
            }
            hints.extend(poster(movie).map(Hint::Image));
            hints
        }
        _ => Vec::new(),
    }
}

/// The chunks of the page's route (`web/src/app/routes/{template}.tsx`) and of the frame.
fn code_hints(template: &str, chunks: &WebChunks) -> Vec<Hint> {
    if !matches!(template, "home" | "movie") {
        return Vec::new();
    }
    let route = format!("src/app/routes/{template}.tsx");
    let files = chunks.files_of(&[route.as_str(), FRAME_SOURCE]);
    let scripts = files.scripts.into_iter().map(Hint::Script);
    scripts
        .chain(files.style_sheets.into_iter().map(Hint::Style))
        .collect()
}

fn poster(movie: &Value) -> Option<String> {
    movie["posterUrl"]
        .as_str()
        .filter(|url| !url.is_empty())
        .map(str::to_owned)
}

/// The theater the app will show the page for: the first one of a single-location
/// site, otherwise the page's own, otherwise the visitor's choice when it still exists.
fn current_theater(page: &ResolvedPage, selected: Option<&str>) -> Option<String> {
    let theaters = page.theaters();
    if page.is_single_location() {
        return theaters.first().map(|theater| theater.id.clone());
    }
    [Some(page.theater_id.as_str()), selected]
        .into_iter()
        .flatten()
        .find(|id| !id.is_empty() && theaters.iter().any(|theater| theater.id == *id))
        .map(str::to_owned)
}

fn selected_theater(cookie_header: &str) -> Option<&str> {
    cookie_header
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SELECTED_THEATER_COOKIE)
        .map(|(_, value)| value)
}

/// `path?name=value&...` as the app's `buildUrl` writes it: empty values left out,
/// values encoded like `URLSearchParams`.
fn api_url(path: &str, query: &[(&str, Option<&str>)]) -> String {
    let pairs: Vec<String> = query
        .iter()
        .filter_map(|(name, value)| value.filter(|v| !v.is_empty()).map(|v| (name, v)))
        .map(|(name, value)| format!("{name}={}", form_encode(value)))
        .collect();
    if pairs.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{}", pairs.join("&"))
    }
}

fn form_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                out.push(char::from(byte));
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_home_page_preloads_its_lists_and_the_first_now_showing_poster() {
        let data = json!({"movies": [
            {"id": "1", "playWeek": "COMING_SOON", "posterUrl": "/posters/1.svg"},
            {"id": "2", "playWeek": "CURRENT_PLAYWEEK", "posterUrl": "/posters/2.svg"},
        ]});
        assert_eq!(
            hints("home", &data, None),
            [
                Hint::Json("/api/v1/movies".to_owned()),
                Hint::Json("/api/v1/events".to_owned()),
                Hint::Image("/posters/2.svg".to_owned()),
            ]
        );
    }

    #[test]
    fn with_a_theater_the_home_page_preloads_that_theaters_lists_and_no_poster() {
        let data = json!({"movies": [{"id": "2", "playWeek": "CURRENT_PLAYWEEK", "posterUrl": "/posters/2.svg"}]});
        assert_eq!(
            hints("home", &data, Some("7")),
            [
                Hint::Json("/api/v1/movies?theaterId=7".to_owned()),
                Hint::Json("/api/v1/events?theaterId=7".to_owned()),
            ]
        );
    }

    #[test]
    fn a_movie_page_preloads_the_movies_its_showtimes_and_its_poster() {
        let data = json!({"movie": {"id": "1004", "posterUrl": "/posters/1004.svg"}});
        assert_eq!(
            hints("movie", &data, Some("2")),
            [
                Hint::Json("/api/v1/movies".to_owned()),
                Hint::Json("/api/v1/showtimes?theaterId=2&movieId=1004".to_owned()),
                Hint::Image("/posters/1004.svg".to_owned()),
            ]
        );
    }

    #[test]
    fn other_pages_get_no_hints() {
        assert!(hints("theater", &json!({}), Some("2")).is_empty());
    }

    #[test]
    fn query_values_are_encoded_like_url_search_params() {
        assert_eq!(
            api_url("/x", &[("a", Some("b c&d")), ("e", None), ("f", Some(""))]),
            "/x?a=b+c%26d"
        );
    }

    #[test]
    fn the_selected_theater_is_read_from_its_cookie() {
        assert_eq!(
            selected_theater("colorMode=dark; selectedTheaterId=3"),
            Some("3")
        );
        assert_eq!(selected_theater("other=1"), None);
    }
}
