//! Members: create, read, edit, failed-login bookkeeping and real deletion.

use sqlx::{AnyPool, FromRow};

use crate::domain::member::{Member, Profile};
use crate::events::MemberEvent;
use crate::store::{OUTBOX, unix_now};

/// What a new member starts with.
#[derive(Debug, Clone)]
pub struct NewMember {
    pub id: String,
    pub site_id: String,
    pub email: String,
    pub password_hash: String,
    pub profile: Profile,
    pub circuit_id: String,
    pub member_level_id: i64,
    pub member_level_name: String,
    pub member_expiry: String,
    pub is_activated: bool,
    pub points: i64,
    /// False for a member enrolled at a box office: no web account until a search then
    /// edit gives them their username.
    pub has_username: bool,
}

#[derive(Debug, FromRow)]
struct MemberRow {
    id: String,
    email: String,
    first_name: String,
    last_name: String,
    mobile_number: String,
    zip_code: String,
    birth_date: String,
    club_id: String,
    member_level_id: i64,
    member_level_name: String,
    member_expiry: String,
    is_activated: i64,
    send_newsletter: i64,
    points: i64,
    card_number: Option<String>,
}

impl From<MemberRow> for Member {
    fn from(row: MemberRow) -> Member {
        Member {
            id: row.id,
            email: row.email,
            profile: Profile {
                first_name: row.first_name,
                last_name: row.last_name,
                mobile_number: row.mobile_number,
                zip_code: row.zip_code,
                birth_date: row.birth_date,
                club_id: row.club_id,
                send_newsletter: row.send_newsletter != 0,
            },
            member_level_id: row.member_level_id,
            member_level_name: row.member_level_name,
            member_expiry: row.member_expiry,
            is_activated: row.is_activated != 0,
            points: row.points,
            card_number: row.card_number.unwrap_or_default(),
        }
    }
}

/// The columns of a [`MemberRow`], of the members table `m`.
const MEMBER_COLUMNS: &str = "m.id, m.email, m.first_name, m.last_name, m.mobile_number, \
     m.zip_code, m.birth_date, m.club_id, m.member_level_id, m.member_level_name, \
     m.member_expiry, m.is_activated, m.send_newsletter, m.points, \
     (SELECT c.code FROM cards c WHERE c.member_id = m.id AND c.status = 'ACTIVE' \
      ORDER BY c.added_at, c.code LIMIT 1) AS card_number";

/// Stores a new member, with its event when it registered (not when seeded); an e-mail
/// address taken on the member's site is a unique violation.
#[tracing::instrument(name = "sql members::insert", skip_all, fields(otel.kind = "client"))]
pub async fn insert(
    pool: &AnyPool,
    member: &NewMember,
    event: Option<&MemberEvent>,
) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    sqlx::query(
        "INSERT INTO members (id, email, password_hash, first_name, last_name, mobile_number, \
         zip_code, birth_date, club_id, circuit_id, member_level_id, member_level_name, \
         member_expiry, is_activated, send_newsletter, points, failed_logins, locked_until, \
         created_at, password_changed_at, has_username, site_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 0, 0, $17, $17, $18, $19)",
    )
    .bind(&member.id)
    .bind(&member.email)
    .bind(&member.password_hash)
    .bind(&member.profile.first_name)
    .bind(&member.profile.last_name)
    .bind(&member.profile.mobile_number)
    .bind(&member.profile.zip_code)
    .bind(&member.profile.birth_date)
    .bind(&member.profile.club_id)
    .bind(&member.circuit_id)
    .bind(member.member_level_id)
    .bind(&member.member_level_name)
    .bind(&member.member_expiry)
    .bind(i64::from(member.is_activated))
    .bind(i64::from(member.profile.send_newsletter))
    .bind(member.points)
    .bind(unix_now())
    .bind(i64::from(member.has_username))
    .bind(&member.site_id)
    .execute(&mut *transaction)
    .await?;
    if let Some(event) = event {
        OUTBOX
            .insert(&mut transaction, &event.for_member(&member.id))
            .await?;
    }
    transaction.commit().await
}

