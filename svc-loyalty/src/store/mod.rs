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

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

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
            .connect(url)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
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
