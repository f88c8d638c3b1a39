//! Login, refresh, logout and token checks (docs/loyalty.md#sessions).

use serde_json::{Value, json};

use super::limits::Limited;
use super::{Envelope, Provider};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::{Email, Member, text};
use crate::domain::route::{Generation, Route};
use crate::events;
use crate::lockout;
use crate::password_workers;
use crate::store::sessions::{self, NewSession};
use crate::store::{members, unix_now};
use platform::tokens::{new_token, sha256_hex};

/// The two tokens handed to the member; only their hashes are stored.
struct Tokens {
    session: String,
    refresh: String,
}

impl Provider {
    pub(super) async fn login(&self, route: &Route, envelope: &Envelope) -> Result<Value, Error> {
        self.check_rate(Limited::Login, envelope)?;
        self.check_captcha(envelope).await?;
        let payload = &envelope.payload;
        let email = Email::parse(&text(payload, &["username", "email"]))
            .ok_or(Error::Peach(PeachCode::EmailNotAssociated))?;
        // Before the account is looked up, so the budget says nothing about whether it exists.
        self.check_target_rate(Limited::Login, envelope, email.as_str())?;
        let password = match &payload["password"] {
            Value::String(password) => password.clone(),
            _ => return Err(Error::BadInput("payload.password must be a string".into())),
        };
        let pool = self.store.pool();
        let credentials = members::credentials(pool, &envelope.site_id, email.as_str())
            .await?
            .ok_or(Error::Peach(PeachCode::EmailNotAssociated))?;
        // A member enrolled at a box office has no web account (nor password) until a
        // member search then edit gives them one: the same answer as an unknown address.
        if credentials.has_username == 0 {
            return Err(PeachCode::EmailNotAssociated.into());
        }
        // Given a username, such a member sets their first password through the e-mailed
        // reset.
        if credentials.password_hash.is_empty() {
            return Err(PeachCode::PasswordChangeRequired.into());
        }
        let now = unix_now();
        lockout::check(credentials.blocked, credentials.locked_until, now)?;
        let stored = credentials.password_hash.clone();
        let matches = password_workers::verify(&envelope.site_id, password, stored).await?;
        if !matches {
            let failure =
                lockout::record_failure(pool, &credentials.id, self.policy.lockout, now).await?;
            return Err(PeachCode::from(failure).into());
        }
        if self
            .policy
            .password_max_age_seconds
            .is_some_and(|max_age| now - credentials.password_changed_at > max_age)
        {
            return Err(PeachCode::PasswordChangeRequired.into());
        }
        let member = self.member(&credentials.id).await?;
        self.check_may_log_in(&member, envelope)?;
        let (session, tokens) = self.new_session(&member.id, route.generation, envelope)?;
        let event = self.event(events::LOGIN, route, envelope)?;
        let login_date_time = event.occurred_at().to_owned();
        let event = event.with("loginDateTime", login_date_time);
        sessions::open(pool, &session, &event.for_member(&member.id)).await?;
        self.event_queued();
        tracing::info!(generation = route.generation.number(), "member logged in");
        Ok(self.session_fields(&member, &tokens, route.generation))
    }

    fn check_may_log_in(&self, member: &Member, envelope: &Envelope) -> Result<(), Error> {
        if !member.is_activated {
            return Err(PeachCode::NotActivated.into());
        }
        if member.is_expired(&rfc3339(unix_now())) && !envelope.loyalty.allow_expired_accounts_login
        {
            return Err(PeachCode::AccountExpired.into());
        }
        Ok(())
    }

