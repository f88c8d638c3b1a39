//! The built web app (web/dist): hashed assets with long-lived caching, other files
//! revalidated, and every page path the snapshot does not hold as it is: other
//! spellings of a published page redirect to it, the member area and previews get the
//! web app's shell, anything else the 404 page. Also the generated posters.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::extract::{self, State};
use axum::handler::Handler;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use bytes::Bytes;
use proto::catalogue::v1::GetPosterRequest;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::clients::Services;
use crate::error::{AppError, error_response};
use crate::etag::{ETag, conditional};
use crate::page_routes::{PageRoute, canonical_path, segment_names};
use crate::publish::document::{PageParts, Template};
use crate::publish::draft_preview::{DraftPreview, PreviewError};
use crate::security::ContentSecurityPolicy;
use crate::served::serve::{answer, answer_from, error_page};
use crate::served::{Published, PublishedFile, PublishedFiles};

/// What the web app's routes read: the build, the published snapshot its pages come
/// from, the catalogue for posters, and what previews the site's draft.
#[derive(Debug)]
pub struct WebContext {
    pub web: WebApp,
    pub published: Published,
    pub services: Services,
    pub preview: DraftPreview,
}

/// Vite names files under assets/ by content hash, so they never change.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

#[derive(Debug, Clone)]
pub struct WebApp {
    dist: PathBuf,
    /// index.html taken apart once at start; `None` when the app is not built.
    template: Option<Arc<Template>>,
    /// The shell before any site is known (the catalogue has not answered yet).
    bare_shell: Option<Arc<PublishedFile>>,
}

/// Each built style sheet, `/assets/{name}.css` -> its text.
fn built_style_sheets(dist: &Path) -> Vec<(String, String)> {
    let Ok(entries) = std::fs::read_dir(dist.join("assets")) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let css = name
                .ends_with(".css")
                .then(|| std::fs::read_to_string(entry.path()).ok())??;
            Some((format!("/assets/{name}"), css))
        })
        .collect()
}

impl WebApp {
    pub fn load(dist: &Path) -> WebApp {
        let template = match std::fs::read_to_string(dist.join("index.html")) {
            Ok(html) => match Template::parse(&html) {
                Ok(template) => Some(Arc::new(template.with_styles(built_style_sheets(dist)))),
                Err(error) => {
                    tracing::error!(dist = %dist.display(), %error, "the web app's index.html cannot be used: pages answer 503");
                    None
                }
            },
            Err(_) => {
                tracing::warn!(dist = %dist.display(), "the web app is not built: pages answer 503 (run `make web`)");
                None
            }
        };
        let bare_shell = template.as_ref().map(|template| {
            let document = template.render(&PageParts {
                locale: "",
                head: "",
                markup: "",
                scripts: &[],
                style_sheets: &[],
                font_sheets: &[],
                theme_style: "",
                app_data: None,
                page_data: None,
            });
            let policy = ContentSecurityPolicy::fallback().for_page(&document.script_hashes);
            Arc::new(PublishedFile::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "text/html; charset=utf-8",
                Bytes::from(document.html),
                Some(policy),
                jiff::Timestamp::now(),
            ))
        });
        WebApp {
            dist: dist.to_owned(),
            template,
            bare_shell,
        }
    }

    pub fn template(&self) -> Option<Arc<Template>> {
        self.template.clone()
    }

    /// Where the build is (WEB_DIST).
    pub fn dist(&self) -> &Path {
        &self.dist
    }
}

/// The build's hashed files (`/assets/...`), the sites' and the studio's.
pub fn assets(dist: &Path) -> Router {
    Router::new()
        // The build writes each script and style sheet also Brotli-compressed at its best
        // quality (`.br`), smaller than what compressing on the fly can afford.
        .fallback_service(ServeDir::new(dist.join("assets")).precompressed_br())
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static(IMMUTABLE),
        ))
        // A cache must keep the Brotli and the other answers apart.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::VARY,
            HeaderValue::from_static("accept-encoding"),
        ))
}

