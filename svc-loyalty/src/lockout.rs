//! What wrong passwords do to an account (docs/loyalty.md#sessions): every `attempts`-th
//! failure in a row locks it for a while, and the `block_after`-th lockout with no
//! successful login between them blocks it until its owner resets the password by e-mail.
//!
//! A failure is counted, and the account locked or blocked, by one UPDATE that reads the
//! row it changes: concurrent wrong passwords lose no count and never lock twice, and a
//! failure that lands while the account is already locked or blocked changes nothing.

use sqlx::AnyPool;

use crate::domain::codes::PeachCode;

/// What a successful login clears.
pub const FORGIVEN_AT_LOGIN: &str = "failed_logins = 0, locked_until = 0, lockouts = 0";
/// What a password reset clears: the failures and the block too.
pub const FORGIVEN_AT_RESET: &str =
    "failed_logins = 0, locked_until = 0, lockouts = 0, blocked = 0";

/// How many failures in a row lock an account, for how long, and how many lockouts block it.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub attempts: i64,
    pub lock_seconds: i64,
    pub block_after: i64,
}

impl Rule {
    /// LOYALTY_LOCKOUT_ATTEMPTS, LOYALTY_LOCKOUT_MS (in whole seconds, at least one) and
    /// LOYALTY_BLOCK_AFTER_LOCKOUTS.
    pub fn new(config: &crate::Config) -> Rule {
        Rule {
            attempts: config.lockout_attempts,
            lock_seconds: i64::try_from(config.lockout.as_secs())
                .unwrap_or(i64::MAX)
                .max(1),
            block_after: config.block_after_lockouts,
        }
    }
}

/// Refuses a login to a blocked or locked account, before its password is checked, so the
/// answer says nothing about whether a guess was right.
pub fn check(blocked: i64, locked_until: i64, now: i64) -> Result<(), PeachCode> {
    if blocked != 0 {
        return Err(PeachCode::Blocked);
    }
    if locked_until > now {
        return Err(PeachCode::Locked);
    }
    Ok(())
}

/// What a wrong password did to the account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// Counted; the account stays open.
    Counted,
    /// This failure locked the account, or it landed while the account was locked (or,
    /// in a race with another failure, blocked).
    Locked,
    /// This failure's lockout blocked the account.
    Blocked,
}

impl From<Failure> for PeachCode {
    fn from(failure: Failure) -> PeachCode {
        match failure {
            Failure::Counted => PeachCode::IncorrectPassword,
            Failure::Locked => PeachCode::Locked,
            Failure::Blocked => PeachCode::Blocked,
        }
    }
}

/// Counts a wrong password for `member_id` at `now` (Unix seconds) under `rule`.
#[tracing::instrument(name = "sql lockout::record_failure", skip_all, fields(otel.kind = "client"))]
pub async fn record_failure(
    pool: &AnyPool,
    member_id: &str,
    rule: Rule,
    now: i64,
) -> Result<Failure, sqlx::Error> {
    // Every right-hand side reads the row as it was before this statement.
    let after: Option<(i64, i64)> = sqlx::query_as(
        "UPDATE members SET \
         failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END, \
         locked_until = CASE WHEN failed_logins + 1 >= $2 THEN $3 ELSE locked_until END, \
         lockouts = CASE WHEN failed_logins + 1 >= $2 THEN lockouts + 1 ELSE lockouts END, \
         blocked = CASE WHEN failed_logins + 1 >= $2 AND lockouts + 1 >= $4 THEN 1 ELSE 0 END \
         WHERE id = $1 AND blocked = 0 AND locked_until <= $5 \
         RETURNING failed_logins, blocked",
    )
    .bind(member_id)
    .bind(rule.attempts)
    .bind(now.saturating_add(rule.lock_seconds))
    .bind(rule.block_after)
    .bind(now)
    .fetch_optional(pool)
    .await?;
    Ok(match after {
        None => Failure::Locked,
        Some((_, 1)) => Failure::Blocked,
        Some((0, _)) => Failure::Locked,
        Some(_) => Failure::Counted,
    })
}
