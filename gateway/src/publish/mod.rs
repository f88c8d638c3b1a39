//! The published site (docs/publishing.md#published-ahead): every public page's HTML,
//! rendered once per catalogue version by the same React components the browser hydrates,
//! its page data, the app data, the sitemap and robots.txt, served from memory like files.
//!
//! Publishing is a function from a catalogue version to the [`PublishedFiles`]; serving
//! them is [`crate::served`]'s, which imports nothing of this module. The site's
//! follower ([`crate::served::follower`]) hands each new version (a reloaded bundle, a
//! new day in the site's time zone) over.
//!
//! # Layout
//!
//! - [`content`]: what one version holds, fetched from svc-catalogue.
//! - [`plan`]: what a version changes, and which pages to render (pure).
//! - [`pack`]: a planned version's files from its renderings, compressed (pure).
//! - [`public_pages`]: the public pages and their page data (pure).
//! - [`head`]: each page's title, description, canonical URL, Open Graph and JSON-LD (pure).
//! - [`document`]: a page's HTML from the built `index.html`, and its script hashes.
//! - [`renderer`]: the Node renderer's API, and the renderer as a child process.
//! - [`posters`]: the generated posters, and their PNG previews for link previews.
//! - [`sitemap`]: `/sitemap.xml` and `/robots.txt`.
//! - [`drawn_previews`]: the poster link previews this process drew before.
//! - [`store`]: each revision stored in NATS JetStream for the deployment, and the
//!   store collected.
//! - [`collect`]: one publishing gateway at a time collects the store, every minute.
//! - [`lease`]: which publishing gateway publishes each site.
//! - [`role`]: a publishing gateway publishes the sites whose lease it holds, and
//!   serves the others' stored revisions.

pub mod collect;
pub mod content;
pub mod document;
pub mod draft_preview;
pub mod drawn_previews;
#[cfg(test)]
mod fixture;
pub mod head;
pub mod lease;
pub mod pack;
pub mod plan;
pub mod posters;
pub mod public_pages;
pub mod renderer;
pub mod role;
pub mod sitemap;
pub mod store;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use proto::catalogue::v1 as catalogue;
use tokio::sync::watch;

use crate::clients::Services;
use crate::served::depot::{self, Depot};
use crate::served::follower::Versions;
use crate::served::status::PublishStatus;
use crate::served::{Published, PublishedFile, PublishedFiles};
use crate::site_data::SiteCache;
use content::CatalogueContent;
use document::Template;
use pack::{Packer, Rendering};
use plan::Plan;
use renderer::{RenderedPage, Renderer, RendererError};

/// Pages per request to the renderer. A newer version waits for at most one request
/// before its page data goes out (see [`Publisher::build`]).
const RENDER_BATCH: usize = 8;
/// How long to wait before trying again when the catalogue or the renderer is away.
const RETRY_FIRST: Duration = Duration::from_millis(500);
const RETRY_MAX: Duration = Duration::from_secs(5);

