//! svc-catalogue: every site's catalogue (settings, theme, theaters, movies, showtimes,
//! events, content pages, messages) kept in a store that a chain's point of sale writes
//! (docs/ingest.md#the-catalogue-store), served over gRPC from an immutable revision
//! rebuilt after each commit.
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment.
//! - [`commands`]: the binary's commands beside serving: `import` and `keys`.
//! - [`store`]: all SQL: the sites' records in SQLite or PostgreSQL, and their commits.
//! - [`bundle`]: reading and checking a bundle of the demo's format (days relative to
//!   today); errors name the file and the field.
//! - [`import`]: a bundle written to the store, again when it changes or the day turns.
//! - [`follow`]: every site's catalogue being served, following the store's commits.
//! - [`version`]: the catalogue's version (revision and the site's today), streamed to
//!   subscribers at each change.
//! - [`domain`]: the catalogue as plain Rust and its rules: ordering, play weeks,
//!   showtimes and their availability, theaters, content pages, posters.
//! - [`search`]: the site-search index, built with each revision.
//! - [`connector`]: the seam of every point-of-sale connector: polling, token files,
//!   store writes, failures and health, written once around a connector's fetch.
//! - [`veezi`]: the Veezi connector, the first behind the seam.
//! - [`media_uploads`]: an upload to a site's media library made into the files served.
//! - [`leadership`]: which replica polls the points of sale and fetches poster images.
//! - [`ingest`]: the ingest API's records made the catalogue's, each checked.
//! - [`scheduled`]: drafts published at their time, surviving restarts.
//! - [`alert_events`]: the events of movies going on sale and leaving theaters, as the
//!   store's outbox keeps them and NATS carries them.
//! - [`alerts_due`]: the hourly check of what time alone made due.
//! - [`grpc`]: the gRPC adapters: the catalogue's reads, the ingest API, the studio's
//!   drafts, the media library.
//! - [`error`]: the crate's error type and its gRPC status.

pub mod alert_events;
pub mod alerts_due;
pub mod bundle;
pub mod commands;
pub mod config;
pub mod connector;
pub mod domain;
pub mod error;
pub mod follow;
pub mod grpc;
pub mod import;
pub mod ingest;
pub mod leadership;
pub mod media_uploads;
pub mod poster_images;
pub mod scheduled;
pub mod search;
pub mod store;
pub mod veezi;
pub mod version;

use std::future::Future;
use std::sync::Arc;

pub use config::Config;
pub use error::Error;
use proto::catalogue::v1::catalogue_server::CatalogueServer;
use proto::catalogue::v1::drafts_server::DraftsServer;
use proto::catalogue::v1::ingest_server::IngestServer;
use proto::catalogue::v1::media_server::MediaServer;
use proto::catalogue::v1::points_of_sale_server::PointsOfSaleServer;
use proto::catalogue::v1::sites_server::SitesServer;
use tokio::net::TcpListener;

use connector::ConnectorHealth;
use store::Store;
use veezi::Veezi;
use version::Clock;

/// The most connections to the store: reads of whole sites and their writes are few.
const STORE_CONNECTIONS: u32 = 5;

/// The store, and the default site's catalogue ready to serve (the store's other sites
/// are read once serving).
#[derive(Debug)]
pub struct Application {
    config: Config,
    store: Store,
    catalogues: follow::Catalogues,
    /// The store's version of the default site's catalogue.
    version: i64,
    /// SITES_DIR's bundles besides the default site's, imported at start.
    more_bundles: Vec<MoreBundle>,
}

/// A bundle of SITES_DIR kept imported as a site of its own.
#[derive(Debug)]
struct MoreBundle {
    site_id: String,
    dir: std::path::PathBuf,
    /// When its day turns.
    time_zone: jiff::tz::TimeZone,
}

impl Application {
    /// Connects the store, imports SITE_DIR's bundle into it if one is given, and reads
    /// the site: an invalid bundle stops start-up here; without one, a store that does not
    /// have the site yet is waited for. SITES_DIR's other bundles are imported too; one
    /// that is broken is logged and left out, the others go on.
    pub async fn build(config: Config) -> Result<Application, Error> {
        let store = connect_store(&config).await?;
        if let Some(dir) = &config.site_dir {
            import::import(&store, &config.site_id, dir, clock(&config)).await?;
            if config.database_url.is_sqlite() {
                import::write_demo_key(&store, &config.site_id, &config.data_dir).await?;
            }
        }
        let more_bundles = match &config.sites_dir {
            Some(dir) => import_more_bundles(&store, &config, dir).await?,
            None => Vec::new(),
        };
        let (version, catalogue) = first_revision(&store, &config).await?;
        tracing::info!(
            site = %config.site_id,
            revision = %catalogue.revision,
            "catalogue loaded"
        );
        Ok(Application {
            catalogues: follow::Catalogues::new(follow::SharedCatalogue::new(catalogue, version)),
            store,
            config,
            version,
            more_bundles,
        })
    }

