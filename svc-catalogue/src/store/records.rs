//! The ingest API's writes (docs/ingest.md#ingest-api): one record, a theater's days of
//! showtimes, the seats of many showtimes. Each is one transaction, all or nothing; it
//! checks what the records refer to there, and changes the site's revision only if it
//! changed something.

use std::collections::{BTreeMap, HashSet};

use jiff::civil::Date;
use serde::Serialize;
use sqlx::{Any, Row, Transaction};

use super::points_of_sale;
use super::showtimes::{self, ShowtimeKey, ShowtimeRow};
use super::{Author, Change, Commit, Dialect, Store, StoreError};
use crate::domain::events::EventEntry;
use crate::domain::invalid::Invalid;
use crate::domain::records::{AvailabilityChange, RecordKind};
use crate::domain::showtimes::ShowtimeEntry;
use crate::domain::theaters::Theater;

/// The table of a kind of record, and its key column.
pub(super) const fn table(kind: RecordKind) -> (&'static str, &'static str) {
    match kind {
        RecordKind::Theater => ("catalogue_theaters", "id"),
        RecordKind::Movie => ("catalogue_movies", "id"),
        RecordKind::Event => ("catalogue_events", "id"),
        RecordKind::Page => ("catalogue_pages", "slug"),
    }
}

/// A page or event whose `unpublishAt` has come, as the store held it.
#[derive(Debug, Clone, PartialEq)]
pub struct DueUnpublication {
    pub site_id: String,
    pub kind: RecordKind,
    pub id: String,
    /// Its stored document: it is removed only if it is still this.
    doc: String,
}

