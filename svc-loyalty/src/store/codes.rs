//! One-time codes e-mailed to members: password reset codes and activation codes.

use sqlx::AnyPool;

use crate::lockout::FORGIVEN_AT_RESET;
use crate::store::unix_now;

/// What a code is for; a code only works for its purpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    PasswordReset,
    Activation,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::PasswordReset => "password-reset",
            Purpose::Activation => "activation",
        }
    }
}

#[tracing::instrument(name = "sql codes::insert", skip_all, fields(otel.kind = "client"))]
pub async fn insert(
    pool: &AnyPool,
    purpose: Purpose,
    code_hash: &str,
    member_id: &str,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO one_time_codes (code_hash, purpose, member_id, expires_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(code_hash)
    .bind(purpose.as_str())
    .bind(member_id)
    .bind(expires_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// The member of an unused, unexpired code of a member of `site`.
#[tracing::instrument(name = "sql codes::member_of", skip_all, fields(otel.kind = "client"))]
pub async fn member_of(
    pool: &AnyPool,
    site: &str,
    purpose: Purpose,
    code_hash: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT member_id FROM one_time_codes WHERE code_hash = $1 AND purpose = $2 \
         AND used_at IS NULL AND expires_at > $3 \
         AND member_id IN (SELECT id FROM members WHERE site_id = $4)",
    )
    .bind(code_hash)
    .bind(purpose.as_str())
    .bind(unix_now())
    .bind(site)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(member_id,)| member_id))
}

/// Uses an unused, unexpired code of a member of `site`; answers its member.
pub(crate) async fn take(
    connection: &mut sqlx::AnyConnection,
    site: &str,
    purpose: Purpose,
    code_hash: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "UPDATE one_time_codes SET used_at = $3 WHERE code_hash = $1 AND purpose = $2 \
         AND used_at IS NULL AND expires_at > $3 \
         AND member_id IN (SELECT id FROM members WHERE site_id = $4) RETURNING member_id",
    )
    .bind(code_hash)
    .bind(purpose.as_str())
    .bind(unix_now())
    .bind(site)
    .fetch_optional(connection)
    .await?;
    Ok(row.map(|(member_id,)| member_id))
}

/// Uses the member's activation code; false when it is unknown, used, expired or
/// someone else's (and then nothing changed).
#[tracing::instrument(name = "sql codes::use_activation_code", skip_all, fields(otel.kind = "client"))]
pub async fn use_activation_code(
    pool: &AnyPool,
    site: &str,
    code_hash: &str,
    member_id: &str,
) -> Result<bool, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    if take(&mut transaction, site, Purpose::Activation, code_hash)
        .await?
        .as_deref()
        != Some(member_id)
    {
        return Ok(false);
    }
    transaction.commit().await?;
    Ok(true)
}

/// Uses a password reset code of a member of `site`: sets the member's new password
/// hash, clears a lockout or block and ends the member's sessions, in one transaction.
/// False when the code is unknown (on that site), used or expired (and then nothing
/// changed).
#[tracing::instrument(name = "sql codes::reset_password", skip_all, fields(otel.kind = "client"))]
pub async fn reset_password(
    pool: &AnyPool,
    site: &str,
    code_hash: &str,
    password_hash: &str,
) -> Result<bool, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let Some(member_id) = take(&mut transaction, site, Purpose::PasswordReset, code_hash).await?
    else {
        return Ok(false);
    };
    sqlx::query(&format!(
        "UPDATE members SET password_hash = $2, password_changed_at = $3, {FORGIVEN_AT_RESET} \
         WHERE id = $1"
    ))
    .bind(&member_id)
    .bind(password_hash)
    .bind(super::unix_now())
    .execute(&mut *transaction)
    .await?;
    sqlx::query("DELETE FROM sessions WHERE member_id = $1")
        .bind(&member_id)
        .execute(&mut *transaction)
        .await?;
    transaction.commit().await?;
    Ok(true)
}
