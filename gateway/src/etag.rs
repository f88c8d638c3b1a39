//! Strong entity tags from content hashes, and the conditional-GET answer.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use sha2::{Digest, Sha256};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ETag(HeaderValue);

impl ETag {
    pub fn of(body: &[u8]) -> ETag {
        let digest = Sha256::digest(body);
        let tag = format!("\"{}\"", hex::encode(&digest[..16]));
        ETag(HeaderValue::from_str(&tag).expect("hex is a valid header value"))
    }

    /// The tag of another representation of the same content (its gzip or Brotli
    /// encoding): strong tags differ between representations.
    pub fn with_suffix(&self, suffix: &str) -> ETag {
        let tag = self.0.to_str().unwrap_or_default().trim_end_matches('"');
        ETag(
            HeaderValue::from_str(&format!("{tag}-{suffix}\""))
                .expect("hex is a valid header value"),
        )
    }

    /// A tag as a manifest of the deployment's store names it; `None` when it is not a
    /// quoted tag.
    pub fn parse(tag: &str) -> Option<ETag> {
        let quoted = tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"');
        quoted
            .then(|| HeaderValue::from_str(tag).ok())
            .flatten()
            .map(ETag)
    }

    pub fn header(&self) -> &HeaderValue {
        &self.0
    }

    /// Whether the request's If-None-Match names this entity (weak comparison, as
    /// RFC 9110 section 13.1.2 asks for If-None-Match).
    pub fn matches(&self, request_headers: &HeaderMap) -> bool {
        let ours = self.0.as_bytes();
        request_headers
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .any(|candidate| {
                candidate == "*" || candidate.trim_start_matches("W/").as_bytes() == ours
            })
    }
}

/// Answers `body` with its ETag, or 304 Not Modified when the client already has it.
pub fn conditional(
    request_headers: &HeaderMap,
    etag: &ETag,
    content_type: &'static str,
    cache_control: &'static str,
    body: Bytes,
) -> Response {
    let headers = [
        (header::ETAG, etag.0.clone()),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static(cache_control),
        ),
    ];
    if etag.matches(request_headers) {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (
        headers,
        [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asking(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(value).expect("valid"),
        );
        headers
    }

    #[test]
    fn the_same_bytes_give_the_same_tag_and_other_bytes_another() {
        assert_eq!(ETag::of(b"abc"), ETag::of(b"abc"));
        assert_ne!(ETag::of(b"abc"), ETag::of(b"abd"));
    }

    #[test]
    fn if_none_match_matches_exact_weak_listed_and_star() {
        let etag = ETag::of(b"page");
        let tag = etag.0.to_str().expect("ascii").to_owned();
        assert!(etag.matches(&asking(&tag)));
        assert!(etag.matches(&asking(&format!("W/{tag}"))));
        assert!(etag.matches(&asking(&format!("\"other\", {tag}"))));
        assert!(etag.matches(&asking("*")));
        assert!(!etag.matches(&asking("\"other\"")));
        assert!(!etag.matches(&HeaderMap::new()));
    }
}
