//! All SQL of the catalogue: SQLite (`$DATA_DIR/catalogue.db`) or PostgreSQL
//! (DATABASE_URL), one schema (`svc-catalogue/migrations/`), through sqlx's `Any` driver.
//! Queries use `$n` placeholders and only text and BIGINT columns, which both databases
//! read the same way.
//!
//! Every committed change is announced: to this process through [`Store::commits`], and
//! on PostgreSQL to every replica through NOTIFY on [`COMMITS_CHANNEL`], sent in the
//! writing transaction so that it arrives only if the change is committed. On SQLite,
//! another process's commits (the store's commands) are seen by the file's version.
//!
//! - [`sites`]: a site's content, written whole and read back as one consistent state.
//! - [`records`]: the ingest API's writes: one record, a theater's days, seat counts.
//! - [`keys`]: the ingest API's keys, kept as hashes.
//! - [`poster_images`]: the point of sale's poster images, fetched once.
//! - [`site_addresses`]: where each site is served: its host names and public URL.
//! - [`showtimes`]: the SQL of showtime rows, shared by the writes.
//! - [`drafts`]: each site's draft of editable records, published as one commit.
//! - [`history`]: the revisions that changed editable records, who made them, restore.
//! - [`movie_alerts`]: what a commit tells members' alerts, written to the outbox with it.

pub mod drafts;
pub mod history;
pub mod keys;
pub mod media;
pub mod movie_alerts;
pub mod points_of_sale;
pub mod poster_images;
pub mod records;
pub mod showtimes;
pub mod site_addresses;
pub mod sites;

use std::sync::Arc;

use sqlx::any::AnyPoolOptions;
use sqlx::{Any, AnyPool, Transaction};
use tokio::sync::{Notify, broadcast};

use crate::version::Clock;

/// The PostgreSQL channel on which each commit names its site.
pub const COMMITS_CHANNEL: &str = "catalogue_commits";

/// What a commit announcement says when commits may have been missed (the listening
/// connection was lost): every site should be read again.
pub const EVERY_SITE: &str = "*";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("catalogue store: {0}")]
    Database(#[from] sqlx::Error),
    #[error("catalogue store: migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("catalogue store: site {site}: stored {what} is unreadable: {problem}")]
    Corrupt {
        site: String,
        what: &'static str,
        problem: String,
    },
    #[error("catalogue store: no random source: {0}")]
    Random(#[from] getrandom::Error),
    #[error("the catalogue store has no site '{0}'")]
    NoSite(String),
    #[error("no {kind} '{id}'")]
    NotFound { kind: &'static str, id: String },
    /// The write refers to a record the site does not have, or removes one that others
    /// refer to.
    #[error("{0}")]
    Conflict(crate::domain::invalid::Invalid),
    /// The write would make what is there already: a site of the id, a host another site
    /// has.
    #[error("{0}")]
    Exists(crate::domain::invalid::Invalid),
    /// A publish of a draft whose records were changed since it first changed them.
    #[error(
        "changed since the draft began: {}; publish with overwrite to replace them",
        .0.join(", ")
    )]
    Stale(Vec<String>),
    #[error("the draft holds no change to publish")]
    EmptyDraft,
    /// A write past one of the site's shares of the store (its poster images).
    #[error("{0}")]
    Limit(String),
}

/// Who wrote a change of records, as the history names them
/// (docs/studio.md#drafts-and-publishing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Author<'a> {
    /// A staff member, an ingest key's label, a connector, "import".
    pub name: &'a str,
    /// What the change was, put before the records it changed in the history's summary
    /// ("Published the draft").
    pub note: Option<&'a str>,
}