#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error("catalogue: {0}")]
    Catalogue(#[from] tonic::Status),
    #[error(transparent)]
    LoyaltySettings(#[from] loyalty_config::SettingsError),
    #[error("the catalogue's today '{0}' is not a date")]
    BadDate(String),
    #[error("a page's data could not be written as JSON: {0}")]
    PageData(#[from] serde_json::Error),
    #[error(transparent)]
    Renderer(#[from] RendererError),
    /// The gateway stopped while a version was being packed.
    #[error("the gateway is stopping")]
    Stopped,
    /// The first snapshot went out with the web app's shell in place of rendered pages.
    #[error("published with the web app's shell: the renderer did not answer")]
    Unrendered,
}

/// Publishes each catalogue version as it comes.
#[derive(Debug, Clone)]
pub struct Publisher {
    pub services: Services,
    pub site: SiteCache,
    pub published: Published,
    /// The site's catalogue versions, as its follower hears them.
    pub versions: Versions,
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
    /// Where this site's revisions are stored for the deployment; `None`: this process
    /// only.
    pub depot: Option<SiteDepot>,
}

/// The deployment's store of published revisions, and the name of this site's.
#[derive(Debug, Clone)]
pub struct SiteDepot {
    pub depot: Depot,
    pub site_id: String,
    /// The leases of a publishing gateway: a revision is stored only while this gateway
    /// holds the site's (`None`: the only publisher, as in the tests of one process).
    pub leases: Option<lease::Leases>,
}

/// What every site's publisher shares (docs/architecture.md#sites: many sites on one gateway):
/// best-quality compression runs one batch at a time for the whole gateway (a file on each
/// core at the lowest CPU priority), only while no site is publishing and after a quiet
/// spell without requests, so every site's pages go out first and serving never waits for
/// it.
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

/// How many files the background pass compresses at once: one a core, at most four.
fn background_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().min(4))
}

/// Runs `job` on a thread of its own at the lowest CPU priority (nice 19), so that
/// background work takes only the CPU that serving, publishing and the rest of the
/// machine leave; `None` if no thread could be started.
async fn at_lowest_priority<T: Send + 'static>(
    job: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    const LOWEST: i32 = 19;
    let (done, result) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("background".to_owned())
        .spawn(move || {
            let thread = Some(rustix::thread::gettid());
            if let Err(error) = rustix::process::setpriority_process(thread, LOWEST) {
                tracing::debug!(%error, "background work at the usual CPU priority");
            }
            let _ = done.send(job());
        })
        .ok()?;
    result.await.ok()
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
    /// again a version it could not publish, and a revision it could not store (NATS
    /// away, the store full): the gateways that only serve get it once it is stored.
    async fn run(self) {
        let mut versions = self.versions.clone();
        // The version heard before this publisher started (it took the lease over).
        let mut pending: Option<catalogue::SiteVersion> = versions.borrow_and_update().clone();
        let mut retry = RETRY_FIRST;
        let mut store_retry = RETRY_FIRST;
        loop {
            let unstored = self.status.get().store_error.is_some();
            if !unstored {
                store_retry = RETRY_FIRST;
            }
            tokio::select! {
                () = tokio::time::sleep(store_retry), if pending.is_none() && unstored => {
                    self.store_current().await;
                    store_retry = (store_retry * 2).min(RETRY_MAX);
                }
                changed = versions.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    if let Some(version) = versions.borrow_and_update().clone() {
                        pending = Some(version);
                    }
                }
                () = tokio::time::sleep(retry), if pending.is_some() => {}
                () = self.improve_best_brotli(), if pending.is_none() && self.awaiting_best_brotli() => {}
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

    fn awaiting_best_brotli(&self) -> bool {
        self.published
            .peek()
            .as_ref()
            .is_some_and(|snapshot| snapshot.awaiting_best_brotli().next().is_some())
    }

    /// Compresses a few files of the current snapshot that went out with fast Brotli at
    /// their best quality, one on each core at the lowest CPU priority, and publishes
    /// them in their place. One batch at a time for the whole gateway, while no version
    /// waits and no site publishes: requests and the machine's other work go first.
    async fn improve_best_brotli(&self) {
        let _turn = self.background.turn().await;
        let Some(snapshot) = self.published.current() else {
            return;
        };
        let batch: Vec<(String, Arc<PublishedFile>)> = snapshot
            .awaiting_best_brotli()
            .take(background_threads())
            .filter_map(|path| Some((path.to_owned(), snapshot.file(path)?.clone())))
            .collect();
        let improved = futures_util::future::join_all(batch.into_iter().map(|(path, file)| {
            let compressing = Arc::clone(&file);
            async move {
                let improved = at_lowest_priority(move || compressing.with_best_brotli()).await?;
                Some((path, file, improved))
            }
        }))
        .await;
        // Publishing is this task's too, so the snapshot is the same one unless a path
        // was published anew meanwhile; `replacing` leaves those out.
        if let Some(current) = self.published.current()
            && let Some(next) = current.replacing(improved.into_iter().flatten().collect())
        {
            let done = next.awaiting_best_brotli().next().is_none();
            self.published.swap(next);
            if done {
                self.store_current().await;
            }
        }
    }

    /// Stores the current snapshot for the deployment (PUBLISH_NATS_URL): its new
    /// objects, its manifest, then the site's key. This gateway serves it whatever
    /// happens; a failure is logged, and shown by `/readyz` until a revision is stored.
    async fn store_current(&self) {
        let (Some(depot), Some(snapshot)) = (&self.depot, self.published.current()) else {
            return;
        };
        // While NATS is away the store's own error says so; the lease is asked once it
        // answers.
        let stored = match &depot.leases {
            Some(leases) if depot.depot.connected() => match leases.holds(&depot.site_id).await {
                Ok(true) => depot.depot.store(&depot.site_id, &snapshot).await,
                Ok(false) => Err(depot::DepotError::NotHeld {
                    site: depot.site_id.clone(),
                }),
                Err(error) => Err(error),
            },
            _ => depot.depot.store(&depot.site_id, &snapshot).await,
        };
        match stored {
            Ok(stored) => {
                tracing::info!(
                    site = %depot.site_id,
                    revision = %stored.revision,
                    objects = stored.objects,
                    written = stored.written,
                    "revision stored"
                );
                self.status.update(|state| {
                    state.stored_revision = Some(stored.revision);
                    state.store_error = None;
                });
            }
            Err(error) => {
                let error = error.to_string();
                // Said when it is new, not at every retry.
                if self.status.get().store_error.as_ref() != Some(&error) {
                    tracing::error!(site = %depot.site_id, %error, "revision not stored; this gateway serves it, and tries again");
                }
                self.status.update(|state| state.store_error = Some(error));
            }
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
        let posters_fetched = content.posters_fetched;
        let (site, revision, today) = (
            content.site.clone(),
            content.version.revision.clone(),
            content.version.today.clone(),
        );
        let result = self.build(content, previous.clone(), newer).await;
        let mut snapshot = match result {
            Ok(built) => built,
            Err(error) => {
                self.status
                    .update(|state| state.last_error = Some(error.to_string()));
                return Err(error);
            }
        };
        snapshot.publish_time = started.elapsed();
        snapshot.posters_fetched = posters_fetched;
        tracing::info!(
            %revision,
            %today,
            files = snapshot.files.len(),
            rendered = snapshot.pages_rendered,
            posters_fetched,
            elapsed_ms = snapshot.publish_time.as_millis() as u64,
            fetch_ms = fetch_time.as_millis() as u64,
            "site published"
        );
        let complete = snapshot.complete;
        self.site.set(site);
        self.published.swap(snapshot);
        self.status.update(|state| state.last_error = None);
        self.store_current().await;
        if complete {
            Ok(())
        } else {
            Err(PublishError::Unrendered)
        }
    }

    /// The snapshot of `content`, reusing from `previous` every file whose bytes would
    /// not change: planned ([`plan`]), rendered (the only I/O), packed ([`pack`]).
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
        content: CatalogueContent,
        previous: Option<Arc<PublishedFiles>>,
        newer: &watch::Receiver<Option<catalogue::SiteVersion>>,
    ) -> Result<PublishedFiles, PublishError> {
        let now = jiff::Timestamp::now();
        let started = std::time::Instant::now();
        let site_card = {
            let (site, previous) = (content.site.clone(), previous.clone());
            off_the_runtime(move || pack::site_card(&site, previous.as_deref(), now)).await?
        };
        let plan = plan::plan(
            content,
            previous.as_deref(),
            &self.origin,
            site_card.is_some(),
            now,
            started,
        )?;
        let (plan, page_data) = {
            let previous = previous.clone();
            off_the_runtime(move || {
                let page_data = Packer::page_data(&plan, previous.as_deref());
                (plan, page_data)
            })
            .await?
        };
        if let Some(ahead) = Packer::ahead(&plan, &page_data, previous.as_deref()) {
            self.published.swap(ahead);
        }
        let may_stop = previous.as_ref().is_some_and(|previous| previous.complete);
        let rendering = if self.template.is_none() {
            Rendering {
                pages: HashMap::new(),
                rendered: true,
            }
        } else {
            match self.render(&plan, may_stop.then_some(newer)).await {
                Ok(pages) => Rendering {
                    pages,
                    rendered: true,
                },
                // Without the renderer a complete snapshot stays as it is.
                Err(error) if may_stop => return Err(error),
                Err(error) => {
                    tracing::warn!(%error, "publishing the shell until the renderer answers");
                    Rendering {
                        pages: HashMap::new(),
                        rendered: false,
                    }
                }
            }
        };
        let packer = Packer {
            template: self.template.clone(),
            origin: self.origin.clone(),
        };
        off_the_runtime(move || {
            packer.pack(plan, rendering, page_data, site_card, previous.as_deref())
        })
        .await
    }

    /// Renders the plan's pages to render in their order, a batch per request; with
    /// `until_newer`, only until it hears a newer version.
    async fn render(
        &self,
        plan: &Plan,
        until_newer: Option<&watch::Receiver<Option<catalogue::SiteVersion>>>,
    ) -> Result<HashMap<usize, RenderedPage>, PublishError> {
        let started = std::time::Instant::now();
        let mut rendered = HashMap::new();
        for (number, batch) in plan.to_render.chunks(RENDER_BATCH).enumerate() {
            // At least one batch: pages get rendered however often versions come.
            if number > 0 && until_newer.is_some_and(|newer| newer.has_changed().unwrap_or(false)) {
                break;
            }
            let batch_pages: Vec<(&str, &[u8])> = batch
                .iter()
                .map(|&index| (plan.pages[index].path.as_str(), &plan.pages[index].data[..]))
                .collect();
            let answers = self
                .renderer
                .render(&self.origin, &plan.app_data, &batch_pages)
                .await?;
            rendered.extend(batch.iter().copied().zip(answers));
        }
        tracing::debug!(
            pages = rendered.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "pages rendered"
        );
        Ok(rendered)
    }
}

/// Runs CPU-heavy `work` (drawing, compressing) on the blocking pool.
async fn off_the_runtime<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, PublishError> {
    tokio::task::spawn_blocking(work).await.map_err(|error| {
        if error.is_panic() {
            std::panic::resume_unwind(error.into_panic());
        }
        PublishError::Stopped
    })
}

/// The app data's path: every page's shared data (the site, its theaters, its text).
const APP_DATA: &str = "/page-data/app-data.json";
