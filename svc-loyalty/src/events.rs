//! Member events for analytics consumers (docs/architecture.md#member-events): subjects
//! `loyalty.member.*`, `loyalty.reward.*` and `loyalty.card.*` on the JetStream stream
//! `LOYALTY`, with `Nats-Msg-Id` = eventId so JetStream drops a re-published copy. Each
//! change writes its event to the store's outbox in the change's own transaction; the
//! relay here publishes what is pending and marks it once JetStream acknowledged it. While
//! NATS is down events wait in the outbox; the relay keeps retrying. An event names its
//! site (`siteId`, docs/architecture.md#sites) and its member by the SHA-256 of the member id
//! only: no e-mail address, name or phone number.
//! docs/asyncapi.yaml describes the stream.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value, json};
use tokio::sync::Notify;

use proto::MEMBER_EVENTS_HEALTH as EVENTS_HEALTH;

use crate::domain::credentials::sha256_hex;
use crate::store::Store;
use crate::store::outbox::{self, OutboxEvent};

pub const STREAM: &str = "LOYALTY";
pub const STREAM_SUBJECTS: &str = "loyalty.>";

/// The subjects, one per kind of event.
pub const LOGIN: &str = "loyalty.member.login";
pub const REGISTERED: &str = "loyalty.member.registered";
pub const ACTIVATED: &str = "loyalty.member.activated";
pub const DELETED: &str = "loyalty.member.deleted";
pub const REWARD_REDEEMED: &str = "loyalty.reward.redeemed";
pub const CARD_ADDED: &str = "loyalty.card.added";
pub const CARD_LOST: &str = "loyalty.card.lost";

/// How many pending events one relay pass publishes.
const BATCH: i64 = 100;

/// One event as the call that causes it knows it; the store ties it to its member
/// ([`MemberEvent::for_member`]) in the transaction of the change, where a change found
/// by another key (an activation by its order) learns the member.
#[derive(Debug, Clone, PartialEq)]
pub struct MemberEvent {
    subject: &'static str,
    event_id: String,
    /// RFC 3339.
    occurred_at: String,
    site_id: String,
    circuit_id: String,
    cinema_id: String,
    provider: String,
    fields: Map<String, Value>,
}

impl MemberEvent {
    /// `event_id` unique (a new token); the site, the chain's circuit, the cinema and the
    /// provider as the call names them.
    pub fn new(
        subject: &'static str,
        event_id: String,
        occurred_at: String,
        site_id: &str,
        circuit_id: &str,
        cinema_id: &str,
        provider: &str,
    ) -> MemberEvent {
        MemberEvent {
            subject,
            event_id,
            occurred_at,
            site_id: site_id.to_owned(),
            circuit_id: circuit_id.to_owned(),
            cinema_id: cinema_id.to_owned(),
            provider: provider.to_owned(),
            fields: Map::new(),
        }
    }

    /// The event with a field of its own (never anything that names a person).
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> MemberEvent {
        self.fields.insert(name.to_owned(), value.into());
        self
    }

    pub fn occurred_at(&self) -> &str {
        &self.occurred_at
    }

    /// The event of `member_id`, as the outbox keeps it.
    pub fn for_member(&self, member_id: &str) -> OutboxEvent {
        let mut payload = json!({
            "eventId": self.event_id,
            "occurredAt": self.occurred_at,
            "siteId": self.site_id,
            "hashedMemberId": sha256_hex(member_id),
            "circuitId": self.circuit_id,
            "cinemaId": self.cinema_id,
            "provider": self.provider,
        });
        if let Value::Object(common) = &mut payload {
            common.extend(self.fields.clone());
        }
        OutboxEvent {
            event_id: self.event_id.clone(),
            subject: self.subject.to_owned(),
            payload: payload.to_string(),
        }
    }
}

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

    #[test]
    fn an_event_has_the_fields_of_the_design_and_its_own() {
        let event = MemberEvent::new(
            LOGIN,
            "e1".into(),
            "2026-01-01T00:00:00Z".into(),
            "single",
            "C1",
            "7",
            "BOOST_POS",
        )
        .with("loginDateTime", "2026-01-01T00:00:00Z");
        let outbox = event.for_member("m1");
        assert_eq!(
            (outbox.subject.as_str(), outbox.event_id.as_str()),
            ("loyalty.member.login", "e1")
        );
        let json: Value = serde_json::from_str(&outbox.payload).expect("JSON");
        assert_eq!(
            json,
            json!({
                "eventId": "e1",
                "occurredAt": "2026-01-01T00:00:00Z",
                "siteId": "single",
                "hashedMemberId": sha256_hex("m1"),
                "circuitId": "C1",
                "cinemaId": "7",
                "provider": "BOOST_POS",
                "loginDateTime": "2026-01-01T00:00:00Z",
            })
        );
    }
}
