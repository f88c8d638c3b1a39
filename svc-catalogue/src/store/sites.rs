//! A site's content: written whole (an import of a bundle), read back whole as one
//! consistent state (a revision of the catalogue).

use std::collections::{BTreeMap, HashMap};

use futures_util::TryStreamExt;
use proto::showtime::Availability;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::{Any, Row, Transaction};

use super::media::read_media;
use super::poster_images::read_poster_images;
use super::records::table;
use super::showtimes::{self, ShowtimeKey, ShowtimeRow};
use super::site_addresses::assign_hosts;
use super::{Author, Change, Commit, Dialect, Store, StoreError, unix_now};
use crate::domain::SiteContent;
use crate::domain::invalid::Invalid;
use crate::domain::records::{RecordKind, SeatCount};
use crate::domain::showtimes::{self as order, ShowtimeEntry};

/// A site as the store holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredSite {
    /// Counts the site's committed changes.
    pub version: i64,
    pub revision: String,
    pub content: SiteContent,
}

/// What changed in a site since a version.
#[derive(Debug, Clone, PartialEq)]
pub enum Changes {
    /// Nothing.
    None,
    /// Records or settings: the site is to be read again.
    Records,
    /// Only showtimes, as of `version` and `revision`: the whole schedules of the
    /// theaters in `schedules` (a theater's showtimes in their order, none when it has
    /// none left), and the seats of other theaters' showtimes in `seats`.
    Showtimes {
        version: i64,
        revision: String,
        schedules: BTreeMap<String, Vec<ShowtimeEntry>>,
        seats: Vec<SeatCount>,
    },
}

/// The tables of records kept as documents in order, and their key columns.
const DOCUMENT_TABLES: [(&str, &str); 4] = [
    table(RecordKind::Theater),
    table(RecordKind::Movie),
    table(RecordKind::Event),
    table(RecordKind::Page),
];

impl Store {
    /// Asks for the site to be published again in full: a commit of the same content whose
    /// version a publisher renders every page of.
    pub async fn republish(&self, site_id: &str, author: Author<'_>) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let changed =
            sqlx::query("UPDATE catalogue_sites SET republished = republished + 1 WHERE id = $1")
                .bind(site_id)
                .execute(&mut *transaction)
                .await?
                .rows_affected();
        self.commit_change(transaction, site_id, changed, Change::uneditable(author))
            .await
    }

    /// Makes the site `site_id` hold `content` and nothing else, in one transaction: a
    /// record that did not change is not written, and the revision changes only if
    /// something did.
    #[tracing::instrument(skip(self, content))]
    pub async fn replace_site(
        &self,
        site_id: &str,
        content: &SiteContent,
        author: Author<'_>,
    ) -> Result<Commit, StoreError> {
        let (mut transaction, _) = self.begin_write(site_id).await?;
        let changed = write_content(&mut transaction, self.dialect, site_id, content).await?;
        self.commit(transaction, site_id, changed, author).await
    }

    /// Makes the new site `site_id` hold `content`, served on `hosts` at `public_url`
    /// ('' for the deployment's), in one transaction: a site the store has already, or a
    /// host another site has, is refused naming the field, and nothing is written.
    #[tracing::instrument(skip(self, content))]
    pub async fn create_site(
        &self,
        site_id: &str,
        content: &SiteContent,
        hosts: &[String],
        public_url: &str,
        author: Author<'_>,
    ) -> Result<Commit, StoreError> {
        let taken = || {
            StoreError::Exists(Invalid::new(
                "id",
                format!("the site '{site_id}' exists already"),
            ))
        };
        let (mut transaction, exists) = self.begin_write(site_id).await?;
        if exists {
            return Err(taken());
        }
        let changed = match write_content(&mut transaction, self.dialect, site_id, content).await {
            // Another call created it in between.
            Err(StoreError::Database(sqlx::Error::Database(error)))
                if error.is_unique_violation() =>
            {
                return Err(taken());
            }
            written => written?,
        };
        let changed = changed + assign_hosts(&mut transaction, site_id, hosts).await?;
        sqlx::query("UPDATE catalogue_sites SET public_url = $2 WHERE id = $1")
            .bind(site_id)
            .bind(public_url)
            .execute(&mut *transaction)
            .await?;
        self.commit(transaction, site_id, changed, author).await
    }

