//! Sessions: server-side, under their token's digest, 12 hours at most.

use sqlx::{Any, AnyPool, Transaction};

use super::staff::StaffMember;

/// Begins a session of `staff_id` under its token's digest.
pub(super) async fn begin(
    transaction: &mut Transaction<'_, Any>,
    staff_id: &str,
    token_digest: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    // Ended sessions are forgotten as new ones begin.
    sqlx::query("DELETE FROM studio_sessions WHERE expires_at <= $1")
        .bind(now)
        .execute(&mut **transaction)
        .await?;
    sqlx::query(
        "INSERT INTO studio_sessions (token_sha256, staff_id, created_at, expires_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(token_digest)
    .bind(staff_id)
    .bind(now)
    .bind(expires_at)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}

/// The staff member of a session that has not ended.
#[tracing::instrument(name = "sql sessions::staff_of", skip_all, fields(otel.kind = "client"))]
pub async fn staff_of(
    pool: &AnyPool,
    token_digest: &str,
    now: i64,
) -> Result<Option<StaffMember>, sqlx::Error> {
    sqlx::query_as(
        "SELECT staff.id, staff.email, staff.name FROM studio_sessions AS sessions \
         JOIN studio_staff AS staff ON staff.id = sessions.staff_id \
         WHERE sessions.token_sha256 = $1 AND sessions.expires_at > $2",
    )
    .bind(token_digest)
    .bind(now)
    .fetch_optional(pool)
    .await
}

/// Ends a session (and forgets it).
#[tracing::instrument(name = "sql sessions::end", skip_all, fields(otel.kind = "client"))]
pub async fn end(pool: &AnyPool, token_digest: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM studio_sessions WHERE token_sha256 = $1")
        .bind(token_digest)
        .execute(pool)
        .await?;
    Ok(())
}
