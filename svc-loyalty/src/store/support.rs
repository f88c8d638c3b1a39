//! What the studio's member support reads and changes: a site's members found by exact
//! e-mail or card number, their standing, and their lockout lifted. Every query names
//! the site, so a member of another site is never found.

use sqlx::{AnyPool, FromRow};

use crate::lockout::FORGIVEN_AT_RESET;

/// A member as support staff see them, before their cards are masked.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct SupportRow {
    pub id: String,
    pub email: String,
    /// 0 until the member is activated.
    pub is_activated: i64,
    pub locked_until: i64,
    /// 1 once lockouts kept coming.
    pub blocked: i64,
    pub last_login_at: Option<i64>,
}

/// How support finds a member: never a partial match.
#[derive(Debug, Clone, Copy)]
pub enum Lookup<'a> {
    /// An address as stored (trimmed, lower-cased).
    Email(&'a str),
    /// A card code as stored (upper-cased).
    Card(&'a str),
}

const COLUMNS: &str = "members.id, members.email, members.is_activated, \
    members.locked_until, members.blocked, members.last_login_at";

/// The site's members of `lookup` (one at most: addresses and cards are unique per site).
#[tracing::instrument(name = "sql support::find", skip_all, fields(otel.kind = "client"))]
pub async fn find(
    pool: &AnyPool,
    site: &str,
    lookup: Lookup<'_>,
) -> Result<Vec<SupportRow>, sqlx::Error> {
    match lookup {
        Lookup::Email(email) => {
            sqlx::query_as(&format!(
                "SELECT {COLUMNS} FROM members WHERE site_id = $1 AND email = $2"
            ))
            .bind(site)
            .bind(email)
            .fetch_all(pool)
            .await
        }
        Lookup::Card(code) => {
            sqlx::query_as(&format!(
                "SELECT {COLUMNS} FROM members JOIN cards ON cards.member_id = members.id \
                 WHERE members.site_id = $1 AND cards.site_id = $1 AND cards.code = $2"
            ))
            .bind(site)
            .bind(code)
            .fetch_all(pool)
            .await
        }
    }
}

/// The site's member `id`, if it is the site's.
#[tracing::instrument(name = "sql support::member", skip_all, fields(otel.kind = "client"))]
pub async fn member(
    pool: &AnyPool,
    site: &str,
    id: &str,
) -> Result<Option<SupportRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM members WHERE site_id = $1 AND id = $2"
    ))
    .bind(site)
    .bind(id)
    .fetch_optional(pool)
    .await
}

/// The codes of the member's cards (active and lost), oldest first.
#[tracing::instrument(name = "sql support::cards", skip_all, fields(otel.kind = "client"))]
pub async fn cards(pool: &AnyPool, site: &str, id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT code FROM cards WHERE site_id = $1 AND member_id = $2 ORDER BY added_at, code",
    )
    .bind(site)
    .bind(id)
    .fetch_all(pool)
    .await
}

/// Lifts the site's member's lockout and block (their failures forgotten, as a password
/// reset does); `false` when the member is not the site's.
#[tracing::instrument(name = "sql support::unlock", skip_all, fields(otel.kind = "client"))]
pub async fn unlock(pool: &AnyPool, site: &str, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(&format!(
        "UPDATE members SET {FORGIVEN_AT_RESET} WHERE site_id = $1 AND id = $2"
    ))
    .bind(site)
    .bind(id)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}