pub fn router(context: &Arc<WebContext>) -> Router {
    let assets = assets(&context.web.dist);
    Router::new()
        .route("/posters/{file}", get(poster))
        // Browsers and crawlers that never read the page's icon link ask here first.
        .route(
            "/favicon.ico",
            get(|| async { axum::response::Redirect::permanent("/favicon.svg") }),
        )
        .with_state(context.clone())
        .nest("/assets", assets)
}

/// Files at the root of the build (sw.js, favicon...), then page paths.
pub fn fallback(context: Arc<WebContext>) -> Router {
    let dist = context.web.dist.clone();
    let pages = page.with_state(context);
    Router::new()
        .fallback_service(
            ServeDir::new(dist)
                .append_index_html_on_directories(false)
                .fallback(pages),
        )
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static(REVALIDATE),
        ))
}

async fn page(
    State(state): State<Arc<WebContext>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let path = uri.path();
    if path.starts_with("/page-data/") && state.published.current().is_none() {
        return error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            "not_published",
            "no page data yet: the site is published once the catalogue answers",
        );
    }
    if path.starts_with("/api/") || path.starts_with("/page-data/") {
        return error_response(
            StatusCode::NOT_FOUND,
            "not_found",
            &format!("no route {path}"),
        );
    }
    let head = method == Method::HEAD;
    let Some(snapshot) = state.published.current() else {
        // The shell still loads; the app shows the error page and retries.
        return match &state.web.bare_shell {
            Some(shell) => answer(shell, StatusCode::SERVICE_UNAVAILABLE, &headers, head),
            None => web_app_missing(),
        };
    };
    if let Some(previewed) = previewed_path(path)
        && let Some(token) = preview_token(&uri)
        && state.preview.shows(&token).await
    {
        return draft_page(&state, snapshot, previewed, &headers, head).await;
    }
    match where_to(&snapshot, path) {
        Destination::Redirect(to) => {
            let to = match uri.query() {
                Some(query) => format!("{to}?{query}"),
                None => to,
            };
            Redirect::permanent(&to).into_response()
        }
        Destination::Shell => match &snapshot.shell {
            Some(shell) => {
                answer_from(&state.published, shell, StatusCode::OK, &headers, head).await
            }
            None => web_app_missing(),
        },
        Destination::NotFound => {
            error_page(&state.published, StatusCode::NOT_FOUND, &headers, head).await
        }
    }
}

fn web_app_missing() -> Response {
    error_response(
        StatusCode::SERVICE_UNAVAILABLE,
        "web_app_missing",
        "the web app is not built",
    )
}

/// Where a page path the snapshot does not hold leads.
#[derive(Debug, PartialEq, Eq)]
enum Destination {
    /// A published page under its canonical path (preview prefix kept).
    Redirect(String),
    /// The web app renders it in the browser: the member area, previews.
    Shell,
    NotFound,
}

/// The CMS preview shows every page under this prefix
/// (docs/pages-and-links.md#cms-preview); the app renders the page without it and turns
/// link clicks off.
const PREVIEW_PREFIX: &str = "/cms-preview";

/// The page a path under [`PREVIEW_PREFIX`] shows.
fn previewed_path(path: &str) -> Option<&str> {
    match path.strip_prefix(PREVIEW_PREFIX)? {
        "" => Some("/"),
        previewed if previewed.starts_with('/') => Some(previewed),
        _ => None,
    }
}

/// The `preview` token of the query, where it has one.
fn preview_token(uri: &Uri) -> Option<String> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(uri.query()?)
        .ok()?
        .into_iter()
        .find_map(|(name, value)| (name == "preview" && !value.is_empty()).then_some(value))
}

