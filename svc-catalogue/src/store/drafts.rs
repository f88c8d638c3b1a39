//! Each site's draft (docs/studio.md#drafts-and-publishing): one per site, shared by its
//! staff, a row per editable record changed (the site's document, a page, an event) with
//! who changed it last and the record as published when the draft first changed it.
//! Publishing commits every row as one write, refused when a record changed since unless
//! the call says to overwrite; a publish at a time is a row of its own, so it survives
//! restarts.

use sqlx::{Any, Row, Transaction};

use super::records::{read_document, table, write_document};
use super::sites::{StoredSite, read_site};
use super::{Author, Commit, Store, StoreError, unix_now};
use crate::domain::editable::{self, DraftKind, DraftedDocument};
use crate::domain::theaters::Theater;

/// One record the draft changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftChange {
    pub kind: DraftKind,
    /// The page's slug, the event's id; "" for the site's document.
    pub id: String,
    /// Who changed it last.
    pub author: String,
    /// When, in Unix seconds.
    pub at: i64,
    /// Whether the draft removes it.
    pub removed: bool,
}

/// A record of the draft before and after a change (`None`: none, or removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Staged {
    pub before: Option<String>,
    pub after: Option<String>,
}

/// A draft's publishing at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    /// Unix seconds.
    pub publish_at: i64,
    pub author: String,
    /// Why it did not publish at its time; "" until it was tried.
    pub failure: String,
}

/// A page or an event as published and as the draft has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftedRecord {
    pub id: String,
    /// `None`: the site has none published.
    pub published: Option<String>,
    /// `None`: the draft leaves it; `Some(None)`: the draft removes it.
    pub drafted: Option<Option<String>>,
}

/// A site's draft.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Draft {
    pub changes: Vec<DraftChange>,
    pub schedule: Option<Schedule>,
}

const NOTE: &str = "Published the draft";

impl Store {
    /// The site's draft.
    pub async fn draft(&self, site_id: &str) -> Result<Draft, StoreError> {
        self.require_site(site_id).await?;
        let rows = sqlx::query(
            "SELECT kind, id, author, changed_at, doc IS NULL AS removed FROM catalogue_drafts \
             WHERE site_id = $1 ORDER BY changed_at, kind, id",
        )
        .bind(site_id)
        .fetch_all(self.pool())
        .await?;
        let mut changes = Vec::with_capacity(rows.len());
        for row in rows {
            let kind: String = row.try_get("kind")?;
            changes.push(DraftChange {
                kind: DraftKind::parse(&kind).ok_or_else(|| StoreError::Corrupt {
                    site: site_id.to_owned(),
                    what: "draft",
                    problem: format!("'{kind}' is no kind of record"),
                })?,
                id: row.try_get("id")?,
                author: row.try_get("author")?,
                at: row.try_get("changed_at")?,
                removed: is_true(&row, "removed")?,
            });
        }
        let schedule = sqlx::query(
            "SELECT publish_at, author, failure FROM catalogue_draft_schedules WHERE site_id = $1",
        )
        .bind(site_id)
        .fetch_optional(self.pool())
        .await?
        .map(|row| -> Result<Schedule, sqlx::Error> {
            Ok(Schedule {
                publish_at: row.try_get("publish_at")?,
                author: row.try_get("author")?,
                failure: row.try_get("failure")?,
            })
        })
        .transpose()?;
        Ok(Draft { changes, schedule })
    }

    /// The record as the draft shows it: the draft's, if it changed the record, else the
    /// published one; `None` when there is none (or the draft removes it).
    pub async fn drafted(
        &self,
        site_id: &str,
        kind: DraftKind,
        id: &str,
    ) -> Result<Option<String>, StoreError> {
        let mut transaction = self.begin_read().await?;
        let drafted: Option<Option<String>> = sqlx::query_scalar(
            "SELECT doc FROM catalogue_drafts WHERE site_id = $1 AND kind = $2 AND id = $3",
        )
        .bind(site_id)
        .bind(kind.code())
        .bind(id)
        .fetch_optional(&mut *transaction)
        .await?;
        let doc = match drafted {
            Some(doc) => doc,
            None => published(&mut transaction, site_id, kind, id).await?,
        };
        transaction.commit().await?;
        Ok(doc)
    }

