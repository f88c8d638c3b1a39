//! Answering from the published snapshot: the outermost layer of the gateway. A GET or
//! HEAD for a published path is a lookup and a write, with only the headers such a
//! response needs; anything else goes on to the rest of the application.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;

use super::published_files::{Encoded, Published, PublishedFile};
use crate::error::error_response;
use crate::security;

/// Pages and page data change with the catalogue: caches must ask again each time, and
/// the entity tag makes that a 304.
pub const REVALIDATE: &str = "public, max-age=0, must-revalidate";

pub async fn published(
    State(published): State<Published>,
    request: Request,
    next: Next,
) -> Response {
    let head = request.method() == Method::HEAD;
    if !head && request.method() != Method::GET {
        return next.run(request).await;
    }
    let uri = request.uri();
    let file = published.peek().as_ref().and_then(|snapshot| {
        day_page(uri)
            .and_then(|address| snapshot.file(&address))
            .or_else(|| snapshot.file(uri.path()))
            .cloned()
    });
    match file {
        Some(file) => answer_from(&published, &file, file.status, request.headers(), head).await,
        None => next.run(request).await,
    }
}

/// The address of the day's page `uri` asks for (`?date=YYYY-MM-DD`), which a page that
/// offers showtimes on several days publishes for each day after its first.
fn day_page(uri: &Uri) -> Option<String> {
    let day = uri
        .query()?
        .split('&')
        .find_map(|pair| pair.strip_prefix("date="))?;
    (day.len() == 10
        && day
            .bytes()
            .all(|byte| byte.is_ascii_digit() || byte == b'-'))
    .then(|| format!("{}?date={day}", uri.path()))
}

/// The site's error page for a page address that failed with `status`: the 404 page for
/// a client's error, the 500 page for the server's, each with `status`; the JSON error
/// body before the site is published.
pub async fn error_page(
    published: &Published,
    status: StatusCode,
    request: &HeaderMap,
    head: bool,
) -> Response {
    let page = if status.is_server_error() {
        "/500.html"
    } else {
        "/404.html"
    };
    match published
        .current()
        .as_ref()
        .and_then(|snapshot| snapshot.file(page))
    {
        Some(file) => answer_from(published, file, status, request, head).await,
        None => error_response(
            status,
            if status.is_server_error() {
                "unavailable"
            } else {
                "not_found"
            },
            "the site's error pages are not published yet",
        ),
    }
}

/// `file`, whose bytes this process holds, as the client asked for it: the encoding it
/// takes best, or 304 when it has it.
pub fn answer(
    file: &PublishedFile,
    status: StatusCode,
    request: &HeaderMap,
    head: bool,
) -> Response {
    let reply = Reply::to(file, status, request, head);
    let body = reply.representation.bytes.clone();
    reply.with(body)
}

/// `file` of `published` as the client asked for it, its bytes read through the file
/// cache when only the deployment's store holds them; 503 with `Retry-After` when they
/// cannot be read (the store does not answer).
pub async fn answer_from(
    published: &Published,
    file: &PublishedFile,
    status: StatusCode,
    request: &HeaderMap,
    head: bool,
) -> Response {
    let reply = Reply::to(file, status, request, head);
    if !reply.has_body() {
        return reply.with(Bytes::new());
    }
    match published.bytes(reply.representation).await {
        Ok(body) => reply.with(body),
        Err(error) => {
            tracing::warn!(%error, "a published file could not be read from the store");
            let mut response = error_response(
                StatusCode::SERVICE_UNAVAILABLE,
                "unavailable",
                "this page cannot be read at the moment, please try again shortly",
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            response
        }
    }
}

/// What the answer for `file` will be, decided before its bytes are read: the
/// representation the client takes best, and whether it has it already (304).
struct Reply<'a> {
    file: &'a PublishedFile,
    status: StatusCode,
    head: bool,
    encoding: Encoding,
    representation: &'a Encoded,
    not_modified: bool,
}

