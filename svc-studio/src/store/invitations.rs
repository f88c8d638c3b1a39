//! Invitations: single use, 24 hours, each carrying the grant it gives.

use sqlx::AnyPool;

use super::passkeys::{self, NewPasskey};
use super::staff::{self, StaffMember};
use super::{grant_of_row, row_of_grant, sessions};
use crate::domain::access::Grant;
use crate::domain::staff::StaffEmail;

/// An invitation to be stored.
#[derive(Debug, Clone)]
pub struct NewInvitation<'a> {
    /// `None`: the person accepting it names their address (the first operator's).
    pub email: Option<&'a StaffEmail>,
    pub grant: &'a Grant,
    /// The staff member inviting; `None` for the first operator's and the command's.
    pub invited_by: Option<&'a str>,
    pub expires_at: i64,
}

/// Stores an invitation under its token's digest.
#[tracing::instrument(name = "sql invitations::insert", skip_all, fields(otel.kind = "client"))]
pub async fn insert(
    pool: &AnyPool,
    token_digest: &str,
    invitation: &NewInvitation<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    let (role, site_id, theater_ids) = row_of_grant(invitation.grant);
    sqlx::query(
        "INSERT INTO studio_invitations \
         (token_sha256, email, role, site_id, theater_ids, invited_by, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(token_digest)
    .bind(invitation.email.map_or("", StaffEmail::as_str))
    .bind(role)
    .bind(site_id)
    .bind(theater_ids)
    .bind(invitation.invited_by)
    .bind(now)
    .bind(invitation.expires_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// An invitation that may still be accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenInvitation {
    /// `None`: the person accepting names their address.
    pub email: Option<String>,
    pub grant: Grant,
    pub expires_at: i64,
}

/// The invitation of `token_digest`, while it is unused and unexpired.
#[tracing::instrument(name = "sql invitations::open", skip_all, fields(otel.kind = "client"))]
pub async fn open(
    pool: &AnyPool,
    token_digest: &str,
    now: i64,
) -> Result<Option<OpenInvitation>, sqlx::Error> {
    let row: Option<(String, String, String, String, i64)> = sqlx::query_as(
        "SELECT email, role, site_id, theater_ids, expires_at FROM studio_invitations \
         WHERE token_sha256 = $1 AND accepted_at IS NULL AND expires_at > $2",
    )
    .bind(token_digest)
    .bind(now)
    .fetch_optional(pool)
    .await?;
    row.map(|(email, role, site_id, theater_ids, expires_at)| {
        Ok(OpenInvitation {
            email: (!email.is_empty()).then_some(email),
            grant: grant_of_row(&role, &site_id, &theater_ids)?,
            expires_at,
        })
    })
    .transpose()
}

/// Withdraws the invitation of `token_digest` (one whose mail could not be sent).
#[tracing::instrument(name = "sql invitations::withdraw", skip_all, fields(otel.kind = "client"))]
pub async fn withdraw(pool: &AnyPool, token_digest: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM studio_invitations WHERE token_sha256 = $1 AND accepted_at IS NULL")
        .bind(token_digest)
        .execute(pool)
        .await?;
    Ok(())
}

/// An invitation to a site waiting to be accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingInvitation {
    pub email: String,
    pub grant: Grant,
    pub expires_at: i64,
}

/// The invitations to `site_id` neither accepted nor expired, newest first.
#[tracing::instrument(name = "sql invitations::pending", skip_all, fields(otel.kind = "client"))]
pub async fn pending(
    pool: &AnyPool,
    site_id: &str,
    now: i64,
) -> Result<Vec<PendingInvitation>, sqlx::Error> {
    let rows: Vec<(String, String, String, String, i64)> = sqlx::query_as(
        "SELECT email, role, site_id, theater_ids, expires_at FROM studio_invitations \
         WHERE site_id = $1 AND accepted_at IS NULL AND expires_at > $2 \
         ORDER BY created_at DESC, email",
    )
    .bind(site_id)
    .bind(now)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|(email, role, site_id, theater_ids, expires_at)| {
            Ok(PendingInvitation {
                email: email.clone(),
                grant: grant_of_row(role, site_id, theater_ids)?,
                expires_at: *expires_at,
            })
        })
        .collect()
}

/// Withdraws the invitations not yet accepted that name no address: the first
/// operator's, of which only the newest may be used.
#[tracing::instrument(name = "sql invitations::withdraw_unaddressed", skip_all, fields(otel.kind = "client"))]
pub async fn withdraw_unaddressed(pool: &AnyPool) -> Result<u64, sqlx::Error> {
    let withdrawn =
        sqlx::query("DELETE FROM studio_invitations WHERE email = '' AND accepted_at IS NULL")
            .execute(pool)
            .await?;
    Ok(withdrawn.rows_affected())
}

/// Why an invitation was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum NotAccepted {
    #[error("the invitation is unknown, used or expired")]
    Unusable,
    /// The invitation names no address and the acceptance gave none.
    #[error("{0}")]
    Email(String),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// What accepting an invitation begins.
#[derive(Debug, Clone)]
pub struct Acceptance<'a> {
    /// The id the staff member gets if the address is no staff member's yet.
    pub new_staff_id: &'a str,
    pub name: &'a str,
    /// The address given, for an invitation that names none.
    pub email: Option<&'a StaffEmail>,
    pub session_digest: &'a str,
    pub session_expires_at: i64,
    /// The passkey registered with it, if it was accepted so.
    pub passkey: Option<&'a NewPasskey>,
}

/// Accepts the invitation of `token_digest`, once and before it expires, in one
/// transaction: the staff member found by the address (or made), the grant given, the
/// passkey stored, the session begun. A second acceptance, even a concurrent one, finds it used.
#[tracing::instrument(name = "sql invitations::accept", skip_all, fields(otel.kind = "client"))]
pub async fn accept(
    pool: &AnyPool,
    token_digest: &str,
    acceptance: &Acceptance<'_>,
    now: i64,
) -> Result<StaffMember, NotAccepted> {
    let mut transaction = pool.begin().await?;
    let row: Option<(String, String, String, String)> = sqlx::query_as(
        "UPDATE studio_invitations SET accepted_at = $2 \
         WHERE token_sha256 = $1 AND accepted_at IS NULL AND expires_at > $2 \
         RETURNING email, role, site_id, theater_ids",
    )
    .bind(token_digest)
    .bind(now)
    .fetch_optional(&mut *transaction)
    .await?;
    let (email, role, site_id, theater_ids) = row.ok_or(NotAccepted::Unusable)?;
    let email = match (email.as_str(), acceptance.email) {
        ("", Some(given)) => given.clone(),
        ("", None) => {
            return Err(NotAccepted::Email(
                "email: required, the invitation names no address".to_owned(),
            ));
        }
        (named, _) => StaffEmail::parse(named).map_err(NotAccepted::Email)?,
    };
    let grant: Grant = grant_of_row(&role, &site_id, &theater_ids)?;
    let member = staff::found_or_made(
        &mut transaction,
        acceptance.new_staff_id,
        &email,
        acceptance.name,
        now,
    )
    .await?;
    staff::grant(&mut transaction, &member.id, &grant, now).await?;
    if let Some(passkey) = acceptance.passkey {
        passkeys::insert(&mut transaction, &member.id, passkey, now).await?;
    }
    sessions::begin(
        &mut transaction,
        &member.id,
        acceptance.session_digest,
        now,
        acceptance.session_expires_at,
    )
    .await?;
    transaction.commit().await?;
    Ok(member)
}
