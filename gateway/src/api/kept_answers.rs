//! The catalogue's JSON answers, kept for the catalogue revision they were computed from
//! (DESIGN.md section 11). A list of movies, a theater's week of showtimes or a search for
//! "dun" is the same for every visitor until the catalogue changes: the first request of
//! a revision asks svc-catalogue, the others are a lookup and a write in the gateway's
//! outermost layer, like a published file (compressed once, with an entity tag).
//!
//! The publisher tells the revision it hears on `WatchSite` ([`KeptAnswers::follow`]),
//! before it publishes, so a change is on the JSON API as soon as the catalogue serves it;
//! the answers of the revision before are dropped then. While the version stream is down
//! there is no revision to trust: nothing is kept and every request asks svc-catalogue.

use std::sync::Arc;

use arc_swap::ArcSwapOption;
use axum::extract::{OriginalUri, Request, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::publish::PublishedFile;
use crate::publish::serve;
use crate::site_snapshot::SiteCache;

/// How many bytes of answers are kept, in all their encodings: a large chain's theater
/// week is about 200 KB, so this holds every theater's of a 300-theater chain with room
/// for the lists and searches.
const KEPT_BYTES: u64 = 96 * 1024 * 1024;
const EXPECTED_ANSWERS: usize = 4096;
const PREFIX: &str = "/api/v1/";

type Key = (Arc<String>, String);

#[derive(Debug, Clone, Copy)]
struct ByBytes;

impl quick_cache::Weighter<Key, Arc<PublishedFile>> for ByBytes {
    fn weight(&self, key: &Key, file: &Arc<PublishedFile>) -> u64 {
        let encoded = file.compressed.as_ref().map_or(0, |compressed| {
            compressed.gzip.bytes.len() + compressed.brotli.bytes.len()
        });
        (key.1.len() + file.identity.bytes.len() + encoded) as u64
    }
}

/// The kept answers, shared by the publisher (which moves the revision on), the routes
/// that keep their answers and the outermost layer that serves them.
#[derive(Clone)]
pub struct KeptAnswers(Arc<Inner>);

struct Inner {
    revision: ArcSwapOption<String>,
    answers: quick_cache::sync::Cache<Key, Arc<PublishedFile>, ByBytes>,
    site: SiteCache,
}

impl KeptAnswers {
    /// Kept answers that carry `site`'s Content-Security-Policy, as every response does.
    pub fn new(site: SiteCache) -> KeptAnswers {
        KeptAnswers(Arc::new(Inner {
            revision: ArcSwapOption::empty(),
            answers: quick_cache::sync::Cache::with_weighter(EXPECTED_ANSWERS, KEPT_BYTES, ByBytes),
            site,
        }))
    }

    /// The catalogue serves `revision` now (`None`: its stream is down, nothing is known).
    pub fn follow(&self, revision: Option<&str>) {
        let current = self.0.revision.load();
        if current.as_deref().map(String::as_str) == revision {
            return;
        }
        self.0
            .revision
            .store(revision.map(|revision| Arc::new(revision.to_owned())));
        self.0.answers.clear();
    }

    fn key(&self, uri: &Uri) -> Option<Key> {
        let revision = self.0.revision.load_full()?;
        let request = uri
            .path_and_query()
            .map_or(uri.path(), |path| path.as_str());
        Some((revision, request.to_owned()))
    }

    fn kept(&self, uri: &Uri) -> Option<Arc<PublishedFile>> {
        self.0.answers.get(&self.key(uri)?)
    }
}

impl std::fmt::Debug for KeptAnswers {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("KeptAnswers")
            .field("revision", &self.0.revision.load())
            .field("kept", &self.0.answers.len())
            .finish()
    }
}

/// The outermost layer's part: a GET or HEAD of the JSON API answered from the kept
/// answers when the current revision's is there.
pub async fn serve_kept(State(kept): State<KeptAnswers>, request: Request, next: Next) -> Response {
    let head = request.method() == Method::HEAD;
    if (head || request.method() == Method::GET)
        && request.uri().path().starts_with(PREFIX)
        && let Some(file) = kept.kept(request.uri())
    {
        return serve::answer(&file, file.status, request.headers(), head);
    }
    next.run(request).await
}

/// The layer of the catalogue's read routes: a GET's JSON answer, 200 or a client's error
/// (an unknown theater stays unknown until the catalogue changes), is kept for the
/// revision it was asked under, and many requests for the same answer at once make one
/// call.
pub async fn keep(State(kept): State<KeptAnswers>, request: Request, next: Next) -> Response {
    // The address as the client wrote it, which the outermost layer looks up: inside
    // `/api/v1` the router sees the rest.
    let uri = request
        .extensions()
        .get::<OriginalUri>()
        .map_or(request.uri(), |original| &original.0);
    let Some(key) = (request.method() == Method::GET)
        .then(|| kept.key(uri))
        .flatten()
    else {
        return next.run(request).await;
    };
    let guard = match kept.0.answers.get_value_or_guard_async(&key).await {
        Ok(file) => return serve::answer(&file, file.status, request.headers(), false),
        Err(guard) => guard,
    };
    let asked = request.headers().clone();
    let response = next.run(request).await;
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    let status = response.status();
    if !(status == StatusCode::OK || status.is_client_error()) || !json {
        return response;
    }
    let body = match axum::body::to_bytes(response.into_body(), usize::MAX).await {
        Ok(body) => body,
        Err(error) => {
            return crate::error::error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                &format!("the answer could not be read: {error}"),
            );
        }
    };
    let policy = kept
        .0
        .site
        .cached()
        .map(|site| site.content_security_policy.clone());
    let now = jiff::Timestamp::now();
    let compressing = body.clone();
    let file = match tokio::task::spawn_blocking(move || {
        PublishedFile::answer(status, compressing, policy, now)
    })
    .await
    {
        Ok(file) => Arc::new(file),
        Err(_) => {
            return (status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
        }
    };
    // Kept only while its revision is served: an answer of the revision before is not.
    if kept.0.revision.load().as_deref() == Some(&*key.0) {
        let _ = guard.insert(file.clone());
    }
    serve::answer(&file, file.status, &asked, false)
}
