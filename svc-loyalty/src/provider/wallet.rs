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

/// A Google Wallet class or object id: the issuer's, then the site's, then `name`. The
/// site keeps two chains' passes apart on one issuer: the same card number at two sites
/// is two objects, each with its own member's name and points.
fn pass_id(issuer: &str, site_id: &str, name: &str) -> String {
    format!("{issuer}.{site_id}.{name}")
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
        let id = |name: &str| pass_id(&wallet.issuer_id, &envelope.site_id, name);
        wallet.sign(json!({ "loyaltyObjects": [{
            "id": id(card.as_str()),
            "classId": id("loyalty"),
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
        let id = |name: &str| pass_id(&wallet.issuer_id, &envelope.site_id, name);
        wallet.sign(json!({ "eventTicketObjects": [{
            "id": id(&order.id),
            "classId": id(&order.cinema_id),
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
    fn the_same_card_at_two_sites_is_two_wallet_objects() {
        let demo = pass_id("3388000000022100000", "demo", "MQ00012345");
        let single = pass_id("3388000000022100000", "single", "MQ00012345");
        assert_eq!(demo, "3388000000022100000.demo.MQ00012345");
        assert_ne!(demo, single);
    }

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