impl<'a> Author<'a> {
    pub const fn named(name: &'a str) -> Author<'a> {
        Author { name, note: None }
    }
}

/// What a commit changed: the follower rebuilds a revision after [`Change::Records`], and
/// patches the last one after the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change<'a> {
    /// Records or settings (and maybe schedules and seats), by an author; when it may
    /// change the site's editable records (its document, pages, events), the history is
    /// asked whether it did, and keeps it if so.
    Records { author: Author<'a>, editable: bool },
    /// Only the showtimes of this theater (a schedule call).
    Schedule { theater_id: &'a str },
    /// Only seat counts and availability of existing showtimes.
    Seats,
}

impl<'a> Change<'a> {
    /// A change by `author` that leaves the site's editable records as they were (a
    /// movie, a poster image, host names, a republishing): the history is not asked.
    fn uneditable(author: Author<'a>) -> Change<'a> {
        Change::Records {
            author,
            editable: false,
        }
    }
}

/// Which database the store is on, where their SQL differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// The catalogue store.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    dialect: Dialect,
    url: String,
    /// Site ids of committed changes, for this process's followers.
    commits: broadcast::Sender<String>,
    /// Notified when a commit wrote events to the outbox, so the relay sends them at once.
    alerts_written: Arc<Notify>,
    /// The time alerts are judged at: the catalogue's clock (fixed in demos and tests).
    alerts_clock: Clock,
}

/// What a write did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commit {
    /// The site's revision after the write (unchanged when nothing changed).
    pub revision: String,
    /// How many records it added, changed or removed.
    pub changed: u64,
    /// The store's version of the site after the write, which a catalogue serving it
    /// has reached (read-your-write: [`proto::CATALOGUE_VERSION_METADATA`]).
    pub version: i64,
}

impl Store {
    /// Connects to `url` (`sqlite://...` or `postgres://...`) and applies the migrations.
    pub async fn connect(url: &str, max_connections: u32) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let dialect = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Dialect::Postgres
        } else {
            Dialect::Sqlite
        };
        let pool = AnyPoolOptions::new()
            .max_connections(max_connections)
            .connect(url)
            .await?;
        // The database may be svc-loyalty's and svc-consent's too: their migrations are
        // not this service's to check.
        if dialect == Dialect::Sqlite {
            // Readers (a revision being read whole) and the writer go on at once, instead
            // of a commit waiting for every read to end. The file keeps the setting.
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await?;
        }
        let mut migrator = sqlx::migrate!("./migrations");
        migrator.set_ignore_missing(true);
        migrator.run(&pool).await?;
        Ok(Store {
            pool,
            dialect,
            url: url.to_owned(),
            commits: broadcast::channel(256).0,
            alerts_written: Arc::new(Notify::new()),
            alerts_clock: Clock::default(),
        })
    }

    /// The store judging alerts by `clock` (the service's: fixed in demos and tests).
    pub fn with_clock(mut self, clock: Clock) -> Store {
        self.alerts_clock = clock;
        self
    }

    /// Notified after a commit wrote events to the outbox.
    pub fn alerts_written(&self) -> Arc<Notify> {
        self.alerts_written.clone()
    }

    /// Now, as alerts are judged (a fixed clock's time read in UTC).
    fn alerts_now(&self) -> jiff::Timestamp {
        self.alerts_clock.now(&jiff::tz::TimeZone::UTC)
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The database's address, for the connections a replica holds of its own.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Hears the site id of each change committed from now on, by this process or, on
    /// PostgreSQL once [`Store::listen`] runs, by any replica.
    pub fn commits(&self) -> broadcast::Receiver<String> {
        self.commits.subscribe()
    }

    /// Relays other processes' commits to [`Store::commits`] until the returned task is
    /// aborted: on PostgreSQL every replica's, heard through NOTIFY; on SQLite those of
    /// the store's commands run beside the serving process (an import, a site's hosts),
    /// seen by the database file's version within [`SQLITE_CHECKED_EVERY`].
    pub fn listen(&self) -> tokio::task::JoinHandle<()> {
        let commits = self.commits.clone();
        if self.dialect == Dialect::Sqlite {
            let url = self.url.clone();
            return tokio::spawn(async move {
                loop {
                    let Err(error) = watch_sqlite_file(&url, &commits).await;
                    tracing::warn!(%error, "catalogue commits: watching the store failed; again in a second");
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            });
        }
        let url = self.url.clone();
        tokio::spawn(async move {
            loop {
                let Err(error) = relay_notifications(&url, &commits).await;
                tracing::warn!(%error, "catalogue commits: listening failed; again in a second");
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            }
        })
    }

    /// Begins a write to `site_id`'s rows, holding the site until it ends so that two
    /// writers of one site take turns (on SQLite the first write takes the database's
    /// write lock; on PostgreSQL it locks the site's row). Answers whether the store has
    /// the site.
    async fn begin_write(
        &self,
        site_id: &str,
    ) -> Result<(Transaction<'static, Any>, bool), StoreError> {
        let mut transaction = self.pool.begin().await?;
        let held = sqlx::query("UPDATE catalogue_sites SET updated_at = updated_at WHERE id = $1")
            .bind(site_id)
            .execute(&mut *transaction)
            .await?;
        Ok((transaction, held.rows_affected() == 1))
    }

    /// Begins a write to a site the store must have.
    async fn begin_site_write(
        &self,
        site_id: &str,
    ) -> Result<Transaction<'static, Any>, StoreError> {
        match self.begin_write(site_id).await? {
            (transaction, true) => Ok(transaction),
            (_, false) => Err(StoreError::NoSite(site_id.to_owned())),
        }
    }

    /// Begins a read that sees one committed state throughout.
    async fn begin_read(&self) -> Result<Transaction<'static, Any>, StoreError> {
        let mut transaction = self.pool.begin().await?;
        if self.dialect == Dialect::Postgres {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .execute(&mut *transaction)
                .await?;
        }
        Ok(transaction)
    }

    /// Commits `transaction`, which changed `site_id` by `changed` records, written by
    /// `author`: the site gets a new revision and the commit is announced. Nothing
    /// changed, it is rolled back and the revision stays.
    async fn commit(
        &self,
        transaction: Transaction<'static, Any>,
        site_id: &str,
        changed: u64,
        author: Author<'_>,
    ) -> Result<Commit, StoreError> {
        let change = Change::Records {
            author,
            editable: true,
        };
        self.commit_change(transaction, site_id, changed, change)
            .await
    }

    /// [`Store::commit`] of a change of `kind`.
    async fn commit_change(
        &self,
        mut transaction: Transaction<'static, Any>,
        site_id: &str,
        changed: u64,
        kind: Change<'_>,
    ) -> Result<Commit, StoreError> {
        if changed == 0 {
            let (revision, version): (String, i64) =
                sqlx::query_as("SELECT revision, version FROM catalogue_sites WHERE id = $1")
                    .bind(site_id)
                    .fetch_one(&mut *transaction)
                    .await?;
            transaction.rollback().await?;
            return Ok(Commit {
                revision,
                changed: 0,
                version,
            });
        }
        let revision = new_revision()?;
        let records_version = match kind {
            Change::Records { .. } => "version + 1",
            Change::Schedule { .. } | Change::Seats => "records_version",
        };
        let version: i64 = sqlx::query_scalar(&format!(
            "UPDATE catalogue_sites SET version = version + 1, records_version = {records_version}, \
             revision = $2, updated_at = $3 WHERE id = $1 RETURNING version",
        ))
        .bind(site_id)
        .bind(&revision)
        .bind(unix_now())
        .fetch_one(&mut *transaction)
        .await?;
        if let Change::Records {
            author,
            editable: true,
        } = kind
        {
            history::keep(&mut transaction, site_id, version, &revision, author).await?;
        }
        if let Change::Schedule { theater_id } = kind {
            sqlx::query(
                "UPDATE catalogue_theaters SET schedule_version = \
                 (SELECT version FROM catalogue_sites WHERE id = $1) WHERE site_id = $1 AND id = $2",
            )
            .bind(site_id)
            .bind(theater_id)
            .execute(&mut *transaction)
            .await?;
        }
        let alerts_scope = match kind {
            // An import, a publish, a restore: what may write showtimes. A movie's or a
            // theater's record, a poster, a media upload, host names write none.
            Change::Records { editable: true, .. } => Some(movie_alerts::Scope::Site),
            Change::Records {
                editable: false, ..
            } => None,
            Change::Schedule { theater_id } => Some(movie_alerts::Scope::Theater(theater_id)),
            // Seat counts put no movie on sale and take none away: the hourly check sees
            // a sold-out first showtime that has seats again.
            Change::Seats => None,
        };
        let told = match alerts_scope {
            Some(scope) => {
                movie_alerts::tell(
                    &mut transaction,
                    site_id,
                    scope,
                    self.alerts_now(),
                    &revision,
                )
                .await?
            }
            None => 0,
        };
        if self.dialect == Dialect::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(COMMITS_CHANNEL)
                .bind(site_id)
                .execute(&mut *transaction)
                .await?;
        }
        transaction.commit().await?;
        if told > 0 {
            self.alerts_written.notify_one();
        }
        // No follower listening is no error.
        let _ = self.commits.send(site_id.to_owned());
        Ok(Commit {
            revision,
            changed,
            version,
        })
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Whether the database answers.
    pub async fn answers(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }

    /// Reports through `health` whether the store answers (as
    /// [`proto::CATALOGUE_STORE_HEALTH`]), asking it every `every`, until the returned
    /// task is aborted. A change is logged once.
    pub fn report_health(
        &self,
        health: tonic_health::server::HealthReporter,
        every: std::time::Duration,
    ) -> tokio::task::JoinHandle<()> {
        let store = self.clone();
        tokio::spawn(async move {
            let mut answered = None;
            let mut ticks = tokio::time::interval(every);
            loop {
                ticks.tick().await;
                let answers = store.answers().await;
                if answered == Some(answers) {
                    continue;
                }
                let status = if answers {
                    tonic_health::ServingStatus::Serving
                } else {
                    tracing::error!(
                        "the catalogue store does not answer: the catalogue serves what it has, writes wait"
                    );
                    tonic_health::ServingStatus::NotServing
                };
                if answered == Some(false) {
                    tracing::info!("the catalogue store answers again");
                }
                health
                    .set_service_status(proto::CATALOGUE_STORE_HEALTH, status)
                    .await;
                answered = Some(answers);
            }
        })
    }
}

