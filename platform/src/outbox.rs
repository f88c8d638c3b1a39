//! The transactional outbox of the services that publish events on NATS (svc-loyalty's
//! member events, svc-studio's audit events): an event is written to the service's
//! outbox table in the transaction of the change it tells of, so that it exists exactly
//! when the change does, and the [`relay`] publishes what is pending, marking each event
//! once NATS has it. While NATS is away events wait in the table; the relay keeps trying,
//! and says so once.
//!
//! The table (each service's own migration makes it):
//! `(event_id TEXT PRIMARY KEY, subject TEXT, payload TEXT, created_at BIGINT,
//! published_at BIGINT NULL)`.

use std::sync::Arc;
use std::time::Duration;

use sqlx::{Any, AnyPool, Transaction};
use tokio::sync::Notify;

use crate::nats::NatsAccess;

/// An event as the outbox keeps it and NATS receives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxEvent {
    /// Unique: also the `Nats-Msg-Id` header, by which a stream drops a repeat.
    pub event_id: String,
    pub subject: String,
    /// The event's JSON.
    pub payload: String,
}

/// A service's outbox table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outbox {
    table: &'static str,
}

impl Outbox {
    pub const fn new(table: &'static str) -> Outbox {
        Outbox { table }
    }

    /// Writes `event` in `transaction`: it goes out only if the transaction commits.
    pub async fn insert(
        &self,
        transaction: &mut Transaction<'_, Any>,
        event: &OutboxEvent,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(&format!(
            "INSERT INTO {} (event_id, subject, payload, created_at) VALUES ($1, $2, $3, $4)",
            self.table
        ))
        .bind(&event.event_id)
        .bind(&event.subject)
        .bind(&event.payload)
        .bind(jiff::Timestamp::now().as_second())
        .execute(&mut **transaction)
        .await?;
        Ok(())
    }

    /// The oldest events NATS does not have yet, at most `limit`.
    #[tracing::instrument(name = "sql outbox::pending", skip_all, fields(otel.kind = "client"))]
    pub async fn pending(
        &self,
        pool: &AnyPool,
        limit: i64,
    ) -> Result<Vec<OutboxEvent>, sqlx::Error> {
        let rows: Vec<(String, String, String)> = sqlx::query_as(&format!(
            "SELECT event_id, subject, payload FROM {} WHERE published_at IS NULL \
             ORDER BY created_at, event_id LIMIT $1",
            self.table
        ))
        .bind(limit)
        .fetch_all(pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(event_id, subject, payload)| OutboxEvent {
                event_id,
                subject,
                payload,
            })
            .collect())
    }

    /// How many events wait for NATS.
    #[tracing::instrument(name = "sql outbox::backlog", skip_all, fields(otel.kind = "client"))]
    pub async fn backlog(&self, pool: &AnyPool) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(&format!(
            "SELECT COUNT(*) FROM {} WHERE published_at IS NULL",
            self.table
        ))
        .fetch_one(pool)
        .await
    }

    #[tracing::instrument(name = "sql outbox::mark_published", skip_all, fields(otel.kind = "client"))]
    pub async fn mark_published(&self, pool: &AnyPool, event_id: &str) -> Result<(), sqlx::Error> {
        sqlx::query(&format!(
            "UPDATE {} SET published_at = $2 WHERE event_id = $1",
            self.table
        ))
        .bind(event_id)
        .bind(jiff::Timestamp::now().as_second())
        .execute(pool)
        .await?;
        Ok(())
    }
}

/// How the events reach NATS.
#[derive(Debug, Clone)]
pub enum Delivery {
    /// Into a JetStream stream the relay makes (or brings to these limits), each event
    /// acknowledged by it.
    Stream {
        name: &'static str,
        subjects: &'static str,
        /// Past it the oldest events go (durable consumers read them long before), so a
        /// full stream never stops new ones.
        max_bytes: i64,
    },
    /// On their subjects, each batch flushed to the server: the service touches no stream
    /// (a consumer that keeps them makes its own).
    Subjects,
}

/// What a relay publishes, where, and how it reports.
#[derive(Debug, Clone)]
pub struct Relay {
    pub pool: AnyPool,
    pub outbox: Outbox,
    /// NATS_URL (it may carry credentials: never logged).
    pub url: String,
    pub access: NatsAccess,
    pub delivery: Delivery,
    /// What the events are, for the log: "member events".
    pub events: &'static str,
    /// The health service name under which the link's state is reported.
    pub health_name: &'static str,
    /// Counts a failed attempt to publish (the service's metric).
    pub failed: fn(),
}

/// How many pending events one relay pass publishes.
const BATCH: i64 = 100;

