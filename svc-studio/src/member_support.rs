//! Member support (docs/studio.md#member-support), for the staff whose role on the site
//! may support its members (support, admins, operators): a member found by exact e-mail
//! or card number, unlocked, sent an activation code or a reset link again, deleted with
//! a reason. svc-loyalty, which owns the members, does each for the site named in the
//! call's metadata; each is audited (the member by id, never by address) and counted
//! against the staff member's own budget.

use std::num::NonZeroU32;
use std::sync::Arc;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use proto::loyalty::v1 as loyalty;
use serde_json::json;

use crate::Error;
use crate::audit::Change;
use crate::domain::access::Permission;
use crate::domain::staff::StaffEmail;
use crate::studio::{Me, Studio};

/// Member-support calls one staff member may make in a minute (searches and actions
/// alike), so that a stolen session cannot walk the member list.
const CALLS_PER_MINUTE: u32 = 30;

/// Each staff member's budget of member-support calls.
#[derive(Debug, Clone)]
pub struct SupportBudget(Arc<DefaultKeyedRateLimiter<String>>);

impl Default for SupportBudget {
    fn default() -> Self {
        let per_minute = NonZeroU32::new(CALLS_PER_MINUTE).unwrap_or(NonZeroU32::MIN);
        SupportBudget(Arc::new(RateLimiter::keyed(Quota::per_minute(per_minute))))
    }
}

/// A deletion's reason: 3 to 500 characters, trimmed.
pub fn parse_reason(text: &str) -> Result<String, String> {
    let reason = text.trim();
    let length = reason.chars().count();
    if !(3..=500).contains(&length) || reason.chars().any(|c| c.is_control() && c != '\n') {
        return Err("reason: 3 to 500 characters saying why".to_owned());
    }
    Ok(reason.to_owned())
}

/// What a member-support call looks members up by: exactly one of the two, well formed.
fn lookup(email: &str, card: &str) -> Result<(String, String), Error> {
    match (email.trim(), card.trim()) {
        (email, "") if !email.is_empty() => {
            let email = StaffEmail::parse(email).map_err(Error::InvalidArgument)?;
            Ok((email.as_str().to_owned(), String::new()))
        }
        ("", card) if !card.is_empty() => {
            let valid =
                (6..=20).contains(&card.len()) && card.chars().all(|c| c.is_ascii_alphanumeric());
            if !valid {
                return Err(Error::InvalidArgument(
                    "card: 6 to 20 letters and digits".to_owned(),
                ));
            }
            Ok((String::new(), card.to_ascii_uppercase()))
        }
        _ => Err(Error::InvalidArgument(
            "email: give an e-mail address or a card number, one of the two".to_owned(),
        )),
    }
}

/// `message` about the site `site_id`, named in the metadata svc-loyalty reads.
fn about<T>(site_id: &str, message: T) -> Result<tonic::Request<T>, Error> {
    proto::site::about(site_id, message)
        .map_err(|status| Error::InvalidArgument(format!("siteId: {}", status.message())))
}

/// A member-support action on one member.
#[derive(Debug, Clone, Copy)]
pub enum Action<'a> {
    Unlock,
    SendActivation,
    /// The link's page on the site's public origin.
    SendPasswordReset {
        root_url: &'a str,
    },
    Delete {
        reason: &'a str,
    },
}

impl Studio {
    /// The session's staff member, allowed to support the site's members and within
    /// their budget.
    async fn supporter(&self, session_token: &str, site_id: &str) -> Result<Me, Error> {
        let me = self
            .allowed(session_token, site_id, Permission::SupportMembers)
            .await?;
        if self.support_budget.0.check_key(&me.staff.id).is_err() {
            return Err(Error::TooMany(format!(
                "at most {CALLS_PER_MINUTE} member-support calls a minute: try again shortly"
            )));
        }
        Ok(me)
    }

