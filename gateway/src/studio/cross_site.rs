//! What keeps another site from acting with a staff member's cookie: a call that changes
//! anything must name a studio host as its `Origin` (over https when the studio is
//! reached over https) (browsers send it with every such
//! call and no page may forge it) and carry a JSON body (which a form of another site
//! cannot send without a CORS preflight, which the studio never grants). The media
//! uploads alone take `multipart/form-data` (a file), and stand on the `Origin` check. The
//! cookie's `SameSite=Strict` is the second wall.

use axum::extract::{MatchedPath, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

use super::StudioOrigins;
use crate::error::error_response;

/// The bodies a change may carry.
const JSON_TYPES: [&str; 2] = ["application/json", "application/merge-patch+json"];
/// The body of an upload ([`super::media::UPLOAD_ROUTES`]).
const FORM_TYPE: &str = "multipart/form-data";

pub async fn refuse_cross_site(
    State(allowed): State<StudioOrigins>,
    request: Request,
    next: Next,
) -> Response {
    if request.method().is_safe() {
        return next.run(request).await;
    }
    let headers = request.headers();
    // Exactly one Origin, as a browser sends it.
    let mut origins = headers.get_all(header::ORIGIN).iter();
    let from_studio = match (origins.next(), origins.next()) {
        (Some(origin), None) => origin
            .to_str()
            .ok()
            .and_then(origin_parts)
            .is_some_and(|(https, host)| (https || !allowed.https) && allowed.hosts.contains(host)),
        _ => false,
    };
    if !from_studio {
        return error_response(
            StatusCode::FORBIDDEN,
            "forbidden",
            "a change must come from the studio's own pages: Origin must name a studio host",
        );
    }
    let essence = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .map(str::trim)
        .unwrap_or_default();
    let upload = request
        .extensions()
        .get::<MatchedPath>()
        .is_some_and(|matched| {
            super::media::UPLOAD_ROUTES
                .iter()
                .any(|route| matched.as_str().ends_with(route))
        });
    let (taken, expected): (&[&str], &str) = if upload {
        (&[FORM_TYPE], "an upload is multipart/form-data")
    } else {
        (
            &JSON_TYPES,
            "a change needs a JSON body (Content-Type: application/json)",
        )
    };
    if !taken
        .iter()
        .any(|taken| essence.eq_ignore_ascii_case(taken))
    {
        return error_response(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            expected,
        );
    }
    next.run(request).await
}

/// Whether an `Origin`, `scheme://host[:port]`, is https, and its host (and port); `None`
/// for `null` or anything else.
fn origin_parts(origin: &str) -> Option<(bool, &str)> {
    let (https, rest) = match origin.strip_prefix("https://") {
        Some(rest) => (true, rest),
        None => (false, origin.strip_prefix("http://")?),
    };
    (!rest.is_empty() && !rest.contains(['/', '?', '#', '@'])).then_some((https, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_origin_names_its_host_or_nothing() {
        assert_eq!(
            origin_parts("http://studio.localhost:8080"),
            Some((false, "studio.localhost:8080"))
        );
        assert_eq!(
            origin_parts("https://studio.example"),
            Some((true, "studio.example"))
        );
        for bad in [
            "null",
            "studio.example",
            "https://",
            "https://studio.example/",
            "https://user@studio.example",
            "ftp://studio.example",
        ] {
            assert_eq!(origin_parts(bad), None, "{bad}");
        }
    }
}