    /// The site's committed version and revision, if the store has the site.
    pub async fn revision(&self, site_id: &str) -> Result<Option<(i64, String)>, StoreError> {
        let row = sqlx::query("SELECT version, revision FROM catalogue_sites WHERE id = $1")
            .bind(site_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => Some((row.try_get("version")?, row.try_get("revision")?)),
            None => None,
        })
    }

    /// What changed in `site_id` since its version `since`, as one committed state.
    #[tracing::instrument(skip(self))]
    pub async fn changes_since(&self, site_id: &str, since: i64) -> Result<Changes, StoreError> {
        let mut transaction = self.begin_read().await?;
        let Some(row) = sqlx::query(
            "SELECT version, records_version, revision FROM catalogue_sites WHERE id = $1",
        )
        .bind(site_id)
        .fetch_optional(&mut *transaction)
        .await?
        else {
            return Ok(Changes::Records);
        };
        let version: i64 = row.try_get("version")?;
        let records_version: i64 = row.try_get("records_version")?;
        let changes = if version <= since {
            Changes::None
        } else if records_version > since {
            Changes::Records
        } else {
            let theater_ids: Vec<String> = sqlx::query_scalar(&format!(
                "SELECT id FROM catalogue_theaters WHERE {SCHEDULE_CHANGED}"
            ))
            .bind(site_id)
            .bind(since)
            .fetch_all(&mut *transaction)
            .await?;
            let mut schedules = read_showtimes(&mut transaction, site_id, Some(since))
                .await?
                .map_err(|error| StoreError::Corrupt {
                    site: site_id.to_owned(),
                    what: "showtimes",
                    problem: error.to_string(),
                })?;
            for theater_id in theater_ids {
                schedules.entry(theater_id).or_default();
            }
            let rows = sqlx::query(&format!(
                "SELECT theater_id, perf_code, seats_available, seats_total, availability \
                 FROM catalogue_showtimes WHERE site_id = $1 AND seats_version > $2 \
                 AND theater_id NOT IN (SELECT id FROM catalogue_theaters WHERE {SCHEDULE_CHANGED})"
            ))
            .bind(site_id)
            .bind(since)
            .fetch_all(&mut *transaction)
            .await?;
            let corrupt = |problem: String| StoreError::Corrupt {
                site: site_id.to_owned(),
                what: "showtime seats",
                problem,
            };
            let mut seats = Vec::with_capacity(rows.len());
            for row in rows {
                let columns = seat_columns(&row).map_err(|error| corrupt(error.to_string()))?;
                seats.push(SeatCount {
                    theater_id: row.try_get("theater_id")?,
                    perf_code: row.try_get("perf_code")?,
                    seats_available: columns.available,
                    seats_total: columns.total,
                    availability: columns.availability,
                });
            }
            Changes::Showtimes {
                version,
                revision: row.try_get("revision")?,
                schedules,
                seats,
            }
        };
        transaction.commit().await?;
        Ok(changes)
    }

    /// Everything the store holds of `site_id`, as one committed state.
    #[tracing::instrument(skip(self))]
    pub async fn load_site(&self, site_id: &str) -> Result<Option<StoredSite>, StoreError> {
        let mut transaction = self.begin_read().await?;
        let stored = read_site(&mut transaction, site_id).await?;
        transaction.commit().await?;
        Ok(stored)
    }
}

/// Writes `content` as `site_id`'s, creating the site when the store has none: a record
/// that did not change is not written. Answers how many records changed.
async fn write_content(
    transaction: &mut Transaction<'static, Any>,
    dialect: Dialect,
    site_id: &str,
    content: &SiteContent,
) -> Result<u64, StoreError> {
    let settings = json(&content.settings);
    let messages = json(&content.messages);
    let existing =
        sqlx::query("SELECT settings, messages, revision FROM catalogue_sites WHERE id = $1")
            .bind(site_id)
            .fetch_optional(&mut **transaction)
            .await?;
    let mut changed = 0;
    match existing {
        None => {
            sqlx::query(
                "INSERT INTO catalogue_sites (id, settings, messages, version, revision, updated_at) \
                 VALUES ($1, $2, $3, 0, '', $4)",
            )
            .bind(site_id)
            .bind(&settings)
            .bind(&messages)
            .bind(unix_now())
            .execute(&mut **transaction)
            .await?;
            changed += 1;
        }
        Some(row) => {
            let (old_settings, old_messages): (String, String) =
                (row.try_get("settings")?, row.try_get("messages")?);
            if old_settings != settings || old_messages != messages {
                sqlx::query(
                    "UPDATE catalogue_sites SET settings = $2, messages = $3 WHERE id = $1",
                )
                .bind(site_id)
                .bind(&settings)
                .bind(&messages)
                .execute(&mut **transaction)
                .await?;
                changed += 1;
            }
        }
    }
    let [theaters, movies, events, pages] = DOCUMENT_TABLES;
    // Theaters first: their showtimes refer to them.
    changed += sync_documents(
        transaction,
        theaters,
        site_id,
        documents(&content.theaters, |theater| &theater.id),
    )
    .await?;
    changed += sync_showtimes(transaction, dialect, site_id, &content.showtimes).await?;
    for (table, wanted) in [
        (movies, documents(&content.movies, |movie| &movie.id)),
        (events, documents(&content.events, |event| &event.id)),
        (pages, documents(&content.pages, |page| &page.slug)),
    ] {
        changed += sync_documents(transaction, table, site_id, wanted).await?;
    }
    Ok(changed)
}

