//! Work one replica does for every replica (docs/ingest.md#connectors): polling each
//! theater's point of sale and fetching poster images. Every replica would otherwise
//! make the same calls, and autoscaling svc-catalogue would multiply the calls a chain's
//! point of sale gets.
//!
//! On PostgreSQL the replicas share, the leader is the replica that holds a session
//! advisory lock on a connection of its own: when it dies, or its connection does, the
//! database releases the lock and another replica takes it within [`ASK_EVERY`]. On
//! SQLite there is one process, which leads.

use std::time::Duration;

use sqlx::Connection;
use tokio::sync::watch;

use crate::store::{Dialect, Store};

/// How often a replica that does not lead asks for the lock, and the leader checks
/// that its connection (and so its lock) is still there.
const ASK_EVERY: Duration = Duration::from_secs(2);

/// The advisory lock's key: "connectors" in ASCII.
const LOCK_KEY: i64 = 0x636f_6e6e_6563_746f;

/// Whether this replica leads now, as the leadership task keeps it.
#[derive(Debug, Clone)]
pub struct Leadership(watch::Receiver<bool>);

impl Leadership {
    /// A replica that always leads (the tests of one process).
    pub fn always() -> Leadership {
        Leadership(watch::channel(true).1)
    }

    pub fn leads(&self) -> bool {
        *self.0.borrow()
    }

    /// Waits until this replica leads.
    pub async fn until_leading(&mut self) {
        let _ = self.0.wait_for(|leads| *leads).await;
    }
}

/// Starts asking for the lead on `store`'s database: the leadership, and the task that
/// keeps it (aborted with the service).
pub fn lead(store: &Store) -> (Leadership, tokio::task::JoinHandle<()>) {
    let (leads, leadership) = watch::channel(store.dialect() == Dialect::Sqlite);
    if store.dialect() == Dialect::Sqlite {
        return (Leadership(leadership), tokio::spawn(async {}));
    }
    let url = store.url().to_owned();
    let task = tokio::spawn(async move {
        loop {
            let Err(error) = hold_lock(&url, &leads).await;
            if *leads.borrow() {
                tracing::warn!(%error, "the connectors' lead is lost; another replica takes it over");
            }
            leads.send_replace(false);
            tokio::time::sleep(ASK_EVERY).await;
        }
    });
    (Leadership(leadership), task)
}

/// Asks for the lock on a connection of its own until it is had, then holds it while the
/// connection answers.
async fn hold_lock(
    url: &str,
    leads: &watch::Sender<bool>,
) -> Result<std::convert::Infallible, sqlx::Error> {
    let mut connection = sqlx::postgres::PgConnection::connect(url).await?;
    loop {
        let held: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(LOCK_KEY)
            .fetch_one(&mut connection)
            .await?;
        if held != *leads.borrow() {
            tracing::info!(leads = held, "the connectors' lead");
        }
        leads.send_replace(held);
        if held {
            loop {
                tokio::time::sleep(ASK_EVERY).await;
                connection.ping().await?;
            }
        }
        tokio::time::sleep(ASK_EVERY).await;
    }
}
