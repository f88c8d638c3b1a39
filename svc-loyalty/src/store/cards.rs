//! Loyalty cards of members.

use serde::Serialize;
use sqlx::{AnyPool, FromRow};

use crate::events::MemberEvent;
use crate::store::{OUTBOX, unix_now};

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

#[tracing::instrument(name = "sql cards::of_member", skip_all, fields(otel.kind = "client"))]
pub async fn of_member(pool: &AnyPool, member_id: &str) -> Result<Vec<Card>, sqlx::Error> {
    sqlx::query_as("SELECT code, status FROM cards WHERE member_id = $1 ORDER BY added_at, code")
        .bind(member_id)
        .fetch_all(pool)
        .await
}

/// Adds `code` to the member of `site`, with its event when the member added it (not
/// when seeded). A card the site does not know yet is created; a card that was
/// reported lost is taken over; an active card stays where it is.
#[tracing::instrument(name = "sql cards::add", skip_all, fields(otel.kind = "client"))]
pub async fn add(
    pool: &AnyPool,
    site: &str,
    member_id: &str,
    code: &str,
    event: Option<&MemberEvent>,
) -> Result<Added, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let taken_over = sqlx::query(
        "UPDATE cards SET member_id = $1, status = 'ACTIVE', added_at = $3 \
         WHERE site_id = $4 AND code = $2 AND status <> 'ACTIVE'",
    )
    .bind(member_id)
    .bind(code)
    .bind(unix_now())
    .bind(site)
    .execute(&mut *transaction)
    .await?;
    if taken_over.rows_affected() == 0 {
        let inserted = sqlx::query(
            "INSERT INTO cards (site_id, code, member_id, status, added_at) \
             VALUES ($4, $1, $2, 'ACTIVE', $3)",
        )
        .bind(code)
        .bind(member_id)
        .bind(unix_now())
        .bind(site)
        .execute(&mut *transaction)
        .await;
        match inserted {
            Ok(_) => {}
            Err(error) if crate::store::is_unique_violation(&error) => {
                return Ok(Added::AlreadyActive);
            }
            Err(error) => return Err(error),
        }
    }
    if let Some(event) = event {
        OUTBOX
            .insert(&mut transaction, &event.for_member(member_id))
            .await?;
    }
    transaction.commit().await?;
    Ok(Added::Added)
}

/// Removes the member's card; false when the member has no such card.
#[tracing::instrument(name = "sql cards::delete", skip_all, fields(otel.kind = "client"))]
pub async fn delete(pool: &AnyPool, member_id: &str, code: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM cards WHERE member_id = $1 AND code = $2")
        .bind(member_id)
        .bind(code)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Marks every active card of the member lost, with the event (its `cardsReported`)
/// when there was one; answers how many.
#[tracing::instrument(name = "sql cards::report_lost", skip_all, fields(otel.kind = "client"))]
pub async fn report_lost(
    pool: &AnyPool,
    member_id: &str,
    event: &MemberEvent,
) -> Result<u64, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let done =
        sqlx::query("UPDATE cards SET status = 'LOST' WHERE member_id = $1 AND status = 'ACTIVE'")
            .bind(member_id)
            .execute(&mut *transaction)
            .await?;
    let reported = done.rows_affected();
    if reported > 0 {
        let event = event.clone().with("cardsReported", reported);
        OUTBOX
            .insert(&mut transaction, &event.for_member(member_id))
            .await?;
    }
    transaction.commit().await?;
    Ok(reported)
}
