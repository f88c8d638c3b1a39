//! Sessions: only the SHA-256 of each token is kept. A login writes its session and its
//! login event in one transaction, so an event exists exactly when the login happened.

use sqlx::AnyPool;

use crate::lockout::FORGIVEN_AT_LOGIN;
use crate::store::OUTBOX;
use platform::outbox::OutboxEvent;

/// A session to store: token hashes, lifetimes (Unix seconds) and the API generation it
/// was opened with.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub token_hash: String,
    pub refresh_hash: String,
    pub member_id: String,
    pub cypher_version: i64,
    pub expires_at: i64,
    pub refresh_expires_at: i64,
    /// When it was opened: a login's time, kept as the member's last sign-in.
    pub opened_at: i64,
}

/// The member a live session belongs to, and its cypherVersion.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SessionOwner {
    pub member_id: String,
    pub cypher_version: i64,
}

/// A successful login: failed logins and lockouts forgiven, its time kept, session
/// stored, event queued.
#[tracing::instrument(name = "sql sessions::open", skip_all, fields(otel.kind = "client"))]
pub async fn open(
    pool: &AnyPool,
    session: &NewSession,
    event: &OutboxEvent,
) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    sqlx::query(&format!(
        "UPDATE members SET {FORGIVEN_AT_LOGIN}, last_login_at = $2 WHERE id = $1"
    ))
    .bind(&session.member_id)
    .bind(session.opened_at)
    .execute(&mut *transaction)
    .await?;
    insert(&mut transaction, session).await?;
    OUTBOX.insert(&mut transaction, event).await?;
    transaction.commit().await
}

async fn insert(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    session: &NewSession,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sessions (token_hash, refresh_hash, member_id, cypher_version, expires_at, \
         refresh_expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&session.token_hash)
    .bind(&session.refresh_hash)
    .bind(&session.member_id)
    .bind(session.cypher_version)
    .bind(session.expires_at)
    .bind(session.refresh_expires_at)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}

/// The owner of the session whose token hashes to `token_hash`, if it has not expired
/// and its member is of `site`.
#[tracing::instrument(name = "sql sessions::owner", skip_all, fields(otel.kind = "client"))]
pub async fn owner(
    pool: &AnyPool,
    site: &str,
    token_hash: &str,
    now: i64,
) -> Result<Option<SessionOwner>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.member_id, s.cypher_version FROM sessions s \
         JOIN members m ON m.id = s.member_id \
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND m.site_id = $3",
    )
    .bind(token_hash)
    .bind(now)
    .bind(site)
    .fetch_optional(pool)
    .await
}

/// How long the refresh token exchanged last still refreshes its session: long enough
/// for the next page of a browser whose refresh answer was lost, short enough that a
/// copied old token is of little use.
pub const REFRESH_REUSE_SECONDS: i64 = 60;

/// Replaces the session of a member of `site` whose refresh token hashes to
/// `refresh_hash` with `fresh`'s tokens and lifetimes; `None` when that refresh token is
/// unknown (on that site) or expired. The token exchanged last also counts for
/// [`REFRESH_REUSE_SECONDS`] after its exchange.
#[tracing::instrument(name = "sql sessions::refresh", skip_all, fields(otel.kind = "client"))]
pub async fn refresh(
    pool: &AnyPool,
    site: &str,
    refresh_hash: &str,
    fresh: &NewSession,
    now: i64,
) -> Result<Option<SessionOwner>, sqlx::Error> {
    // The right-hand sides read the row as it was: a current token becomes the previous
    // one; a previous one used again keeps its place and its exchange time.
    sqlx::query_as(
        "UPDATE sessions SET token_hash = $1, refresh_hash = $2, expires_at = $3, \
         refresh_expires_at = $4, \
         previous_refresh_hash = CASE WHEN refresh_hash = $5 THEN refresh_hash \
         ELSE previous_refresh_hash END, \
         refreshed_at = CASE WHEN refresh_hash = $5 THEN $6 ELSE refreshed_at END \
         WHERE refresh_expires_at > $6 \
         AND (refresh_hash = $5 OR (previous_refresh_hash = $5 AND refreshed_at > $7)) \
         AND member_id IN (SELECT id FROM members WHERE site_id = $8) \
         RETURNING member_id, cypher_version",
    )
    .bind(&fresh.token_hash)
    .bind(&fresh.refresh_hash)
    .bind(fresh.expires_at)
    .bind(fresh.refresh_expires_at)
    .bind(refresh_hash)
    .bind(now)
    .bind(now - REFRESH_REUSE_SECONDS)
    .bind(site)
    .fetch_optional(pool)
    .await
}

/// Ends the session of a member of `site` whose session or refresh token hashes to
/// `hash` (also the refresh token exchanged last: signing out must work from a page
/// that missed the exchange).
#[tracing::instrument(name = "sql sessions::close", skip_all, fields(otel.kind = "client"))]
pub async fn close(pool: &AnyPool, site: &str, hash: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM sessions WHERE (token_hash = $1 OR refresh_hash = $1 \
         OR previous_refresh_hash = $1) \
         AND member_id IN (SELECT id FROM members WHERE site_id = $2)",
    )
    .bind(hash)
    .bind(site)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}
