//! A theater's point of sale as the studio shows it (docs/studio.md#point-of-sale): the
//! connector's last polls, the showtimes and seats its writes changed in the last hour,
//! and the link with the token a theater's staff uploaded, which no call reads back.

use sqlx::{Any, Row, Transaction};

use super::records::{read_document, write_document};
use super::{Author, Store, StoreError, unix_now};
use crate::domain::records::RecordKind;
use crate::domain::theaters::{PointOfSale, Theater};

/// How far back the changes are counted, in seconds.
pub const CHANGES_WINDOW: i64 = 3600;

/// A theater's point of sale as it was lately.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PointOfSaleState {
    /// Unix seconds of the connector's last poll that brought the theater in step.
    pub last_success_at: Option<i64>,
    /// Why its last failed poll failed, and when.
    pub last_error: String,
    pub last_error_at: Option<i64>,
    /// Showtimes written or removed, and seat counts changed, in the last hour.
    pub showtimes_changed: i64,
    pub seats_changed: i64,
    /// When its schedule or seats last changed (within the hour).
    pub last_change_at: Option<i64>,
    /// When and by whom a token was uploaded; `None`: none is kept.
    pub token_set_at: Option<i64>,
    pub token_set_by: String,
}

/// How a point of sale is linked as the studio sets it (its Debug never shows the token).
#[derive(Clone, PartialEq)]
pub enum LinkChange {
    /// Linked to `link`; with `token`, the one uploaded replaces the one kept.
    Linked {
        link: PointOfSale,
        token: Option<String>,
    },
    /// Not linked: the schedule comes through the ingest API; a kept token is dropped.
    Unlinked,
}

impl std::fmt::Debug for LinkChange {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkChange::Linked { link, token } => formatter
                .debug_struct("Linked")
                .field("link", link)
                .field("token", &token.as_ref().map(|_| "(uploaded)"))
                .finish(),
            LinkChange::Unlinked => formatter.write_str("Unlinked"),
        }
    }
}

