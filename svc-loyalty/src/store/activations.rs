//! Pending membership activations.

use sqlx::AnyPool;

use crate::events::MemberEvent;
use crate::store::{OUTBOX, unix_now};

#[tracing::instrument(name = "sql activations::start", skip_all, fields(otel.kind = "client"))]
pub async fn start(
    pool: &AnyPool,
    session_hash: &str,
    member_id: &str,
    member_level_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO activations (session_hash, member_id, member_level_id, created_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(session_hash)
    .bind(member_id)
    .bind(member_level_id)
    .bind(unix_now())
    .execute(pool)
    .await?;
    Ok(())
}

/// Gives the pending activation of a member of `site` its order; false when there is no
/// such activation or it has an order already.
#[tracing::instrument(name = "sql activations::add_order", skip_all, fields(otel.kind = "client"))]
pub async fn add_order(
    pool: &AnyPool,
    site: &str,
    session_hash: &str,
    order_id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE activations SET order_id = $2 WHERE session_hash = $1 AND order_id IS NULL \
         AND completed_at IS NULL AND member_id IN (SELECT id FROM members WHERE site_id = $3)",
    )
    .bind(session_hash)
    .bind(order_id)
    .bind(site)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Completes the activation of `order_id` of a member of `site`: the member becomes
/// active at its level, in one transaction with the event (its `memberLevelId`).
/// Answers the member's id, or `None` for an unknown or completed order.
#[tracing::instrument(name = "sql activations::complete", skip_all, fields(otel.kind = "client"))]
pub async fn complete(
    pool: &AnyPool,
    site: &str,
    order_id: &str,
    event: &MemberEvent,
) -> Result<Option<String>, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let pending: Option<(String, i64)> = sqlx::query_as(
        "UPDATE activations SET completed_at = $2 WHERE order_id = $1 AND completed_at IS NULL \
         AND member_id IN (SELECT id FROM members WHERE site_id = $3) \
         RETURNING member_id, member_level_id",
    )
    .bind(order_id)
    .bind(unix_now())
    .bind(site)
    .fetch_optional(&mut *transaction)
    .await?;
    let Some((member_id, level)) = pending else {
        return Ok(None);
    };
    sqlx::query("UPDATE members SET is_activated = 1, member_level_id = $2 WHERE id = $1")
        .bind(&member_id)
        .bind(level)
        .execute(&mut *transaction)
        .await?;
    let event = event.clone().with("memberLevelId", level);
    OUTBOX
        .insert(&mut transaction, &event.for_member(&member_id))
        .await?;
    transaction.commit().await?;
    Ok(Some(member_id))
}