    /// The store, for the commands that write it.
    pub fn store(&self) -> &Store {
        &self.store
    }

    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        let clock = clock(&self.config);
        let fetcher = if self.config.poster_images_from_local_addresses {
            poster_images::PosterFetcher::allowing_local_addresses()
        } else {
            poster_images::PosterFetcher::new()
        };
        let fetcher = fetcher
            .inspect_err(|error| {
                tracing::error!(%error, "poster images cannot be fetched: movies show drawn posters");
            })
            .ok();
        let (leadership, leading) = leadership::lead(&self.store);
        let per_site = {
            let store = self.store.clone();
            let limits = self.config.poster_limits;
            let leadership = leadership.clone();
            move |site: &follow::SharedCatalogue, tasks: &mut tokio::task::JoinSet<()>| {
                if let Some(fetcher) = &fetcher {
                    tasks.spawn(poster_images::keep_fetched(
                        store.clone(),
                        site.clone(),
                        fetcher.clone(),
                        limits,
                        leadership.clone(),
                    ));
                }
            }
        };
        let mut tasks = vec![follow::follow_sites(
            self.store.clone(),
            self.catalogues.clone(),
            self.version,
            per_site,
        )];
        tasks.push(self.store.listen());
        tasks.push(leading);
        tasks.push(tokio::spawn(alerts_due::keep_checking(
            self.store.clone(),
            leadership.clone(),
        )));
        if let Some(dir) = &self.config.site_dir {
            tasks.push(import::keep_importing(
                self.store.clone(),
                self.config.site_id.clone(),
                dir.clone(),
                clock,
                self.catalogues.default_site().get().time_zone.clone(),
                self.config.reload_every,
            ));
        }
        for bundle in self.more_bundles {
            tasks.push(import::keep_importing(
                self.store.clone(),
                bundle.site_id,
                bundle.dir,
                clock,
                bundle.time_zone,
                self.config.reload_every,
            ));
        }
        let health = platform::serving::health();
        tasks.push(
            self.store
                .report_health(health.0.clone(), STORE_CHECKED_EVERY),
        );
        // Each point of sale's connector, polled by the seam (connector.rs).
        let connectors = ConnectorHealth::new(health.0.clone());
        match Veezi::new(&self.config.veezi) {
            Ok(veezi) => tasks.push(connector::keep_in_step(
                veezi,
                self.config.veezi.polling(),
                self.store.clone(),
                self.catalogues.clone(),
                clock,
                connectors,
                leadership,
            )),
            Err(error) => {
                tracing::error!(%error, "the Veezi connector cannot make its HTTP client");
            }
        }
        if let Some(url) = self.config.nats_url.clone() {
            let relay = platform::outbox::Relay {
                pool: self.store.pool().clone(),
                outbox: alert_events::OUTBOX,
                url,
                access: self.config.nats_access.clone(),
                delivery: platform::outbox::Delivery::Stream {
                    name: alert_events::STREAM,
                    subjects: alert_events::STREAM_SUBJECTS,
                    max_bytes: self.config.catalogue_stream_bytes,
                },
                events: "catalogue events",
                health_name: proto::CATALOGUE_EVENTS_HEALTH,
                failed: catalogue_events_failed,
            };
            tasks.push(tokio::spawn(platform::outbox::relay(
                relay,
                self.store.alerts_written(),
                RELAY_POLL,
                health.0.clone(),
            )));
        }
        let publish_scheduled = Arc::new(tokio::sync::Notify::new());
        tasks.push(scheduled::keep_publishing(
            self.store.clone(),
            publish_scheduled.clone(),
        ));
        let service = grpc::CatalogueService {
            catalogues: self.catalogues.clone(),
            clock,
            store: self.store.clone(),
        };
        let served = platform::serving::serve(
            platform::serving::Services::new(CatalogueServer::new(service))
                .with(IngestServer::new(grpc::ingest::IngestService {
                    store: self.store.clone(),
                    catalogues: self.catalogues.clone(),
                    default_site: self.config.site_id.clone(),
                    scheduled: publish_scheduled.clone(),
                }))
                .with(DraftsServer::new(grpc::drafts::DraftsService {
                    store: self.store.clone(),
                    catalogues: self.catalogues.clone(),
                    scheduled: publish_scheduled,
                }))
                .with(PointsOfSaleServer::new(
                    grpc::points_of_sale::PointsOfSaleService {
                        store: self.store.clone(),
                    },
                ))
                .with(SitesServer::new(grpc::sites::SitesService {
                    store: self.store.clone(),
                    catalogues: self.catalogues.clone(),
                    templates_dir: self.config.templates_dir.clone(),
                    clock,
                }))
                .with(
                    MediaServer::new(grpc::media::MediaService {
                        store: self.store.clone(),
                        workers: media_uploads::MediaWorkers::default(),
                        limits: self.config.media_limits,
                        default_site: self.config.site_id.clone(),
                    })
                    .max_decoding_message_size(grpc::media::MAX_MESSAGE_BYTES),
                ),
            listener,
            shutdown,
            health,
        )
        .await;
        for task in tasks {
            task.abort();
        }
        Ok(served?)
    }
}