    /// The site's members of an exact `email` or `card` (one of the two).
    pub async fn find_members(
        &self,
        session_token: &str,
        site_id: &str,
        email: &str,
        card: &str,
        client_address: &str,
    ) -> Result<Vec<loyalty::SupportedMember>, Error> {
        let me = self.supporter(session_token, site_id).await?;
        let (email, card) = lookup(email, card)?;
        let by = if email.is_empty() { "card" } else { "e-mail" };
        let found = self
            .loyalty
            .clone()
            .find_members(about(site_id, loyalty::FindMembersRequest { email, card })?)
            .await
            .map_err(Error::Loyalty)?
            .into_inner()
            .members;
        let found_ids: Vec<&str> = found.iter().map(|member| member.id.as_str()).collect();
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "member.searched",
                target: &format!("members by {by}"),
                changes: json!({"found": {"before": null, "after": found_ids}}),
                client_address,
            },
        )
        .await?;
        Ok(found)
    }

    /// Does `action` for the site's member `member_id`: the member as they stand after
    /// (`None` once deleted).
    pub async fn support_member(
        &self,
        session_token: &str,
        site_id: &str,
        member_id: &str,
        action: Action<'_>,
        client_address: &str,
    ) -> Result<Option<loyalty::SupportedMember>, Error> {
        let me = self.supporter(session_token, site_id).await?;
        let member = || loyalty::MemberRequest {
            member_id: member_id.to_owned(),
        };
        let mut client = self.loyalty.clone();
        let (done, name, changes) = match action {
            Action::Unlock => (
                client.unlock_member(about(site_id, member())?).await,
                "member.unlocked",
                json!({}),
            ),
            Action::SendActivation => (
                client.send_activation(about(site_id, member())?).await,
                "member.activation-sent",
                json!({}),
            ),
            Action::SendPasswordReset { root_url } => (
                client
                    .send_password_reset(about(
                        site_id,
                        loyalty::SendPasswordResetRequest {
                            member_id: member_id.to_owned(),
                            root_url: root_url.to_owned(),
                        },
                    )?)
                    .await,
                "member.password-reset-sent",
                json!({}),
            ),
            Action::Delete { reason } => {
                let reason = parse_reason(reason).map_err(Error::InvalidArgument)?;
                let deleted = client
                    .delete_member(about(site_id, member())?)
                    .await
                    .map(|_| tonic::Response::new(loyalty::SupportedMember::default()));
                (
                    deleted,
                    "member.deleted",
                    json!({"reason": {"before": null, "after": reason}}),
                )
            }
        };
        let member = done.map_err(Error::Loyalty)?.into_inner();
        tracing::info!(staff = %me.staff.id, site = %site_id, action = name, "member support");
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: name,
                target: &format!("member {member_id}"),
                changes,
                client_address,
            },
        )
        .await?;
        Ok((!member.id.is_empty()).then_some(member))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_is_looked_up_by_one_well_formed_key() {
        assert_eq!(
            lookup(" Ana@Example.com ", "").expect("e-mail"),
            ("ana@example.com".to_owned(), String::new())
        );
        assert_eq!(
            lookup("", "mq00012345").expect("card"),
            (String::new(), "MQ00012345".to_owned())
        );
        for (email, card, field) in [
            ("", "", "email"),
            ("ana@example.com", "MQ00012345", "email"),
            ("not an address", "", "email"),
            ("", "12-34", "card"),
        ] {
            let Err(Error::InvalidArgument(problem)) = lookup(email, card) else {
                panic!("{email:?} {card:?} refused");
            };
            assert!(problem.starts_with(&format!("{field}: ")), "{problem}");
        }
    }

    #[test]
    fn a_deletion_says_why() {
        assert_eq!(
            parse_reason("  Asked at the box office  ").expect("a reason"),
            "Asked at the box office"
        );
        assert!(parse_reason("no").is_err());
        assert!(parse_reason(&"x".repeat(501)).is_err());
    }
}