/// The site as the store holds it, read in `transaction`.
pub(super) async fn read_site(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
) -> Result<Option<StoredSite>, StoreError> {
    let Some(row) = sqlx::query(
        "SELECT settings, messages, version, revision, republished FROM catalogue_sites WHERE id = $1",
    )
    .bind(site_id)
    .fetch_optional(&mut **transaction)
    .await?
    else {
        return Ok(None);
    };
    let corrupt = |what: &'static str| {
        move |error: serde_json::Error| StoreError::Corrupt {
            site: site_id.to_owned(),
            what,
            problem: error.to_string(),
        }
    };
    let settings: String = row.try_get("settings")?;
    let messages: String = row.try_get("messages")?;
    let [theaters, movies, events, pages] = DOCUMENT_TABLES;
    let content = SiteContent {
        settings: serde_json::from_str(&settings).map_err(corrupt("settings"))?,
        messages: serde_json::from_str(&messages).map_err(corrupt("messages"))?,
        theaters: read_documents(transaction, theaters, site_id)
            .await?
            .map_err(corrupt("theaters"))?,
        movies: read_documents(transaction, movies, site_id)
            .await?
            .map_err(corrupt("movies"))?,
        showtimes: read_showtimes(transaction, site_id, None)
            .await?
            .map_err(corrupt("showtimes"))?,
        events: read_documents(transaction, events, site_id)
            .await?
            .map_err(corrupt("events"))?,
        pages: read_documents(transaction, pages, site_id)
            .await?
            .map_err(corrupt("pages"))?,
        poster_images: read_poster_images(transaction, site_id).await?,
        media: read_media(transaction, site_id).await?,
        republished: row.try_get("republished")?,
    };
    Ok(Some(StoredSite {
        version: row.try_get("version")?,
        revision: row.try_get("revision")?,
        content,
    }))
}

