//! Member search and the membership-activation flow of
//! docs/loyalty.md#membership-activation: membership list, set the member to activate on
//! complete, add the membership, complete the (free) payment. Each step needs the one
//! before.

use serde_json::{Value, json};

use super::limits::Limited;
use super::{Envelope, Provider, required};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::{Email, text};
use crate::domain::route::Route;
use crate::events;
use crate::password_workers;
use crate::store::codes::{self, Purpose};
use crate::store::{activations, members, unix_now};
use platform::tokens::{new_token, sha256_hex};

/// The one membership item the built-in provider offers.
const MEMBERSHIP_ITEM: &str = "MEMBERSHIP";
const MEMBERSHIP_LEVEL: i64 = 1;
/// How long an activation code works, in seconds.
const ACTIVATION_CODE_SECONDS: i64 = 24 * 60 * 60;

impl Provider {
    /// `{email}` (or `username`): whether that member has a web username, and their club.
    pub(super) async fn member_search(&self, envelope: &Envelope) -> Result<Value, Error> {
        self.check_rate(Limited::MemberSearch, envelope)?;
        let email = Email::parse(&text(
            &envelope.payload,
            &["email", "username", "emailAddress"],
        ))
        .ok_or(Error::Peach(PeachCode::MemberNotFound))?;
        self.check_target_rate(Limited::MemberSearch, envelope, email.as_str())?;
        let found = members::search(self.store.pool(), &envelope.site_id, email.as_str())
            .await?
            .ok_or(Error::Peach(PeachCode::MemberNotFound))?;
        Ok(json!({ "hasUserName": found.has_username != 0, "clubId": found.club_id }))
    }

    /// The edit of docs/loyalty.md#registration, made without a session:
    /// `{username (or email), clubId}` gives a member enrolled at a box office their web
    /// username, the e-mail address on file, and nothing else. They set a password through
    /// the e-mailed reset, so naming someone's address proves nothing and takes nothing.
    pub(super) async fn give_username(&self, envelope: &Envelope) -> Result<Value, Error> {
        self.check_rate(Limited::Recovery, envelope)?;
        let email = Email::parse(&text(&envelope.payload, &["username", "email"]))
            .ok_or(Error::Peach(PeachCode::MemberNotFound))?;
        let club_id = text(&envelope.payload, &["clubId"]);
        let pool = self.store.pool();
        let found = members::search(pool, &envelope.site_id, email.as_str())
            .await?
            .ok_or(Error::Peach(PeachCode::MemberNotFound))?;
        if !members::give_username(pool, &found.id, &club_id).await? {
            return Err(PeachCode::MemberNotFound.into());
        }
        tracing::info!("box-office member given a username");
        Ok(json!({}))
    }

    pub(super) async fn membership_list(&self, route: &Route) -> Result<Value, Error> {
        Ok(json!({
            "listConcessionGrouping": [{
                "items": [{
                    "code": MEMBERSHIP_ITEM,
                    "memberLevelId": MEMBERSHIP_LEVEL,
                    "description": "Loyalty membership",
                    "cost": 0,
                    "cinemaId": route.cinema_id,
                }],
            }],
        }))
    }

    /// `{email}`: e-mails an activation code to a member who is not active yet.
    pub(super) async fn send_activation_code(&self, envelope: &Envelope) -> Result<Value, Error> {
        self.check_rate(Limited::Recovery, envelope)?;
        let email = Email::parse(&text(
            &envelope.payload,
            &["email", "username", "emailAddress"],
        ))
        .ok_or(Error::Peach(PeachCode::EmailNotAssociated))?;
        // One mailbox is not flooded with codes, whichever addresses ask.
        self.check_target_rate(Limited::Recovery, envelope, email.as_str())?;
        let credentials =
            members::credentials(self.store.pool(), &envelope.site_id, email.as_str())
                .await?
                .ok_or(Error::Peach(PeachCode::EmailNotAssociated))?;
        if self.member(&credentials.id).await?.is_activated {
            return Err(PeachCode::AlreadyActive.into());
        }
        self.mail_activation_code(email.as_str(), &credentials.id)
            .await?;
        Ok(json!({}))
    }