#[derive(Debug, thiserror::Error)]
enum RelayError {
    #[error("connecting to NATS: {0}")]
    Connect(#[from] async_nats::ConnectError),
    #[error("creating the stream: {0}")]
    Stream(#[from] async_nats::jetstream::context::CreateStreamError),
    #[error("publishing: {0}")]
    Publish(#[from] async_nats::jetstream::context::PublishError),
    #[error("publishing: {0}")]
    PublishSubject(#[from] async_nats::PublishError),
    #[error("publishing: {0}")]
    Flush(#[from] async_nats::client::FlushError),
    #[error("reading the outbox: {0}")]
    Store(#[from] sqlx::Error),
}

/// Whether the link to NATS is up, as last seen; a change is logged once (a WARN when
/// events start to wait, an INFO when they flow again), never once per event.
#[derive(Debug, Default)]
struct Link {
    up: Option<bool>,
}

impl Link {
    /// Records what was seen; true when it is a change worth saying.
    fn saw(&mut self, up: bool) -> bool {
        let changed = self.up != Some(up);
        self.up = Some(up);
        changed
    }
}

/// A connection, and JetStream over it when events go into a stream.
enum Publisher {
    Stream(async_nats::jetstream::Context),
    Subjects(async_nats::Client),
}

/// Publishes the outbox until the process ends. `wake` is notified after a change wrote
/// an event, so it goes out at once; otherwise the outbox is read every `poll`. The
/// link's state goes to `health` under the relay's `health_name`.
pub async fn relay(
    relay: Relay,
    wake: Arc<Notify>,
    poll: Duration,
    health: tonic_health::server::HealthReporter,
) {
    let mut publisher = None;
    let mut link = Link::default();
    let events = relay.events;
    health
        .set_service_status(relay.health_name, tonic_health::ServingStatus::NotServing)
        .await;
    loop {
        let mut failure = None;
        if publisher.is_none() {
            match connect(&relay).await {
                Ok(connected) => publisher = Some(connected),
                Err(error) => failure = Some(error),
            }
        }
        if let Some(connected) = &publisher
            && let Err(error) = publish_pending(&relay, connected).await
        {
            if !matches!(error, RelayError::Store(_)) {
                publisher = None;
            }
            failure = Some(error);
        }
        match failure {
            Some(RelayError::Store(error)) => {
                tracing::warn!("{events} wait in the outbox: reading it failed: {error}");
            }
            Some(error) => {
                (relay.failed)();
                if link.saw(false) {
                    // Not the URL: it may carry credentials.
                    tracing::warn!("{events} wait in the outbox until NATS answers: {error}");
                    health
                        .set_service_status(
                            relay.health_name,
                            tonic_health::ServingStatus::NotServing,
                        )
                        .await;
                }
            }
            None if publisher.is_some() && link.saw(true) => {
                tracing::info!("{events} flow to NATS");
                health
                    .set_service_status(relay.health_name, tonic_health::ServingStatus::Serving)
                    .await;
            }
            None => {}
        }
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(poll) => {}
        }
    }
}

async fn connect(relay: &Relay) -> Result<Publisher, RelayError> {
    let client = relay
        .access
        .options(&relay.url)
        .connection_timeout(Duration::from_secs(2))
        .connect(&relay.url)
        .await?;
    match relay.delivery {
        Delivery::Subjects => Ok(Publisher::Subjects(client)),
        Delivery::Stream {
            name,
            subjects,
            max_bytes,
        } => {
            let jetstream = async_nats::jetstream::new(client);
            // Made, or brought to these limits when it was made before them.
            jetstream
                .create_or_update_stream(async_nats::jetstream::stream::Config {
                    name: name.to_owned(),
                    subjects: vec![subjects.to_owned()],
                    max_bytes,
                    discard: async_nats::jetstream::stream::DiscardPolicy::Old,
                    num_replicas: relay.access.replicas,
                    ..Default::default()
                })
                .await?;
            Ok(Publisher::Stream(jetstream))
        }
    }
}

async fn publish_pending(relay: &Relay, publisher: &Publisher) -> Result<(), RelayError> {
    loop {
        let pending = relay.outbox.pending(&relay.pool, BATCH).await?;
        if pending.is_empty() {
            return Ok(());
        }
        let mut sent = Vec::with_capacity(pending.len());
        for event in pending {
            let mut headers = async_nats::HeaderMap::new();
            headers.insert("Nats-Msg-Id", event.event_id.as_str());
            match publisher {
                Publisher::Stream(jetstream) => {
                    jetstream
                        .publish_with_headers(event.subject.clone(), headers, event.payload.into())
                        .await?
                        .await?;
                    relay
                        .outbox
                        .mark_published(&relay.pool, &event.event_id)
                        .await?;
                }
                Publisher::Subjects(client) => {
                    client
                        .publish_with_headers(event.subject.clone(), headers, event.payload.into())
                        .await?;
                    sent.push(event.event_id);
                }
            }
        }
        if let Publisher::Subjects(client) = publisher {
            // The server has the batch once the flush answers.
            client.flush().await?;
            for event_id in sent {
                relay.outbox.mark_published(&relay.pool, &event_id).await?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_link_is_reported_once_per_change_not_once_per_attempt() {
        let mut link = Link::default();
        assert!(link.saw(false), "the first failure");
        assert!(!link.saw(false));
        assert!(!link.saw(false));
        assert!(link.saw(true), "back up");
        assert!(!link.saw(true));
        assert!(link.saw(false), "down again");
    }
}