fn json(value: &impl Serialize) -> String {
    // Serialising plain data into a string cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

/// Each record's key and document, in order.
pub(super) fn documents<T: Serialize>(
    records: &[T],
    key: impl Fn(&T) -> &String,
) -> Vec<(String, String)> {
    records
        .iter()
        .map(|record| (key(record).clone(), json(record)))
        .collect()
}

/// Makes `table` hold `wanted` for the site, in its order; answers how many rows changed.
pub(super) async fn sync_documents(
    transaction: &mut Transaction<'static, Any>,
    (table, key): (&str, &str),
    site_id: &str,
    wanted: Vec<(String, String)>,
) -> Result<u64, StoreError> {
    let rows = sqlx::query(&format!(
        "SELECT {key}, position, doc FROM {table} WHERE site_id = $1"
    ))
    .bind(site_id)
    .fetch_all(&mut **transaction)
    .await?;
    let mut existing: HashMap<String, (i64, String)> = HashMap::with_capacity(rows.len());
    for row in rows {
        existing.insert(
            row.try_get(key)?,
            (row.try_get("position")?, row.try_get("doc")?),
        );
    }
    let mut changed = 0;
    for (position, (id, doc)) in wanted.into_iter().enumerate() {
        let position = i64::try_from(position).unwrap_or(i64::MAX);
        match existing.remove(&id) {
            Some(old) if old == (position, doc.clone()) => {}
            Some(_) => {
                sqlx::query(&format!(
                    "UPDATE {table} SET position = $3, doc = $4 WHERE site_id = $1 AND {key} = $2"
                ))
                .bind(site_id)
                .bind(&id)
                .bind(position)
                .bind(&doc)
                .execute(&mut **transaction)
                .await?;
                changed += 1;
            }
            None => {
                sqlx::query(&format!(
                    "INSERT INTO {table} (site_id, {key}, position, doc) VALUES ($1, $2, $3, $4)"
                ))
                .bind(site_id)
                .bind(&id)
                .bind(position)
                .bind(&doc)
                .execute(&mut **transaction)
                .await?;
                changed += 1;
            }
        }
    }
    for id in existing.into_keys() {
        sqlx::query(&format!(
            "DELETE FROM {table} WHERE site_id = $1 AND {key} = $2"
        ))
        .bind(site_id)
        .bind(&id)
        .execute(&mut **transaction)
        .await?;
        changed += 1;
    }
    Ok(changed)
}

/// The site's records of `table`, in order.
async fn read_documents<T: DeserializeOwned>(
    transaction: &mut Transaction<'static, Any>,
    (table, key): (&str, &str),
    site_id: &str,
) -> Result<Result<Vec<T>, serde_json::Error>, StoreError> {
    let rows = sqlx::query(&format!(
        "SELECT doc FROM {table} WHERE site_id = $1 ORDER BY position, {key}"
    ))
    .bind(site_id)
    .fetch_all(&mut **transaction)
    .await?;
    let mut docs = Vec::with_capacity(rows.len());
    for row in rows {
        docs.push(row.try_get::<String, _>("doc")?);
    }
    Ok(docs.iter().map(|doc| serde_json::from_str(doc)).collect())
}

/// Makes the site's showtimes those of `wanted`; answers how many rows changed.
async fn sync_showtimes(
    transaction: &mut Transaction<'static, Any>,
    dialect: Dialect,
    site_id: &str,
    wanted: &BTreeMap<String, Vec<ShowtimeEntry>>,
) -> Result<u64, StoreError> {
    let mut existing = showtimes::rows(transaction, site_id, None).await?;
    let mut written = Vec::new();
    for (theater_id, entries) in wanted {
        for entry in entries {
            let key = (theater_id.clone(), entry.perf_code.clone());
            let row = ShowtimeRow::of(entry);
            if existing.remove(&key).as_ref() != Some(&row) {
                written.push((key, row));
            }
        }
    }
    let removed: Vec<&ShowtimeKey> = existing.keys().collect();
    showtimes::write_all(transaction, dialect, site_id, &written).await?;
    showtimes::delete_all(transaction, dialect, site_id, &removed).await?;
    Ok((written.len() + removed.len()) as u64)
}

/// The theaters whose schedules changed since the version `$2`, of the site `$1`.
const SCHEDULE_CHANGED: &str = "site_id = $1 AND schedule_version > $2";

/// The site's showtimes by theater, in their order ([`order::sort`]); with
/// `schedules_changed_since`, only those of the theaters whose schedules changed since
/// that version.
async fn read_showtimes(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    schedules_changed_since: Option<i64>,
) -> Result<Result<BTreeMap<String, Vec<ShowtimeEntry>>, serde_json::Error>, StoreError> {
    let columns = "SELECT theater_id, doc, seats_available, seats_total, availability \
                   FROM catalogue_showtimes WHERE site_id = $1";
    let sql = match schedules_changed_since {
        None => columns.to_owned(),
        Some(_) => format!(
            "{columns} AND theater_id IN (SELECT id FROM catalogue_theaters WHERE {SCHEDULE_CHANGED})"
        ),
    };
    let mut query = sqlx::query(&sql).bind(site_id);
    if let Some(since) = schedules_changed_since {
        query = query.bind(since);
    }
    // Read row by row: a large chain's 200,000 documents are never all held at once.
    let mut rows = query.fetch(&mut **transaction);
    let mut showtimes: BTreeMap<String, Vec<ShowtimeEntry>> = BTreeMap::new();
    while let Some(row) = rows.try_next().await? {
        let doc: String = row.try_get("doc")?;
        let mut entry: ShowtimeEntry = match serde_json::from_str(&doc) {
            Ok(entry) => entry,
            Err(error) => return Ok(Err(error)),
        };
        match seat_columns(&row) {
            Ok(columns) => {
                entry.seats_available = columns.available;
                entry.seats_total = columns.total;
                entry.availability = columns.availability;
            }
            Err(SeatColumnError::Database(error)) => return Err(error.into()),
            Err(SeatColumnError::Availability(error)) => return Ok(Err(error)),
        }
        let theater_id: String = row.try_get("theater_id")?;
        showtimes.entry(theater_id).or_default().push(entry);
    }
    showtimes
        .values_mut()
        .for_each(|entries| order::sort(entries));
    Ok(Ok(showtimes))
}

#[derive(Debug, thiserror::Error)]
enum SeatColumnError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error("availability: {0}")]
    Availability(#[from] serde_json::Error),
}

/// A showtime row's seats available, seats in all and availability given.
struct SeatColumns {
    available: Option<u32>,
    total: Option<u32>,
    availability: Option<Availability>,
}

fn seat_columns(row: &sqlx::any::AnyRow) -> Result<SeatColumns, SeatColumnError> {
    let seats = |column: &str| -> Result<Option<u32>, sqlx::Error> {
        Ok(row
            .try_get::<Option<i64>, _>(column)?
            .and_then(|seats| u32::try_from(seats).ok()))
    };
    let availability = match row.try_get::<Option<String>, _>("availability")? {
        Some(code) => Some(serde_json::from_value::<Availability>(code.into())?),
        None => None,
    };
    Ok(SeatColumns {
        available: seats("seats_available")?,
        total: seats("seats_total")?,
        availability,
    })
}