impl<'a> Reply<'a> {
    fn to(file: &'a PublishedFile, status: StatusCode, request: &HeaderMap, head: bool) -> Self {
        let (encoding, representation) = match (&file.compressed, Encoding::preferred(request)) {
            (Some(compressed), Encoding::Brotli) => (Encoding::Brotli, &compressed.brotli),
            (Some(compressed), Encoding::Gzip) => (Encoding::Gzip, &compressed.gzip),
            _ => (Encoding::Identity, &file.identity),
        };
        Reply {
            file,
            status,
            head,
            encoding,
            representation,
            not_modified: status == StatusCode::OK && is_not_modified(file, request),
        }
    }

    /// Whether the answer carries the representation's bytes (not for HEAD nor 304).
    fn has_body(&self) -> bool {
        !self.head && !self.not_modified
    }

    /// The answer, with `body` (the representation's bytes; ignored when it has none).
    fn with(self, body: Bytes) -> Response {
        let file = self.file;
        let mut response = if self.not_modified {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let body = if self.head { Bytes::new() } else { body };
            let mut response = (self.status, body).into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, file.content_type.clone());
            if let Some(coding) = self.encoding.header() {
                headers.insert(header::CONTENT_ENCODING, coding);
            }
            if self.head {
                headers.insert(
                    header::CONTENT_LENGTH,
                    HeaderValue::from(self.representation.length),
                );
            }
            response
        };
        let headers = response.headers_mut();
        headers.insert(header::ETAG, self.representation.etag.header().clone());
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(policy) = &file.content_security_policy {
            headers.insert(header::CONTENT_SECURITY_POLICY, policy.clone());
        }
        security::insert_static_headers(headers);
        response
    }
}

/// Whether the client has one of `file`'s representations already.
fn is_not_modified(file: &PublishedFile, request: &HeaderMap) -> bool {
    let compressed = file
        .compressed
        .iter()
        .flat_map(|compressed| [&compressed.gzip, &compressed.brotli]);
    std::iter::once(&file.identity)
        .chain(compressed)
        .any(|known: &Encoded| known.etag.matches(request))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// Brotli, else gzip, else none, as Accept-Encoding allows (`q=0` refuses one).
    fn preferred(request: &HeaderMap) -> Encoding {
        let mut brotli = false;
        let mut gzip = false;
        for value in request.get_all(header::ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else { continue };
            for item in value.split(',') {
                let mut parts = item.split(';').map(str::trim);
                let coding = parts.next().unwrap_or_default().to_ascii_lowercase();
                let refused = parts.any(|parameter| {
                    parameter
                        .strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                });
                if refused {
                    continue;
                }
                match coding.as_str() {
                    "br" => brotli = true,
                    "gzip" | "x-gzip" => gzip = true,
                    "*" => {
                        brotli = true;
                        gzip = true;
                    }
                    _ => {}
                }
            }
        }
        if brotli {
            Encoding::Brotli
        } else if gzip {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }

    fn header(self) -> Option<HeaderValue> {
        match self {
            Encoding::Brotli => Some(HeaderValue::from_static("br")),
            Encoding::Gzip => Some(HeaderValue::from_static("gzip")),
            Encoding::Identity => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepting(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).expect("valid"),
        );
        headers
    }

    #[test]
    fn brotli_is_preferred_then_gzip_then_identity() {
        let cases = [
            ("gzip, deflate, br, zstd", Encoding::Brotli),
            ("gzip", Encoding::Gzip),
            ("br;q=0, gzip;q=0.5", Encoding::Gzip),
            ("BR", Encoding::Brotli),
            ("*", Encoding::Brotli),
            ("identity", Encoding::Identity),
            ("gzip;q=0", Encoding::Identity),
            ("deflate", Encoding::Identity),
        ];
        for (value, expected) in cases {
            assert_eq!(Encoding::preferred(&accepting(value)), expected, "{value}");
        }
        assert_eq!(Encoding::preferred(&HeaderMap::new()), Encoding::Identity);
    }
}
