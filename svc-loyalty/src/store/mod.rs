//! All SQL of the built-in provider. One schema, one set of queries, on SQLite (a file
//! under DATA_DIR) or PostgreSQL (DATABASE_URL), through sqlx's `Any` driver: queries
//! use `$n` placeholders and only text and BIGINT columns, which both databases read
//! the same way. The migrations are shared (`migrations/`) except where the two cannot
//! say the same thing (`migrations/postgres/`, `migrations/sqlite/`, same numbers).
//!
//! Every row belongs to a site (docs/architecture.md#sites): a member by its `site_id`, and
//! what is kept about a member through the member; cards, rewards, gift cards and
//! e-vouchers by their own `site_id`. Every query that finds a row by something a
//! caller hands in (an e-mail address, a token, a code, a card number) names the site.

pub mod activations;
pub mod alerts;
pub mod cards;
pub mod codes;
pub mod favourites;
pub mod history;
pub mod members;
pub mod offers;
pub mod sessions;
pub mod support;

use std::borrow::Cow;
use std::time::Duration;

use platform::outbox::Outbox;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, AnyPool, Connection};

/// The member events waiting for NATS: written in their change's transaction
/// (platform::outbox), published by the relay.
pub const OUTBOX: Outbox = Outbox::new("outbox");

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
        migrate(url).await?;
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
        Ok(Store { pool })
    }

    /// Gives rows from before sites (no site yet) to `site`, the deployment's default
    /// site: a deployment that served one site keeps its members, their sessions and
    /// cards, on that site. Runs at every start; once done, it finds nothing.
    #[tracing::instrument(skip_all)]
    pub async fn adopt_rows_from_before_sites(&self, site: &str) -> Result<(), sqlx::Error> {
        let mut transaction = self.pool.begin().await?;
        let mut adopted = 0;
        // A redemption's reward follows its rewards row (ON UPDATE CASCADE).
        for table in [
            "members",
            "cards",
            "rewards",
            "gift_cards",
            "evoucher_concessions",
        ] {
            adopted += sqlx::query(&format!(
                "UPDATE {table} SET site_id = $1 WHERE site_id = ''"
            ))
            .bind(site)
            .execute(&mut *transaction)
            .await?
            .rows_affected();
        }
        transaction.commit().await?;
        if adopted > 0 {
            tracing::info!(
                site,
                rows = adopted,
                "rows from before sites given to the default site"
            );
        }
        Ok(())
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Applies the migrations on a connection of its own. On SQLite, foreign keys are off
/// while it does, so that a table can be rebuilt (its documented way to change a
/// constraint) without cascading to the rows that refer to it, and checked after.
async fn migrate(url: &str) -> Result<(), sqlx::Error> {
    let sqlite = url.starts_with("sqlite");
    let mut connection = AnyConnection::connect(url).await?;
    if sqlite {
        sqlx::query("PRAGMA foreign_keys = OFF")
            .execute(&mut connection)
            .await?;
    }
    migrator(url).run(&mut connection).await?;
    if sqlite {
        let broken: Vec<(String,)> =
            sqlx::query_as("SELECT \"table\" FROM pragma_foreign_key_check")
                .fetch_all(&mut connection)
                .await?;
        if let Some((table,)) = broken.first() {
            return Err(sqlx::Error::Protocol(format!(
                "after the migrations, rows of {table} refer to rows that do not exist"
            )));
        }
    }
    connection.close().await
}

/// The migrations for the database `url` names: the shared ones and that database's own,
/// in version order (the upgrade tests run those of a release before). The database may
/// be svc-consent's and svc-catalogue's too, whose migrations (from 1001, from 2001) are
/// not this service's to check.
pub fn migrator(url: &str) -> Migrator {
    let own = if url.starts_with("postgres") {
        sqlx::migrate!("./migrations/postgres")
    } else {
        sqlx::migrate!("./migrations/sqlite")
    };
    let shared = sqlx::migrate!("./migrations");
    let mut migrations: Vec<_> = shared.iter().chain(own.iter()).cloned().collect();
    migrations.sort_by_key(|migration| migration.version);
    Migrator {
        migrations: Cow::Owned(migrations),
        ignore_missing: true,
        ..Migrator::DEFAULT
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
