//! The catalogue's JSON answers, kept for the catalogue revision they were computed from
//! (docs/publishing.md#kept-api-answers). A list of movies, a theater's week of showtimes
//! or a search for "dun" is the same for every visitor until the catalogue changes: the
//! first request of a revision asks svc-catalogue, the others are a lookup and a write in
//! the gateway's outermost layer, like a published file (compressed once, with an entity
//! tag).
//!
//! The publisher tells the revision it hears on `WatchSite` ([`KeptAnswers::follow`]),
//! before it publishes, so a change is on the JSON API as soon as the catalogue serves it;
//! the answers of the revision before are dropped then. While the version stream is down
//! there is no revision to trust: nothing is kept and every request asks svc-catalogue.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use arc_swap::ArcSwapOption;
use axum::extract::{OriginalUri, Request, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::publish::PublishedFile;
use crate::publish::serve;
use crate::site_data::SiteCache;

/// How many bytes of answers are kept, in all their encodings: a large chain's theater
/// week is about 200 KB, so this holds every theater's of a 300-theater chain with room
/// for the lists and searches.
const KEPT_BYTES: u64 = 96 * 1024 * 1024;
const EXPECTED_ANSWERS: usize = 4096;
const PREFIX: &str = "/api/v1/";

/// A kept answer: the generation of the revision it was asked under, and its file.
type Kept = (u64, Arc<PublishedFile>);

#[derive(Debug, Clone, Copy)]
struct ByBytes;

impl quick_cache::Weighter<String, Kept> for ByBytes {
    fn weight(&self, request: &String, (_, file): &Kept) -> u64 {
        let encoded = file.compressed.as_ref().map_or(0, |compressed| {
            compressed.gzip.bytes.len() + compressed.brotli.bytes.len()
        });
        (request.len() + file.identity.bytes.len() + encoded) as u64
    }
}

/// The kept answers, shared by the publisher (which moves the revision on), the routes
/// that keep their answers and the outermost layer that serves them.
#[derive(Clone)]
pub struct KeptAnswers(Arc<Inner>);

struct Inner {
    revision: ArcSwapOption<String>,
    /// Counts the revisions followed: an answer serves only in its own, so the lookup
    /// compares a number instead of keying every request by the revision's name.
    generation: AtomicU64,
    /// Path and query -> answer.
    answers: quick_cache::sync::Cache<String, Kept, ByBytes>,
    site: SiteCache,
}

impl KeptAnswers {
    /// Kept answers that carry `site`'s Content-Security-Policy, as every response does.
    pub fn new(site: SiteCache) -> KeptAnswers {
        KeptAnswers(Arc::new(Inner {
            revision: ArcSwapOption::empty(),
            generation: AtomicU64::new(0),
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
        self.0.generation.fetch_add(1, Ordering::AcqRel);
        self.0.answers.clear();
    }

    /// The generation answers are kept under now, if a revision is known.
    fn generation(&self) -> Option<u64> {
        self.0
            .revision
            .load()
            .is_some()
            .then(|| self.0.generation.load(Ordering::Acquire))
    }

    fn kept(&self, uri: &Uri) -> Option<Arc<PublishedFile>> {
        let generation = self.generation()?;
        let (kept_in, file) = self.0.answers.get(request_of(uri))?;
        (kept_in == generation).then_some(file)
    }
}

/// The request as the cache knows it: its path and query.
fn request_of(uri: &Uri) -> &str {
    uri.path_and_query()
        .map_or(uri.path(), |path| path.as_str())
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
    let Some(generation) = kept
        .generation()
        .filter(|_| request.method() == Method::GET)
    else {
        return next.run(request).await;
    };
    let key = request_of(uri).to_owned();
    let guard = loop {
        match kept.0.answers.get_value_or_guard_async(&key).await {
            Ok((kept_in, file)) if kept_in == generation => {
                return serve::answer(&file, file.status, request.headers(), false);
            }
            // Kept in a revision before (its insert crossed the clearing): asked again.
            Ok(_) => {
                kept.0.answers.remove(&key);
            }
            Err(guard) => break guard,
        }
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
    if kept.generation() == Some(generation) {
        let _ = guard.insert((generation, file.clone()));
    }
    serve::answer(&file, file.status, &asked, false)
}