/// How often a SQLite store checks whether another process committed.
pub const SQLITE_CHECKED_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Announces every site when the SQLite file's `data_version` moves (a commit by any
/// connection but the one asking: this process's own commits move it too, which only
/// makes the followers find nothing new), until the file cannot be read.
async fn watch_sqlite_file(
    url: &str,
    commits: &broadcast::Sender<String>,
) -> Result<std::convert::Infallible, sqlx::Error> {
    use sqlx::Connection;
    let mut connection = sqlx::AnyConnection::connect(url).await?;
    let mut seen: Option<i64> = None;
    loop {
        let version: i64 = sqlx::query_scalar("PRAGMA data_version")
            .fetch_one(&mut connection)
            .await?;
        if seen.is_some_and(|seen| seen != version) {
            let _ = commits.send(EVERY_SITE.to_owned());
        }
        seen = Some(version);
        tokio::time::sleep(SQLITE_CHECKED_EVERY).await;
    }
}

/// Relays the commits PostgreSQL announces until listening fails.
async fn relay_notifications(
    url: &str,
    commits: &broadcast::Sender<String>,
) -> Result<std::convert::Infallible, sqlx::Error> {
    let mut listener = sqlx::postgres::PgListener::connect(url).await?;
    listener.listen(COMMITS_CHANNEL).await?;
    // Commits made before listening began were not heard.
    let _ = commits.send(EVERY_SITE.to_owned());
    loop {
        match listener.try_recv().await? {
            Some(notification) => {
                let _ = commits.send(notification.payload().to_owned());
            }
            // The connection was lost and is made again by the next call: what was
            // committed meanwhile was not heard.
            None => {
                let _ = commits.send(EVERY_SITE.to_owned());
            }
        }
    }
}

/// A new revision name: 12 random bytes, hex.
fn new_revision() -> Result<String, StoreError> {
    Ok(platform::tokens::random_hex::<12>()?)
}

/// A stored image's content type and bytes, from its row's `content_type` and `body`
/// (base64, as the store's text columns keep bytes); `what` names it when it is unreadable.
fn stored_image(
    site_id: &str,
    what: &'static str,
    row: Option<sqlx::any::AnyRow>,
) -> Result<Option<(String, Vec<u8>)>, StoreError> {
    use base64::Engine;
    use sqlx::Row;
    let Some(row) = row else { return Ok(None) };
    let body: String = row.try_get("body")?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(body)
        .map_err(|error| StoreError::Corrupt {
            site: site_id.to_owned(),
            what,
            problem: error.to_string(),
        })?;
    Ok(Some((row.try_get("content_type")?, bytes)))
}

/// The store's clock: Unix seconds.
fn unix_now() -> i64 {
    jiff::Timestamp::now().as_second()
}
