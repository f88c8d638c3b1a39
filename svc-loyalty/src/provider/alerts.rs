//! A member's alerts (docs/loyalty.md#alerts): what they want told (films of their
//! watchlist going on sale, their last chance) and how (e-mail, push), and the browsers
//! that receive push messages. Version 3 routes, like the watchlist.

use serde_json::{Value, json};

use super::{Envelope, Provider};
use crate::Error;
use crate::domain::alerts::{AlertKind, AlertPreferences, PushSubscription};
use crate::domain::member::text;
use crate::domain::route::Route;
use crate::store::alerts;
use platform::tokens::sha256_hex;

/// What the member area is offered of alerts by this deployment.
#[derive(Debug, Clone, Default)]
pub struct AlertOffer {
    /// The VAPID public key browsers subscribe with (base64url, an uncompressed P-256
    /// point); `None` without WEB_PUSH_VAPID_KEY_FILE: push is not offered.
    pub push_public_key: Option<String>,
    /// Whether plain http push endpoints are taken: for tests against a local server.
    pub local_push_endpoints: bool,
}

impl Provider {
    /// `{alertPreferences: {onSale, lastChance, email, push, chosen}, pushPublicKey}`.
    pub(super) async fn alert_preferences(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let chosen = alerts::preferences(self.store.pool(), &owner.member_id).await?;
        Ok(self.alerts_reply(chosen))
    }

    pub(super) async fn update_alert_preferences(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let chosen = AlertPreferences::parse(&envelope.payload).map_err(Error::BadInput)?;
        alerts::set_preferences(self.store.pool(), &owner.member_id, chosen).await?;
        Ok(self.alerts_reply(Some(chosen)))
    }

    fn alerts_reply(&self, chosen: Option<AlertPreferences>) -> Value {
        let preferences = chosen.unwrap_or_default();
        json!({
            "alertPreferences": {
                "onSale": preferences.on_sale,
                "lastChance": preferences.last_chance,
                "email": preferences.email,
                "push": preferences.push,
                "chosen": chosen.is_some(),
            },
            "pushPublicKey": self.alert_offer.push_public_key,
        })
    }

    /// `PushSubscription.toJSON()` of the member's browser.
    pub(super) async fn add_push_subscription(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        if self.alert_offer.push_public_key.is_none() {
            return Err(Error::BadInput(
                "push notifications are not offered here (no WEB_PUSH_VAPID_KEY_FILE)".into(),
            ));
        }
        let subscription =
            PushSubscription::parse(&envelope.payload, self.alert_offer.local_push_endpoints)
                .map_err(Error::BadInput)?;
        let id = platform::tokens::random_hex::<12>()?;
        alerts::add_subscription(self.store.pool(), &id, &owner.member_id, &subscription).await?;
        Ok(json!({}))
    }

    /// `{endpoint}` of one of the member's browsers.
    pub(super) async fn remove_push_subscription(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let endpoint = text(&envelope.payload, &["endpoint"]);
        if endpoint.is_empty() {
            return Err(Error::BadInput("payload.endpoint is required".into()));
        }
        alerts::remove_subscription(self.store.pool(), &owner.member_id, &endpoint).await?;
        Ok(json!({}))
    }

    /// Turns off the kind of alert an unsubscribe link's `token` is for, for its member
    /// of `site_id`; a token that names none is not found.
    pub async fn unsubscribe(&self, site_id: &str, token: &str) -> Result<AlertKind, Error> {
        if token.is_empty() {
            return Err(Error::BadInput("token is required".into()));
        }
        alerts::unsubscribe(self.store.pool(), site_id, &sha256_hex(token))
            .await?
            .ok_or_else(|| {
                Error::NoSuchMember("this unsubscribe link is not one of this site's".into())
            })
    }
}