    /// The site's pages or events as the draft has them: the published ones in the
    /// site's order, then those only the draft has (as publishing adds them), each as
    /// published and as drafted.
    pub async fn drafted_records(
        &self,
        site_id: &str,
        kind: DraftKind,
    ) -> Result<Vec<DraftedRecord>, StoreError> {
        let Some(record) = kind.record() else {
            return Ok(Vec::new());
        };
        self.require_site(site_id).await?;
        let (table, key) = table(record);
        let mut transaction = self.begin_read().await?;
        let published = sqlx::query(&format!(
            "SELECT {key} AS id, doc FROM {table} WHERE site_id = $1 ORDER BY position"
        ))
        .bind(site_id)
        .fetch_all(&mut *transaction)
        .await?;
        let drafted = sqlx::query(
            // In the order publishing adds them.
            "SELECT id, doc FROM catalogue_drafts WHERE site_id = $1 AND kind = $2 ORDER BY id",
        )
        .bind(site_id)
        .bind(kind.code())
        .fetch_all(&mut *transaction)
        .await?;
        transaction.commit().await?;
        let mut drafts: Vec<(String, Option<String>)> = drafted
            .iter()
            .map(|row| Ok((row.try_get("id")?, row.try_get("doc")?)))
            .collect::<Result<_, sqlx::Error>>()?;
        let mut records = Vec::with_capacity(published.len() + drafts.len());
        for row in &published {
            let id: String = row.try_get("id")?;
            let drafted = drafts
                .iter()
                .position(|(drafted_id, _)| *drafted_id == id)
                .map(|at| drafts.remove(at).1);
            records.push(DraftedRecord {
                id,
                published: Some(row.try_get("doc")?),
                drafted,
            });
        }
        records.extend(drafts.into_iter().map(|(id, doc)| DraftedRecord {
            id,
            published: None,
            drafted: Some(doc),
        }));
        Ok(records)
    }

    /// The record as published, if the site has it.
    pub async fn published_record(
        &self,
        site_id: &str,
        kind: DraftKind,
        id: &str,
    ) -> Result<Option<String>, StoreError> {
        let mut transaction = self.begin_read().await?;
        let doc = published(&mut transaction, site_id, kind, id).await?;
        transaction.commit().await?;
        Ok(doc)
    }