impl Store {
    /// Writes `theater` as the ingest API sends it, keeping the parking notes and opening
    /// hours the studio gave it where the sender leaves them out (the ingest API's
    /// clients predate them; docs/ingest.md#theaters).
    #[tracing::instrument(skip(self, theater), fields(theater = %theater.id))]
    pub async fn put_theater(
        &self,
        site_id: &str,
        mut theater: Theater,
        author: Author<'_>,
    ) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let stored = read_document(&mut transaction, site_id, RecordKind::Theater, &theater.id)
            .await?
            .and_then(|doc| serde_json::from_str::<Theater>(&doc).ok());
        if let Some(stored) = stored {
            if theater.parking.is_empty() {
                theater.parking = stored.parking;
            }
            if theater.opening_hours.is_empty() {
                theater.opening_hours = stored.opening_hours;
            }
        }
        let doc = serde_json::to_string(&theater).unwrap_or_default();
        let changed = write_document(
            &mut transaction,
            site_id,
            RecordKind::Theater,
            &theater.id,
            &doc,
        )
        .await?;
        self.commit_record(transaction, site_id, RecordKind::Theater, changed, author)
            .await
    }

    /// Adds or replaces the record `id` of `kind` with `record`, written by `author`; a
    /// new one comes last. An event must be at a theater of the site, and show one of its
    /// movies if any.
    #[tracing::instrument(skip(self, record))]
    pub async fn put_record(
        &self,
        site_id: &str,
        kind: RecordKind,
        id: &str,
        record: &impl Serialize,
        author: Author<'_>,
    ) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        // Serialising plain data into a string cannot fail.
        let doc = serde_json::to_string(record).unwrap_or_default();
        let changed = write_document(&mut transaction, site_id, kind, id, &doc).await?;
        self.commit_record(transaction, site_id, kind, changed, author)
            .await
    }

    /// Commits a change of one record of `kind`: the history is asked only for the
    /// editable ones (pages, events and theaters).
    async fn commit_record(
        &self,
        transaction: Transaction<'static, Any>,
        site_id: &str,
        kind: RecordKind,
        changed: u64,
        author: Author<'_>,
    ) -> Result<Commit, StoreError> {
        match kind {
            RecordKind::Event | RecordKind::Page | RecordKind::Theater => {
                self.commit(transaction, site_id, changed, author).await
            }
            RecordKind::Movie => {
                self.commit_change(transaction, site_id, changed, Change::uneditable(author))
                    .await
            }
        }
    }

    /// The pages and events whose `unpublishAt` has come by `now` (Unix seconds), and
    /// the soonest one still to come. Few records carry one, and they are found by their
    /// text.
    pub async fn due_unpublications(
        &self,
        now: i64,
    ) -> Result<(Vec<DueUnpublication>, Option<i64>), StoreError> {
        let mut due = Vec::new();
        let mut next: Option<i64> = None;
        for kind in [RecordKind::Page, RecordKind::Event] {
            let (table, key) = table(kind);
            let rows = sqlx::query(&format!(
                "SELECT site_id, {key} AS id, doc FROM {table} WHERE doc LIKE '%\"unpublishAt\"%'"
            ))
            .fetch_all(&self.pool)
            .await?;
            for row in rows {
                let doc: String = row.try_get("doc")?;
                let at = serde_json::from_str::<serde_json::Value>(&doc)
                    .ok()
                    .and_then(|doc| doc["unpublishAt"].as_str()?.parse::<jiff::Timestamp>().ok());
                let Some(at) = at.map(|at| at.as_second()) else {
                    continue;
                };
                if at <= now {
                    due.push(DueUnpublication {
                        site_id: row.try_get("site_id")?,
                        kind,
                        id: row.try_get("id")?,
                        doc,
                    });
                } else {
                    next = Some(next.map_or(at, |next| next.min(at)));
                }
            }
        }
        Ok((due, next))
    }

    /// Removes the record `due` names if it is still as it was read, in a commit of its
    /// own; `None` when it changed or went meanwhile (a write since may have moved its
    /// `unpublishAt`).
    pub async fn unpublish(
        &self,
        due: &DueUnpublication,
        author: Author<'_>,
    ) -> Result<Option<Commit>, StoreError> {
        let mut transaction = self.begin_site_write(&due.site_id).await?;
        let (table, key) = table(due.kind);
        let removed = sqlx::query(&format!(
            "DELETE FROM {table} WHERE site_id = $1 AND {key} = $2 AND doc = $3"
        ))
        .bind(&due.site_id)
        .bind(&due.id)
        .bind(&due.doc)
        .execute(&mut *transaction)
        .await?;
        if removed.rows_affected() == 0 {
            transaction.rollback().await?;
            return Ok(None);
        }
        self.commit_record(transaction, &due.site_id, due.kind, 1, author)
            .await
            .map(Some)
    }

    /// Removes the record `id` of `kind`: a theater with its showtimes, unless an event
    /// is at it; a movie, unless a showtime or an event shows it.
    #[tracing::instrument(skip(self))]
    pub async fn delete_record(
        &self,
        site_id: &str,
        kind: RecordKind,
        id: &str,
        author: Author<'_>,
    ) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        match kind {
            RecordKind::Theater => {
                refuse_if_an_event_refers(&mut transaction, site_id, id, |event| &event.theater_id)
                    .await?;
                sqlx::query(
                    "DELETE FROM catalogue_showtimes WHERE site_id = $1 AND theater_id = $2",
                )
                .bind(site_id)
                .bind(id)
                .execute(&mut *transaction)
                .await?;
            }
            RecordKind::Movie => {
                let shown: Option<String> = sqlx::query_scalar(
                    "SELECT perf_code FROM catalogue_showtimes WHERE site_id = $1 AND movie_id = $2 LIMIT 1",
                )
                .bind(site_id)
                .bind(id)
                .fetch_optional(&mut *transaction)
                .await?;
                if let Some(perf_code) = shown {
                    return Err(StoreError::Conflict(Invalid::new(
                        "id",
                        format!(
                            "showtime {perf_code} shows movie '{id}': remove its showtimes first"
                        ),
                    )));
                }
                refuse_if_an_event_refers(&mut transaction, site_id, id, |event| &event.movie_id)
                    .await?;
                sqlx::query(
                    "DELETE FROM catalogue_poster_images WHERE site_id = $1 AND movie_id = $2",
                )
                .bind(site_id)
                .bind(id)
                .execute(&mut *transaction)
                .await?;
            }
            RecordKind::Event | RecordKind::Page => {}
        }
        let (table, key) = table(kind);
        let removed = sqlx::query(&format!(
            "DELETE FROM {table} WHERE site_id = $1 AND {key} = $2"
        ))
        .bind(site_id)
        .bind(id)
        .execute(&mut *transaction)
        .await?;
        if removed.rows_affected() == 0 {
            return Err(StoreError::NotFound {
                kind: kind.name(),
                id: id.to_owned(),
            });
        }
        self.commit_record(transaction, site_id, kind, 1, author)
            .await
    }

    /// Makes `entries` the showtimes of `theater_id` on its local days `from` to `to`:
    /// those of these days that `entries` do not name are removed. A showtime moved here
    /// from another day keeps its row. Each must show a movie of the site.
    #[tracing::instrument(skip(self, entries), fields(showtimes = entries.len()))]
    pub async fn put_schedule(
        &self,
        site_id: &str,
        theater_id: &str,
        (from, to): (Date, Date),
        entries: &[ShowtimeEntry],
    ) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let theater: Option<String> =
            sqlx::query_scalar("SELECT id FROM catalogue_theaters WHERE site_id = $1 AND id = $2")
                .bind(site_id)
                .bind(theater_id)
                .fetch_optional(&mut *transaction)
                .await?;
        if theater.is_none() {
            return Err(StoreError::NotFound {
                kind: "theater",
                id: theater_id.to_owned(),
            });
        }
        let movies = movie_ids(&mut transaction, site_id).await?;
        if let Some((index, entry)) = entries
            .iter()
            .enumerate()
            .find(|(_, entry)| !movies.contains(&entry.movie_id))
        {
            return Err(StoreError::Conflict(Invalid::new(
                format!("showtimes[{index}].movieId"),
                format!("the site has no movie '{}'", entry.movie_id),
            )));
        }
        let mut existing = showtimes::rows(&mut transaction, site_id, Some(theater_id)).await?;
        let mut written = Vec::new();
        for entry in entries {
            let key = (theater_id.to_owned(), entry.perf_code.clone());
            let row = ShowtimeRow::of(entry);
            if existing.remove(&key).as_ref() != Some(&row) {
                written.push((key, row));
            }
        }
        let (from, to) = (from.to_string(), to.to_string());
        let removed: Vec<&ShowtimeKey> = existing
            .iter()
            .filter(|(_, row)| row.local_date >= from && row.local_date <= to)
            .map(|(key, _)| key)
            .collect();
        showtimes::write_all(&mut transaction, self.dialect, site_id, &written).await?;
        showtimes::delete_all(&mut transaction, self.dialect, site_id, &removed).await?;
        let changed = (written.len() + removed.len()) as u64;
        if changed > 0 {
            points_of_sale::note_changes(&mut transaction, site_id, theater_id, changed, 0).await?;
        }
        self.commit_change(
            transaction,
            site_id,
            changed,
            Change::Schedule { theater_id },
        )
        .await
    }

    /// Sets the seats (and the availability the point of sale gives) of existing
    /// showtimes: one statement checks them all, one writes those that changed.
    #[tracing::instrument(skip(self, changes), fields(updates = changes.len()))]
    pub async fn update_availability(
        &self,
        site_id: &str,
        changes: &[AvailabilityChange],
    ) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let rows: Vec<UpdateRow<'_>> = changes
            .iter()
            .enumerate()
            .map(|(index, change)| UpdateRow {
                i: index,
                t: &change.theater_id,
                p: &change.perf_code,
                a: change.seats_available,
                n: change.seats_total,
                s: change.availability.map(|given| given.code()),
            })
            .collect();
        let json = serde_json::to_string(&rows).unwrap_or_default();
        let updates = match self.dialect {
            Dialect::Sqlite => {
                "SELECT json_extract(value, '$.i') AS i, json_extract(value, '$.t') AS t, \
                 json_extract(value, '$.p') AS p, json_extract(value, '$.a') AS a, \
                 json_extract(value, '$.n') AS n, json_extract(value, '$.s') AS s FROM json_each($2)"
            }
            Dialect::Postgres => {
                "SELECT * FROM jsonb_to_recordset($2::jsonb) AS u(i bigint, t text, p text, a bigint, n bigint, s text)"
            }
        };
        // The updates as rows, read once: SQLite would otherwise read the JSON again for
        // every showtime it updates (10,000 updates took a minute).
        let updates = format!("WITH u AS MATERIALIZED ({updates})");
        let refused = sqlx::query(&format!(
            "{updates} SELECT u.i AS i, s.perf_code AS found, COALESCE(u.n, s.seats_total) AS total \
             FROM u LEFT JOIN catalogue_showtimes AS s \
             ON s.site_id = $1 AND s.theater_id = u.t AND s.perf_code = u.p \
             WHERE s.perf_code IS NULL OR u.a > COALESCE(u.n, s.seats_total) \
             ORDER BY u.i LIMIT 1"
        ))
        .bind(site_id)
        .bind(&json)
        .fetch_optional(&mut *transaction)
        .await?;
        if let Some(refused) = refused {
            let index = usize::try_from(refused.try_get::<i64, _>("i")?).unwrap_or_default();
            let change = &changes[index.min(changes.len().saturating_sub(1))];
            let invalid = match refused.try_get::<Option<String>, _>("found")? {
                None => Invalid::new(
                    format!("updates[{index}].perfCode"),
                    format!(
                        "theater '{}' has no showtime '{}'",
                        change.theater_id, change.perf_code
                    ),
                ),
                Some(_) => Invalid::new(
                    format!("updates[{index}].seatsAvailable"),
                    format!(
                        "{} is more than the showtime's seats ({})",
                        change.seats_available,
                        refused
                            .try_get::<Option<i64>, _>("total")?
                            .unwrap_or_default()
                    ),
                ),
            };
            return Err(StoreError::Conflict(invalid));
        }
        let distinct = match self.dialect {
            Dialect::Sqlite => "IS NOT",
            Dialect::Postgres => "IS DISTINCT FROM",
        };
        let updated = sqlx::query(&format!(
            "{updates} UPDATE catalogue_showtimes AS s SET seats_available = u.a, \
             seats_total = COALESCE(u.n, s.seats_total), availability = u.s, \
             seats_version = (SELECT version + 1 FROM catalogue_sites WHERE id = $1) \
             FROM u \
             WHERE s.site_id = $1 AND s.theater_id = u.t AND s.perf_code = u.p \
             AND (s.seats_available {distinct} u.a OR s.seats_total {distinct} COALESCE(u.n, s.seats_total) \
             OR s.availability {distinct} u.s) \
             RETURNING theater_id"
        ))
        .bind(site_id)
        .bind(&json)
        .fetch_all(&mut *transaction)
        .await?;
        let mut by_theater: BTreeMap<String, u64> = BTreeMap::new();
        for row in &updated {
            *by_theater.entry(row.try_get("theater_id")?).or_default() += 1;
        }
        for (theater_id, seats) in &by_theater {
            points_of_sale::note_changes(&mut transaction, site_id, theater_id, 0, *seats).await?;
        }
        self.commit_change(transaction, site_id, updated.len() as u64, Change::Seats)
            .await
    }
}

