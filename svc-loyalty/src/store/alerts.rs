//! Members' alerts (docs/loyalty.md#alerts): what each member chose, their browsers' push
//! subscriptions, the catalogue's events received, what each member was told of (once per
//! movie, theater and kind) and the messages to send, with their tries.

use sqlx::{AnyPool, FromRow};

use crate::domain::alerts::{AlertKind, AlertPreferences, CatalogueAlert, PushSubscription};
use crate::store::unix_now;

/// A member's preferences; `None` until they first chose.
#[tracing::instrument(name = "sql alerts::preferences", skip_all, fields(otel.kind = "client"))]
pub async fn preferences(
    pool: &AnyPool,
    member_id: &str,
) -> Result<Option<AlertPreferences>, sqlx::Error> {
    let row: Option<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT on_sale, last_chance, by_email, by_push FROM alert_preferences WHERE member_id = $1",
    )
    .bind(member_id)
    .fetch_optional(pool)
    .await?;
    Ok(
        row.map(|(on_sale, last_chance, email, push)| AlertPreferences {
            on_sale: on_sale != 0,
            last_chance: last_chance != 0,
            email: email != 0,
            push: push != 0,
        }),
    )
}

#[tracing::instrument(name = "sql alerts::set_preferences", skip_all, fields(otel.kind = "client"))]
pub async fn set_preferences(
    pool: &AnyPool,
    member_id: &str,
    chosen: AlertPreferences,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO alert_preferences (member_id, on_sale, last_chance, by_email, by_push, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (member_id) DO UPDATE SET \
         on_sale = excluded.on_sale, last_chance = excluded.last_chance, \
         by_email = excluded.by_email, by_push = excluded.by_push, updated_at = excluded.updated_at",
    )
    .bind(member_id)
    .bind(i64::from(chosen.on_sale))
    .bind(i64::from(chosen.last_chance))
    .bind(i64::from(chosen.email))
    .bind(i64::from(chosen.push))
    .bind(unix_now())
    .execute(pool)
    .await?;
    Ok(())
}

/// Keeps a browser's subscription for `member_id`, at most [`SUBSCRIPTIONS_PER_MEMBER`]
/// (the oldest goes). A browser is one subscriber: its endpoint passes to whoever
/// subscribed with it last (another member signing in on it), as a new subscription, so
/// the messages queued for the one before go with the old one.
#[tracing::instrument(name = "sql alerts::add_subscription", skip_all, fields(otel.kind = "client"))]
pub async fn add_subscription(
    pool: &AnyPool,
    id: &str,
    member_id: &str,
    subscription: &PushSubscription,
) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND member_id <> $2")
        .bind(&subscription.endpoint)
        .bind(member_id)
        .execute(&mut *transaction)
        .await?;
    sqlx::query(
        "INSERT INTO push_subscriptions (id, member_id, endpoint, p256dh, auth, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (endpoint) DO UPDATE SET \
         p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at",
    )
    .bind(id)
    .bind(member_id)
    .bind(&subscription.endpoint)
    .bind(&subscription.p256dh)
    .bind(&subscription.auth)
    .bind(unix_now())
    .execute(&mut *transaction)
    .await?;
    sqlx::query(
        "DELETE FROM push_subscriptions WHERE member_id = $1 AND id NOT IN \
         (SELECT id FROM push_subscriptions WHERE member_id = $1 \
          ORDER BY created_at DESC, id LIMIT $2)",
    )
    .bind(member_id)
    .bind(SUBSCRIPTIONS_PER_MEMBER)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await
}

/// The browsers a member may have subscribed at once.
pub const SUBSCRIPTIONS_PER_MEMBER: i64 = 10;

/// Forgets the member's subscription at `endpoint` (another member's is left alone).
#[tracing::instrument(name = "sql alerts::remove_subscription", skip_all, fields(otel.kind = "client"))]
pub async fn remove_subscription(
    pool: &AnyPool,
    member_id: &str,
    endpoint: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM push_subscriptions WHERE member_id = $1 AND endpoint = $2")
        .bind(member_id)
        .bind(endpoint)
        .execute(pool)
        .await?;
    Ok(())
}

