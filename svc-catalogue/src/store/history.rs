//! The history of a site's editable records (docs/studio.md#history): each commit that
//! changed them is kept, in its own transaction, with when, who and a summary, and the
//! records as they were after it. Restore commits an earlier revision's records again,
//! as a new revision; the history is never rewritten, only its oldest revisions dropped
//! past [`HISTORY_PAGE`].

use serde::de::DeserializeOwned;
use serde_json::Value;
use sqlx::{Any, Row, Transaction};

use super::records::{check_event_references, read_document, table, write_document};
use super::sites::{documents, sync_documents};
use super::{Author, Commit, Store, StoreError, unix_now};
use crate::domain::content_pages::Page;
use crate::domain::editable::{self, EditableRecords};
use crate::domain::events::EventEntry;
use crate::domain::records::RecordKind;
use crate::domain::theaters::Theater;

/// One kept revision, as the studio lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryEntry {
    pub revision: String,
    /// Unix seconds.
    pub at: i64,
    pub author: String,
    pub summary: String,
}

/// How many revisions a listing gives at most, and the history keeps: older ones go as
/// new ones come.
pub const HISTORY_PAGE: i64 = 200;

/// Keeps the commit `version` (`revision`) of `site_id` in the history if it changed the
/// site's editable records since the last one kept; called in the commit's transaction.
pub(super) async fn keep(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    version: i64,
    revision: &str,
    author: Author<'_>,
) -> Result<(), StoreError> {
    let records = editable_records(transaction, site_id).await?;
    let kept = serde_json::to_string(&records).unwrap_or_default();
    let last: Option<String> = sqlx::query_scalar(
        "SELECT records FROM catalogue_history WHERE site_id = $1 ORDER BY version DESC LIMIT 1",
    )
    .bind(site_id)
    .fetch_optional(&mut **transaction)
    .await?;
    if last.as_deref() == Some(kept.as_str()) {
        return Ok(());
    }
    let before = last
        .map(|last| serde_json::from_str::<EditableRecords>(&last))
        .transpose()
        .map_err(|error| corrupt(site_id, error))?;
    let changes = editable::summary(before.as_ref(), &records);
    let summary = match author.note {
        Some(note) => format!("{note}: {changes}"),
        None => changes,
    };
    sqlx::query(
        "INSERT INTO catalogue_history (site_id, version, revision, committed_at, author, summary, records) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(site_id)
    .bind(version)
    .bind(revision)
    .bind(unix_now())
    .bind(author.name)
    .bind(&summary)
    .bind(&kept)
    .execute(&mut **transaction)
    .await?;
    sqlx::query(
        "DELETE FROM catalogue_history WHERE site_id = $1 AND version NOT IN \
         (SELECT version FROM catalogue_history WHERE site_id = $1 ORDER BY version DESC LIMIT $2)",
    )
    .bind(site_id)
    .bind(HISTORY_PAGE)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}

/// The site's editable records as the transaction sees them.
async fn editable_records(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
) -> Result<EditableRecords, StoreError> {
    let settings: String = sqlx::query_scalar("SELECT settings FROM catalogue_sites WHERE id = $1")
        .bind(site_id)
        .fetch_one(&mut **transaction)
        .await?;
    let mut records = EditableRecords {
        site: serde_json::from_str(&settings).map_err(|error| corrupt(site_id, error))?,
        ..EditableRecords::default()
    };
    let theaters = records.theaters.insert(Vec::new());
    for (kind, into) in [
        (RecordKind::Page, &mut records.pages),
        (RecordKind::Event, &mut records.events),
        (RecordKind::Theater, theaters),
    ] {
        let (table, key) = table(kind);
        let docs: Vec<String> = sqlx::query_scalar(&format!(
            "SELECT doc FROM {table} WHERE site_id = $1 ORDER BY position, {key}"
        ))
        .bind(site_id)
        .fetch_all(&mut **transaction)
        .await?;
        for doc in docs {
            into.push(serde_json::from_str(&doc).map_err(|error| corrupt(site_id, error))?);
        }
    }
    Ok(records)
}

fn corrupt(site_id: &str, error: serde_json::Error) -> StoreError {
    StoreError::Corrupt {
        site: site_id.to_owned(),
        what: "history",
        problem: error.to_string(),
    }
}

impl Store {
    /// The site's kept revisions, newest first (at most [`HISTORY_PAGE`]).
    pub async fn history(&self, site_id: &str) -> Result<Vec<HistoryEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT revision, committed_at, author, summary FROM catalogue_history \
             WHERE site_id = $1 ORDER BY version DESC LIMIT $2",
        )
        .bind(site_id)
        .bind(HISTORY_PAGE)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| -> Result<HistoryEntry, StoreError> {
                Ok(HistoryEntry {
                    revision: row.try_get("revision")?,
                    at: row.try_get("committed_at")?,
                    author: row.try_get("author")?,
                    summary: row.try_get("summary")?,
                })
            })
            .collect()
    }

    /// The editable records the site held after `revision`, if the history kept it.
    pub async fn records_at(
        &self,
        site_id: &str,
        revision: &str,
    ) -> Result<Option<EditableRecords>, StoreError> {
        let records: Option<String> = sqlx::query_scalar(
            "SELECT records FROM catalogue_history WHERE site_id = $1 AND revision = $2",
        )
        .bind(site_id)
        .bind(revision)
        .fetch_optional(self.pool())
        .await?;
        records
            .map(|records| serde_json::from_str(&records))
            .transpose()
            .map_err(|error| corrupt(site_id, error))
    }

    /// Commits `records` (an earlier revision's, checked by the caller) as the site's
    /// editable records, by `author`: one transaction; an event at a theater or of a movie
    /// the site no longer has is refused, naming it.
    #[tracing::instrument(skip(self, records))]
    pub async fn restore(
        &self,
        site_id: &str,
        records: &EditableRecords,
        author: Author<'_>,
    ) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let settings = serde_json::to_string(&records.site).unwrap_or_default();
        let mut changed = sqlx::query(
            "UPDATE catalogue_sites SET settings = $2 WHERE id = $1 AND settings <> $2",
        )
        .bind(site_id)
        .bind(&settings)
        .execute(&mut *transaction)
        .await?
        .rows_affected();
        // Each record written as its writers write it, so that an unchanged one compares
        // equal.
        let pages: Vec<Page> = typed(site_id, &records.pages)?;
        let events: Vec<EventEntry> = typed(site_id, &records.events)?;
        for (index, event) in events.iter().enumerate() {
            check_event_references(&mut transaction, site_id, event)
                .await
                .map_err(|error| match error {
                    StoreError::Conflict(invalid) => {
                        StoreError::Conflict(invalid.inside(&format!("events[{index}]")))
                    }
                    other => other,
                })?;
        }
        changed += sync_documents(
            &mut transaction,
            table(RecordKind::Page),
            site_id,
            documents(&pages, |page| &page.slug),
        )
        .await?;
        changed += sync_documents(
            &mut transaction,
            table(RecordKind::Event),
            site_id,
            documents(&events, |event| &event.id),
        )
        .await?;
        let theaters: Vec<Theater> = typed(site_id, records.theaters.as_deref().unwrap_or(&[]))?;
        changed += restore_theater_details(&mut transaction, site_id, &theaters).await?;
        self.commit(transaction, site_id, changed, author).await
    }
}

/// Gives each theater the site still has the descriptive fields it had in `kept`: its
/// identity, booking site and point of sale stay as they are now (the point of sale's,
/// never the studio's to roll back). A theater gone since is left out.
async fn restore_theater_details(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    kept: &[Theater],
) -> Result<u64, StoreError> {
    let mut changed = 0;
    for theater in kept {
        let Some(now) =
            read_document(transaction, site_id, RecordKind::Theater, &theater.id).await?
        else {
            continue;
        };
        let now: Theater = serde_json::from_str(&now).map_err(|error| corrupt(site_id, error))?;
        let restored = now.clone().with_details(theater.details());
        if restored != now {
            let doc = serde_json::to_string(&restored).unwrap_or_default();
            changed += write_document(transaction, site_id, RecordKind::Theater, &theater.id, &doc)
                .await?;
        }
    }
    Ok(changed)
}

/// Kept documents as the records they are.
fn typed<T: DeserializeOwned>(site_id: &str, docs: &[Value]) -> Result<Vec<T>, StoreError> {
    docs.iter()
        .map(|doc| serde_json::from_value(doc.clone()).map_err(|error| corrupt(site_id, error)))
        .collect()
}