/// One availability change as the statements read it (short names keep 10,000 small).
#[derive(Serialize)]
struct UpdateRow<'a> {
    i: usize,
    t: &'a str,
    p: &'a str,
    a: u32,
    n: Option<u32>,
    s: Option<&'static str>,
}

/// Makes `doc` the record `id` of `kind` (a new one last); answers whether that changed
/// it. An event must be at a theater of the site, and show one of its movies if any.
pub(super) async fn write_document(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    kind: RecordKind,
    id: &str,
    doc: &str,
) -> Result<u64, StoreError> {
    if kind == RecordKind::Event {
        let event: EventEntry = serde_json::from_str(doc)
            .map_err(|error| StoreError::Conflict(Invalid::new("", error.to_string())))?;
        check_event_references(transaction, site_id, &event).await?;
    }
    if kind == RecordKind::Theater {
        points_of_sale::forget_unused_token(transaction, site_id, id, doc).await?;
    }
    let (table, key) = table(kind);
    let old: Option<String> = sqlx::query_scalar(&format!(
        "SELECT doc FROM {table} WHERE site_id = $1 AND {key} = $2"
    ))
    .bind(site_id)
    .bind(id)
    .fetch_optional(&mut **transaction)
    .await?;
    match old {
        Some(old) if old == doc => return Ok(0),
        Some(_) => {
            sqlx::query(&format!(
                "UPDATE {table} SET doc = $3 WHERE site_id = $1 AND {key} = $2"
            ))
            .bind(site_id)
            .bind(id)
            .bind(doc)
            .execute(&mut **transaction)
            .await?;
        }
        None => {
            sqlx::query(&format!(
                "INSERT INTO {table} (site_id, {key}, position, doc) \
                 SELECT $1, $2, COALESCE(MAX(position), -1) + 1, $3 FROM {table} WHERE site_id = $1"
            ))
            .bind(site_id)
            .bind(id)
            .bind(doc)
            .execute(&mut **transaction)
            .await?;
        }
    }
    Ok(1)
}