    /// Makes the draft hold what `edit` makes of the record as the draft has it (`None`:
    /// none, or removed; the edit's `None` removes it), changed by `author`, in one
    /// transaction: two edits at once each see the other's. A record drafted back to what
    /// is published leaves the draft. Answers the record before and after.
    #[tracing::instrument(skip(self, edit))]
    pub async fn stage<E: From<StoreError>>(
        &self,
        site_id: &str,
        kind: DraftKind,
        id: &str,
        author: &str,
        edit: impl FnOnce(Option<&str>) -> Result<Option<String>, E>,
    ) -> Result<Staged, E> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let published = published(&mut transaction, site_id, kind, id).await?;
        let drafted: Option<Option<String>> = sqlx::query_scalar(
            "SELECT doc FROM catalogue_drafts WHERE site_id = $1 AND kind = $2 AND id = $3",
        )
        .bind(site_id)
        .bind(kind.code())
        .bind(id)
        .fetch_optional(&mut *transaction)
        .await
        .map_err(StoreError::from)?;
        let before = drafted.unwrap_or_else(|| published.clone());
        let doc = edit(before.as_deref())?;
        if doc.is_none() && before.is_none() {
            return Err(StoreError::NotFound {
                kind: kind.code(),
                id: id.to_owned(),
            }
            .into());
        }
        if doc == published {
            sqlx::query(
                "DELETE FROM catalogue_drafts WHERE site_id = $1 AND kind = $2 AND id = $3",
            )
            .bind(site_id)
            .bind(kind.code())
            .bind(id)
            .execute(&mut *transaction)
            .await
            .map_err(StoreError::from)?;
        } else {
            // The base stays what was published when the draft first changed the record.
            sqlx::query(
                "INSERT INTO catalogue_drafts (site_id, kind, id, doc, base, author, changed_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (site_id, kind, id) \
                 DO UPDATE SET doc = excluded.doc, author = excluded.author, changed_at = excluded.changed_at",
            )
            .bind(site_id)
            .bind(kind.code())
            .bind(id)
            .bind(doc.as_deref())
            .bind(published)
            .bind(author)
            .bind(unix_now())
            .execute(&mut *transaction)
            .await
            .map_err(StoreError::from)?;
        }
        transaction.commit().await.map_err(StoreError::from)?;
        Ok(Staged { before, after: doc })
    }

    /// The site as it will be once its draft is published, as one committed state: what
    /// its preview shows. `None` when the store holds no such site.
    #[tracing::instrument(skip(self))]
    pub async fn load_drafted_site(&self, site_id: &str) -> Result<Option<StoredSite>, StoreError> {
        let mut transaction = self.begin_read().await?;
        let Some(stored) = read_site(&mut transaction, site_id).await? else {
            return Ok(None);
        };
        // In the order a publish writes them: new records come last in it.
        let rows = sqlx::query(
            "SELECT kind, id, doc FROM catalogue_drafts WHERE site_id = $1 ORDER BY kind, id",
        )
        .bind(site_id)
        .fetch_all(&mut *transaction)
        .await?;
        transaction.commit().await?;
        let mut drafted = Vec::with_capacity(rows.len());
        for row in rows {
            let code: String = row.try_get("kind")?;
            drafted.push(DraftedDocument {
                kind: DraftKind::parse(&code).ok_or_else(|| StoreError::Corrupt {
                    site: site_id.to_owned(),
                    what: "draft",
                    problem: format!("'{code}' is no kind of record"),
                })?,
                id: row.try_get("id")?,
                doc: row.try_get("doc")?,
            });
        }
        let content =
            editable::with_draft(stored.content, &drafted).map_err(|(record, error)| {
                StoreError::Corrupt {
                    site: site_id.to_owned(),
                    what: "draft",
                    problem: format!("{record}: {error}"),
                }
            })?;
        Ok(Some(StoredSite { content, ..stored }))
    }

    /// Empties the site's draft and drops its publishing at a time.
    #[tracing::instrument(skip(self))]
    pub async fn discard_draft(&self, site_id: &str) -> Result<(), StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        discard(&mut transaction, site_id).await?;
        transaction.commit().await?;
        Ok(())
    }

    /// Commits the draft as one write by `author`, and empties it. Refused, naming them,
    /// when records it changes were changed since it first changed them, unless
    /// `overwrite`; refused when it changes nothing.
    #[tracing::instrument(skip(self))]
    pub async fn publish_draft(
        &self,
        site_id: &str,
        author: &str,
        overwrite: bool,
    ) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let changed = publish(&mut transaction, site_id, overwrite).await?;
        self.commit_emptied(transaction, site_id, changed, author)
            .await
    }

    /// Publishes the draft at `publish_at` (Unix seconds) as `author`, in place of an
    /// earlier time. The draft must hold a change.
    #[tracing::instrument(skip(self))]
    pub async fn schedule_publish(
        &self,
        site_id: &str,
        publish_at: i64,
        author: &str,
        overwrite: bool,
    ) -> Result<(), StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        if drafted_rows(&mut transaction, site_id).await? == 0 {
            return Err(StoreError::EmptyDraft);
        }
        sqlx::query(
            "INSERT INTO catalogue_draft_schedules (site_id, publish_at, author, overwrite, failure) \
             VALUES ($1, $2, $3, $4, '') ON CONFLICT (site_id) DO UPDATE SET \
             publish_at = excluded.publish_at, author = excluded.author, \
             overwrite = excluded.overwrite, failure = ''",
        )
        .bind(site_id)
        .bind(publish_at)
        .bind(author)
        .bind(i64::from(overwrite))
        .execute(&mut *transaction)
        .await?;
        transaction.commit().await?;
        Ok(())
    }

    /// The sites whose draft is due to be published at `now` (Unix seconds), and the
    /// earliest time one is due after it.
    pub async fn due_publications(
        &self,
        now: i64,
    ) -> Result<(Vec<String>, Option<i64>), StoreError> {
        let due: Vec<String> = sqlx::query_scalar(
            "SELECT site_id FROM catalogue_draft_schedules WHERE publish_at <= $1 AND failure = '' \
             ORDER BY publish_at",
        )
        .bind(now)
        .fetch_all(self.pool())
        .await?;
        let next: Option<i64> = sqlx::query_scalar(
            "SELECT MIN(publish_at) FROM catalogue_draft_schedules WHERE publish_at > $1 AND failure = ''",
        )
        .bind(now)
        .fetch_one(self.pool())
        .await?;
        Ok((due, next))
    }

    /// Publishes the site's draft if its time has come by `now`: answers the commit, or
    /// `None` when nothing was due (another replica published it). A publish refused (a
    /// record changed since) leaves the draft and says why on the schedule.
    #[tracing::instrument(skip(self))]
    pub async fn publish_scheduled(
        &self,
        site_id: &str,
        now: i64,
    ) -> Result<Option<Commit>, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let Some(row) = sqlx::query(
            "SELECT author, overwrite FROM catalogue_draft_schedules \
             WHERE site_id = $1 AND publish_at <= $2 AND failure = ''",
        )
        .bind(site_id)
        .bind(now)
        .fetch_optional(&mut *transaction)
        .await?
        else {
            return Ok(None);
        };
        let author: String = row.try_get("author")?;
        let overwrite = row.try_get::<i64, _>("overwrite")? != 0;
        match publish(&mut transaction, site_id, overwrite).await {
            Ok(changed) => Ok(Some(
                self.commit_emptied(transaction, site_id, changed, &author)
                    .await?,
            )),
            Err(
                refused @ (StoreError::Stale(_) | StoreError::Conflict(_) | StoreError::EmptyDraft),
            ) => {
                transaction.rollback().await?;
                sqlx::query("UPDATE catalogue_draft_schedules SET failure = $2 WHERE site_id = $1")
                    .bind(site_id)
                    .bind(refused.to_string())
                    .execute(self.pool())
                    .await?;
                Err(refused)
            }
            Err(other) => Err(other),
        }
    }

    /// Commits a publish that emptied the draft: a draft whose records all equal what is
    /// published by now changes no revision, but is emptied all the same.
    async fn commit_emptied(
        &self,
        mut transaction: Transaction<'static, Any>,
        site_id: &str,
        changed: u64,
        author: &str,
    ) -> Result<Commit, StoreError> {
        if changed > 0 {
            let author = Author {
                name: author,
                note: Some(NOTE),
            };
            return self.commit(transaction, site_id, changed, author).await;
        }
        let (revision, version): (String, i64) =
            sqlx::query_as("SELECT revision, version FROM catalogue_sites WHERE id = $1")
                .bind(site_id)
                .fetch_one(&mut *transaction)
                .await?;
        transaction.commit().await?;
        Ok(Commit {
            revision,
            changed: 0,
            version,
        })
    }

    async fn require_site(&self, site_id: &str) -> Result<(), StoreError> {
        match self.revision(site_id).await? {
            Some(_) => Ok(()),
            None => Err(StoreError::NoSite(site_id.to_owned())),
        }
    }
}

