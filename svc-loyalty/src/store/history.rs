//! Order history and points transaction history, newest first.

use serde::Serialize;
use sqlx::{AnyPool, FromRow};

#[derive(Debug, Clone, PartialEq, Eq, FromRow, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    #[serde(rename = "orderId")]
    pub id: String,
    pub cinema_id: String,
    pub film_title: String,
    pub tickets: i64,
    pub total_cents: i64,
    /// Unix seconds.
    pub placed_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PointTransaction {
    #[serde(rename = "transactionId")]
    pub id: String,
    pub description: String,
    /// Earned (positive) or spent (negative).
    pub points: i64,
    /// Unix seconds.
    pub happened_at: i64,
}

/// The member's orders, newest first, at most `limit` when given.
#[tracing::instrument(name = "sql history::orders", skip_all, fields(otel.kind = "client"))]
pub async fn orders(
    pool: &AnyPool,
    member_id: &str,
    limit: Option<i64>,
) -> Result<Vec<Order>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, cinema_id, film_title, tickets, total_cents, placed_at FROM orders \
         WHERE member_id = $1 ORDER BY placed_at DESC, id LIMIT $2",
    )
    .bind(member_id)
    .bind(limit.unwrap_or(i64::MAX))
    .fetch_all(pool)
    .await
}

/// One of the member's orders.
#[tracing::instrument(name = "sql history::order", skip_all, fields(otel.kind = "client"))]
pub async fn order(
    pool: &AnyPool,
    member_id: &str,
    order_id: &str,
) -> Result<Option<Order>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, cinema_id, film_title, tickets, total_cents, placed_at FROM orders \
         WHERE member_id = $1 AND id = $2",
    )
    .bind(member_id)
    .bind(order_id)
    .fetch_optional(pool)
    .await
}

/// The member's points transactions, newest first, at most `limit` when given.
#[tracing::instrument(name = "sql history::transactions", skip_all, fields(otel.kind = "client"))]
pub async fn transactions(
    pool: &AnyPool,
    member_id: &str,
    limit: Option<i64>,
) -> Result<Vec<PointTransaction>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, description, points, happened_at FROM point_transactions \
         WHERE member_id = $1 ORDER BY happened_at DESC, id LIMIT $2",
    )
    .bind(member_id)
    .bind(limit.unwrap_or(i64::MAX))
    .fetch_all(pool)
    .await
}

/// Records an order (the demo seed and tests; orders come from ticketing).
#[tracing::instrument(name = "sql history::insert_order", skip_all, fields(otel.kind = "client"))]
pub async fn insert_order(
    pool: &AnyPool,
    member_id: &str,
    order: &Order,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO orders (id, member_id, cinema_id, film_title, tickets, total_cents, placed_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&order.id)
    .bind(member_id)
    .bind(&order.cinema_id)
    .bind(&order.film_title)
    .bind(order.tickets)
    .bind(order.total_cents)
    .bind(order.placed_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// Records a points transaction and moves the member's balance by its points, in one
/// transaction.
#[tracing::instrument(name = "sql history::insert_transaction", skip_all, fields(otel.kind = "client"))]
pub async fn insert_transaction(
    pool: &AnyPool,
    member_id: &str,
    entry: &PointTransaction,
) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    insert_transaction_in(&mut transaction, member_id, entry).await?;
    sqlx::query("UPDATE members SET points = points + $2 WHERE id = $1")
        .bind(member_id)
        .bind(entry.points)
        .execute(&mut *transaction)
        .await?;
    transaction.commit().await
}

pub(crate) async fn insert_transaction_in(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    member_id: &str,
    entry: &PointTransaction,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO point_transactions (id, member_id, description, points, happened_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&entry.id)
    .bind(member_id)
    .bind(&entry.description)
    .bind(entry.points)
    .bind(entry.happened_at)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}
