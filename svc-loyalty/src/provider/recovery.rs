//! Username reminder and password reset by e-mail (docs/loyalty.md#password-reset).
//! Reset codes are random, stored as hashes, work once and expire.

use serde_json::{Value, json};

use super::limits::Limited;
use super::{Envelope, Provider, required};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::{Email, NewPassword};
use crate::domain::reset::{RESET_CODE_SECONDS, is_allowed_root, reset_link};
use crate::domain::route::Route;
use crate::password_workers;
use crate::store::codes::{self, Purpose};
use crate::store::{members, unix_now};
use platform::tokens::{new_token, sha256_hex};

impl Provider {
    /// The member of `email` on the call's site, or code 29; an e-mail is sent to them,
    /// within the account's recovery budget (code 429 beyond it: one mailbox is not
    /// flooded).
    async fn member_by_email(
        &self,
        envelope: &Envelope,
        email: &str,
    ) -> Result<(Email, String), Error> {
        let email = Email::parse(email).ok_or(Error::Peach(PeachCode::EmailNotAssociated))?;
        self.check_target_rate(Limited::Recovery, envelope, email.as_str())?;
        let credentials =
            members::credentials(self.store.pool(), &envelope.site_id, email.as_str())
                .await?
                .ok_or(Error::Peach(PeachCode::EmailNotAssociated))?;
        Ok((email, credentials.id))
    }

    pub(super) async fn username_reminder(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        self.check_rate(Limited::Recovery, envelope)?;
        let (email, _) = self.member_by_email(envelope, &route.path_param).await?;
        let body = format!(
            "Hello,\n\nYour username is {}.\n\nIf you did not ask for this reminder, you can ignore this message.\n",
            email.as_str()
        );
        self.mailer
            .send(email.as_str(), "Your username", &body)
            .await?;
        Ok(json!({}))
    }

    /// Sends a reset link to `emailAddress`; the link points at `rootUrl` (one of the
    /// deployment's origins, on the call's site's own host) and `resetPasswordLink`.
    pub(super) async fn get_reset_password_code(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        self.check_rate(Limited::Recovery, envelope)?;
        let root_url = route.param("rootUrl");
        if !is_allowed_root(root_url, &self.site_origins) {
            return Err(Error::BadInput(
                "rootUrl must be one of the site's origins (LOYALTY_SITE_ORIGINS)".into(),
            ));
        }
        if !envelope.loyalty.reaches(root_url) {
            return Err(Error::BadInput(format!(
                "rootUrl must be on one of the hosts of site '{}'",
                envelope.site_id
            )));
        }
        let (email, member_id) = self
            .member_by_email(envelope, route.param("emailAddress"))
            .await?;
        let code = new_token()?;
        codes::insert(
            self.store.pool(),
            Purpose::PasswordReset,
            &sha256_hex(&code),
            &member_id,
            unix_now() + RESET_CODE_SECONDS,
        )
        .await?;
        let link = reset_link(
            root_url,
            route.param("resetPasswordLink"),
            &envelope.loyalty.provider,
            &code,
            &member_id,
            email.as_str(),
        );
        let body = format!(
            "Hello,\n\nTo choose a new password, open this link within an hour:\n\n{link}\n\nIf you did not ask for a new password, you can ignore this message.\n"
        );
        self.mailer
            .send(email.as_str(), "Reset your password", &body)
            .await?;
        Ok(json!({}))
    }

    pub(super) async fn validate_password_reset_code(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        self.check_rate(Limited::Recovery, envelope)?;
        let code = route.param("resetCode");
        match codes::member_of(
            self.store.pool(),
            &envelope.site_id,
            Purpose::PasswordReset,
            &sha256_hex(code),
        )
        .await?
        {
            Some(_) if !code.is_empty() => Ok(json!({})),
            _ => Err(PeachCode::InvalidResetCode.into()),
        }
    }

    /// `{password, resetCode}` (version 3 also `membershipId`, empty).
    pub(super) async fn reset_password(&self, envelope: &Envelope) -> Result<Value, Error> {
        self.check_rate(Limited::Recovery, envelope)?;
        let code = required(&envelope.payload, "resetCode")?;
        let password = NewPassword::parse(&required(&envelope.payload, "password")?)
            .ok_or(Error::Peach(PeachCode::PasswordTooWeak))?;
        let hash = password_workers::hash(&envelope.site_id, password.expose().to_owned()).await?;
        if codes::reset_password(
            self.store.pool(),
            &envelope.site_id,
            &sha256_hex(&code),
            &hash,
        )
        .await?
        {
            tracing::info!("password reset");
            Ok(json!({}))
        } else {
            Err(PeachCode::InvalidResetCode.into())
        }
    }
}
