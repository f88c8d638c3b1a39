//! Tokens of the draft's preview on a site's own host: one site, one hour.

use sqlx::AnyPool;

/// Stores a preview token of `staff_id` for `site_id` under its digest, forgetting the
/// tokens that ended.
#[tracing::instrument(name = "sql previews::insert", skip_all, fields(otel.kind = "client"))]
pub async fn insert(
    pool: &AnyPool,
    token_digest: &str,
    staff_id: &str,
    site_id: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    sqlx::query("DELETE FROM studio_preview_tokens WHERE expires_at <= $1")
        .bind(now)
        .execute(&mut *transaction)
        .await?;
    sqlx::query(
        "INSERT INTO studio_preview_tokens (token_sha256, staff_id, site_id, expires_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(token_digest)
    .bind(staff_id)
    .bind(site_id)
    .bind(expires_at)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await
}

/// The site the token of `token_digest` shows: `None` once it expired, or when its staff
/// member holds no grant on the site any more (nor an operator's).
#[tracing::instrument(name = "sql previews::site_of", skip_all, fields(otel.kind = "client"))]
pub async fn site_of(
    pool: &AnyPool,
    token_digest: &str,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT token.site_id FROM studio_preview_tokens token \
         WHERE token.token_sha256 = $1 AND token.expires_at > $2 AND EXISTS ( \
             SELECT 1 FROM studio_grants grant_held WHERE grant_held.staff_id = token.staff_id \
             AND (grant_held.site_id = token.site_id OR grant_held.site_id = ''))",
    )
    .bind(token_digest)
    .bind(now)
    .fetch_optional(pool)
    .await
}
