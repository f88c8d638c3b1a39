//! Member profile calls: get, create, edit, delete.

use serde_json::{Value, json};

use super::limits::Limited;
use super::{Envelope, Provider, circuit, required};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::{Email, NEVER_EXPIRES, NewPassword, Profile, text};
use crate::domain::route::{Generation, Route};
use crate::events;
use crate::password_workers;
use crate::store::is_unique_violation;
use crate::store::members::{self, NewMember};
use platform::tokens::new_token;

/// The level of a new member when the payload names none (memberLevelId 0).
const DEFAULT_LEVEL: (i64, &str) = (1, "Member");

impl Provider {
    pub(super) async fn get_member(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let (member, cypher_version) = self.session_member(route, envelope).await?;
        let mut fields =
            json!({ "memberDetails": member.details(), "cypherVersion": cypher_version });
        if route.generation == Generation::V3 && !envelope.session_token.is_empty() {
            fields["sessionManagementTokens"] =
                json!({ self.branded("SessionToken"): envelope.session_token });
        }
        Ok(fields)
    }

    /// docs/loyalty.md#registration plus `password`; username is the e-mail address.
    /// Anonymous, so it has budgets per address (an hour) and per e-mail address, and
    /// the captcha when one is configured; an address already taken is answered before
    /// any password is hashed, so refused registrations cost no hashing.
    pub(super) async fn create_member(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        self.check_rate(Limited::Registration, envelope)?;
        self.check_captcha(envelope).await?;
        let payload = &envelope.payload;
        let email_text = text(payload, &["email", "username"]);
        if email_text.is_empty() {
            return Err(Error::BadInput("payload.email is required".into()));
        }
        let email = Email::parse(&email_text)
            .ok_or_else(|| Error::BadInput("payload.email is not an e-mail address".into()))?;
        self.check_target_rate(Limited::Registration, envelope, email.as_str())?;
        let password = NewPassword::parse(&required(payload, "password")?)
            .ok_or(Error::Peach(PeachCode::PasswordTooWeak))?;
        let taken = match route.generation {
            Generation::V1 => PeachCode::EmailTaken,
            Generation::V3 => PeachCode::EmailTakenV3,
        };
        if members::search(self.store.pool(), &envelope.site_id, email.as_str())
            .await?
            .is_some()
        {
            return Err(taken.into());
        }
        let hash = password_workers::hash(&envelope.site_id, password.expose().to_owned()).await?;
        let level_id = payload["memberLevelId"].as_i64().filter(|level| *level > 0);
        let member = NewMember {
            id: new_token()?[..24].to_owned(),
            site_id: envelope.site_id.clone(),
            email: email.as_str().to_owned(),
            password_hash: hash,
            profile: Profile::from_payload(payload),
            circuit_id: circuit(route, envelope).to_owned(),
            member_level_id: level_id.unwrap_or(DEFAULT_LEVEL.0),
            member_level_name: DEFAULT_LEVEL.1.to_owned(),
            member_expiry: NEVER_EXPIRES.to_owned(),
            is_activated: !envelope.loyalty.include_activation,
            points: 0,
            has_username: true,
        };
        let event = self
            .event(events::REGISTERED, route, envelope)?
            .with("activationRequired", !member.is_activated);
        match members::insert(self.store.pool(), &member, Some(&event)).await {
            Ok(()) => self.event_queued(),
            // Taken since the check above, by a registration at the same moment.
            Err(error) if is_unique_violation(&error) => return Err(taken.into()),
            Err(error) => return Err(error.into()),
        }
        self.details_of(&member.id).await
    }

    pub(super) async fn edit_member(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        // Without any session, one naming a member is the search-then-edit's edit.
        let no_session =
            envelope.session_token.is_empty() && route.param("userSessionId").is_empty();
        if no_session && !text(&envelope.payload, &["username", "email"]).is_empty() {
            return self.give_username(envelope).await;
        }
        let owner = self.session_owner(route, envelope).await?;
        let member = self.member(&owner.member_id).await?;
        let profile = member.profile.edited(&envelope.payload);
        members::update_profile(self.store.pool(), &member.id, &profile).await?;
        self.details_of(&member.id).await
    }

    /// `{memberDetails}` of the member as stored now.
    async fn details_of(&self, id: &str) -> Result<Value, Error> {
        Ok(json!({ "memberDetails": self.member(id).await?.details() }))
    }

    /// Deletes the session's member and everything kept about them. `memberId` is left
    /// empty by the browser; naming another member is refused.
    pub(super) async fn delete_member(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let named = route.param("memberId");
        if !named.is_empty() && named != owner.member_id {
            return Err(PeachCode::MemberNotFound.into());
        }
        let event = self.event(events::DELETED, route, envelope)?;
        members::delete(self.store.pool(), &owner.member_id, &event).await?;
        self.event_queued();
        tracing::info!("member deleted");
        Ok(json!({}))
    }
}