/// The site's document of the record `id` of `kind`, if it has one.
pub(super) async fn read_document(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    kind: RecordKind,
    id: &str,
) -> Result<Option<String>, StoreError> {
    let (table, key) = table(kind);
    Ok(sqlx::query_scalar(&format!(
        "SELECT doc FROM {table} WHERE site_id = $1 AND {key} = $2"
    ))
    .bind(site_id)
    .bind(id)
    .fetch_optional(&mut **transaction)
    .await?)
}

async fn movie_ids(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
) -> Result<HashSet<String>, StoreError> {
    let ids: Vec<String> = sqlx::query_scalar("SELECT id FROM catalogue_movies WHERE site_id = $1")
        .bind(site_id)
        .fetch_all(&mut **transaction)
        .await?;
    Ok(ids.into_iter().collect())
}

pub(super) async fn check_event_references(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    event: &EventEntry,
) -> Result<(), StoreError> {
    let theater: Option<String> =
        sqlx::query_scalar("SELECT id FROM catalogue_theaters WHERE site_id = $1 AND id = $2")
            .bind(site_id)
            .bind(&event.theater_id)
            .fetch_optional(&mut **transaction)
            .await?;
    if theater.is_none() {
        return Err(StoreError::Conflict(Invalid::new(
            "theaterId",
            format!("the site has no theater '{}'", event.theater_id),
        )));
    }
    if !event.movie_id.is_empty()
        && !movie_ids(transaction, site_id)
            .await?
            .contains(&event.movie_id)
    {
        return Err(StoreError::Conflict(Invalid::new(
            "movieId",
            format!("the site has no movie '{}'", event.movie_id),
        )));
    }
    Ok(())
}

