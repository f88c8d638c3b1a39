//! The catalogue's JSON answers, kept for the catalogue revision they were computed from
//! (docs/publishing.md#kept-api-answers). A list of movies, a theater's week of showtimes
//! or a search for "dun" is the same for every visitor until the catalogue changes: the
//! first request of a revision asks svc-catalogue, the others are a lookup and a write in
//! the gateway's outermost layer, like a published file (compressed once, with an entity
//! tag).
//!
//! The publisher tells the version it hears on `WatchSite` ([`KeptAnswers::follow`]),
//! before it publishes, so a change is on the JSON API as soon as the catalogue serves it;
//! the answers of the version before are no longer served then; an ingest call this
//! gateway answered moves them on at once ([`KeptAnswers::moved`]). While the version stream
//! is down there is no revision to trust: nothing is kept and every request asks
//! svc-catalogue.
//!
//! Only 200 answers are kept, keyed by the site, the path and the query's parameters in
//! one order; a parameter the route does not know is refused before
//! ([`super::query_parameters`]), and every site's answers share one budget
//! (GATEWAY_ANSWERS_MB): no address a stranger makes up grows the gateway past it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use arc_swap::ArcSwapOption;
use axum::extract::{OriginalUri, Request, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use proto::catalogue::v1 as catalogue;

use super::published_files::PublishedFile;
use super::serve;
use crate::site_data::SiteCache;

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

/// Every site's kept answers, in one budget for the gateway (GATEWAY_ANSWERS_MB): a
/// tenant's visitors, or a stranger asking for many answers, push out the least used
/// answers of all, never past the budget.
#[derive(Clone)]
pub struct AnswerCache(Arc<AnswerCacheInner>);

struct AnswerCacheInner {
    /// Site, path and canonical query -> answer.
    answers: quick_cache::sync::Cache<String, Kept, ByBytes>,
    /// Numbers the revisions every site follows, so that an answer serves only in its
    /// own revision (a number compared, rather than every request keyed by the revision).
    generations: AtomicU64,
}

impl AnswerCache {
    /// A cache of at most `bytes` of answers, in all their encodings.
    pub fn new(bytes: u64) -> AnswerCache {
        AnswerCache(Arc::new(AnswerCacheInner {
            answers: quick_cache::sync::Cache::with_weighter(EXPECTED_ANSWERS, bytes, ByBytes),
            generations: AtomicU64::new(0),
        }))
    }

    /// The bytes kept now.
    pub fn bytes(&self) -> u64 {
        self.0.answers.weight()
    }
}

impl std::fmt::Debug for AnswerCache {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("AnswerCache")
            .field("kept", &self.0.answers.len())
            .field("bytes", &self.bytes())
            .finish()
    }
}

/// One site's kept answers, shared by the publisher (which moves the revision on), the
/// routes that keep their answers and the outermost layer that serves them.
#[derive(Clone)]
pub struct KeptAnswers(Arc<Inner>);

struct Inner {
    /// The site's id, which starts each of its answers' keys.
    site_id: String,
    /// The catalogue version followed (its revision, day and showtimes started).
    version: ArcSwapOption<String>,
    /// The generation of `version`, from the cache's count.
    generation: AtomicU64,
    cache: AnswerCache,
    site: SiteCache,
}

impl KeptAnswers {
    /// `site_id`'s kept answers, in `cache`, carrying `site`'s Content-Security-Policy as
    /// every response does.
    pub fn new(site_id: &str, site: SiteCache, cache: &AnswerCache) -> KeptAnswers {
        KeptAnswers(Arc::new(Inner {
            site_id: site_id.to_owned(),
            version: ArcSwapOption::empty(),
            generation: AtomicU64::new(0),
            cache: cache.clone(),
            site,
        }))
    }

    /// The catalogue serves `version` now (`None`: its stream is down, nothing is known).
    /// The answers of the version before are no longer served; they leave the cache as
    /// newer answers push them out. A version moves with the revision, the day (answers
    /// start today) and the showtimes started (answers mark them).
    pub fn follow(&self, version: Option<&catalogue::SiteVersion>) {
        let version = version.map(|version| {
            format!(
                "{} {} {}",
                version.revision, version.today, version.started_through
            )
        });
        let current = self.0.version.load();
        if current.as_deref() == version.as_ref() {
            return;
        }
        self.0.version.store(version.map(Arc::new));
        self.moved();
    }

    /// The catalogue changed by a write this gateway saw answered, before its revision is
    /// heard: the answers kept before are no longer served (read-your-write).
    pub fn moved(&self) {
        let generation = self.0.cache.0.generations.fetch_add(1, Ordering::AcqRel) + 1;
        self.0.generation.store(generation, Ordering::Release);
    }

    /// The generation answers are kept under now, if a version is known.
    fn generation(&self) -> Option<u64> {
        self.0
            .version
            .load()
            .is_some()
            .then(|| self.0.generation.load(Ordering::Acquire))
    }

    /// The key of `uri`'s answer: the site, the path and the query's parameters in one
    /// order (`?b=1&a=2` is `?a=2&b=1`). Only the parameters a route knows reach a kept
    /// answer: any other is refused before (`query_parameters`).
    fn key(&self, uri: &Uri) -> String {
        let mut pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(uri.query().unwrap_or_default()).unwrap_or_default();
        pairs.sort();
        let mut key = format!("{} {}", self.0.site_id, uri.path());
        if let Ok(query) = serde_urlencoded::to_string(&pairs)
            && !query.is_empty()
        {
            key.push('?');
            key.push_str(&query);
        }
        key
    }

    fn kept(&self, uri: &Uri) -> Option<Arc<PublishedFile>> {
        let generation = self.generation()?;
        let (kept_in, file) = self.0.cache.0.answers.get(&self.key(uri))?;
        (kept_in == generation).then_some(file)
    }
}

impl std::fmt::Debug for KeptAnswers {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("KeptAnswers")
            .field("site_id", &self.0.site_id)
            .field("version", &self.0.version.load())
            .finish_non_exhaustive()
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

/// The layer of the catalogue's read routes: a GET's JSON answer is kept for the revision
/// it was asked under when it is a 200 (an error is not kept: junk addresses would fill
/// the cache), and many requests for the same answer at once make one call.
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
    let key = kept.key(uri);
    let answers = &kept.0.cache.0.answers;
    let guard = loop {
        match answers.get_value_or_guard_async(&key).await {
            Ok((kept_in, file)) if kept_in == generation => {
                return serve::answer(&file, file.status, request.headers(), false);
            }
            // Kept in a revision before (its insert crossed the clearing): asked again.
            Ok(_) => {
                answers.remove(&key);
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
    if status != StatusCode::OK || !json {
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
