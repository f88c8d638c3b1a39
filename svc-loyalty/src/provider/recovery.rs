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
use crate::site_settings::SiteLoyalty;
use crate::store::codes::{self, Purpose};
use crate::store::{members, unix_now};
use platform::tokens::{new_token, sha256_hex};

/// Where a reset link leads: the page `path` at `root_url` (checked with
/// [`Provider::check_reset_root`]), with the query the site's provider expects.
#[derive(Debug, Clone, Copy)]
pub(super) struct ResetLink<'a> {
    pub root_url: &'a str,
    pub path: &'a str,
    pub loyalty: &'a SiteLoyalty,
}

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
        self.check_reset_root(root_url, &envelope.site_id, &envelope.loyalty)?;
        let (email, member_id) = self
            .member_by_email(envelope, route.param("emailAddress"))
            .await?;
        let link = ResetLink {
            root_url,
            path: route.param("resetPasswordLink"),
            loyalty: &envelope.loyalty,
        };
        self.mail_reset_link(&link, &member_id, email.as_str())
            .await?;
        Ok(json!({}))
    }

    /// Refuses a reset link's root that is not one of the deployment's origins
    /// (LOYALTY_SITE_ORIGINS) on one of `site`'s own hosts.
    pub(super) fn check_reset_root(
        &self,
        root_url: &str,
        site: &str,
        loyalty: &SiteLoyalty,
    ) -> Result<(), Error> {
        if !is_allowed_root(root_url, &self.site_origins) {
            return Err(Error::BadInput(
                "rootUrl must be one of the site's origins (LOYALTY_SITE_ORIGINS)".into(),
            ));
        }
        if !loyalty.reaches(root_url) {
            return Err(Error::BadInput(format!(
                "rootUrl must be on one of the hosts of site '{site}'"
            )));
        }
        Ok(())
    }

    /// Mails the member `member_id` at `email` a link to choose a new password (an hour,
    /// once), to the page of `link`.
    pub(super) async fn mail_reset_link(
        &self,
        link: &ResetLink<'_>,
        member_id: &str,
        email: &str,
    ) -> Result<(), Error> {
        let code = new_token()?;
        codes::insert(
            self.store.pool(),
            Purpose::PasswordReset,
            &sha256_hex(&code),
            member_id,
            unix_now() + RESET_CODE_SECONDS,
        )
        .await?;
        let link = reset_link(
            link.root_url,
            link.path,
            &link.loyalty.provider,
            &code,
            member_id,
            email,
        );
        let body = format!(
            "Hello,\n\nTo choose a new password, open this link within an hour:\n\n{link}\n\nIf you did not ask for a new password, you can ignore this message.\n"
        );
        self.mailer
            .send(email, "Reset your password", &body)
            .await?;
        Ok(())
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
