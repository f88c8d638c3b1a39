//! Member support for the studio's staff (docs/studio.md#member-support): a site's
//! members found by exact e-mail or card number, their standing, and what support does
//! for them: unlock, an activation code or a reset link mailed again, the account
//! deleted. svc-studio has authorised the staff member and audits each action; here every
//! call names its site, and a member of another site is not found.

use super::Provider;
use super::recovery::ResetLink;
use crate::Error;
use crate::domain::member::{CardCode, Email};
use crate::events::{self, MemberEvent};
use crate::site_settings::SiteLoyalty;
use crate::store::support::{self, Lookup, SupportRow};
use crate::store::{members, unix_now};

/// The page of the member area where a reset link leads.
const RESET_PAGE: &str = "/account/reset-password";

/// How many characters of a card code support sees.
const CARD_SHOWN: usize = 4;

/// A member as support staff see them: never a password, a token or a whole card number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SupportedMember {
    pub id: String,
    pub email: String,
    /// active, not-activated, locked or blocked.
    pub status: &'static str,
    /// Unix seconds; 0 when no sign-in is recorded.
    pub last_login_at: i64,
    /// Each masked but its last four characters.
    pub cards: Vec<String>,
}

/// A member's standing at `now`: a block outlasts a lockout, which outlasts a pending
/// activation.
pub fn status_of(row: &SupportRow, now: i64) -> &'static str {
    if row.blocked != 0 {
        "blocked"
    } else if row.locked_until > now {
        "locked"
    } else if row.is_activated == 0 {
        "not-activated"
    } else {
        "active"
    }
}

/// `code` with every character but its last four masked.
pub fn masked(code: &str) -> String {
    let shown = code.chars().count().saturating_sub(CARD_SHOWN);
    code.chars()
        .enumerate()
        .map(|(index, character)| if index < shown { '•' } else { character })
        .collect()
}

impl Provider {
    /// The site's members of an exact `email` or `card` (exactly one given).
    pub async fn find_members(
        &self,
        site: &str,
        email: &str,
        card: &str,
    ) -> Result<Vec<SupportedMember>, Error> {
        let (email, card) = (email.trim(), card.trim());
        let rows = match (email.is_empty(), card.is_empty()) {
            (false, true) => {
                let email = Email::parse(email).ok_or_else(|| {
                    Error::BadInput(format!("email: '{email}' is not an e-mail address"))
                })?;
                support::find(self.store.pool(), site, Lookup::Email(email.as_str())).await?
            }
            (true, false) => {
                let card = CardCode::parse(card).ok_or_else(|| {
                    Error::BadInput("card: 6 to 20 letters and digits".to_owned())
                })?;
                support::find(self.store.pool(), site, Lookup::Card(card.as_str())).await?
            }
            _ => {
                return Err(Error::BadInput(
                    "email: give an e-mail address or a card number, one of the two".to_owned(),
                ));
            }
        };
        let mut found = Vec::with_capacity(rows.len());
        for row in rows {
            found.push(self.supported(site, row).await?);
        }
        Ok(found)
    }

    /// Lifts the member's lockout and block.
    pub async fn unlock_member(&self, site: &str, id: &str) -> Result<SupportedMember, Error> {
        if !support::unlock(self.store.pool(), site, id).await? {
            return Err(no_such_member(id));
        }
        tracing::info!("a member's lockout was lifted by support");
        self.supported_member(site, id).await
    }

    /// Mails the member a new activation code.
    pub async fn send_activation(&self, site: &str, id: &str) -> Result<SupportedMember, Error> {
        let row = support::member(self.store.pool(), site, id)
            .await?
            .ok_or_else(|| no_such_member(id))?;
        if row.is_activated != 0 {
            return Err(Error::NotApplicable(
                "the member is activated already".to_owned(),
            ));
        }
        self.mail_activation_code(&row.email, id).await?;
        tracing::info!("an activation code was mailed by support");
        self.supported(site, row).await
    }

    /// Mails the member a link to choose a new password, on `root_url` (the site's
    /// public origin).
    pub async fn send_password_reset(
        &self,
        site: &str,
        loyalty: &SiteLoyalty,
        id: &str,
        root_url: &str,
    ) -> Result<SupportedMember, Error> {
        self.check_reset_root(root_url, site, loyalty)?;
        let member = self.supported_member(site, id).await?;
        let link = ResetLink {
            root_url,
            path: RESET_PAGE,
            loyalty,
        };
        self.mail_reset_link(&link, id, &member.email).await?;
        tracing::info!("a password reset link was mailed by support");
        Ok(member)
    }

    /// Deletes the member and everything kept about them, as their own deletion does.
    pub async fn delete_for_support(
        &self,
        site: &str,
        loyalty: &SiteLoyalty,
        id: &str,
    ) -> Result<(), Error> {
        self.supported_member(site, id).await?;
        let event = MemberEvent::new(
            events::DELETED,
            platform::tokens::new_token()?,
            super::session::rfc3339(unix_now()),
            site,
            &loyalty.circuit_id,
            "",
            &loyalty.provider,
        );
        members::delete(self.store.pool(), id, &event).await?;
        self.event_queued();
        tracing::info!("a member was deleted by support");
        Ok(())
    }

    /// The site's member `id` as support sees them.
    async fn supported_member(&self, site: &str, id: &str) -> Result<SupportedMember, Error> {
        let row = support::member(self.store.pool(), site, id)
            .await?
            .ok_or_else(|| no_such_member(id))?;
        self.supported(site, row).await
    }

    async fn supported(&self, site: &str, row: SupportRow) -> Result<SupportedMember, Error> {
        let cards = support::cards(self.store.pool(), site, &row.id).await?;
        Ok(SupportedMember {
            status: status_of(&row, unix_now()),
            last_login_at: row.last_login_at.unwrap_or_default(),
            cards: cards.iter().map(|code| masked(code)).collect(),
            id: row.id,
            email: row.email,
        })
    }
}

fn no_such_member(id: &str) -> Error {
    Error::NoSuchMember(format!("no member '{id}' on this site"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(is_activated: i64, locked_until: i64, blocked: i64) -> SupportRow {
        SupportRow {
            id: "m".to_owned(),
            email: "m@example.com".to_owned(),
            is_activated,
            locked_until,
            blocked,
            last_login_at: None,
        }
    }

    #[test]
    fn a_block_outlasts_a_lockout_which_outlasts_a_pending_activation() {
        assert_eq!(status_of(&row(1, 0, 0), 100), "active");
        assert_eq!(status_of(&row(0, 0, 0), 100), "not-activated");
        assert_eq!(status_of(&row(0, 200, 0), 100), "locked");
        assert_eq!(
            status_of(&row(1, 100, 0), 100),
            "active",
            "a lockout that ended"
        );
        assert_eq!(status_of(&row(1, 200, 1), 100), "blocked");
    }

    #[test]
    fn a_card_shows_only_its_last_four_characters() {
        assert_eq!(masked("MQ00012345"), "••••••2345");
        assert_eq!(masked("ABCD"), "ABCD");
        assert_eq!(masked(""), "");
    }
}
