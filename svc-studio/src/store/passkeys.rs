//! Passkeys and the WebAuthn ceremonies under way. A passkey is kept as webauthn-rs
//! serialises it (its public key and signature counter), under its credential id.

use sqlx::{Any, AnyPool, Transaction};

use super::staff::StaffMember;

/// A passkey to be stored.
#[derive(Debug, Clone)]
pub struct NewPasskey {
    pub id: String,
    /// base64url, as a sign-in names it.
    pub credential_id: String,
    pub user_handle: String,
    pub label: String,
    /// webauthn-rs's `Passkey`, as JSON.
    pub passkey: String,
}

/// A passkey as its staff member sees it listed.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ListedPasskey {
    pub id: String,
    pub label: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

/// A stored passkey found by its credential id, for a sign-in.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredPasskey {
    pub id: String,
    pub staff_id: String,
    pub user_handle: String,
    pub passkey: String,
}

/// Stores `passkey` for `staff_id`, in the transaction that made or found the staff member.
pub(super) async fn insert(
    transaction: &mut Transaction<'_, Any>,
    staff_id: &str,
    passkey: &NewPasskey,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO studio_passkeys \
         (id, credential_id, staff_id, user_handle, label, passkey, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&passkey.id)
    .bind(&passkey.credential_id)
    .bind(staff_id)
    .bind(&passkey.user_handle)
    .bind(&passkey.label)
    .bind(&passkey.passkey)
    .bind(now)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}

/// Adds a passkey to a staff member who is signed in.
#[tracing::instrument(name = "sql passkeys::add", skip_all, fields(otel.kind = "client"))]
pub async fn add(
    pool: &AnyPool,
    staff_id: &str,
    passkey: &NewPasskey,
    now: i64,
) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    insert(&mut transaction, staff_id, passkey, now).await?;
    transaction.commit().await
}

/// The staff member's passkeys, newest first.
#[tracing::instrument(name = "sql passkeys::of_staff", skip_all, fields(otel.kind = "client"))]
pub async fn of_staff(pool: &AnyPool, staff_id: &str) -> Result<Vec<ListedPasskey>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, label, created_at, last_used_at FROM studio_passkeys \
         WHERE staff_id = $1 ORDER BY created_at DESC, id",
    )
    .bind(staff_id)
    .fetch_all(pool)
    .await
}

/// The credential ids of the staff member's passkeys (base64url), which a new
/// registration excludes.
#[tracing::instrument(name = "sql passkeys::credential_ids", skip_all, fields(otel.kind = "client"))]
pub async fn credential_ids(pool: &AnyPool, staff_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT credential_id FROM studio_passkeys WHERE staff_id = $1")
        .bind(staff_id)
        .fetch_all(pool)
        .await
}

/// The passkey of `credential_id` (base64url).
#[tracing::instrument(name = "sql passkeys::by_credential", skip_all, fields(otel.kind = "client"))]
pub async fn by_credential(
    pool: &AnyPool,
    credential_id: &str,
) -> Result<Option<StoredPasskey>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, staff_id, user_handle, passkey FROM studio_passkeys WHERE credential_id = $1",
    )
    .bind(credential_id)
    .fetch_optional(pool)
    .await
}

/// A passkey used to sign in: its counter (`passkey`, when it moved) and when, kept, and
/// the session begun, in one transaction.
#[tracing::instrument(name = "sql passkeys::signed_in", skip_all, fields(otel.kind = "client"))]
pub async fn signed_in(
    pool: &AnyPool,
    used: &StoredPasskey,
    updated: Option<&str>,
    session_digest: &str,
    now: i64,
    session_expires_at: i64,
) -> Result<StaffMember, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    sqlx::query(
        "UPDATE studio_passkeys SET last_used_at = $2, passkey = COALESCE($3, passkey) \
         WHERE id = $1",
    )
    .bind(&used.id)
    .bind(now)
    .bind(updated)
    .execute(&mut *transaction)
    .await?;
    super::sessions::begin(
        &mut transaction,
        &used.staff_id,
        session_digest,
        now,
        session_expires_at,
    )
    .await?;
    let member = sqlx::query_as("SELECT id, email, name FROM studio_staff WHERE id = $1")
        .bind(&used.staff_id)
        .fetch_one(&mut *transaction)
        .await?;
    transaction.commit().await?;
    Ok(member)
}