/// Forgets a subscription its push service says is gone (404, 410); its messages go with it.
#[tracing::instrument(name = "sql alerts::forget_subscription", skip_all, fields(otel.kind = "client"))]
pub async fn forget_subscription(pool: &AnyPool, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM push_subscriptions WHERE id = $1")
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Keeps an event of the catalogue; the same one again is kept once. True when new.
#[tracing::instrument(name = "sql alerts::receive", skip_all, fields(otel.kind = "client"))]
pub async fn receive(
    pool: &AnyPool,
    alert: &CatalogueAlert,
    kind: AlertKind,
    payload: &str,
) -> Result<bool, sqlx::Error> {
    let kept = sqlx::query(
        "INSERT INTO alert_events (event_id, site_id, batch_id, batch_size, kind, movie_id, \
         theater_id, payload, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(&alert.event_id)
    .bind(&alert.site_id)
    .bind(&alert.batch.id)
    .bind(i64::from(alert.batch.size))
    .bind(kind.code())
    .bind(&alert.movie.id)
    .bind(&alert.theater.id)
    .bind(payload)
    .bind(unix_now())
    .execute(pool)
    .await?;
    Ok(kept.rows_affected() == 1)
}

/// The batches with events not told yet that are whole, or whose last event came at or
/// before `quiet_since` (one that never completes is told as it is, and what comes of it
/// later is told then).
#[tracing::instrument(name = "sql alerts::batches_ready", skip_all, fields(otel.kind = "client"))]
pub async fn batches_ready(pool: &AnyPool, quiet_since: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT batch_id FROM alert_events WHERE told_at IS NULL GROUP BY batch_id \
         HAVING COUNT(*) >= MAX(batch_size) OR MAX(received_at) <= $1",
    )
    .bind(quiet_since)
    .fetch_all(pool)
    .await
}

/// Tells the batch's events not told yet to their members, in one transaction, as the
/// telling `tell_id`: each member of the event's site (activated) with the movie on their
/// watchlist, the theater among their favourites or no favourites, and the kind chosen
/// by a way that reaches them (e-mail, or push with a browser subscribed), is told of
/// each movie, theater and kind once; and each gets one message of the telling per way
/// chosen (e-mail, each subscription). Answers how many messages were queued; 0 when
/// another replica told them.
#[tracing::instrument(name = "sql alerts::tell_batch", skip_all, fields(otel.kind = "client"))]
pub async fn tell_batch(pool: &AnyPool, batch_id: &str, tell_id: &str) -> Result<u64, sqlx::Error> {
    let now = unix_now();
    let mut transaction = pool.begin().await?;
    let claimed = sqlx::query(
        "UPDATE alert_events SET told_at = $2, tell_id = $3 WHERE batch_id = $1 AND told_at IS NULL",
    )
    .bind(batch_id)
    .bind(now)
    .bind(tell_id)
    .execute(&mut *transaction)
    .await?;
    if claimed.rows_affected() == 0 {
        return Ok(0);
    }
    sqlx::query(
        "INSERT INTO member_alerts (member_id, movie_id, theater_id, kind, tell_id, event_id, created_at) \
         SELECT m.id, e.movie_id, e.theater_id, e.kind, e.tell_id, e.event_id, $2 \
         FROM alert_events e \
         JOIN favorite_films f ON f.film_id = e.movie_id \
         JOIN members m ON m.id = f.member_id AND m.site_id = e.site_id AND m.is_activated = 1 \
         JOIN alert_preferences p ON p.member_id = m.id \
           AND ((e.kind = 'on-sale' AND p.on_sale = 1) OR (e.kind = 'last-chance' AND p.last_chance = 1)) \
         WHERE e.tell_id = $1 \
         AND (p.by_email = 1 OR (p.by_push = 1 \
           AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.member_id = m.id))) \
         AND (NOT EXISTS (SELECT 1 FROM favorite_cinemas c WHERE c.member_id = m.id) \
           OR EXISTS (SELECT 1 FROM favorite_cinemas c WHERE c.member_id = m.id AND c.cinema_id = e.theater_id)) \
         ON CONFLICT DO NOTHING",
    )
    .bind(tell_id)
    .bind(now)
    .execute(&mut *transaction)
    .await?;
    let by_email = sqlx::query(
        "INSERT INTO alert_sends (id, member_id, tell_id, subscription_id, attempts, due_at, created_at) \
         SELECT DISTINCT a.member_id || ':' || a.tell_id || ':email', a.member_id, a.tell_id, \
         NULL, 0, $2, $2 FROM member_alerts a \
         JOIN alert_preferences p ON p.member_id = a.member_id AND p.by_email = 1 \
         WHERE a.tell_id = $1 ON CONFLICT DO NOTHING",
    )
    .bind(tell_id)
    .bind(now)
    .execute(&mut *transaction)
    .await?;
    let by_push = sqlx::query(
        "INSERT INTO alert_sends (id, member_id, tell_id, subscription_id, attempts, due_at, created_at) \
         SELECT DISTINCT a.member_id || ':' || a.tell_id || ':' || s.id, a.member_id, a.tell_id, \
         s.id, 0, $2, $2 FROM member_alerts a \
         JOIN alert_preferences p ON p.member_id = a.member_id AND p.by_push = 1 \
         JOIN push_subscriptions s ON s.member_id = a.member_id \
         WHERE a.tell_id = $1 ON CONFLICT DO NOTHING",
    )
    .bind(tell_id)
    .bind(now)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    Ok(by_email.rows_affected() + by_push.rows_affected())
}

/// A message due, claimed by this replica for a while.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct DueSend {
    pub id: String,
    pub member_id: String,
    /// The telling it is of: a batch's events, or those of it that came late.
    pub tell_id: String,
    /// None: by e-mail.
    pub subscription_id: Option<String>,
    pub attempts: i64,
    /// Until when this replica holds it: what it writes of the message is written only
    /// while it still does.
    pub claimed_until: i64,
}