/// Notes that a write changed `showtimes` showtimes and `seats` seat counts of a theater,
/// in the write's transaction, and forgets the changes older than the window.
pub(super) async fn note_changes(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    theater_id: &str,
    showtimes: u64,
    seats: u64,
) -> Result<(), StoreError> {
    let now = unix_now();
    sqlx::query(
        "DELETE FROM catalogue_pos_changes WHERE site_id = $1 AND theater_id = $2 AND changed_at < $3",
    )
    .bind(site_id)
    .bind(theater_id)
    .bind(now - CHANGES_WINDOW)
    .execute(&mut **transaction)
    .await?;
    sqlx::query(
        "INSERT INTO catalogue_pos_changes (site_id, theater_id, changed_at, showtimes, seats) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(site_id)
    .bind(theater_id)
    .bind(now)
    .bind(i64::try_from(showtimes).unwrap_or(i64::MAX))
    .bind(i64::try_from(seats).unwrap_or(i64::MAX))
    .execute(&mut **transaction)
    .await?;
    Ok(())
}

/// Drops the uploaded token of a theater whose link, as `doc` has it, polls with none (it
/// is unlinked, or names a token file), in the write's transaction.
pub(super) async fn forget_unused_token(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    theater_id: &str,
    doc: &str,
) -> Result<(), StoreError> {
    let uses_token = serde_json::from_str::<Theater>(doc)
        .ok()
        .and_then(|theater| theater.point_of_sale)
        .is_some_and(|link| link.token.is_empty());
    if !uses_token {
        sqlx::query("DELETE FROM catalogue_pos_tokens WHERE site_id = $1 AND theater_id = $2")
            .bind(site_id)
            .bind(theater_id)
            .execute(&mut **transaction)
            .await?;
    }
    Ok(())
}

impl Store {
    /// Keeps the outcome of a connector's poll of a theater: without a `failure` it
    /// brought the theater in step.
    pub async fn record_poll(
        &self,
        site_id: &str,
        theater_id: &str,
        failure: Option<&str>,
    ) -> Result<(), StoreError> {
        let now = unix_now();
        let statement = match failure {
            None => sqlx::query(
                "INSERT INTO catalogue_pos_polls (site_id, theater_id, last_success_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (site_id, theater_id) DO UPDATE SET last_success_at = excluded.last_success_at",
            )
            .bind(site_id)
            .bind(theater_id)
            .bind(now),
            Some(error) => sqlx::query(
                "INSERT INTO catalogue_pos_polls (site_id, theater_id, last_error, last_error_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (site_id, theater_id) DO UPDATE SET last_error = excluded.last_error, \
                 last_error_at = excluded.last_error_at",
            )
            .bind(site_id)
            .bind(theater_id)
            .bind(error)
            .bind(now),
        };
        statement.execute(self.pool()).await?;
        Ok(())
    }

    /// The theater's point of sale as it was lately (all empty for a theater never
    /// polled nor changed).
    pub async fn point_of_sale_state(
        &self,
        site_id: &str,
        theater_id: &str,
    ) -> Result<PointOfSaleState, StoreError> {
        let mut transaction = self.begin_read().await?;
        let mut state = PointOfSaleState::default();
        if let Some(row) = sqlx::query(
            "SELECT last_success_at, last_error, last_error_at FROM catalogue_pos_polls \
             WHERE site_id = $1 AND theater_id = $2",
        )
        .bind(site_id)
        .bind(theater_id)
        .fetch_optional(&mut *transaction)
        .await?
        {
            state.last_success_at = row.try_get("last_success_at")?;
            state.last_error = row.try_get("last_error")?;
            state.last_error_at = row.try_get("last_error_at")?;
        }
        let changes = sqlx::query(
            // PostgreSQL sums BIGINTs as NUMERIC, which the Any driver does not read.
            "SELECT CAST(COALESCE(SUM(showtimes), 0) AS BIGINT) AS showtimes, \
             CAST(COALESCE(SUM(seats), 0) AS BIGINT) AS seats, \
             MAX(changed_at) AS last FROM catalogue_pos_changes \
             WHERE site_id = $1 AND theater_id = $2 AND changed_at >= $3",
        )
        .bind(site_id)
        .bind(theater_id)
        .bind(unix_now() - CHANGES_WINDOW)
        .fetch_one(&mut *transaction)
        .await?;
        state.showtimes_changed = changes.try_get("showtimes")?;
        state.seats_changed = changes.try_get("seats")?;
        state.last_change_at = changes.try_get("last")?;
        if let Some(row) = sqlx::query(
            "SELECT set_at, set_by FROM catalogue_pos_tokens WHERE site_id = $1 AND theater_id = $2",
        )
        .bind(site_id)
        .bind(theater_id)
        .fetch_optional(&mut *transaction)
        .await?
        {
            state.token_set_at = Some(row.try_get("set_at")?);
            state.token_set_by = row.try_get("set_by")?;
        }
        transaction.commit().await?;
        Ok(state)
    }

    /// The theater's link to its point of sale (`None`: not linked); a theater the site
    /// lacks is not found.
    pub async fn point_of_sale_link(
        &self,
        site_id: &str,
        theater_id: &str,
    ) -> Result<Option<PointOfSale>, StoreError> {
        let mut transaction = self.begin_read().await?;
        let doc = read_document(&mut transaction, site_id, RecordKind::Theater, theater_id).await?;
        transaction.commit().await?;
        let doc = doc.ok_or_else(|| StoreError::NotFound {
            kind: "theater",
            id: theater_id.to_owned(),
        })?;
        let theater: Theater =
            serde_json::from_str(&doc).map_err(|error| corrupt(site_id, error))?;
        Ok(theater.point_of_sale)
    }

    /// The token uploaded for the theater's point of sale, for its connector alone.
    pub async fn point_of_sale_token(
        &self,
        site_id: &str,
        theater_id: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT token FROM catalogue_pos_tokens WHERE site_id = $1 AND theater_id = $2",
        )
        .bind(site_id)
        .bind(theater_id)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Links the theater to its point of sale as `change` says, by `author`, in one
    /// transaction: the theater's link and the kept token change together, and the polls
    /// of the link before are forgotten. A new token alone changes no record: no new
    /// revision. Answers the theater as it now is.
    pub async fn set_point_of_sale(
        &self,
        site_id: &str,
        theater_id: &str,
        change: LinkChange,
        author: Author<'_>,
    ) -> Result<Theater, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let doc = read_document(&mut transaction, site_id, RecordKind::Theater, theater_id)
            .await?
            .ok_or_else(|| StoreError::NotFound {
                kind: "theater",
                id: theater_id.to_owned(),
            })?;
        let mut theater: Theater =
            serde_json::from_str(&doc).map_err(|error| corrupt(site_id, error))?;
        let before = theater.point_of_sale.clone();
        let token = match change {
            LinkChange::Linked { link, token } => {
                theater.point_of_sale = Some(link);
                token
            }
            LinkChange::Unlinked => {
                theater.point_of_sale = None;
                None
            }
        };
        let new_token = token.is_some();
        if let Some(token) = token {
            sqlx::query(
                "INSERT INTO catalogue_pos_tokens (site_id, theater_id, token, set_at, set_by) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (site_id, theater_id) DO UPDATE SET \
                 token = excluded.token, set_at = excluded.set_at, set_by = excluded.set_by",
            )
            .bind(site_id)
            .bind(theater_id)
            .bind(&token)
            .bind(unix_now())
            .bind(author.name)
            .execute(&mut *transaction)
            .await?;
        }
        if new_token || before != theater.point_of_sale {
            // The last polls told of another link, or another token.
            sqlx::query("DELETE FROM catalogue_pos_polls WHERE site_id = $1 AND theater_id = $2")
                .bind(site_id)
                .bind(theater_id)
                .execute(&mut *transaction)
                .await?;
        }
        let doc = serde_json::to_string(&theater).unwrap_or_default();
        let changed = write_document(
            &mut transaction,
            site_id,
            RecordKind::Theater,
            theater_id,
            &doc,
        )
        .await?;
        if changed == 0 {
            // The token alone: the connector reads it at its next poll.
            transaction.commit().await?;
        } else {
            self.commit(transaction, site_id, changed, author).await?;
        }
        Ok(theater)
    }
}

fn corrupt(site_id: &str, error: serde_json::Error) -> StoreError {
    StoreError::Corrupt {
        site: site_id.to_owned(),
        what: "theater",
        problem: error.to_string(),
    }
}
