//! All SQL of the built-in provider. One schema, one set of queries, on SQLite (a file
//! under DATA_DIR) or PostgreSQL (DATABASE_URL), through sqlx's `Any` driver: queries
//! use `$n` placeholders and only text and BIGINT columns, which both databases read
//! the same way.

pub mod activations;
pub mod cards;
pub mod codes;
pub mod favourites;
pub mod history;
pub mod members;
pub mod offers;
pub mod outbox;
pub mod sessions;

use std::time::Duration;

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Connection};

/// A pooled connection idle for longer than this is pinged before it is lent out; one
/// in steady use is not. sqlx's own check pings before every call, one more round trip
/// to the database on each (GetMember at 64 connections spent an eighth of its time
/// there), while a connection the database dropped (a restart, an idle timeout) is
/// still found on the call after a quiet spell, and after a busy one by the failed
/// call itself, which closes it.
const PING_WHEN_IDLE_FOR: Duration = Duration::from_secs(1);

/// The member store.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
}

impl Store {
    /// Connects to `url` (`sqlite://...` or `postgres://...`) with at most
    /// `max_connections` open, and applies the migrations.
    #[tracing::instrument(skip_all)]
    pub async fn connect(url: &str, max_connections: u32) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(max_connections)
            .test_before_acquire(false)
            .before_acquire(|connection, lent| {
                Box::pin(async move {
                    if lent.idle_for > PING_WHEN_IDLE_FOR {
                        connection.ping().await?;
                    }
                    Ok(true)
                })
            })
            .connect(url)
            .await?;
        // The database may be svc-consent's too, whose migrations (from 1001) are not
        // this service's to check.
        let mut migrator = sqlx::migrate!("./migrations");
        migrator.set_ignore_missing(true);
        migrator.run(&pool).await?;
        Ok(Store { pool })
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Whether `error` is a unique-constraint violation (a row with that key exists).
pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|database| database.is_unique_violation())
}

/// The clock of the store: Unix seconds.
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX)
        })
}
