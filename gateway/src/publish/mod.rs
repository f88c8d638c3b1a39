//! The published site (DESIGN.md section 7): every public page's HTML, rendered once per
//! catalogue version by the same React components the browser hydrates, its page data,
//! the app data, the sitemap and robots.txt, served from memory like files.
//!
//! Publishing is a function from a catalogue version to a [`Snapshot`] of bytes; serving
//! is a lookup in the current one. svc-catalogue pushes each new version (a reloaded
//! bundle, a new day in the site's time zone) over `WatchSite`; nobody polls.
//!
//! # Layout
//!
//! - [`content`]: what one version holds, fetched from svc-catalogue.
//! - [`pages`]: the public pages and their page data (pure).
//! - [`head`]: each page's title, description, canonical URL, Open Graph and JSON-LD (pure).
//! - [`document`]: a page's HTML from the built `index.html`, and its script hashes.
//! - [`renderer`]: the Node renderer's API, and the renderer as a child process.
//! - [`posters`]: the generated posters, and their PNG previews for link previews.
//! - [`sitemap`]: `/sitemap.xml` and `/robots.txt`.
//! - [`snapshot`]: the published files, compressed once, swapped atomically.
//! - [`serve`]: the outermost layer, answering published paths from the snapshot.

pub mod content;
pub mod document;
pub mod head;
pub mod pages;
pub mod posters;
pub mod renderer;
pub mod serve;
pub mod sitemap;
pub mod snapshot;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::StatusCode;
use bytes::Bytes;
use futures_util::StreamExt;
use proto::catalogue::v1 as catalogue;
use tokio::sync::watch;

use crate::api::KeptAnswers;
use crate::clients::Services;
use crate::error::AppError;
use crate::site_snapshot::{SiteCache, SiteSnapshot};
use content::CatalogueContent;
use document::{PageParts, Template};
use head::HeadContext;
use pages::PublicPage;
use renderer::{RenderedPage, Renderer, RendererError};
pub use snapshot::{Published, PublishedFile, Snapshot};

/// Pages per request to the renderer. A newer version waits for at most one request
/// before its page data goes out (see [`Publisher::build`]).
const RENDER_BATCH: usize = 8;
/// How long to wait before trying again when the catalogue or the renderer is away.
const RETRY_FIRST: Duration = Duration::from_millis(500);
const RETRY_MAX: Duration = Duration::from_secs(5);

const HTML: &str = "text/html; charset=utf-8";
const JSON: &str = "application/json";