#[tracing::instrument(name = "sql members::by_id", skip_all, fields(otel.kind = "client"))]
pub async fn by_id(pool: &AnyPool, id: &str) -> Result<Option<Member>, sqlx::Error> {
    let row: Option<MemberRow> = sqlx::query_as(&format!(
        "SELECT {MEMBER_COLUMNS} FROM members m WHERE m.id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(Member::from))
}

/// The member of `site` whose live session's token hashes to `token_hash`, with the
/// session's cypherVersion: one query for the most frequent call, GetMember.
#[tracing::instrument(name = "sql members::by_session", skip_all, fields(otel.kind = "client"))]
pub async fn by_session(
    pool: &AnyPool,
    site: &str,
    token_hash: &str,
    now: i64,
) -> Result<Option<(Member, i64)>, sqlx::Error> {
    #[derive(FromRow)]
    struct SessionMemberRow {
        #[sqlx(flatten)]
        member: MemberRow,
        cypher_version: i64,
    }
    let row: Option<SessionMemberRow> = sqlx::query_as(&format!(
        "SELECT {MEMBER_COLUMNS}, s.cypher_version FROM sessions s \
         JOIN members m ON m.id = s.member_id \
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND m.site_id = $3"
    ))
    .bind(token_hash)
    .bind(now)
    .bind(site)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|row| (Member::from(row.member), row.cypher_version)))
}

/// What a login needs besides the member: the stored hash, the lockout state, whether
/// the account is blocked and when the password was last set (Unix seconds).
#[derive(Debug, FromRow)]
pub struct Credentials {
    pub id: String,
    pub password_hash: String,
    pub failed_logins: i64,
    pub locked_until: i64,
    pub blocked: i64,
    pub password_changed_at: i64,
    /// 0 while the member has no web account (enrolled at a box office).
    pub has_username: i64,
}

#[tracing::instrument(name = "sql members::credentials", skip_all, fields(otel.kind = "client"))]
pub async fn credentials(
    pool: &AnyPool,
    site: &str,
    email: &str,
) -> Result<Option<Credentials>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, password_hash, failed_logins, locked_until, blocked, password_changed_at, \
         has_username FROM members WHERE site_id = $1 AND email = $2",
    )
    .bind(site)
    .bind(email)
    .fetch_optional(pool)
    .await
}

/// What a member search finds (docs/loyalty.md#registration).
#[derive(Debug, FromRow)]
pub struct SearchResult {
    pub id: String,
    pub club_id: String,
    pub has_username: i64,
}

#[tracing::instrument(name = "sql members::search", skip_all, fields(otel.kind = "client"))]
pub async fn search(
    pool: &AnyPool,
    site: &str,
    email: &str,
) -> Result<Option<SearchResult>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, club_id, has_username FROM members WHERE site_id = $1 AND email = $2",
    )
    .bind(site)
    .bind(email)
    .fetch_optional(pool)
    .await
}

/// Gives a member without a web account their username (their e-mail address); false
/// when there was no such member in `club_id`, or they had one already.
#[tracing::instrument(name = "sql members::give_username", skip_all, fields(otel.kind = "client"))]
pub async fn give_username(pool: &AnyPool, id: &str, club_id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE members SET has_username = 1 WHERE id = $1 AND club_id = $2 AND has_username = 0",
    )
    .bind(id)
    .bind(club_id)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

#[tracing::instrument(name = "sql members::update_profile", skip_all, fields(otel.kind = "client"))]
pub async fn update_profile(
    pool: &AnyPool,
    id: &str,
    profile: &Profile,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE members SET first_name = $2, last_name = $3, mobile_number = $4, zip_code = $5, \
         birth_date = $6, club_id = $7, send_newsletter = $8 WHERE id = $1",
    )
    .bind(id)
    .bind(&profile.first_name)
    .bind(&profile.last_name)
    .bind(&profile.mobile_number)
    .bind(&profile.zip_code)
    .bind(&profile.birth_date)
    .bind(&profile.club_id)
    .bind(i64::from(profile.send_newsletter))
    .execute(pool)
    .await?;
    Ok(())
}

/// Sets the member's expiry (RFC 3339, or the zero date for never).
#[tracing::instrument(name = "sql members::set_expiry", skip_all, fields(otel.kind = "client"))]
pub async fn set_expiry(pool: &AnyPool, id: &str, expiry: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE members SET member_expiry = $2 WHERE id = $1")
        .bind(id)
        .bind(expiry)
        .execute(pool)
        .await?;
    Ok(())
}

/// Deletes the member and everything kept about them, in one transaction with its event.
#[tracing::instrument(name = "sql members::delete", skip_all, fields(otel.kind = "client"))]
pub async fn delete(pool: &AnyPool, id: &str, event: &MemberEvent) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    for table in [
        "sessions",
        "cards",
        "favorite_films",
        "favorite_cinemas",
        "orders",
        "point_transactions",
        "redemptions",
        "one_time_codes",
        "activations",
    ] {
        sqlx::query(&format!("DELETE FROM {table} WHERE member_id = $1"))
            .bind(id)
            .execute(&mut *transaction)
            .await?;
    }
    sqlx::query("DELETE FROM members WHERE id = $1")
        .bind(id)
        .execute(&mut *transaction)
        .await?;
    OUTBOX
        .insert(&mut transaction, &event.for_member(id))
        .await?;
    transaction.commit().await
}
