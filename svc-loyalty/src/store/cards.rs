//! Loyalty cards of members.

use serde::Serialize;
use sqlx::{AnyPool, FromRow};

use crate::store::unix_now;

#[derive(Debug, Clone, PartialEq, Eq, FromRow, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    #[serde(rename = "cardCode")]
    pub code: String,
    /// ACTIVE or LOST.
    pub status: String,
}

/// What adding a card did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    Added,
    /// The card is active on a member already.
    AlreadyActive,
}

#[tracing::instrument(skip_all)]
pub async fn of_member(pool: &AnyPool, member_id: &str) -> Result<Vec<Card>, sqlx::Error> {
    sqlx::query_as("SELECT code, status FROM cards WHERE member_id = $1 ORDER BY added_at, code")
        .bind(member_id)
        .fetch_all(pool)
        .await
}

/// Adds `code` to the member. A card the provider does not know yet is created; a card
/// that was reported lost is taken over; an active card stays where it is.
#[tracing::instrument(skip_all)]
pub async fn add(pool: &AnyPool, member_id: &str, code: &str) -> Result<Added, sqlx::Error> {
    let taken_over = sqlx::query(
        "UPDATE cards SET member_id = $1, status = 'ACTIVE', added_at = $3 \
         WHERE code = $2 AND status <> 'ACTIVE'",
    )
    .bind(member_id)
    .bind(code)
    .bind(unix_now())
    .execute(pool)
    .await?;
    if taken_over.rows_affected() > 0 {
        return Ok(Added::Added);
    }
    let inserted = sqlx::query(
        "INSERT INTO cards (code, member_id, status, added_at) VALUES ($1, $2, 'ACTIVE', $3)",
    )
    .bind(code)
    .bind(member_id)
    .bind(unix_now())
    .execute(pool)
    .await;
    match inserted {
        Ok(_) => Ok(Added::Added),
        Err(error) if crate::store::is_unique_violation(&error) => Ok(Added::AlreadyActive),
        Err(error) => Err(error),
    }
}

/// Removes the member's card; false when the member has no such card.
#[tracing::instrument(skip_all)]
pub async fn delete(pool: &AnyPool, member_id: &str, code: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM cards WHERE member_id = $1 AND code = $2")
        .bind(member_id)
        .bind(code)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Marks every active card of the member lost; answers how many.
#[tracing::instrument(skip_all)]
pub async fn report_lost(pool: &AnyPool, member_id: &str) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query("UPDATE cards SET status = 'LOST' WHERE member_id = $1 AND status = 'ACTIVE'")
            .bind(member_id)
            .execute(pool)
            .await?;
    Ok(done.rows_affected())
}
