//! Login events (DESIGN.md section 4): subject `loyalty.member.login` on the JetStream
//! stream `LOYALTY`, with `Nats-Msg-Id` = eventId so JetStream drops a re-published
//! copy. Logins write their event to the store's outbox in the login's transaction;
//! the relay here publishes what is pending and marks it once JetStream acknowledged
//! it. While NATS is down events wait in the outbox; the relay keeps retrying.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use tokio::sync::Notify;

use proto::serving::MEMBER_EVENTS_HEALTH as EVENTS_HEALTH;

use crate::store::Store;
use crate::store::outbox::{self, OutboxEvent};

pub const LOGIN_SUBJECT: &str = "loyalty.member.login";
pub const STREAM: &str = "LOYALTY";
pub const STREAM_SUBJECTS: &str = "loyalty.>";

/// How many pending events one relay pass publishes.
const BATCH: i64 = 100;

/// A member logged in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginEvent {
    pub event_id: String,
    /// SHA-256 (hex) of the member id: consumers can count members without knowing them.
    pub hashed_member_id: String,
    /// RFC 3339.
    pub login_date_time: String,
    pub circuit_id: String,
    pub cinema_id: String,
    pub provider: String,
}

impl LoginEvent {
    pub fn to_outbox(&self) -> Result<OutboxEvent, serde_json::Error> {
        Ok(OutboxEvent {
            event_id: self.event_id.clone(),
            subject: LOGIN_SUBJECT.to_owned(),
            payload: serde_json::to_string(self)?,
        })
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
            match connect(&url).await {
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

async fn connect(url: &str) -> Result<async_nats::jetstream::Context, RelayError> {
    let client = async_nats::ConnectOptions::new()
        .connection_timeout(Duration::from_secs(2))
        .connect(url)
        .await?;
    let jetstream = async_nats::jetstream::new(client);
    jetstream
        .get_or_create_stream(async_nats::jetstream::stream::Config {
            name: STREAM.to_owned(),
            subjects: vec![STREAM_SUBJECTS.to_owned()],
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
    fn a_login_event_has_the_fields_of_the_design() {
        let event = LoginEvent {
            event_id: "e1".into(),
            hashed_member_id: "ab".into(),
            login_date_time: "2026-01-01T00:00:00Z".into(),
            circuit_id: "C1".into(),
            cinema_id: "7".into(),
            provider: "BOOST_POS".into(),
        };
        let outbox = event.to_outbox().expect("serialises");
        assert_eq!(outbox.subject, "loyalty.member.login");
        let json: serde_json::Value = serde_json::from_str(&outbox.payload).expect("JSON");
        for field in [
            "eventId",
            "hashedMemberId",
            "loginDateTime",
            "circuitId",
            "cinemaId",
            "provider",
        ] {
            assert!(json.get(field).is_some(), "{field}");
        }
    }
}
