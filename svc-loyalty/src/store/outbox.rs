//! The transactional outbox of login events.

use sqlx::AnyPool;

use crate::events::OutboxEvent;
use crate::store::unix_now;

pub(crate) async fn insert(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    event: &OutboxEvent,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO outbox (event_id, subject, payload, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&event.event_id)
    .bind(&event.subject)
    .bind(&event.payload)
    .bind(unix_now())
    .execute(&mut **transaction)
    .await?;
    Ok(())
}

/// The oldest events not yet acknowledged by JetStream, at most `limit`.
#[tracing::instrument(name = "sql outbox::pending", skip_all, fields(otel.kind = "client"))]
pub async fn pending(pool: &AnyPool, limit: i64) -> Result<Vec<OutboxEvent>, sqlx::Error> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT event_id, subject, payload FROM outbox WHERE published_at IS NULL \
         ORDER BY created_at, event_id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(event_id, subject, payload)| OutboxEvent {
            event_id,
            subject,
            payload,
        })
        .collect())
}

/// How many events wait for JetStream.
#[tracing::instrument(name = "sql outbox::backlog", skip_all, fields(otel.kind = "client"))]
pub async fn backlog(pool: &AnyPool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE published_at IS NULL")
        .fetch_one(pool)
        .await
}

#[tracing::instrument(name = "sql outbox::mark_published", skip_all, fields(otel.kind = "client"))]
pub async fn mark_published(pool: &AnyPool, event_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE outbox SET published_at = $2 WHERE event_id = $1")
        .bind(event_id)
        .bind(unix_now())
        .execute(pool)
        .await?;
    Ok(())
}
