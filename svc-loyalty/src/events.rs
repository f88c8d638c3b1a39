//! Member events for analytics consumers (docs/architecture.md#member-events): subjects
//! `loyalty.member.*`, `loyalty.reward.*` and `loyalty.card.*` on the JetStream stream
//! `LOYALTY`, with `Nats-Msg-Id` = eventId so JetStream drops a re-published copy. Each
//! change writes its event to the store's outbox in the change's own transaction; the
//! relay (platform::outbox) publishes what is pending. An event names its
//! site (`siteId`, docs/architecture.md#sites) and its member by the SHA-256 of the member id
//! only: no e-mail address, name or phone number.
//! docs/asyncapi.yaml describes the stream.

use serde_json::{Map, Value, json};

use platform::outbox::OutboxEvent;
use platform::tokens::sha256_hex;

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

#[cfg(test)]
mod tests {
    use super::*;

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