    /// Mails a new activation code (upper-case, once, within a day) to the member
    /// `member_id` at `email`.
    pub(super) async fn mail_activation_code(
        &self,
        email: &str,
        member_id: &str,
    ) -> Result<(), Error> {
        let code = new_token()?[..10].to_ascii_uppercase();
        codes::insert(
            self.store.pool(),
            Purpose::Activation,
            &sha256_hex(&code),
            member_id,
            unix_now() + ACTIVATION_CODE_SECONDS,
        )
        .await?;
        let body = format!(
            "Hello,\n\nYour activation code is {code}. It works once, within a day.\n\nIf you did not sign up, you can ignore this message.\n"
        );
        self.mailer
            .send(email, "Your activation code", &body)
            .await?;
        Ok(())
    }

    /// The member (the registration form's e-mail with its password or the e-mailed
    /// `activationCode`) who is not active yet; answers the userSessionId naming this
    /// activation.
    pub(super) async fn set_member_to_activate(&self, envelope: &Envelope) -> Result<Value, Error> {
        let payload = &envelope.payload;
        let email = Email::parse(&text(payload, &["email", "username"]))
            .ok_or(Error::Peach(PeachCode::InvalidActivationInfo))?;
        let credentials =
            members::credentials(self.store.pool(), &envelope.site_id, email.as_str())
                .await?
                .ok_or(Error::Peach(PeachCode::InvalidActivationInfo))?;
        if self.member(&credentials.id).await?.is_activated {
            return Err(PeachCode::AlreadyActive.into());
        }
        let code = text(payload, &["activationCode"]).to_ascii_uppercase();
        let proven = if code.is_empty() {
            let password = text(payload, &["password"]);
            let stored = credentials.password_hash.clone();
            password_workers::verify(&envelope.site_id, password, stored).await?
        } else {
            codes::use_activation_code(
                self.store.pool(),
                &envelope.site_id,
                &sha256_hex(&code),
                &credentials.id,
            )
            .await?
        };
        if !proven {
            return Err(PeachCode::InvalidActivationInfo.into());
        }
        let level = payload["memberLevelId"].as_i64().filter(|level| *level > 0);
        let user_session_id = new_token()?;
        activations::start(
            self.store.pool(),
            &sha256_hex(&user_session_id),
            &credentials.id,
            level.unwrap_or(MEMBERSHIP_LEVEL),
        )
        .await?;
        Ok(json!({ "userSessionId": user_session_id }))
    }

    /// `{userSessionId, concessions: [membership item]}`: answers the orderId.
    pub(super) async fn add_membership(&self, envelope: &Envelope) -> Result<Value, Error> {
        let user_session_id = required(&envelope.payload, "userSessionId")?;
        let order_id = new_token()?;
        if !activations::add_order(
            self.store.pool(),
            &envelope.site_id,
            &sha256_hex(&user_session_id),
            &order_id,
        )
        .await?
        {
            return Err(PeachCode::InvalidActivationInfo.into());
        }
        Ok(json!({ "orderId": order_id }))
    }

    /// `{OrderId, IsNewMember: true, AmountPaidPaymentProvider: 0, ...}`: activates.
    pub(super) async fn complete_payment(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let order_id = required(&envelope.payload, "OrderId")?;
        let event = self.event(events::ACTIVATED, route, envelope)?;
        let member_id =
            activations::complete(self.store.pool(), &envelope.site_id, &order_id, &event)
                .await?
                .ok_or(Error::Peach(PeachCode::InvalidActivationInfo))?;
        self.event_queued();
        tracing::info!("membership activated");
        Ok(
            json!({ "orderId": order_id, "memberDetails": self.member(&member_id).await?.details() }),
        )
    }
}