/// Refuses to remove a record that an event names (by `field`).
async fn refuse_if_an_event_refers(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    id: &str,
    field: impl Fn(&EventEntry) -> &String,
) -> Result<(), StoreError> {
    let docs: Vec<String> =
        sqlx::query_scalar("SELECT doc FROM catalogue_events WHERE site_id = $1")
            .bind(site_id)
            .fetch_all(&mut **transaction)
            .await?;
    let referring = docs
        .iter()
        .filter_map(|doc| serde_json::from_str::<EventEntry>(doc).ok())
        .find(|event| field(event) == id);
    if let Some(event) = referring {
        return Err(StoreError::Conflict(Invalid::new(
            "id",
            format!(
                "event '{}' refers to '{id}': remove or change it first",
                event.id
            ),
        )));
    }
    Ok(())
}

impl Store {
    /// Where the clocks of `theater_id` are: its own time zone, else the site's; `None`
    /// when the site has no such theater.
    pub async fn time_zone_of(
        &self,
        site_id: &str,
        theater_id: &str,
    ) -> Result<Option<jiff::tz::TimeZone>, StoreError> {
        let row = sqlx::query(
            "SELECT t.doc AS theater, s.settings AS settings FROM catalogue_theaters AS t \
             JOIN catalogue_sites AS s ON s.id = t.site_id WHERE t.site_id = $1 AND t.id = $2",
        )
        .bind(site_id)
        .bind(theater_id)
        .fetch_optional(self.pool())
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let corrupt = |problem: String| StoreError::Corrupt {
            site: site_id.to_owned(),
            what: "theaters",
            problem,
        };
        let theater: crate::domain::theaters::Theater =
            serde_json::from_str(&row.try_get::<String, _>("theater")?)
                .map_err(|error| corrupt(error.to_string()))?;
        let name = if theater.time_zone.is_empty() {
            let settings: serde_json::Value =
                serde_json::from_str(&row.try_get::<String, _>("settings")?)
                    .map_err(|error| corrupt(error.to_string()))?;
            settings["config"]["timeZone"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        } else {
            theater.time_zone
        };
        jiff::tz::TimeZone::get(&name)
            .map(Some)
            .map_err(|error| corrupt(format!("time zone '{name}': {error}")))
    }
}
