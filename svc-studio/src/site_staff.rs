//! A site's staff, run by its admins (and the operators): invitations sent by e-mail and
//! waiting, the staff who hold a grant, and grants removed (which ends every session of
//! the person, so that access goes at once).

use platform::tokens::sha256_hex;
use serde_json::json;

use crate::Error;
use crate::audit::Change;
use crate::domain::access::{Grant, Permission, Role};
use crate::domain::staff::StaffEmail;
use crate::store::invitations::{self, PendingInvitation};
use crate::store::staff::{self as stored_staff, StaffMember};
use crate::store::unix_now;
use crate::studio::Studio;

/// An invitation that was mailed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentInvitation {
    pub email: String,
    pub grant: Grant,
    pub expires_at: i64,
}

impl Studio {
    /// Invites `email` with `grant`, mailing the link: an operator by an operator only,
    /// anyone else onto a site by those who may manage its staff. The site must exist.
    pub async fn invite_staff(
        &self,
        session_token: &str,
        email: &str,
        grant: &Grant,
        client_address: &str,
    ) -> Result<SentInvitation, Error> {
        let email = StaffEmail::parse(email).map_err(Error::InvalidArgument)?;
        let (me, site_name) = match grant.site_id.as_deref() {
            None => {
                let me = self.authenticate(session_token).await?;
                if !me.grants.iter().any(|held| held.role == Role::Operator) {
                    return Err(Error::PermissionDenied(
                        "role: only an operator invites an operator".to_owned(),
                    ));
                }
                (me, "every site".to_owned())
            }
            Some(site_id) => {
                let me = self
                    .allowed(session_token, site_id, Permission::ManageStaff)
                    .await?;
                let site = self.site_of(&me, site_id).await?;
                (me, site.name)
            }
        };
        let link = self.invite(Some(&email), grant, Some(&me.staff.id)).await?;
        let body = format!(
            "Hello,\n\n{inviter} invites you to the studio as {role} of {site_name}.\n\n\
             Open this link within 24 hours to accept:\n\n{link}\n\n\
             It works once. If you did not expect it, you can ignore this message.\n",
            inviter = me.staff.name,
            role = grant.role,
        );
        if let Err(error) = self
            .mailer
            .send(email.as_str(), "Your invitation to the studio", &body)
            .await
        {
            // Nobody holds the link: it is withdrawn, and the inviter asks again.
            invitations::withdraw(self.store.pool(), &sha256_hex(link_token(&link))).await?;
            return Err(error.into());
        }
        tracing::info!(staff = %me.staff.id, role = %grant.role, "an invitation was mailed");
        self.record(
            &me,
            Change {
                site_id: grant.site_id.as_deref(),
                action: "invitation.sent",
                target: email.as_str(),
                changes: json!({
                    "role": {"before": null, "after": grant.role.code()},
                    "theaterIds": {"before": null, "after": grant.theater_ids},
                }),
                client_address,
            },
        )
        .await?;
        let invitation = invitations::open(
            self.store.pool(),
            &sha256_hex(link_token(&link)),
            unix_now(),
        )
        .await?
        .ok_or_else(|| Error::Corrupt("the invitation just made is gone".to_owned()))?;
        Ok(SentInvitation {
            email: email.as_str().to_owned(),
            grant: invitation.grant,
            expires_at: invitation.expires_at,
        })
    }

    /// The staff holding a grant on `site_id`, by name.
    pub async fn site_staff(
        &self,
        session_token: &str,
        site_id: &str,
    ) -> Result<Vec<(StaffMember, Grant)>, Error> {
        self.allowed(session_token, site_id, Permission::ManageStaff)
            .await?;
        Ok(stored_staff::of_site(self.store.pool(), site_id).await?)
    }

    /// The invitations to `site_id` waiting to be accepted, newest first.
    pub async fn pending_invitations(
        &self,
        session_token: &str,
        site_id: &str,
    ) -> Result<Vec<PendingInvitation>, Error> {
        self.allowed(session_token, site_id, Permission::ManageStaff)
            .await?;
        Ok(invitations::pending(self.store.pool(), site_id, unix_now()).await?)
    }

    /// Removes `staff_id`'s grant on `site_id` and ends their sessions; never one's own.
    pub async fn remove_grant(
        &self,
        session_token: &str,
        site_id: &str,
        staff_id: &str,
        client_address: &str,
    ) -> Result<(), Error> {
        let me = self
            .allowed(session_token, site_id, Permission::ManageStaff)
            .await?;
        if me.staff.id == staff_id {
            return Err(Error::Conflict(
                "you cannot remove your own access: another admin can".to_owned(),
            ));
        }
        let unknown = || Error::NotFound(format!("no staff member {staff_id} on '{site_id}'"));
        let (removed, grant) = stored_staff::of_site(self.store.pool(), site_id)
            .await?
            .into_iter()
            .find(|(staff, _)| staff.id == staff_id)
            .ok_or_else(unknown)?;
        if !stored_staff::remove_grant(self.store.pool(), staff_id, site_id).await? {
            return Err(unknown());
        }
        tracing::info!(staff = %me.staff.id, removed = %staff_id, site = %site_id, "a grant was removed");
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "staff.removed",
                target: &removed.email,
                changes: json!({
                    "role": {"before": grant.role.code(), "after": null},
                    "theaterIds": {"before": grant.theater_ids, "after": null},
                }),
                client_address,
            },
        )
        .await
    }
}

/// The token of an invitation link.
fn link_token(link: &str) -> &str {
    link.rsplit_once("token=").map_or("", |(_, token)| token)
}
