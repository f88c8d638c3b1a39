//! The outbox relay: publishes the member events pending in the store's outbox to NATS
//! JetStream ([`crate::events`]) and marks each once JetStream acknowledged it. While NATS
//! is down events wait in the outbox; the relay keeps retrying, and says so once.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use proto::MEMBER_EVENTS_HEALTH as EVENTS_HEALTH;

use crate::events::{STREAM, STREAM_SUBJECTS};
use crate::store::Store;
use crate::store::outbox;

/// How many pending events one relay pass publishes.
const BATCH: i64 = 100;

#[derive(Debug, thiserror::Error)]
enum RelayError {
    #[error("connecting to NATS: {0}")]
    Connect(#[from] async_nats::ConnectError),
    #[error("creating the {STREAM} stream: {0}")]
    Stream(#[from] async_nats::jetstream::context::CreateStreamError),
    #[error("publishing: {0}")]
    Publish(#[from] async_nats::jetstream::context::PublishError),
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

/// Publishes the outbox to NATS at `url` until the process ends. `wake` is notified
/// after each login so events go out at once; otherwise the outbox is read every `poll`.
/// The link's state goes to `health` under [`EVENTS_HEALTH`].
pub async fn relay(
    store: Store,
    url: String,
    stream: EventStream,
    wake: Arc<Notify>,
    poll: Duration,
    health: tonic_health::server::HealthReporter,
) {
    let mut jetstream = None;
    let mut link = Link::default();
    health
        .set_service_status(EVENTS_HEALTH, tonic_health::ServingStatus::NotServing)
        .await;
    loop {
        let mut failure = None;
        if jetstream.is_none() {
            match connect(&url, &stream).await {
                Ok(context) => jetstream = Some(context),
                Err(error) => failure = Some(error),
            }
        }
        if let Some(context) = &jetstream
            && let Err(error) = publish_pending(&store, context).await
        {
            if !matches!(error, RelayError::Store(_)) {
                jetstream = None;
            }
            failure = Some(error);
        }
        match failure {
            Some(RelayError::Store(error)) => {
                tracing::warn!("member events wait in the outbox: reading it failed: {error}");
            }
            Some(error) => {
                crate::metrics::nats_publish_failed();
                if link.saw(false) {
                    // Not the URL: NATS_URL may carry credentials.
                    tracing::warn!("member events wait in the outbox until NATS answers: {error}");
                    health
                        .set_service_status(EVENTS_HEALTH, tonic_health::ServingStatus::NotServing)
                        .await;
                }
            }
            None if jetstream.is_some() && link.saw(true) => {
                tracing::info!("member events flow to NATS");
                health
                    .set_service_status(EVENTS_HEALTH, tonic_health::ServingStatus::Serving)
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

/// How the member events reach NATS and the stream they are kept in.
#[derive(Debug, Clone)]
pub struct EventStream {
    pub access: platform::nats::NatsAccess,
    /// The stream's byte limit: past it the oldest events go (durable consumers read
    /// them long before), so a full stream never stops new ones.
    pub max_bytes: i64,
}

async fn connect(
    url: &str,
    stream: &EventStream,
) -> Result<async_nats::jetstream::Context, RelayError> {
    let client = stream
        .access
        .options(url)
        .connection_timeout(Duration::from_secs(2))
        .connect(url)
        .await?;
    let jetstream = async_nats::jetstream::new(client);
    // Made, or brought to these limits when it was made before them.
    jetstream
        .create_or_update_stream(async_nats::jetstream::stream::Config {
            name: STREAM.to_owned(),
            subjects: vec![STREAM_SUBJECTS.to_owned()],
            max_bytes: stream.max_bytes,
            discard: async_nats::jetstream::stream::DiscardPolicy::Old,
            num_replicas: stream.access.replicas,
            ..Default::default()
        })
        .await?;
    Ok(jetstream)
}

async fn publish_pending(
    store: &Store,
    jetstream: &async_nats::jetstream::Context,
) -> Result<(), RelayError> {
    loop {
        let pending = outbox::pending(store.pool(), BATCH).await?;
        if pending.is_empty() {
            return Ok(());
        }
        for event in pending {
            let mut headers = async_nats::HeaderMap::new();
            headers.insert("Nats-Msg-Id", event.event_id.as_str());
            jetstream
                .publish_with_headers(event.subject.clone(), headers, event.payload.into())
                .await?
                .await?;
            outbox::mark_published(store.pool(), &event.event_id).await?;
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