#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error(transparent)]
    Catalogue(#[from] AppError),
    #[error("the catalogue's today '{0}' is not a date")]
    BadDate(String),
    #[error("a page's data could not be written as JSON: {0}")]
    PageData(#[from] serde_json::Error),
    #[error(transparent)]
    Renderer(#[from] RendererError),
    /// The first snapshot went out with the web app's shell in place of rendered pages.
    #[error("published with the web app's shell: the renderer did not answer")]
    Unrendered,
}

/// How publishing stands, for `/readyz`.
#[derive(Debug, Clone, Default)]
pub struct PublishState {
    /// Whether the catalogue's version stream is open.
    pub catalogue_connected: bool,
    /// A version not yet published (the catalogue or the renderer was away).
    pub pending: Option<catalogue::SiteVersion>,
    pub last_error: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct PublishStatus(Arc<Mutex<PublishState>>);

impl PublishStatus {
    pub fn get(&self) -> PublishState {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn update(&self, change: impl FnOnce(&mut PublishState)) {
        change(
            &mut self
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
    }
}

/// Publishes each catalogue version as it comes.
#[derive(Debug, Clone)]
pub struct Publisher {
    pub services: Services,
    pub site: SiteCache,
    pub published: Published,
    /// The JSON API's kept answers, told of each revision as soon as it is heard.
    pub kept_answers: KeptAnswers,
    pub status: PublishStatus,
    pub renderer: Renderer,
    /// The built web app's page template; `None` when it is not built (only data is
    /// published then).
    pub template: Option<Arc<Template>>,
    /// PUBLIC_URL without its trailing slash.
    pub origin: String,
    /// Each theater's week of showtimes as the last publish fetched it.
    pub kept_weeks: content::KeptWeeks,
    /// The background work every site's publisher shares.
    pub background: BackgroundWork,
}

/// What every site's publisher shares (DESIGN.md section 12: many sites on one gateway):
/// best-quality compression runs one file at a time for the whole gateway, only while no
/// site is publishing and after a quiet spell without requests, so every site's pages go
/// out first and serving never waits for it.
#[derive(Debug, Clone)]
pub struct BackgroundWork {
    one_at_a_time: Arc<tokio::sync::Mutex<()>>,
    /// How many sites are publishing now.
    publishing: Arc<watch::Sender<usize>>,
    activity: Activity,
}

impl Default for BackgroundWork {
    fn default() -> BackgroundWork {
        BackgroundWork {
            one_at_a_time: Arc::default(),
            publishing: Arc::new(watch::Sender::new(0)),
            activity: Activity::default(),
        }
    }
}

/// How long the gateway goes without a request before background work takes a turn.
const QUIET_SPELL: Duration = Duration::from_millis(200);

/// When the gateway last received a request: one relaxed store on the way of each.
#[derive(Debug, Clone)]
pub struct Activity {
    started: std::time::Instant,
    /// Milliseconds after `started`.
    last_request: Arc<std::sync::atomic::AtomicU64>,
}

impl Default for Activity {
    fn default() -> Activity {
        Activity {
            started: std::time::Instant::now(),
            last_request: Arc::default(),
        }
    }
}

impl Activity {
    pub fn saw_request(&self) {
        self.last_request
            .store(self.millis(), std::sync::atomic::Ordering::Relaxed);
    }

    /// How long since the last request.
    fn quiet_for(&self) -> Duration {
        let last = self.last_request.load(std::sync::atomic::Ordering::Relaxed);
        Duration::from_millis(self.millis().saturating_sub(last))
    }

    fn millis(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// A site publishing, until dropped.
struct Publishing(Arc<watch::Sender<usize>>);

impl Drop for Publishing {
    fn drop(&mut self) {
        self.0.send_modify(|count| *count = count.saturating_sub(1));
    }
}

impl BackgroundWork {
    /// Counts a site publishing until the value returned is dropped.
    fn publishing(&self) -> Publishing {
        self.publishing.send_modify(|count| *count += 1);
        Publishing(Arc::clone(&self.publishing))
    }

    /// Where each request is noted.
    pub fn activity(&self) -> &Activity {
        &self.activity
    }

    /// Waits for the turn of one background job: no site publishing, no request for a
    /// [`QUIET_SPELL`] and no other job running; the turn lasts as long as the value
    /// returned.
    async fn turn(&self) -> tokio::sync::OwnedMutexGuard<()> {
        let mut publishing = self.publishing.subscribe();
        loop {
            // The sender lives as long as `self`: waiting cannot fail.
            let _ = publishing.wait_for(|count| *count == 0).await;
            let quiet = self.activity.quiet_for();
            if quiet >= QUIET_SPELL {
                break;
            }
            tokio::time::sleep(QUIET_SPELL - quiet).await;
        }
        Arc::clone(&self.one_at_a_time).lock_owned().await
    }
}

impl Publisher {
    pub fn spawn(self) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move { self.run().await })
    }

    /// Publishes the catalogue's versions for as long as the gateway runs, the latest
    /// first (those that came while one was being published are skipped), and tries
    /// again a version it could not publish.
    async fn run(self) {
        let (heard, mut versions) = watch::channel(None);
        tokio::spawn(self.clone().follow_versions(heard));
        let mut retry = RETRY_FIRST;
        let mut pending: Option<catalogue::SiteVersion> = None;
        loop {
            tokio::select! {
                changed = versions.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    if let Some(version) = versions.borrow_and_update().clone() {
                        pending = Some(version);
                    }
                }
                () = tokio::time::sleep(retry), if pending.is_some() => {}
                () = self.improve_one_brotli(), if pending.is_none() && self.awaiting_best_brotli() => {}
            }
            let Some(version) = pending.clone() else {
                continue;
            };
            match self.publish(version, &versions).await {
                Ok(()) => {
                    pending = None;
                    retry = RETRY_FIRST;
                }
                Err(error) => {
                    tracing::warn!(%error, "not published yet; the last snapshot keeps serving");
                    retry = (retry * 2).min(RETRY_MAX);
                }
            }
            self.status.update(|state| state.pending = pending.clone());
        }
    }

    /// Hears the catalogue's versions for as long as the gateway runs, reconnecting when
    /// the stream breaks: each goes to the JSON API's kept answers at once, and to the
    /// publisher as the latest (`None` while the stream is down).
    async fn follow_versions(self, heard: watch::Sender<Option<catalogue::SiteVersion>>) {
        let mut retry = RETRY_FIRST;
        loop {
            let stream = self
                .services
                .catalogue
                .clone()
                .watch_site(catalogue::WatchSiteRequest {})
                .await;
            let mut versions = match stream {
                Ok(stream) => stream.into_inner(),
                Err(status) => {
                    if self.status.get().catalogue_connected
                        || self.status.get().last_error.is_none()
                    {
                        tracing::warn!(%status, "catalogue versions unavailable; serving the last snapshot");
                    }
                    self.status.update(|state| {
                        state.catalogue_connected = false;
                        state.last_error = Some(format!("catalogue: {}", status.message()));
                    });
                    tokio::time::sleep(retry).await;
                    retry = (retry * 2).min(RETRY_MAX);
                    continue;
                }
            };
            if !self.status.get().catalogue_connected {
                tracing::info!("following the catalogue's versions");
            }
            self.status.update(|state| state.catalogue_connected = true);
            retry = RETRY_FIRST;
            while let Ok(Some(version)) = versions.message().await {
                self.kept_answers.follow(Some(&version.revision));
                if heard.send(Some(version)).is_err() {
                    return;
                }
            }
            tracing::warn!("the catalogue's version stream ended; the last snapshot keeps serving");
            self.kept_answers.follow(None);
            heard.send_replace(None);
            self.status
                .update(|state| state.catalogue_connected = false);
            tokio::time::sleep(retry).await;
        }
    }

    fn awaiting_best_brotli(&self) -> bool {
        self.published
            .peek()
            .as_ref()
            .is_some_and(|snapshot| snapshot.awaiting_best_brotli().next().is_some())
    }

    /// Compresses one file of the current snapshot that went out with fast Brotli at the
    /// best quality, and publishes it in its place. One at a time for the whole gateway,
    /// on one core, while no version waits and no site publishes: the other core keeps
    /// serving.
    async fn improve_one_brotli(&self) {
        let _turn = self.background.turn().await;
        let Some(snapshot) = self.published.current() else {
            return;
        };
        let Some((path, file)) = snapshot
            .awaiting_best_brotli()
            .next()
            .and_then(|path| Some((path.to_owned(), snapshot.file(path)?.clone())))
        else {
            return;
        };
        let compressing = file.clone();
        let Ok(improved) =
            tokio::task::spawn_blocking(move || compressing.with_best_brotli()).await
        else {
            return;
        };
        // Publishing is this task's too, so the snapshot is the same one unless `path`
        // was published anew meanwhile; `replacing` checks.
        if let Some(current) = self.published.current()
            && let Some(next) = current.replacing(&path, &file, improved)
        {
            self.published.swap(next);
        }
    }

    /// Builds the snapshot of `version` and swaps it in. When the renderer is away the
    /// last complete snapshot stays (an error says so); the very first one is published
    /// with the web app's shell in place of rendered markup. Rendering stops early when
    /// `newer` hears a newer version (see [`Publisher::build`]).
    async fn publish(
        &self,
        version: catalogue::SiteVersion,
        newer: &watch::Receiver<Option<catalogue::SiteVersion>>,
    ) -> Result<(), PublishError> {
        let previous = self.published.current();
        if let Some(previous) = &previous
            && previous.version == version
            && previous.complete
        {
            return Ok(());
        }
        let _publishing = self.background.publishing();
        let started = std::time::Instant::now();
        let fetched = content::fetch(
            &self.services,
            self.site.overrides(),
            version,
            previous.clone(),
            &self.kept_weeks,
        )
        .await;
        let content = match fetched {
            Ok(content) => content,
            Err(error) => {
                self.status
                    .update(|state| state.last_error = Some(error.to_string()));
                return Err(error);
            }
        };
        let fetch_time = started.elapsed();
        let (site, revision, today) = (
            content.site.clone(),
            content.version.revision.clone(),
            content.version.today.clone(),
        );
        let result = self.build(content, previous.as_deref(), newer).await;
        let mut snapshot = match result {
            Ok(built) => built,
            Err(error) => {
                self.status
                    .update(|state| state.last_error = Some(error.to_string()));
                return Err(error);
            }
        };
        snapshot.publish_time = started.elapsed();
        tracing::info!(
            %revision,
            %today,
            files = snapshot.files.len(),
            rendered = snapshot.pages_rendered,
            elapsed_ms = snapshot.publish_time.as_millis() as u64,
            fetch_ms = fetch_time.as_millis() as u64,
            "site published"
        );
        let complete = snapshot.complete;
        self.site.set(site);
        self.published.swap(snapshot);
        self.status.update(|state| state.last_error = None);
        if complete {
            Ok(())
        } else {
            Err(PublishError::Unrendered)
        }
    }

    /// The snapshot of `content`, reusing from `previous` every file whose bytes would
    /// not change.
    ///
    /// Page data goes out before the pages are rendered (a showtime sold out is on the
    /// page data in a moment, on the page's HTML after its rendering), and once a complete
    /// snapshot is out, rendering stops after the request in progress when `newer` hears
    /// a newer version: its page data then waits for one request, not for all of this
    /// version's pages. Pages left to render keep their last HTML, marked stale, and are
    /// rendered by the next publish, those stale the longest first, so that none waits
    /// for ever while versions keep coming.
    async fn build(
        &self,
        mut content: CatalogueContent,
        previous: Option<&Snapshot>,
        newer: &watch::Receiver<Option<catalogue::SiteVersion>>,
    ) -> Result<Snapshot, PublishError> {
        let site = content.site.clone();
        let now = jiff::Timestamp::now();
        let app_data = site.app_data.clone();
        let same_app_data = previous.is_some_and(|previous| {
            previous
                .file(APP_DATA)
                .is_some_and(|file| file.identity.bytes == app_data)
        });
        let inline_app_data = app_data.len() <= APP_DATA_INLINE_MAX;
        let site_card = site_card_file(&site, previous, now).await;
        let head = HeadContext {
            site: &site,
            origin: &self.origin,
            site_card: site_card.is_some(),
        };
        let pages = pages::public_pages(&content)
            .iter()
            .map(|page| {
                let mut planned = PlannedPage::new(page, &site, previous, same_app_data)?;
                if planned.html.is_none() {
                    let mut page_head = head.head(page);
                    if !inline_app_data {
                        page_head.push_str(APP_DATA_PRELOAD);
                    }
                    planned.head = page_head;
                }
                Ok(planned)
            })
            .collect::<Result<Vec<_>, PublishError>>()?;
        let entity_paths = EntityPaths::of(&content);
        let posters = std::mem::take(&mut content.posters);
        let poster_images = std::mem::take(&mut content.poster_images);
        let version = content.version.clone();
        // What is left (a large chain's 200,000 showtimes) is not needed past here.
        drop(content);

        let started = std::time::Instant::now();
        let stale_since = |path: &str| {
            previous
                .and_then(|previous| previous.stale_pages.get(path).copied())
                .unwrap_or(started)
        };
        let mut to_render: Vec<usize> = (0..pages.len())
            .filter(|&index| pages[index].html.is_none())
            .collect();
        // New pages first (they have no HTML to stand in), then the longest stale.
        to_render.sort_by_key(|&index| {
            let path = &pages[index].path;
            let published = previous.is_some_and(|previous| previous.file(path).is_some());
            (published, stale_since(path))
        });
        let data_jobs: Vec<_> = pages
            .iter()
            .map(|page| {
                let path = page.data_path.clone();
                let before = previous.and_then(|previous| previous.file(&path).cloned());
                let policy = Some(site.content_security_policy.clone());
                let (status, data) = (page.status, page.data.clone());
                move || (path, file_or_same(before, status, JSON, data, policy, now))
            })
            .collect();
        let data_files = compress_all(data_jobs).await;
        // The page data goes out first: the last snapshot with the new page data, its
        // pages to render marked stale.
        let may_stop = previous.is_some_and(|previous| previous.complete);
        if let Some(previous) = previous
            && previous.complete
            && same_app_data
            && !to_render.is_empty()
        {
            let mut ahead = previous.clone();
            ahead.files.extend(data_files.iter().cloned());
            for &index in &to_render {
                let path = &pages[index].path;
                ahead.stale_pages.insert(path.clone(), stale_since(path));
            }
            self.published.swap(ahead);
        }
        let mut stale_pages = HashMap::new();
        let mut complete = true;
        let mut html: Vec<Option<Arc<PublishedFile>>> =
            pages.iter().map(|page| page.html.clone()).collect();
        if let Some(template) = &self.template {
            let render_started = std::time::Instant::now();
            let until_newer = may_stop.then_some(newer);
            let mut rendered = match self
                .render(&app_data, &pages, &to_render, until_newer)
                .await
            {
                Ok(rendered) => rendered,
                Err(error) => {
                    // Without the renderer a complete snapshot stays as it is.
                    if previous.is_some_and(|previous| previous.complete) {
                        return Err(error);
                    }
                    tracing::warn!(%error, "publishing the shell until the renderer answers");
                    complete = false;
                    HashMap::new()
                }
            };
            tracing::debug!(
                pages = to_render.len(),
                elapsed_ms = render_started.elapsed().as_millis() as u64,
                "pages rendered"
            );
            // Left for the next publish: the last HTML stands in meanwhile.
            for &index in &to_render {
                if complete && !rendered.contains_key(&index) {
                    let path = &pages[index].path;
                    stale_pages.insert(path.clone(), stale_since(path));
                    html[index] = previous.and_then(|previous| previous.file(path).cloned());
                }
            }
            let jobs: Vec<_> = to_render
                .iter()
                .filter(|&&index| !stale_pages.contains_key(&pages[index].path))
                .map(|&index| {
                    let page = &pages[index];
                    let render = rendered.remove(&index);
                    if let Some(error) = render.as_ref().and_then(|render| render.error.as_ref()) {
                        tracing::error!(path = %page.path, %error, "page not rendered; published with the shell");
                    }
                    let render = render.filter(|render| render.error.is_none());
                    let document = template.render(&PageParts {
                        locale: &site.config().locale,
                        head: &page.head,
                        markup: render.as_ref().and_then(|r| r.html.as_deref()).unwrap_or_default(),
                        scripts: render.as_ref().map_or(&[][..], |r| &r.scripts),
                        style_sheets: render.as_ref().map_or(&[][..], |r| &r.style_sheets),
                        fonts: render.as_ref().map_or(&[][..], |r| &r.fonts),
                        app_data: inline_app_data.then_some(&app_data[..]),
                        page_data: Some(&page.data),
                    });
                    let policy = site.policy.for_page(&document.script_hashes);
                    let before = previous.and_then(|previous| previous.file(&page.path).cloned());
                    let (status, body) = (page.status, Bytes::from(document.html));
                    move || {
                        let file = file_or_same(before, status, HTML, body, Some(policy), now);
                        (index, file)
                    }
                })
                .collect();
            for (index, file) in compress_all(jobs).await {
                html[index] = Some(file);
            }
        }

        // What is not a page carries the site's policy like every other response.
        let policy = || Some(site.content_security_policy.clone());
        let mut files: HashMap<String, Arc<PublishedFile>> = HashMap::new();
        files.extend(data_files);
        let poster_jobs: Vec<_> = posters
            .into_iter()
            .map(|(id, svg)| {
                let before =
                    |path: &str| previous.and_then(|previous| previous.file(path).cloned());
                let svg_path = posters::svg_path(&id);
                let before_svg = before(&svg_path);
                let preview_path = posters::preview_path(&svg_path).unwrap_or_default();
                let before_preview = before(&preview_path);
                let policy = policy();
                move || poster_files(&id, svg, before_svg, before_preview, policy, now)
            })
            .collect();
        files.extend(compress_all(poster_jobs).await.into_iter().flatten());
        for image in poster_images {
            let file = match image.body {
                Some(body) => Some(Arc::new(PublishedFile::new(
                    StatusCode::OK,
                    image.content_type,
                    body,
                    policy(),
                    now,
                ))),
                None => previous.and_then(|previous| previous.file(&image.path).cloned()),
            };
            files.extend(file.map(|file| (image.path, file)));
        }
        if let Some(card) = site_card {
            files.insert(posters::SITE_CARD_PATH.to_owned(), card);
        }
        let before = previous.and_then(|previous| previous.file(APP_DATA).cloned());
        files.insert(
            APP_DATA.to_owned(),
            file_or_same(
                before,
                StatusCode::OK,
                JSON,
                app_data.clone(),
                policy(),
                now,
            ),
        );
        let mut listed = Vec::new();
        for (page, file) in pages.iter().zip(html) {
            let Some(file) = file else { continue };
            if page.status == StatusCode::OK {
                listed.push((format!("{}{}", self.origin, page.path), file.changed_at));
            }
            files.insert(page.path.clone(), file);
        }
        let sitemap = Bytes::from(sitemap::sitemap(&listed));
        let before = previous.and_then(|previous| previous.file("/sitemap.xml").cloned());
        files.insert(
            "/sitemap.xml".to_owned(),
            file_or_same(
                before,
                StatusCode::OK,
                "application/xml; charset=utf-8",
                sitemap,
                None,
                now,
            ),
        );
        let robots = Bytes::from(sitemap::robots(&self.origin));
        let before = previous.and_then(|previous| previous.file("/robots.txt").cloned());
        files.insert(
            "/robots.txt".to_owned(),
            file_or_same(
                before,
                StatusCode::OK,
                "text/plain; charset=utf-8",
                robots,
                None,
                now,
            ),
        );

        let shell = self.template.as_ref().map(|template| {
            let document = template.render(&PageParts {
                locale: &site.config().locale,
                head: &format!(
                    "<title>{}</title>\n    <meta name=\"robots\" content=\"noindex\" />",
                    crate::html::escape(&site.site_name())
                ),
                markup: "",
                scripts: &[],
                style_sheets: &[],
                fonts: &[],
                app_data: Some(&app_data),
                page_data: None,
            });
            let policy = site.policy.for_page(&document.script_hashes);
            let before = previous.and_then(|previous| previous.shell.clone());
            file_or_same(
                before,
                StatusCode::OK,
                HTML,
                Bytes::from(document.html),
                Some(policy),
                now,
            )
        });
        let snapshot = Snapshot {
            version,
            published_at: now,
            site: site.clone(),
            files,
            shell,
            entity_paths: Arc::new(entity_paths),
            complete: complete && self.template.is_some(),
            pages_rendered: if complete {
                to_render.len() - stale_pages.len()
            } else {
                0
            },
            stale_pages,
            pages: pages.len(),
            publish_time: Duration::ZERO,
        };
        Ok(snapshot)
    }

    /// Renders the pages at `indices` in that order, a batch per request; with
    /// `until_newer`, only until it hears a newer version.
    async fn render(
        &self,
        app_data: &Bytes,
        pages: &[PlannedPage],
        indices: &[usize],
        until_newer: Option<&watch::Receiver<Option<catalogue::SiteVersion>>>,
    ) -> Result<HashMap<usize, RenderedPage>, PublishError> {
        let mut rendered = HashMap::new();
        for (number, batch) in indices.chunks(RENDER_BATCH).enumerate() {
            // At least one batch: pages get rendered however often versions come.
            if number > 0 && until_newer.is_some_and(|newer| newer.has_changed().unwrap_or(false)) {
                break;
            }
            let batch_pages: Vec<(&str, &[u8])> = batch
                .iter()
                .map(|&index| (pages[index].path.as_str(), &pages[index].data[..]))
                .collect();
            let answers = self
                .renderer
                .render(&self.origin, app_data, &batch_pages)
                .await?;
            rendered.extend(batch.iter().copied().zip(answers));
        }
        Ok(rendered)
    }
}

/// A public page as it will be published, owning what it needs from the catalogue
/// version so that the version's content can go before rendering.
struct PlannedPage {
    path: String,
    status: StatusCode,
    data_path: String,
    /// Its page data; the last snapshot's bytes when they did not change.
    data: Bytes,
    /// Its HTML kept from the last snapshot: its data and the app data did not change.
    html: Option<Arc<PublishedFile>>,
    /// Its `<head>`, for a page to render.
    head: String,
}

impl PlannedPage {
    fn new(
        page: &PublicPage<'_>,
        site: &SiteSnapshot,
        previous: Option<&Snapshot>,
        same_app_data: bool,
    ) -> Result<PlannedPage, PublishError> {
        let data_path = page.page_data_path();
        let mut data = page.page_data(site)?;
        let mut html = None;
        if let Some(previous) = previous
            && let Some(before) = previous.file(&data_path)
            && before.identity.bytes == data
        {
            data = before.identity.bytes.clone();
            if same_app_data && previous.complete && !previous.stale_pages.contains_key(&page.path)
            {
                html = previous.file(&page.path).cloned();
            }
        }
        Ok(PlannedPage {
            path: page.path.clone(),
            status: page.status,
            data_path,
            data,
            html,
            head: String::new(),
        })
    }
}

const APP_DATA: &str = "/page-data/app-data.json";
/// Pages carry the app data inline up to this size. A large chain's (its theaters) would
/// make up most of every page: its pages preload the one shared file instead, which the
/// browser caches and revalidates (a 304) on the pages after.
const APP_DATA_INLINE_MAX: usize = 48 * 1024;
const APP_DATA_PRELOAD: &str =
    "\n    <link rel=\"preload\" as=\"fetch\" crossorigin href=\"/page-data/app-data.json\" />";

/// Id -> page path of movies, theaters and events: where permalinks and other spellings
/// of an entity's path lead.
#[derive(Debug, Default)]
pub struct EntityPaths {
    pub movies: HashMap<String, String>,
    pub theaters: HashMap<String, String>,
    pub events: HashMap<String, String>,
}

impl EntityPaths {
    fn of(content: &CatalogueContent) -> EntityPaths {
        EntityPaths {
            movies: content
                .movies
                .iter()
                .map(|movie| (movie.id.clone(), movie.path.clone()))
                .collect(),
            theaters: content
                .site
                .theaters
                .iter()
                .map(|theater| (theater.id.clone(), pages::theater_path(theater)))
                .collect(),
            events: content
                .events
                .iter()
                .map(|event| (event.id.clone(), event.path.clone()))
                .collect(),
        }
    }
}

/// The file of `body`, or `before` itself when it holds the same bytes (so it keeps
/// its compressed forms and the time it last changed).
fn file_or_same(
    before: Option<Arc<PublishedFile>>,
    status: StatusCode,
    content_type: &'static str,
    body: Bytes,
    policy: Option<axum::http::HeaderValue>,
    now: jiff::Timestamp,
) -> Arc<PublishedFile> {
    match before {
        Some(before) if before.same_as(status, &body, policy.as_ref()) => before,
        _ => Arc::new(PublishedFile::new(status, content_type, body, policy, now)),
    }
}

/// The poster `svg` of movie or event `id` and its link-preview PNG, each kept from
/// before when the poster did not change. A poster that cannot be drawn is published
/// without a preview.
fn poster_files(
    id: &str,
    svg: Bytes,
    before_svg: Option<Arc<PublishedFile>>,
    before_preview: Option<Arc<PublishedFile>>,
    policy: Option<axum::http::HeaderValue>,
    now: jiff::Timestamp,
) -> Vec<(String, Arc<PublishedFile>)> {
    let svg_path = posters::svg_path(id);
    let Some(preview_path) = posters::preview_path(&svg_path) else {
        return Vec::new();
    };
    let unchanged = before_svg
        .as_ref()
        .is_some_and(|before| before.identity.bytes == svg);
    let preview = match before_preview {
        Some(before) if unchanged => Some(before),
        _ => match posters::preview_png(&String::from_utf8_lossy(&svg)) {
            Ok(png) => Some(Arc::new(PublishedFile::new(
                StatusCode::OK,
                "image/png",
                Bytes::from(png),
                None,
                now,
            ))),
            Err(error) => {
                tracing::error!(poster = %svg_path, %error, "published without a link preview");
                None
            }
        },
    };
    let svg = file_or_same(
        before_svg,
        StatusCode::OK,
        "image/svg+xml",
        svg,
        policy,
        now,
    );
    std::iter::once((svg_path, svg))
        .chain(preview.map(|preview| (preview_path, preview)))
        .collect()
}

/// The site's link-preview card, kept from before when it did not change; `None`, and
/// an error logged, when it cannot be drawn.
async fn site_card_file(
    site: &SiteSnapshot,
    previous: Option<&Snapshot>,
    now: jiff::Timestamp,
) -> Option<Arc<PublishedFile>> {
    let name = site.site_name();
    let tagline = site
        .messages
        .messages
        .get("footer.tagline")
        .cloned()
        .unwrap_or_default();
    let palette = site
        .config()
        .theme
        .and_then(|theme| theme.palette)
        .unwrap_or_default();
    let drawn = tokio::task::spawn_blocking(move || {
        posters::site_card_png(&posters::SiteCard {
            name: &name,
            tagline: &tagline,
            background: &palette.header_background,
            accent: &palette.primary,
        })
    })
    .await;
    match drawn {
        Ok(Ok(png)) => {
            let before = previous.and_then(|previous| previous.file(posters::SITE_CARD_PATH));
            Some(file_or_same(
                before.cloned(),
                StatusCode::OK,
                "image/png",
                Bytes::from(png),
                None,
                now,
            ))
        }
        Ok(Err(error)) => {
            tracing::error!(%error, "published without the site's link-preview card");
            None
        }
        Err(error) => {
            tracing::error!(%error, "drawing the site's link-preview card failed");
            None
        }
    }
}

/// Runs the compression jobs on the blocking pool, as many at once as there are cores.
async fn compress_all<T: Send + 'static, F: FnOnce() -> T + Send + 'static>(
    jobs: Vec<F>,
) -> Vec<T> {
    let parallel = std::thread::available_parallelism().map_or(2, usize::from);
    futures_util::stream::iter(jobs.into_iter().map(tokio::task::spawn_blocking))
        .buffer_unordered(parallel)
        .filter_map(|done| async move { done.ok() })
        .collect()
        .await
}
