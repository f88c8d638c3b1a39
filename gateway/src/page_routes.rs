//! The site's page routes (docs/pages-and-links.md#routes): which screen a
//! path shows, before anything is looked up.

/// A page path as the router understands it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageRoute {
    Home,
    MovieList,
    /// `/movies/{movieId}-{slug}/`; the segment is matched against the catalogue.
    Movie {
        segment: String,
    },
    /// Anything deeper under `/movies/`: the movie its first segment names, if any.
    MovieCatchAll {
        segment: String,
    },
    /// `/permalink/movie/{movieId}`: redirects to the movie's page.
    MoviePermalink {
        id: String,
    },
    TheaterList,
    Theater {
        segment: String,
    },
    Showtimes,
    EventList,
    Event {
        segment: String,
    },
    /// `/account/` and its screens (`/account/{screen}/`): the loyalty-member area.
    Account,
    /// `/search/`: site search's results (docs/ingest.md#site-search), never published.
    Search,
    /// `/404.html`
    NotFound,
    /// `/500.html`
    ServerError,
    /// `/{slug}/`: a generic content page (about, privacy policy, login page...).
    Content {
        slug: String,
    },
}

/// Paths ending in these are files, never pages, and are left unchanged by path
/// normalisation (docs/pages-and-links.md#path-normalisation).
const FILE_EXTENSIONS: [&str; 7] = [".html", ".json", ".js", ".map", ".txt", ".xml", ".pdf"];

pub fn is_file_path(path: &str) -> bool {
    let path = path.to_ascii_lowercase();
    FILE_EXTENSIONS
        .iter()
        .any(|extension| path.ends_with(extension))
}

/// The canonical form of a page path under the site's trailing-slash rule
/// ("always" or "never"), or `None` when it is already canonical. The web app applies
/// the same rule (web: `normalisePath`); both are tested against
/// fixtures/path-normalisation.json.
pub fn canonical_path(path: &str, trailing_slash: &str) -> Option<String> {
    if path == "/" || is_file_path(path) {
        return None;
    }
    let bare = path.trim_end_matches('/');
    let canonical = match trailing_slash {
        _ if bare.is_empty() => "/".to_owned(),
        "never" => bare.to_owned(),
        "always" => format!("{bare}/"),
        _ => return None,
    };
    (canonical != path).then_some(canonical)
}

impl PageRoute {
    pub fn parse(path: &str) -> Option<PageRoute> {
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let route = match segments.as_slice() {
            [] => PageRoute::Home,
            ["404.html"] => PageRoute::NotFound,
            ["500.html"] => PageRoute::ServerError,
            [file] if file.contains('.') => return None,
            ["movies"] => PageRoute::MovieList,
            ["movies", segment] => PageRoute::Movie {
                segment: (*segment).to_owned(),
            },
            ["movies", segment, ..] => PageRoute::MovieCatchAll {
                segment: (*segment).to_owned(),
            },
            ["permalink", "movie", id, ..] => PageRoute::MoviePermalink {
                id: (*id).to_owned(),
            },
            ["theaters"] => PageRoute::TheaterList,
            ["theaters", segment] => PageRoute::Theater {
                segment: (*segment).to_owned(),
            },
            ["showtimes"] => PageRoute::Showtimes,
            ["events"] => PageRoute::EventList,
            ["events", segment] => PageRoute::Event {
                segment: (*segment).to_owned(),
            },
            ["account"] => PageRoute::Account,
            ["account", screen] if site_paths::account::is_screen(screen) => PageRoute::Account,
            ["search"] => PageRoute::Search,
            [slug] => PageRoute::Content {
                slug: (*slug).to_owned(),
            },
            _ => return None,
        };
        Some(route)
    }
}

/// Whether `segment` (`{id}-{slug}` or a bare id) names the entity `id`.
pub fn segment_names(segment: &str, id: &str) -> bool {
    segment == id
        || segment
            .strip_prefix(id)
            .is_some_and(|rest| rest.starts_with('-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The web app's `normalisePath` is tested against the same file.
    #[test]
    fn paths_are_normalised_as_the_shared_fixture_says() {
        let cases: Vec<serde_json::Value> =
            serde_json::from_str(include_str!("../../fixtures/path-normalisation.json"))
                .expect("fixtures/path-normalisation.json is JSON");
        assert!(!cases.is_empty());
        for case in cases {
            let path = case["path"].as_str().expect("a path");
            let rule = case["trailingSlash"].as_str().expect("a rule");
            let canonical = canonical_path(path, rule).unwrap_or_else(|| path.to_owned());
            assert_eq!(canonical, case["expected"], "{path} under {rule}");
        }
    }

    #[test]
    fn every_page_shape_parses_to_its_screen() {
        let cases = [
            ("/", Some(PageRoute::Home)),
            ("/movies/", Some(PageRoute::MovieList)),
            ("/movies", Some(PageRoute::MovieList)),
            (
                "/movies/1001-the-long-night/",
                Some(PageRoute::Movie {
                    segment: "1001-the-long-night".to_owned(),
                }),
            ),
            (
                "/movies/a/b/",
                Some(PageRoute::MovieCatchAll {
                    segment: "a".to_owned(),
                }),
            ),
            (
                "/permalink/movie/1001",
                Some(PageRoute::MoviePermalink {
                    id: "1001".to_owned(),
                }),
            ),
            ("/theaters/", Some(PageRoute::TheaterList)),
            ("/showtimes/", Some(PageRoute::Showtimes)),
            ("/events/", Some(PageRoute::EventList)),
            ("/account/", Some(PageRoute::Account)),
            ("/account/cards/", Some(PageRoute::Account)),
            ("/account/no-such-screen/", None),
            ("/account/cards/extra/", None),
            ("/search/", Some(PageRoute::Search)),
            ("/404.html", Some(PageRoute::NotFound)),
            ("/500.html", Some(PageRoute::ServerError)),
            (
                "/about/",
                Some(PageRoute::Content {
                    slug: "about".to_owned(),
                }),
            ),
            ("/favicon.ico", None),
            ("/a/b/c/", None),
        ];
        for (path, expected) in cases {
            assert_eq!(PageRoute::parse(path), expected, "{path}");
        }
    }

    #[test]
    fn trailing_slashes_follow_the_site_rule_and_files_are_left_alone() {
        assert_eq!(
            canonical_path("/movies", "always"),
            Some("/movies/".to_owned())
        );
        assert_eq!(canonical_path("/movies/", "always"), None);
        assert_eq!(
            canonical_path("/movies/", "never"),
            Some("/movies".to_owned())
        );
        assert_eq!(canonical_path("/movies", "never"), None);
        assert_eq!(canonical_path("/", "never"), None);
        for file in [
            "/sitemap.xml",
            "/a.pdf",
            "/404.html",
            "/x.json",
            "/m.js.map",
        ] {
            assert_eq!(canonical_path(file, "always"), None, "{file}");
        }
    }

    #[test]
    fn a_segment_names_an_entity_by_its_id_prefix() {
        assert!(segment_names("1001-the-long-night", "1001"));
        assert!(segment_names("1001", "1001"));
        assert!(!segment_names("10010-other", "1001"));
        assert!(!segment_names("x1001-a", "1001"));
    }
}
