//! The studio's web app: `studio.html` of the build for every page path (the app routes
//! itself; its scripts, styles and icon are under `/assets/`). Read once at start; without a build, pages answer 503. (The
//! server leaves out the body of an answer to HEAD.)

use std::path::Path;

use axum::Router;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;

use crate::error::error_response;

pub fn router(dist: &Path) -> Router {
    let page = match std::fs::read(dist.join("studio.html")) {
        Ok(html) => Some(Bytes::from(html)),
        Err(_) => {
            tracing::warn!(dist = %dist.display(), "the studio's web app is not built: its pages answer 503 (run `make web`)");
            None
        }
    };
    Router::new().fallback(move |method: Method| {
        let page = page.clone();
        async move { studio_page(&method, page) }
    })
}

fn studio_page(method: &Method, page: Option<Bytes>) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return error_response(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "the studio's pages answer GET",
        );
    }
    let Some(page) = page else {
        return error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            "not_built",
            "the studio's web app is not built",
        );
    };
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        page,
    )
        .into_response()
}