    pub(super) async fn refresh_login(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let refresh_token = match route.generation {
            Generation::V1 => text(&envelope.payload, &["refreshToken"]),
            Generation::V3 => envelope.refresh_token.clone(),
        };
        if refresh_token.is_empty() {
            return Err(PeachCode::InvalidSession.into());
        }
        let (fresh, tokens) = self.new_session("", route.generation, envelope)?;
        let owner = sessions::refresh(
            self.store.pool(),
            &envelope.site_id,
            &sha256_hex(&refresh_token),
            &fresh,
            unix_now(),
        )
        .await?
        .ok_or(Error::Peach(PeachCode::InvalidSession))?;
        let member = self.member(&owner.member_id).await?;
        let generation = if owner.cypher_version == 3 {
            Generation::V3
        } else {
            Generation::V1
        };
        Ok(self.session_fields(&member, &tokens, generation))
    }

    pub(super) async fn logout(&self, route: &Route, envelope: &Envelope) -> Result<Value, Error> {
        let token = match route.generation {
            Generation::V3 if envelope.session_token.is_empty() => {
                text(&envelope.payload, &["userSessionId"])
            }
            _ => envelope.session_token.clone(),
        };
        if !token.is_empty() {
            sessions::close(self.store.pool(), &envelope.site_id, &sha256_hex(&token)).await?;
        }
        Ok(json!({}))
    }

    pub(super) async fn validate_token(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        Ok(json!({ "memberId": owner.member_id }))
    }

    /// Version 1 login by token: `{token, flag}`; the answer repeats the token, since the
    /// refresh token is known only to its holder.
    pub(super) async fn login_with_token(&self, envelope: &Envelope) -> Result<Value, Error> {
        let token = text(&envelope.payload, &["token"]);
        if token.is_empty() {
            return Err(PeachCode::InvalidSession.into());
        }
        let owner = sessions::owner(
            self.store.pool(),
            &envelope.site_id,
            &sha256_hex(&token),
            unix_now(),
        )
        .await?
        .ok_or(Error::Peach(PeachCode::InvalidSession))?;
        let member = self.member(&owner.member_id).await?;
        self.check_may_log_in(&member, envelope)?;
        Ok(json!({
            "memberDetails": member.details(),
            "sessionManagementTokens": { self.branded("SessionToken"): token },
            "cypherVersion": owner.cypher_version,
        }))
    }

    /// A member that must exist (a live session's owner, for instance).
    pub(super) async fn member(&self, id: &str) -> Result<Member, Error> {
        members::by_id(self.store.pool(), id)
            .await?
            .ok_or(Error::Peach(PeachCode::MemberNotFound))
    }

    fn new_session(
        &self,
        member_id: &str,
        generation: Generation,
        envelope: &Envelope,
    ) -> Result<(NewSession, Tokens), Error> {
        let tokens = Tokens {
            session: new_token()?,
            refresh: new_token()?,
        };
        let now = unix_now();
        let session = NewSession {
            token_hash: sha256_hex(&tokens.session),
            refresh_hash: sha256_hex(&tokens.refresh),
            member_id: member_id.to_owned(),
            cypher_version: generation.number(),
            expires_at: now + self.policy.session_seconds,
            refresh_expires_at: now + envelope.loyalty.refresh_seconds(),
            opened_at: now,
        };
        Ok((session, tokens))
    }

    /// memberDetails, the tokens and cypherVersion; version 1 also names the session
    /// (userSessionId) and the member.
    fn session_fields(&self, member: &Member, tokens: &Tokens, generation: Generation) -> Value {
        let mut fields = json!({
            "memberDetails": member.details(),
            "sessionManagementTokens": {
                self.branded("SessionToken"): tokens.session,
                self.branded("RefreshSessionToken"): tokens.refresh,
            },
            "cypherVersion": generation.number(),
        });
        if generation == Generation::V1 {
            fields["userSessionId"] = json!(tokens.session);
            fields["memberId"] = json!(member.id);
        }
        fields
    }
}

/// Unix seconds as RFC 3339 in UTC.
pub(super) fn rfc3339(unix: i64) -> String {
    jiff::Timestamp::from_second(unix).map_or_else(|_| String::new(), |at| at.to_string())
}
