//! One-time sign-in links: 15 minutes, used once, each beginning a session.

use sqlx::AnyPool;

use super::sessions;
use super::staff::StaffMember;

/// How long after a link is made no other is made for the same staff member.
pub const RESEND_SECONDS: i64 = 60;

/// Stores a link for `staff_id` under its token's digest, forgetting the links that
/// ended; `false` (nothing stored) while an unused one made in the last
/// [`RESEND_SECONDS`] is live.
#[tracing::instrument(name = "sql sign_in_links::insert", skip_all, fields(otel.kind = "client"))]
pub async fn insert(
    pool: &AnyPool,
    token_digest: &str,
    staff_id: &str,
    now: i64,
    expires_at: i64,
) -> Result<bool, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    sqlx::query("DELETE FROM studio_sign_in_links WHERE expires_at <= $1")
        .bind(now)
        .execute(&mut *transaction)
        .await?;
    let recent: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM studio_sign_in_links \
         WHERE staff_id = $1 AND used_at IS NULL AND created_at > $2",
    )
    .bind(staff_id)
    .bind(now - RESEND_SECONDS)
    .fetch_one(&mut *transaction)
    .await?;
    if recent > 0 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO studio_sign_in_links (token_sha256, staff_id, created_at, expires_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(token_digest)
    .bind(staff_id)
    .bind(now)
    .bind(expires_at)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    Ok(true)
}

/// Uses the link of `token_digest`, once and before it expires, and begins a session in
/// the same transaction; `None` for a link unknown, used or expired (even one used at
/// the same moment by another request).
#[tracing::instrument(name = "sql sign_in_links::use_once", skip_all, fields(otel.kind = "client"))]
pub async fn use_once(
    pool: &AnyPool,
    token_digest: &str,
    session_digest: &str,
    now: i64,
    session_expires_at: i64,
) -> Result<Option<StaffMember>, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let staff_id: Option<String> = sqlx::query_scalar(
        "UPDATE studio_sign_in_links SET used_at = $2 \
         WHERE token_sha256 = $1 AND used_at IS NULL AND expires_at > $2 \
         RETURNING staff_id",
    )
    .bind(token_digest)
    .bind(now)
    .fetch_optional(&mut *transaction)
    .await?;
    let Some(staff_id) = staff_id else {
        return Ok(None);
    };
    sessions::begin(
        &mut transaction,
        &staff_id,
        session_digest,
        now,
        session_expires_at,
    )
    .await?;
    let member: StaffMember =
        sqlx::query_as("SELECT id, email, name FROM studio_staff WHERE id = $1")
            .bind(&staff_id)
            .fetch_one(&mut *transaction)
            .await?;
    transaction.commit().await?;
    Ok(Some(member))
}
