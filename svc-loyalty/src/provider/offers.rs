//! Anonymous calls: gift card balance and e-voucher concessions.

use serde_json::{Value, json};

use super::limits::Limited;
use super::{Envelope, Provider, required};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::route::Route;
use crate::store::offers;

impl Provider {
    /// `{cardNumber, pin}`; an unknown card or wrong pin is code 51.
    pub(super) async fn gift_card_balance(&self, envelope: &Envelope) -> Result<Value, Error> {
        self.check_rate(Limited::GiftCard, envelope)?;
        self.check_captcha(envelope).await?;
        let card_number = required(&envelope.payload, "cardNumber")?.to_ascii_uppercase();
        // Before the card is looked up: many addresses cannot take turns guessing its pin.
        self.check_target_rate(Limited::GiftCard, envelope, &card_number)?;
        let pin = required(&envelope.payload, "pin")?;
        let cents =
            offers::gift_card_balance(self.store.pool(), &envelope.site_id, &card_number, &pin)
                .await?
                .ok_or(Error::Peach(PeachCode::InvalidGiftCard))?;
        Ok(json!({ "cardNumber": card_number, "balanceInCents": cents }))
    }

    pub(super) async fn evoucher_concessions(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        self.check_rate(Limited::EVouchers, envelope)?;
        let concessions =
            offers::evouchers(self.store.pool(), &envelope.site_id, &route.cinema_id).await?;
        Ok(json!({ "concessions": concessions }))
    }
}
