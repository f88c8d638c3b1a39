//! The catalogue's events (docs/asyncapi.yaml, `catalogue.{siteId}.movie.*`) read from
//! the JetStream stream `CATALOGUE` by a durable consumer (ALERTS_CONSUMER, default
//! `loyalty-alerts`) that every replica shares: each event is kept in the store, then acknowledged, so none is lost
//! when this service or NATS goes away, and one delivered twice is kept once.

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream::{self, consumer};
use futures_util::StreamExt;
use tokio::sync::Notify;

use crate::domain::alerts::CatalogueAlert;
use crate::store::{Store, alerts};

pub const STREAM: &str = "CATALOGUE";
pub const SUBJECTS: &str = "catalogue.*.movie.>";

/// How long a failed connection or a missing stream waits before the next try.
const RETRY_EVERY: Duration = Duration::from_secs(2);
/// How long NATS waits for an acknowledgement before delivering a message again.
const ACK_WAIT: Duration = Duration::from_secs(30);

#[derive(Debug, thiserror::Error)]
enum ConsumeError {
    #[error("connecting to NATS: {0}")]
    Connect(#[from] async_nats::ConnectError),
    #[error("the stream {STREAM}: {0}")]
    Stream(#[from] async_nats::jetstream::context::GetStreamError),
    #[error("the durable consumer: {0}")]
    Consumer(#[from] async_nats::jetstream::stream::ConsumerError),
    #[error("reading the stream: {0}")]
    Read(String),
    #[error("keeping an event: {0}")]
    Store(#[from] sqlx::Error),
}

/// Keeps the catalogue's events for as long as the task runs; `received` is notified
/// after each one kept. A change of the link is logged once.
pub async fn consume(
    url: String,
    access: platform::nats::NatsAccess,
    durable: String,
    store: Store,
    received: Arc<Notify>,
) {
    let mut failing = false;
    loop {
        let link = Link {
            url: &url,
            access: &access,
            durable: &durable,
        };
        let error = match read(link, &store, &received, &mut failing).await {
            Ok(()) => continue,
            Err(error) => error,
        };
        if !failing {
            // Not the URL: it may carry credentials.
            tracing::warn!("the catalogue's events wait in NATS until they can be read: {error}");
            failing = true;
        }
        tokio::time::sleep(RETRY_EVERY).await;
    }
}

/// Where the events are read.
#[derive(Clone, Copy)]
struct Link<'a> {
    url: &'a str,
    access: &'a platform::nats::NatsAccess,
    durable: &'a str,
}

async fn read(
    Link {
        url,
        access,
        durable,
    }: Link<'_>,
    store: &Store,
    received: &Notify,
    failing: &mut bool,
) -> Result<(), ConsumeError> {
    let client = access
        .options(url)
        .connection_timeout(Duration::from_secs(2))
        .connect(url)
        .await?;
    let stream = jetstream::new(client).get_stream(STREAM).await?;
    let consumer: consumer::PullConsumer = stream
        .get_or_create_consumer(
            durable,
            consumer::pull::Config {
                durable_name: Some(durable.to_owned()),
                filter_subject: SUBJECTS.to_owned(),
                // A consumer made new (the deployment's first start, a new ALERTS_CONSUMER)
                // starts at what is published from then on, not at the stream's history;
                // once made, JetStream keeps its place whether the service runs or not.
                deliver_policy: consumer::DeliverPolicy::New,
                ack_policy: consumer::AckPolicy::Explicit,
                ack_wait: ACK_WAIT,
                ..Default::default()
            },
        )
        .await?;
    let mut messages = consumer
        .messages()
        .await
        .map_err(|error| ConsumeError::Read(error.to_string()))?;
    if *failing {
        tracing::info!("the catalogue's events are read again");
        *failing = false;
    }
    while let Some(message) = messages.next().await {
        let message = message.map_err(|error| ConsumeError::Read(error.to_string()))?;
        match CatalogueAlert::parse(&message.payload) {
            Ok((alert, kind)) if alert.is_stale(kind, jiff::Timestamp::now()) => {
                tracing::info!(subject = %message.subject, "a catalogue event came too late to tell of");
            }
            Ok((alert, kind)) => {
                let payload = String::from_utf8_lossy(&message.payload);
                alerts::receive(store.pool(), &alert, kind, &payload).await?;
                received.notify_one();
            }
            // Never readable, whatever the tries: acknowledged so it does not come back.
            Err(problem) => {
                tracing::warn!(subject = %message.subject, %problem, "a catalogue event is not one: left out");
            }
        }
        message
            .ack()
            .await
            .map_err(|error| ConsumeError::Read(error.to_string()))?;
    }
    Err(ConsumeError::Read(
        "the stream of messages ended".to_owned(),
    ))
}