/// Why a passkey was not removed.
#[derive(Debug, thiserror::Error)]
pub enum NotRemoved {
    #[error("no passkey {0} of yours")]
    Unknown(String),
    #[error("it is your last passkey and e-mail sign-in is off: add another first")]
    Last,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Removes the staff member's passkey `id`; the last one only while `keep_one` is false
/// (e-mail sign-in on), so that nobody is locked out.
#[tracing::instrument(name = "sql passkeys::remove", skip_all, fields(otel.kind = "client"))]
pub async fn remove(
    pool: &AnyPool,
    staff_id: &str,
    id: &str,
    keep_one: bool,
) -> Result<(), NotRemoved> {
    let mut transaction = pool.begin().await?;
    let removed = sqlx::query("DELETE FROM studio_passkeys WHERE id = $1 AND staff_id = $2")
        .bind(id)
        .bind(staff_id)
        .execute(&mut *transaction)
        .await?;
    if removed.rows_affected() == 0 {
        return Err(NotRemoved::Unknown(id.to_owned()));
    }
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM studio_passkeys WHERE staff_id = $1")
        .bind(staff_id)
        .fetch_one(&mut *transaction)
        .await?;
    if keep_one && left == 0 {
        return Err(NotRemoved::Last);
    }
    transaction.commit().await?;
    Ok(())
}

/// What a ceremony is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CeremonyKind {
    Registration,
    SignIn,
}

impl CeremonyKind {
    fn code(self) -> &'static str {
        match self {
            CeremonyKind::Registration => "registration",
            CeremonyKind::SignIn => "sign-in",
        }
    }
}

/// The server's half of a ceremony under way, found again by its challenge.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct Ceremony {
    /// Registration: whom the passkey is for; sign-in: ''.
    pub staff_id: String,
    /// Registration with an invitation: its token's SHA-256; otherwise ''.
    pub invitation_sha256: String,
    pub name: String,
    pub email: String,
    /// webauthn-rs's state of the ceremony, as JSON.
    pub state: String,
}

/// Why a ceremony was not begun.
#[derive(Debug, thiserror::Error)]
pub enum NotBegun {
    #[error("too many passkey ceremonies are under way: try again in a few minutes")]
    TooMany,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// The most ceremonies under way at once: each is a row that an unauthenticated call
/// writes, so a flood of them is bounded.
const MAX_CEREMONIES: i64 = 10_000;

/// Keeps a ceremony under `challenge` until `expires_at`, forgetting expired ones.
#[tracing::instrument(name = "sql passkeys::begin_ceremony", skip_all, fields(otel.kind = "client"))]
pub async fn begin_ceremony(
    pool: &AnyPool,
    challenge: &str,
    kind: CeremonyKind,
    ceremony: &Ceremony,
    now: i64,
    expires_at: i64,
) -> Result<(), NotBegun> {
    let mut transaction = pool.begin().await?;
    sqlx::query("DELETE FROM studio_passkey_ceremonies WHERE expires_at <= $1")
        .bind(now)
        .execute(&mut *transaction)
        .await?;
    let under_way: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM studio_passkey_ceremonies")
        .fetch_one(&mut *transaction)
        .await?;
    if under_way >= MAX_CEREMONIES {
        return Err(NotBegun::TooMany);
    }
    sqlx::query(
        "INSERT INTO studio_passkey_ceremonies \
         (challenge, kind, staff_id, invitation_sha256, name, email, state, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(challenge)
    .bind(kind.code())
    .bind(&ceremony.staff_id)
    .bind(&ceremony.invitation_sha256)
    .bind(&ceremony.name)
    .bind(&ceremony.email)
    .bind(&ceremony.state)
    .bind(expires_at)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    Ok(())
}

/// Takes the ceremony of `challenge` and `kind`, once and before it expires (a second
/// answer to the same challenge finds nothing).
#[tracing::instrument(name = "sql passkeys::take_ceremony", skip_all, fields(otel.kind = "client"))]
pub async fn take_ceremony(
    pool: &AnyPool,
    challenge: &str,
    kind: CeremonyKind,
    now: i64,
) -> Result<Option<Ceremony>, sqlx::Error> {
    sqlx::query_as(
        "DELETE FROM studio_passkey_ceremonies \
         WHERE challenge = $1 AND kind = $2 AND expires_at > $3 \
         RETURNING staff_id, invitation_sha256, name, email, state",
    )
    .bind(challenge)
    .bind(kind.code())
    .bind(now)
    .fetch_optional(pool)
    .await
}
