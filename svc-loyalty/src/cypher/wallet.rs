//! Mobile-wallet passes (SPEC.md section 7): the raw text of a signed save-to-wallet
//! JWT for the member's loyalty card or for one of their bookings (an e-ticket).

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

use super::{Envelope, Provider};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::{CardCode, Member};
use crate::domain::route::Route;
use crate::store::{cards, history, unix_now};

/// Signs passes with HMAC-SHA256 under the configured key.
#[derive(Clone)]
pub struct WalletSigner {
    key: EncodingKey,
    /// The pass issuer: prefixes every object and class id.
    issuer: String,
}

impl std::fmt::Debug for WalletSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WalletSigner")
            .field("issuer", &self.issuer)
            .finish_non_exhaustive()
    }
}

impl WalletSigner {
    pub fn new(secret: &[u8], issuer: String) -> WalletSigner {
        WalletSigner {
            key: EncodingKey::from_secret(secret),
            issuer,
        }
    }

    /// The save-to-wallet claims around `objects` (e.g. `{"loyaltyObjects": [...]}`).
    fn sign(&self, objects: Value) -> Result<String, Error> {
        let claims = json!({
            "iss": self.issuer,
            "aud": "google",
            "typ": "savetowallet",
            "iat": unix_now(),
            "origins": [],
            "payload": objects,
        });
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.key)
            .map_err(|error| Error::Wallet(error.to_string()))
    }
}

fn holder(member: &Member) -> String {
    format!("{} {}", member.profile.first_name, member.profile.last_name)
        .trim()
        .to_owned()
}

impl Provider {
    /// `?cardNumber=`: one of the session member's cards.
    pub(super) async fn wallet_loyalty_card(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<String, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let card = CardCode::parse(route.param("cardNumber")).ok_or_else(|| {
            Error::BadInput("cardNumber must be 6 to 20 letters and digits".into())
        })?;
        let owned = cards::of_member(self.store.pool(), &owner.member_id)
            .await?
            .into_iter()
            .any(|owned| owned.code == card.as_str() && owned.status == "ACTIVE");
        if !owned {
            return Err(PeachCode::MemberNotFound.into());
        }
        let member = self.member(&owner.member_id).await?;
        let issuer = &self.wallet.issuer;
        self.wallet.sign(json!({ "loyaltyObjects": [{
            "id": format!("{issuer}.{}", card.as_str()),
            "classId": format!("{issuer}.loyalty"),
            "state": "ACTIVE",
            "accountId": member.id,
            "accountName": holder(&member),
            "loyaltyPoints": { "label": "Points", "balance": { "int": member.points } },
            "barcode": { "type": "QR_CODE", "value": card.as_str() },
        }]}))
    }

    /// `/{circuitId}/{bookingId}`: one of the session member's orders.
    pub(super) async fn wallet_e_ticket(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<String, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let order = history::order(self.store.pool(), &owner.member_id, &route.path_param)
            .await?
            .ok_or(Error::Peach(PeachCode::MemberNotFound))?;
        let member = self.member(&owner.member_id).await?;
        let issuer = &self.wallet.issuer;
        self.wallet.sign(json!({ "eventTicketObjects": [{
            "id": format!("{issuer}.{}", order.id),
            "classId": format!("{issuer}.{}", order.cinema_id),
            "state": "ACTIVE",
            "ticketHolderName": holder(&member),
            "eventName": order.film_title,
            "ticketCount": order.tickets,
            "barcode": { "type": "QR_CODE", "value": order.id },
        }]}))
    }
}