/// Claims up to `limit` messages due at `now` until `now + lease` (another replica
/// leaves them alone meanwhile; one that dies leaves them to be claimed again).
#[tracing::instrument(name = "sql alerts::claim_due", skip_all, fields(otel.kind = "client"))]
pub async fn claim_due(
    pool: &AnyPool,
    now: i64,
    lease: i64,
    limit: i64,
) -> Result<Vec<DueSend>, sqlx::Error> {
    // The outer conditions again: PostgreSQL checks them on the row as another claim left it.
    sqlx::query_as(
        "UPDATE alert_sends SET claimed_until = $2 \
         WHERE id IN (SELECT id FROM alert_sends WHERE sent_at IS NULL AND due_at <= $1 \
           AND (claimed_until IS NULL OR claimed_until < $1) ORDER BY due_at, id LIMIT $3) \
         AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < $1) \
         RETURNING id, member_id, tell_id, subscription_id, attempts, claimed_until",
    )
    .bind(now)
    .bind(now + lease)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// What one message needs: its member, what they chose, the events it tells and, for a
/// push, the subscription.
#[derive(Debug, Clone)]
pub struct SendContext {
    pub email: String,
    pub first_name: String,
    pub site_id: String,
    pub preferences: AlertPreferences,
    /// The events' payloads as received.
    pub events: Vec<String>,
    pub subscription: Option<StoredSubscription>,
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct StoredSubscription {
    pub id: String,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// The context of `send`; `None` when its member or subscription is gone.
#[tracing::instrument(name = "sql alerts::send_context", skip_all, fields(otel.kind = "client"))]
pub async fn send_context(
    pool: &AnyPool,
    send: &DueSend,
) -> Result<Option<SendContext>, sqlx::Error> {
    let member: Option<(String, String, String)> =
        sqlx::query_as("SELECT email, first_name, site_id FROM members WHERE id = $1")
            .bind(&send.member_id)
            .fetch_optional(pool)
            .await?;
    let Some((email, first_name, site_id)) = member else {
        return Ok(None);
    };
    let preferences = preferences(pool, &send.member_id)
        .await?
        .unwrap_or_default();
    let events: Vec<String> = sqlx::query_scalar(
        "SELECT e.payload FROM member_alerts a JOIN alert_events e ON e.event_id = a.event_id \
         WHERE a.member_id = $1 AND a.tell_id = $2 ORDER BY a.movie_id, a.theater_id",
    )
    .bind(&send.member_id)
    .bind(&send.tell_id)
    .fetch_all(pool)
    .await?;
    let subscription = match &send.subscription_id {
        None => None,
        Some(id) => {
            let found: Option<StoredSubscription> = sqlx::query_as(
                "SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = $1 AND member_id = $2",
            )
            .bind(id)
            .bind(&send.member_id)
            .fetch_optional(pool)
            .await?;
            if found.is_none() {
                return Ok(None);
            }
            found
        }
    };
    Ok(Some(SendContext {
        email,
        first_name,
        site_id,
        preferences,
        events,
        subscription,
    }))
}

/// The message went out, or will never (`note` says why); written only while `send`'s
/// claim holds.
#[tracing::instrument(name = "sql alerts::done", skip_all, fields(otel.kind = "client"))]
pub async fn done(pool: &AnyPool, send: &DueSend, note: Option<&str>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE alert_sends SET sent_at = $2, last_error = $3, claimed_until = NULL \
         WHERE id = $1 AND claimed_until = $4",
    )
    .bind(&send.id)
    .bind(unix_now())
    .bind(note)
    .bind(send.claimed_until)
    .execute(pool)
    .await?;
    Ok(())
}

/// The message failed its `attempts`-th try: tried again at `due_at`; written only while
/// `send`'s claim holds.
#[tracing::instrument(name = "sql alerts::retry", skip_all, fields(otel.kind = "client"))]
pub async fn retry(
    pool: &AnyPool,
    send: &DueSend,
    attempts: i64,
    due_at: i64,
    error: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE alert_sends SET attempts = $2, due_at = $3, last_error = $4, claimed_until = NULL \
         WHERE id = $1 AND claimed_until = $5",
    )
    .bind(&send.id)
    .bind(attempts)
    .bind(due_at)
    .bind(error)
    .bind(send.claimed_until)
    .execute(pool)
    .await?;
    Ok(())
}

/// Keeps the SHA-256 of an unsubscribe link's token for `member_id` and `kind`.
#[tracing::instrument(name = "sql alerts::keep_unsubscribe_token", skip_all, fields(otel.kind = "client"))]
pub async fn keep_unsubscribe_token(
    pool: &AnyPool,
    token_hash: &str,
    member_id: &str,
    kind: AlertKind,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO alert_unsubscribe_tokens (token_hash, member_id, kind, created_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(member_id)
    .bind(kind.code())
    .bind(unix_now())
    .execute(pool)
    .await?;
    Ok(())
}

/// Turns off the kind the token's link is for, for its member of `site_id`: the kind,
/// or `None` when the token names no member of that site.
#[tracing::instrument(name = "sql alerts::unsubscribe", skip_all, fields(otel.kind = "client"))]
pub async fn unsubscribe(
    pool: &AnyPool,
    site_id: &str,
    token_hash: &str,
) -> Result<Option<AlertKind>, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let found: Option<(String, String)> = sqlx::query_as(
        "SELECT t.member_id, t.kind FROM alert_unsubscribe_tokens t \
         JOIN members m ON m.id = t.member_id AND m.site_id = $1 WHERE t.token_hash = $2",
    )
    .bind(site_id)
    .bind(token_hash)
    .fetch_optional(&mut *transaction)
    .await?;
    let Some((member_id, kind)) = found else {
        return Ok(None);
    };
    let Some(kind) = AlertKind::parse(&kind) else {
        return Ok(None);
    };
    let column = match kind {
        AlertKind::OnSale => "on_sale",
        AlertKind::LastChance => "last_chance",
    };
    sqlx::query(&format!(
        "UPDATE alert_preferences SET {column} = 0, updated_at = $2 WHERE member_id = $1"
    ))
    .bind(&member_id)
    .bind(unix_now())
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    Ok(Some(kind))
}

/// How long what was told is kept: the messages sent a week; the events and the
/// unsubscribe links three months.
const MESSAGES_KEPT: i64 = 7 * 24 * 60 * 60;
const EVENTS_KEPT: i64 = 90 * 24 * 60 * 60;

/// Forgets what is older than it is kept.
#[tracing::instrument(name = "sql alerts::prune", skip_all, fields(otel.kind = "client"))]
pub async fn prune(pool: &AnyPool) -> Result<(), sqlx::Error> {
    let now = unix_now();
    sqlx::query("DELETE FROM alert_sends WHERE sent_at IS NOT NULL AND sent_at < $1")
        .bind(now - MESSAGES_KEPT)
        .execute(pool)
        .await?;
    sqlx::query("DELETE FROM alert_unsubscribe_tokens WHERE created_at < $1")
        .bind(now - EVENTS_KEPT)
        .execute(pool)
        .await?;
    // What each member was told of stays (member_alerts): it is what keeps them from
    // being told twice.
    sqlx::query("DELETE FROM alert_events WHERE told_at IS NOT NULL AND told_at < $1")
        .bind(now - EVENTS_KEPT)
        .execute(pool)
        .await?;
    Ok(())
}
