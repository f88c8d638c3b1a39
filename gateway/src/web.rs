//! The built web app (web/dist): hashed assets with long-lived caching, other files
//! revalidated, and the HTML shell for every page path with the page's real status
//! (404 for unknown pages, 301 to canonical paths), the site's name as its title and
//! preload hints for the page's first screen. Also the generated posters.

use std::path::{Path, PathBuf};

use axum::Router;
use axum::extract::{self, State};
use axum::handler::Handler;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use bytes::Bytes;
use proto::catalogue::v1::GetPosterRequest;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::error::{AppError, error_response};
use crate::etag::{ETag, conditional};
use crate::page_data::{Resolution, resolve};
use crate::state::AppState;
use crate::web_chunks::WebChunks;
use crate::{html, page_hints};

/// Vite names files under assets/ by content hash, so they never change.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

#[derive(Debug, Clone)]
pub struct WebApp {
    dist: PathBuf,
    /// index.html, read once at start; `None` when the app is not built.
    shell: Option<Bytes>,
    /// Which code chunks a page needs, for the shell's preload hints.
    chunks: WebChunks,
}

impl WebApp {
    pub fn load(dist: &Path) -> WebApp {
        let shell = std::fs::read(dist.join("index.html")).ok().map(Bytes::from);
        if shell.is_none() {
            tracing::warn!(dist = %dist.display(), "the web app is not built: pages answer 503 (run `make web`)");
        }
        WebApp {
            dist: dist.to_owned(),
            shell,
            chunks: WebChunks::load(dist),
        }
    }
}

pub fn router(web: &WebApp) -> Router<AppState> {
    let assets = Router::new()
        // The build writes each script and style sheet also Brotli-compressed at its best
        // quality (`.br`), smaller than what compressing on the fly can afford.
        .fallback_service(ServeDir::new(web.dist.join("assets")).precompressed_br())
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static(IMMUTABLE),
        ))
        // A cache must keep the Brotli and the other answers apart.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::VARY,
            HeaderValue::from_static("accept-encoding"),
        ));
    Router::new()
        .route("/posters/{file}", get(poster))
        .nest("/assets", assets)
}

/// Files at the root of the build (sw.js, favicon, robots.txt...), then page paths.
pub fn fallback(state: AppState) -> Router {
    let dist = state.web.dist.clone();
    let pages = page.with_state(state);
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

async fn page(State(state): State<AppState>, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path.starts_with("/page-data/") {
        return error_response(
            StatusCode::NOT_FOUND,
            "not_found",
            &format!("no route {path}"),
        );
    }
    let Some(shell) = state.web.shell.clone() else {
        return error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            "web_app_missing",
            "the web app is not built",
        );
    };
    let (prefix, page_path) = split_preview_prefix(path);
    let (status, links) = match resolve(&state, page_path).await {
        Ok(Resolution::Page(page)) => {
            let cookies = headers.get(header::COOKIE).and_then(|v| v.to_str().ok());
            (
                page.status,
                page_hints::preload_links(&page, cookies, &state.web.chunks),
            )
        }
        Ok(Resolution::Missing) => (StatusCode::NOT_FOUND, String::new()),
        Ok(Resolution::Redirect(to)) => {
            let to = format!("{prefix}{to}");
            let to = match uri.query() {
                Some(query) => format!("{to}?{query}"),
                None => to,
            };
            return Redirect::permanent(&to).into_response();
        }
        // The shell still loads; the app shows the error page and retries.
        Err(error) => {
            tracing::warn!(%error, path, "page not resolved");
            (StatusCode::SERVICE_UNAVAILABLE, String::new())
        }
    };
    let site_name = state
        .site
        .cached()
        .map(|site| site.site_name())
        .unwrap_or_default();
    let shell = html::page_shell(&shell, &site_name, &links);
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        shell,
    )
        .into_response()
}

/// The CMS preview shows every page under this prefix (SPEC.md section 2); the app
/// renders the page without it and turns link clicks off.
const PREVIEW_PREFIX: &str = "/cms-preview";

/// `("/cms-preview", "/movies/")` for "/cms-preview/movies/", `("", path)` otherwise.
fn split_preview_prefix(path: &str) -> (&'static str, &str) {
    match path.strip_prefix(PREVIEW_PREFIX) {
        Some("") => (PREVIEW_PREFIX, "/"),
        Some(rest) if rest.starts_with('/') => (PREVIEW_PREFIX, rest),
        _ => ("", path),
    }
}

async fn poster(
    State(state): State<AppState>,
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

#[cfg(test)]
mod tests {
    use super::split_preview_prefix;

    #[test]
    fn a_preview_path_is_the_page_path_under_the_preview_prefix() {
        assert_eq!(
            split_preview_prefix("/cms-preview/movies/"),
            ("/cms-preview", "/movies/")
        );
        assert_eq!(split_preview_prefix("/cms-preview"), ("/cms-preview", "/"));
        assert_eq!(split_preview_prefix("/cms-preview/"), ("/cms-preview", "/"));
        assert_eq!(
            split_preview_prefix("/cms-previewer/"),
            ("", "/cms-previewer/")
        );
        assert_eq!(split_preview_prefix("/movies/"), ("", "/movies/"));
    }
}