/// Imports each bundle of `sites_dir` but the default site's, writes the embedded demo's
/// ingest keys (SQLite) and gives the sites without host names their local ones. A
/// bundle that is broken is logged and left out: the other sites still start.
async fn import_more_bundles(
    store: &Store,
    config: &Config,
    sites_dir: &std::path::Path,
) -> Result<Vec<MoreBundle>, Error> {
    let mut imported = Vec::new();
    for (site_id, dir) in import::bundles_in(sites_dir)? {
        if site_id == config.site_id {
            continue;
        }
        let read = match import::import(store, &site_id, &dir, clock(config)).await {
            Ok(_) => follow::read(store, &site_id).await,
            Err(error) => Err(error),
        };
        match read {
            Ok((_, catalogue)) => imported.push(MoreBundle {
                site_id,
                dir,
                time_zone: catalogue.time_zone.clone(),
            }),
            Err(error) => {
                tracing::error!(site = %site_id, bundle = %dir.display(), %error, "site bundle rejected: the site is left out");
            }
        }
    }
    let mut local = vec![config.site_id.clone()];
    for bundle in &imported {
        if config.database_url.is_sqlite() {
            import::write_demo_key(store, &bundle.site_id, &config.data_dir).await?;
        }
        local.push(bundle.site_id.clone());
    }
    import::serve_on_localhost(store, &config.site_id, &local).await?;
    Ok(imported)
}

/// How often the relay looks at the outbox when no commit woke it.
const RELAY_POLL: std::time::Duration = std::time::Duration::from_secs(1);

/// Counts a failed attempt to publish the catalogue's events.
fn catalogue_events_failed() {
    metrics::counter!("catalogue_events_publish_failures_total").increment(1);
}

/// How often the store is asked whether it answers, for the health service.
const STORE_CHECKED_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// How often a catalogue without its site asks the store again.
const SITE_AWAITED_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The site's first revision. Without a bundle of its own to import, the catalogue waits
/// for the site to be written (compose's and Kubernetes' import job, or the ingest API).
async fn first_revision(
    store: &Store,
    config: &Config,
) -> Result<(i64, domain::catalogue::Catalogue), Error> {
    let mut said = false;
    loop {
        match follow::read(store, &config.site_id).await {
            Err(Error::NoSite(site)) if config.site_dir.is_none() => {
                if !said {
                    tracing::warn!(%site, "the catalogue store has no such site yet: waiting for it to be imported");
                    said = true;
                }
                tokio::time::sleep(SITE_AWAITED_EVERY).await;
            }
            read => return read,
        }
    }
}

/// The store the configuration names, its SQLite folder made if need be.
pub async fn connect_store(config: &Config) -> Result<Store, Error> {
    if config.database_url.is_sqlite() {
        std::fs::create_dir_all(&config.data_dir).map_err(|source| Error::DataDir {
            dir: config.data_dir.display().to_string(),
            source,
        })?;
    }
    Ok(
        Store::connect(config.database_url.expose(), STORE_CONNECTIONS)
            .await?
            .with_clock(config.clock),
    )
}

fn clock(config: &Config) -> Clock {
    config.clock
}
