//! Single sign-ons under way: 10 minutes, used once, kept under their state's digest
//! with the nonce and PKCE verifier that finish them.

use sqlx::AnyPool;

use super::staff::StaffMember;
use crate::domain::staff::StaffEmail;

/// What a begun sign-on keeps for its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingSignOn {
    /// The nonce the ID token must carry.
    pub nonce: String,
    /// The PKCE verifier of the code's challenge.
    pub pkce_verifier: String,
}

/// Stores a sign-on under its state's digest, forgetting the ones that ended.
#[tracing::instrument(name = "sql single_sign_ons::insert", skip_all, fields(otel.kind = "client"))]
pub async fn insert(
    pool: &AnyPool,
    state_digest: &str,
    pending: &PendingSignOn,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    sqlx::query("DELETE FROM studio_single_sign_ons WHERE expires_at <= $1")
        .bind(now)
        .execute(&mut *transaction)
        .await?;
    sqlx::query(
        "INSERT INTO studio_single_sign_ons (state_sha256, nonce, pkce_verifier, expires_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(state_digest)
    .bind(&pending.nonce)
    .bind(&pending.pkce_verifier)
    .bind(expires_at)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await
}

/// Takes the sign-on of `state_digest` (it is gone after, used or not); `None` for one
/// unknown, taken before (even at the same moment) or ended.
#[tracing::instrument(name = "sql single_sign_ons::take", skip_all, fields(otel.kind = "client"))]
pub async fn take(
    pool: &AnyPool,
    state_digest: &str,
    now: i64,
) -> Result<Option<PendingSignOn>, sqlx::Error> {
    let taken: Option<(String, String, i64)> = sqlx::query_as(
        "DELETE FROM studio_single_sign_ons WHERE state_sha256 = $1 \
         RETURNING nonce, pkce_verifier, expires_at",
    )
    .bind(state_digest)
    .fetch_optional(pool)
    .await?;
    Ok(taken
        .filter(|(_, _, expires_at)| *expires_at > now)
        .map(|(nonce, pkce_verifier, _)| PendingSignOn {
            nonce,
            pkce_verifier,
        }))
}

/// The staff member of `email` signed in: their session begun under `session_digest`
/// in the same transaction; `None` (nothing begun) when the address is no staff
/// member's.
#[tracing::instrument(name = "sql single_sign_ons::signed_in", skip_all, fields(otel.kind = "client"))]
pub async fn signed_in(
    pool: &AnyPool,
    email: &StaffEmail,
    session_digest: &str,
    now: i64,
    session_expires_at: i64,
) -> Result<Option<StaffMember>, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let member: Option<StaffMember> =
        sqlx::query_as("SELECT id, email, name FROM studio_staff WHERE email = $1")
            .bind(email.as_str())
            .fetch_optional(&mut *transaction)
            .await?;
    let Some(member) = member else {
        return Ok(None);
    };
    super::sessions::begin(
        &mut transaction,
        &member.id,
        session_digest,
        now,
        session_expires_at,
    )
    .await?;
    transaction.commit().await?;
    Ok(Some(member))
}
