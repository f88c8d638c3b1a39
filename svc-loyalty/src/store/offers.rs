//! What members can spend points and money on: rewards, gift cards and e-voucher
//! concessions.

use serde::Serialize;
use sqlx::{AnyPool, FromRow};

use crate::events::MemberEvent;
use crate::store::OUTBOX;
use crate::store::history::{PointTransaction, insert_transaction_in};

#[derive(Debug, Clone, PartialEq, Eq, FromRow, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reward {
    #[serde(rename = "rewardId")]
    pub id: String,
    pub name: String,
    pub points_cost: i64,
    pub display_order: i64,
}

/// The rewards of `site` in their display order.
#[tracing::instrument(name = "sql offers::rewards", skip_all, fields(otel.kind = "client"))]
pub async fn rewards(pool: &AnyPool, site: &str) -> Result<Vec<Reward>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, name, points_cost, display_order FROM rewards WHERE site_id = $1 \
         ORDER BY display_order, id",
    )
    .bind(site)
    .fetch_all(pool)
    .await
}

#[tracing::instrument(name = "sql offers::put_reward", skip_all, fields(otel.kind = "client"))]
pub async fn put_reward(pool: &AnyPool, site: &str, reward: &Reward) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO rewards (id, name, points_cost, display_order, site_id) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (site_id, id) DO UPDATE SET name = excluded.name, \
         points_cost = excluded.points_cost, display_order = excluded.display_order",
    )
    .bind(&reward.id)
    .bind(&reward.name)
    .bind(reward.points_cost)
    .bind(reward.display_order)
    .bind(site)
    .execute(pool)
    .await?;
    Ok(())
}

/// Orders a reward of `site` for the member; the order waits for confirmation. Answers
/// false when the site has no such reward.
#[tracing::instrument(name = "sql offers::order_reward", skip_all, fields(otel.kind = "client"))]
pub async fn order_reward(
    pool: &AnyPool,
    site: &str,
    member_id: &str,
    reward_id: &str,
    order_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO redemptions (order_id, member_id, site_id, reward_id, ordered_at) \
         SELECT $1, $2, site_id, id, $4 FROM rewards WHERE id = $3 AND site_id = $5",
    )
    .bind(order_id)
    .bind(member_id)
    .bind(reward_id)
    .bind(now)
    .bind(site)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Confirms a reward ordered by a member of `site`: the points come off the member's
/// balance, the points transaction is recorded, the order is marked confirmed and the
/// event (its `rewardId` and `pointsCost`) queued, all in one transaction.
/// Answers the new balance, or `None` (and nothing changed) when the order is unknown
/// (on that site), confirmed already, or the balance is too small.
#[tracing::instrument(name = "sql offers::confirm_redemption", skip_all, fields(otel.kind = "client"))]
pub async fn confirm_redemption(
    pool: &AnyPool,
    site: &str,
    order_id: &str,
    now: i64,
    event: &MemberEvent,
) -> Result<Option<i64>, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let order: Option<(String, String)> = sqlx::query_as(
        "UPDATE redemptions SET confirmed_at = $2 WHERE order_id = $1 AND confirmed_at IS NULL \
         AND site_id = $3 AND member_id IN (SELECT id FROM members WHERE site_id = $3) \
         RETURNING member_id, reward_id",
    )
    .bind(order_id)
    .bind(now)
    .bind(site)
    .fetch_optional(&mut *transaction)
    .await?;
    let Some((member_id, reward_id)) = order else {
        return Ok(None);
    };
    let reward: Reward = sqlx::query_as(
        "SELECT id, name, points_cost, display_order FROM rewards WHERE site_id = $1 AND id = $2",
    )
    .bind(site)
    .bind(&reward_id)
    .fetch_one(&mut *transaction)
    .await?;
    let balance: Option<(i64,)> = sqlx::query_as(
        "UPDATE members SET points = points - $2 WHERE id = $1 AND points >= $2 RETURNING points",
    )
    .bind(&member_id)
    .bind(reward.points_cost)
    .fetch_optional(&mut *transaction)
    .await?;
    let Some((balance,)) = balance else {
        return Ok(None);
    };
    let entry = PointTransaction {
        id: order_id.to_owned(),
        description: format!("Redeemed: {}", reward.name),
        points: -reward.points_cost,
        happened_at: now,
    };
    insert_transaction_in(&mut transaction, &member_id, &entry).await?;
    let event = event
        .clone()
        .with("rewardId", reward.id.as_str())
        .with("pointsCost", reward.points_cost);
    OUTBOX
        .insert(&mut transaction, &event.for_member(&member_id))
        .await?;
    transaction.commit().await?;
    Ok(Some(balance))
}

#[tracing::instrument(name = "sql offers::put_gift_card", skip_all, fields(otel.kind = "client"))]
pub async fn put_gift_card(
    pool: &AnyPool,
    site: &str,
    card_number: &str,
    pin: &str,
    balance_cents: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO gift_cards (card_number, pin, balance_cents, site_id) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (site_id, card_number) DO UPDATE SET pin = excluded.pin, \
         balance_cents = excluded.balance_cents",
    )
    .bind(card_number)
    .bind(pin)
    .bind(balance_cents)
    .bind(site)
    .execute(pool)
    .await?;
    Ok(())
}

/// The balance of `site`'s gift card with that number and pin, in cents.
#[tracing::instrument(name = "sql offers::gift_card_balance", skip_all, fields(otel.kind = "client"))]
pub async fn gift_card_balance(
    pool: &AnyPool,
    site: &str,
    card_number: &str,
    pin: &str,
) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT balance_cents FROM gift_cards WHERE card_number = $1 AND pin = $2 AND site_id = $3",
    )
    .bind(card_number)
    .bind(pin)
    .bind(site)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(balance,)| balance))
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EVoucherConcession {
    pub id: String,
    pub cinema_id: String,
    pub name: String,
    pub price_cents: i64,
}

#[tracing::instrument(name = "sql offers::put_evoucher", skip_all, fields(otel.kind = "client"))]
pub async fn put_evoucher(
    pool: &AnyPool,
    site: &str,
    concession: &EVoucherConcession,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO evoucher_concessions (id, cinema_id, name, price_cents, site_id) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (site_id, id) DO UPDATE SET cinema_id = excluded.cinema_id, \
         name = excluded.name, price_cents = excluded.price_cents",
    )
    .bind(&concession.id)
    .bind(&concession.cinema_id)
    .bind(&concession.name)
    .bind(concession.price_cents)
    .bind(site)
    .execute(pool)
    .await?;
    Ok(())
}

#[tracing::instrument(name = "sql offers::evouchers", skip_all, fields(otel.kind = "client"))]
pub async fn evouchers(
    pool: &AnyPool,
    site: &str,
    cinema_id: &str,
) -> Result<Vec<EVoucherConcession>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, cinema_id, name, price_cents FROM evoucher_concessions \
         WHERE cinema_id = $1 AND site_id = $2 ORDER BY name, id",
    )
    .bind(cinema_id)
    .bind(site)
    .fetch_all(pool)
    .await
}
