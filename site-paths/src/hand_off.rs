//! The hand-offs to the external ticketing site
//! (docs/pages-and-links.md#hand-offs-to-ticketing), by route segment: the gateway serves
//! each at `/{segment}/` and `/api/{segment}/redirect`, the catalogue resolves its target
//! from the ticketing provider's settings.

use proto::catalogue::v1::TicketingProvider;

/// Whose a hand-off is: a theater's needs the theater; the chain's goes to the site-wide
/// provider unless a theater is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandOffScope {
    Theater,
    Chain,
}

/// One hand-off of docs/pages-and-links.md#hand-offs-to-ticketing at its route segment.
#[derive(Debug)]
pub struct HandOff {
    pub segment: &'static str,
    pub scope: HandOffScope,
}

const fn theater(segment: &'static str) -> HandOff {
    HandOff {
        segment,
        scope: HandOffScope::Theater,
    }
}

const fn chain(segment: &'static str) -> HandOff {
    HandOff {
        segment,
        scope: HandOffScope::Chain,
    }
}

impl HandOff {
    /// Tickets are what every booking site sells; the rest only where the provider's
    /// `handOffs` names them.
    pub fn offered_by(&self, provider: &TicketingProvider) -> bool {
        self.offered_among(&provider.hand_offs)
    }

    /// [`HandOff::offered_by`] a provider whose `handOffs` are `hand_offs`.
    pub fn offered_among(&self, hand_offs: &[String]) -> bool {
        TICKET_SEGMENTS.contains(&self.segment)
            || hand_offs.iter().any(|offered| offered == self.segment)
    }
}

const TICKET_SEGMENTS: [&str; 2] = ["startticketing", "launch/ticketing"];

/// Every hand-off to the ticketing site, by route segment: tickets and concessions; gift
/// cards, physical gift cards and gift memberships; vouchers, season passes and loyalty
/// credit; reservation payment and refunds; loyalty sign-up and upgrade.
pub const HAND_OFFS: [HandOff; 14] = [
    theater("startticketing"),
    theater("launch/ticketing"),
    theater("startconcessions"),
    theater("concessions/landing"),
    theater("payreservation"),
    theater("refund"),
    chain("giftcards"),
    chain("physicalgiftcards"),
    chain("giftmembership"),
    chain("vouchers"),
    chain("startseasonpass"),
    chain("loyaltycredit"),
    chain("signup"),
    chain("loyalty/upgrade"),
];

/// The hand-off at `segment`, if there is one.
pub fn hand_off(segment: &str) -> Option<&'static HandOff> {
    HAND_OFFS
        .iter()
        .find(|hand_off| hand_off.segment == segment)
}

/// Every segment, for an error message naming what is allowed.
/// A performance code as hand-off links and booking links carry it: 1 to 64 letters,
/// digits, '-' or '_' (a point of sale's session ids are of this kind).
pub fn is_perf_code(code: &str) -> bool {
    (1..=64).contains(&code.len())
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// What [`is_perf_code`] asks, for error messages.
pub const PERF_CODE_RULE: &str = "1 to 64 letters, digits, '-' or '_'";

pub fn segments() -> String {
    let segments: Vec<_> = HAND_OFFS.iter().map(|hand_off| hand_off.segment).collect();
    segments.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The web app's table (web/src/config/hand-offs.ts) is tested against the same file.
    #[test]
    fn the_hand_offs_are_those_of_the_shared_fixture() {
        let fixture: Vec<serde_json::Value> =
            serde_json::from_str(include_str!("../../fixtures/hand-offs.json"))
                .expect("fixtures/hand-offs.json is JSON");
        let table: Vec<serde_json::Value> = HAND_OFFS
            .iter()
            .map(|hand_off| {
                let scope = match hand_off.scope {
                    HandOffScope::Theater => "theater",
                    HandOffScope::Chain => "chain",
                };
                serde_json::json!({"segment": hand_off.segment, "scope": scope})
            })
            .collect();
        assert_eq!(table, fixture);
    }

    #[test]
    fn tickets_are_always_offered_the_rest_when_the_provider_names_them() {
        let provider = TicketingProvider {
            name: "X".to_owned(),
            url: "https://t.example.com".to_owned(),
            hand_offs: vec!["giftcards".to_owned()],
        };
        let offered = |segment| hand_off(segment).expect("a hand-off").offered_by(&provider);
        assert!(offered("startticketing"));
        assert!(offered("launch/ticketing"));
        assert!(offered("giftcards"));
        assert!(!offered("refund"));
        assert!(hand_off("sales").is_none());
        assert!(segments().starts_with("startticketing, launch/ticketing, "));
    }
}