/// The draft's page at `previewed` (DESIGN.md section 13): rendered for this request,
/// kept by no cache, indexed by no search engine.
async fn draft_page(
    state: &WebContext,
    snapshot: Arc<PublishedFiles>,
    previewed: &str,
    headers: &HeaderMap,
    head: bool,
) -> Response {
    let trailing_slash = snapshot.site.config().trailing_slash;
    let canonical =
        canonical_path(previewed, &trailing_slash).unwrap_or_else(|| previewed.to_owned());
    let mut response = match state.preview.page(snapshot, &canonical).await {
        Ok(page) => {
            let body = if head { String::new() } else { page.html };
            let mut response =
                ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response();
            response
                .headers_mut()
                .insert(header::CONTENT_SECURITY_POLICY, page.policy);
            response
        }
        Err(PreviewError::NoPage(_)) => {
            error_page(&state.published, StatusCode::NOT_FOUND, headers, head).await
        }
        Err(error) => {
            tracing::error!(%error, "the draft's preview could not be made");
            error_response(
                StatusCode::SERVICE_UNAVAILABLE,
                "preview_unavailable",
                &format!("the draft's preview could not be made: {error}"),
            )
        }
    };
    let answer = response.headers_mut();
    answer.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    answer.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    answer.remove(header::ETAG);
    answer.remove(header::LAST_MODIFIED);
    response
}

fn where_to(snapshot: &PublishedFiles, path: &str) -> Destination {
    let published = |candidate: &str| snapshot.file(candidate).is_some();
    // A preview is rendered in the browser, of a page that exists.
    if let Some(previewed) = previewed_path(path) {
        let trailing_slash = snapshot.site.config().trailing_slash;
        let canonical =
            canonical_path(previewed, &trailing_slash).unwrap_or_else(|| previewed.to_owned());
        let exists = published(&canonical)
            || matches!(
                PageRoute::parse(previewed),
                Some(PageRoute::Account | PageRoute::Search)
            );
        return if exists {
            Destination::Shell
        } else {
            Destination::NotFound
        };
    }
    let trailing_slash = snapshot.site.config().trailing_slash;
    if let Some(canonical) = canonical_path(path, &trailing_slash)
        && published(&canonical)
    {
        return Destination::Redirect(canonical);
    }
    let paths = &snapshot.entity_paths;
    let by_segment = |entities: &std::collections::HashMap<String, String>, segment: &str| {
        entities
            .iter()
            .find(|(id, _)| segment_names(segment, id))
            .map(|(_, path)| Destination::Redirect(path.clone()))
    };
    let found = match PageRoute::parse(path) {
        Some(PageRoute::Account | PageRoute::Search) => Some(Destination::Shell),
        Some(PageRoute::MoviePermalink { id }) => paths
            .movies
            .get(&id)
            .map(|path| Destination::Redirect(path.clone())),
        Some(PageRoute::Movie { segment } | PageRoute::MovieCatchAll { segment }) => {
            by_segment(&paths.movies, &segment)
        }
        Some(PageRoute::Theater { segment }) => by_segment(&paths.theaters, &segment),
        // A single-location site has no list of theaters: its one theater's page.
        Some(PageRoute::TheaterList) if snapshot.site.config().is_single_location => paths
            .theaters
            .values()
            .next()
            .map(|path| Destination::Redirect(path.clone())),
        Some(PageRoute::Event { segment }) => by_segment(&paths.events, &segment),
        _ => None,
    };
    match found {
        // A redirect to where we already are would loop: that page is not published.
        Some(Destination::Redirect(to)) if to == path => Destination::NotFound,
        Some(destination) => destination,
        None => Destination::NotFound,
    }
}

async fn poster(
    State(state): State<Arc<WebContext>>,
    extract::Path(file): extract::Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let id = file
        .strip_suffix(".svg")
        .ok_or_else(|| AppError::NotFound(format!("no poster {file}: posters are .svg")))?;
    let poster = state
        .services
        .catalogue
        .clone()
        .get_poster(GetPosterRequest { id: id.to_owned() })
        .await
        .map_err(AppError::catalogue)?
        .into_inner();
    let body = Bytes::from(poster.body);
    Ok(conditional(
        &headers,
        &ETag::of(&body),
        "image/svg+xml",
        "public, max-age=86400",
        body,
    ))
}