/// Writes every record of the draft, then empties it; answers how many records changed.
async fn publish(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    overwrite: bool,
) -> Result<u64, StoreError> {
    let rows = sqlx::query(
        "SELECT kind, id, doc, base FROM catalogue_drafts WHERE site_id = $1 ORDER BY kind, id",
    )
    .bind(site_id)
    .fetch_all(&mut **transaction)
    .await?;
    if rows.is_empty() {
        return Err(StoreError::EmptyDraft);
    }
    let mut drafted = Vec::with_capacity(rows.len());
    let mut stale = Vec::new();
    for row in rows {
        let code: String = row.try_get("kind")?;
        let kind = DraftKind::parse(&code).ok_or_else(|| StoreError::Corrupt {
            site: site_id.to_owned(),
            what: "draft",
            problem: format!("'{code}' is no kind of record"),
        })?;
        let id: String = row.try_get("id")?;
        let mut doc: Option<String> = row.try_get("doc")?;
        let base: Option<String> = row.try_get("base")?;
        let now = published(transaction, site_id, kind, &id).await?;
        if kind == DraftKind::Theater {
            // Only a theater's descriptive fields are drafted: they go onto the theater
            // as it is now (its point of sale, name, screens kept), and only they make a
            // draft stale. A theater gone since is left out.
            let Some(now) = now else { continue };
            let describe = |doc: Option<&str>| {
                doc.and_then(|doc| serde_json::from_str::<Theater>(doc).ok())
                    .map(|theater| theater.details())
            };
            if describe(Some(&now)) != describe(base.as_deref()) {
                stale.push(kind.describe(&id));
            }
            doc = editable::described(&now, doc.as_deref());
        } else if now != base {
            stale.push(kind.describe(&id));
        }
        drafted.push((kind, id, doc));
    }
    if !stale.is_empty() && !overwrite {
        return Err(StoreError::Stale(stale));
    }
    let mut changed = 0;
    for (kind, id, doc) in drafted {
        changed += match (kind.record(), doc) {
            (None, Some(doc)) => sqlx::query(
                "UPDATE catalogue_sites SET settings = $2 WHERE id = $1 AND settings <> $2",
            )
            .bind(site_id)
            .bind(&doc)
            .execute(&mut **transaction)
            .await?
            .rows_affected(),
            (None, None) => 0,
            (Some(record), Some(doc)) => write_document(transaction, site_id, record, &id, &doc)
                .await
                .map_err(|error| match error {
                    StoreError::Conflict(invalid) => {
                        StoreError::Conflict(invalid.inside(&kind.describe(&id)))
                    }
                    other => other,
                })?,
            (Some(record), None) => {
                let (table, key) = table(record);
                sqlx::query(&format!(
                    "DELETE FROM {table} WHERE site_id = $1 AND {key} = $2"
                ))
                .bind(site_id)
                .bind(&id)
                .execute(&mut **transaction)
                .await?
                .rows_affected()
            }
        };
    }
    discard(transaction, site_id).await?;
    Ok(changed)
}

async fn discard(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
) -> Result<(), StoreError> {
    for table in ["catalogue_drafts", "catalogue_draft_schedules"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE site_id = $1"))
            .bind(site_id)
            .execute(&mut **transaction)
            .await?;
    }
    Ok(())
}

async fn drafted_rows(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
) -> Result<i64, StoreError> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM catalogue_drafts WHERE site_id = $1")
            .bind(site_id)
            .fetch_one(&mut **transaction)
            .await?,
    )
}

/// The record as published, if the site has it.
async fn published(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    kind: DraftKind,
    id: &str,
) -> Result<Option<String>, StoreError> {
    match kind.record() {
        None => Ok(
            sqlx::query_scalar("SELECT settings FROM catalogue_sites WHERE id = $1")
                .bind(site_id)
                .fetch_optional(&mut **transaction)
                .await?,
        ),
        Some(record) => read_document(transaction, site_id, record, id).await,
    }
}

/// A boolean a query computed (SQLite answers an integer, PostgreSQL a boolean).
fn is_true(row: &sqlx::any::AnyRow, column: &str) -> Result<bool, sqlx::Error> {
    row.try_get::<bool, _>(column)
        .or_else(|_| row.try_get::<i64, _>(column).map(|value| value != 0))
}
