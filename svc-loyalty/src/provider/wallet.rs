//! Mobile-wallet passes (docs/loyalty.md#wallet-passes): the raw text of a signed save-to-wallet
//! JWT for the member's loyalty card or for one of their bookings (an e-ticket), in the
//! shape of Google's "Add to Google Wallet" links: RS256, signed with the issuer's
//! service-account key, `iss` the service account, `aud` "google", `typ` "savetowallet",
//! the site's origins, and the pass objects as the payload.

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{Envelope, Provider};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::{CardCode, Member};
use crate::domain::route::Route;
use crate::store::{cards, history, unix_now};

/// Signs passes with a Google Cloud service account's RSA key.
#[derive(Clone)]
pub struct WalletSigner {
    key: EncodingKey,
    /// The key's id, named in the JWT header so Google picks the right public key.
    key_id: String,
    /// The service account's e-mail address: the JWT's issuer.
    client_email: String,
    /// The Google Wallet issuer id: prefixes every object and class id.
    issuer_id: String,
    /// Where the save button may be shown (the site's origins).
    origins: Vec<String>,
}

impl std::fmt::Debug for WalletSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WalletSigner")
            .field("client_email", &self.client_email)
            .field("issuer_id", &self.issuer_id)
            .finish_non_exhaustive()
    }
}

/// The fields of a service account's JSON key file that signing needs.
#[derive(Deserialize)]
struct ServiceAccountKey {
    client_email: String,
    private_key: String,
    private_key_id: String,
}

impl WalletSigner {
    /// From the service account's JSON key file; the error says what is wrong with it
    /// (never the key).
    pub fn from_service_account(
        key_file: &str,
        issuer_id: String,
        origins: Vec<String>,
    ) -> Result<WalletSigner, String> {
        let account: ServiceAccountKey = serde_json::from_str(key_file).map_err(|error| {
            format!(
                "not a service account key file (line {}, column {}: {:?})",
                error.line(),
                error.column(),
                error.classify()
            )
        })?;
        let key = EncodingKey::from_rsa_pem(account.private_key.as_bytes())
            .map_err(|_| "its private_key is not an RSA key in PEM".to_owned())?;
        Ok(WalletSigner {
            key,
            key_id: account.private_key_id,
            client_email: account.client_email,
            issuer_id,
            origins,
        })
    }

    /// The save-to-wallet claims around `objects` (e.g. `{"loyaltyObjects": [...]}`).
    fn sign(&self, objects: Value) -> Result<String, Error> {
        let claims = json!({
            "iss": self.client_email,
            "aud": "google",
            "typ": "savetowallet",
            "iat": unix_now(),
            "origins": self.origins,
            "payload": objects,
        });
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some(self.key_id.clone());
        jsonwebtoken::encode(&header, &claims, &self.key)
            .map_err(|error| Error::Wallet(error.to_string()))
    }
}

fn holder(member: &Member) -> String {
    format!("{} {}", member.profile.first_name, member.profile.last_name)
        .trim()
        .to_owned()
}

impl Provider {
    fn wallet(&self) -> Result<&WalletSigner, Error> {
        self.wallet
            .as_ref()
            .ok_or(Error::Peach(PeachCode::WalletNotConfigured))
    }

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
        let wallet = self.wallet()?;
        let member = self.member(&owner.member_id).await?;
        let issuer = &wallet.issuer_id;
        wallet.sign(json!({ "loyaltyObjects": [{
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
        let wallet = self.wallet()?;
        let member = self.member(&owner.member_id).await?;
        let issuer = &wallet.issuer_id;
        wallet.sign(json!({ "eventTicketObjects": [{
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_no_service_account_key_is_refused_without_showing_it() {
        let error = WalletSigner::from_service_account(
            "{\"private_key\": \"secret-ish\"",
            "1".into(),
            vec![],
        )
        .expect_err("not JSON");
        assert!(
            error.starts_with("not a service account key file"),
            "{error}"
        );
        assert!(!error.contains("secret-ish"), "{error}");
        let error = WalletSigner::from_service_account(
            r#"{"client_email": "a@b.example", "private_key": "not a key", "private_key_id": "k"}"#,
            "1".into(),
            vec![],
        )
        .expect_err("no RSA key");
        assert_eq!(error, "its private_key is not an RSA key in PEM");
    }
}
