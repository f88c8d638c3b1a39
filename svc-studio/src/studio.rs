//! What the studio does for its staff, over the store: invitations given and accepted,
//! sessions begun, checked and ended, and the first operator's invitation. (Passkeys are
//! [`crate::passkeys`].)

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use platform::mail::Mailer;
use platform::tokens::{new_token, sha256_hex};
use platform::trace::TracedChannel;
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use proto::catalogue::v1::drafts_client::DraftsClient;
use proto::catalogue::v1::media_client::MediaClient;
use proto::catalogue::v1::points_of_sale_client::PointsOfSaleClient;
use proto::catalogue::v1::sites_client::SitesClient;
use proto::loyalty::v1::member_support_client::MemberSupportClient;
use tokio::sync::Notify;
use webauthn_rs::Webauthn;

use crate::Error;
use crate::domain::access::{self, Grant, Permission, Refusal};
use crate::domain::staff::{self, StaffEmail};
use crate::domain::tokens;
use crate::member_support::SupportBudget;
use crate::single_sign_on::SingleSignOn;
use crate::store::invitations::{self, Acceptance, NewInvitation, NotAccepted, OpenInvitation};
use crate::store::staff::{self as stored_staff, StaffMember};
use crate::store::{Store, sessions, sign_in_links, unix_now};

/// A staff member and the grants they hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Me {
    pub staff: StaffMember,
    pub grants: Vec<Grant>,
}

/// A session begun: its token (given once) and when it ends.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub session_token: String,
    pub expires_at: i64,
    pub me: Me,
}

#[derive(Debug, Clone)]
pub struct Studio {
    pub store: Store,
    /// The studio's origin, which links name.
    pub studio_url: String,
    /// Whether sign-in links are mailed, and invitations accepted without a passkey.
    pub email_sign_in: bool,
    /// How sign-in links are mailed.
    pub mailer: Mailer,
    /// Single sign-on by OpenID Connect, when configured.
    pub single_sign_on: Option<Arc<SingleSignOn>>,
    /// The passkeys' relying party: the studio's host.
    pub webauthn: Webauthn,
    /// svc-catalogue, the owner of sites and their content.
    pub catalogue: CatalogueClient<TracedChannel>,
    /// svc-catalogue's drafts of site content.
    pub drafts: DraftsClient<TracedChannel>,
    /// svc-catalogue's media libraries.
    pub media: MediaClient<TracedChannel>,
    /// svc-catalogue's theaters' points of sale.
    pub points_of_sale: PointsOfSaleClient<TracedChannel>,
    /// svc-catalogue's sites' ingest keys.
    pub sites: SitesClient<TracedChannel>,
    /// svc-loyalty's member support.
    pub loyalty: MemberSupportClient<TracedChannel>,
    /// Each staff member's budget of member-support calls.
    pub support_budget: SupportBudget,
    /// Wakes the relay of audit events when an entry was written.
    pub audit_events: Arc<Notify>,
}

impl Studio {
    /// A new invitation for `email` (`None`: whoever accepts names theirs) with `grant`:
    /// its link, `{studio}/invitation?token=...`.
    pub async fn invite(
        &self,
        email: Option<&StaffEmail>,
        grant: &Grant,
        invited_by: Option<&str>,
    ) -> Result<String, Error> {
        let token = new_token()?;
        let now = unix_now();
        let invitation = NewInvitation {
            email,
            grant,
            invited_by,
            expires_at: now + tokens::INVITATION_SECONDS,
        };
        invitations::insert(self.store.pool(), &sha256_hex(&token), &invitation, now).await?;
        Ok(format!("{}/invitation?token={token}", self.studio_url))
    }

    /// What the invitation of `token` offers, while it may be accepted.
    pub async fn describe_invitation(&self, token: &str) -> Result<OpenInvitation, Error> {
        invitations::open(self.store.pool(), &sha256_hex(token), unix_now())
            .await?
            .ok_or_else(|| Error::Unauthenticated(NotAccepted::Unusable.to_string()))
    }

    /// Accepts an invitation without a passkey (while e-mail sign-in is on) and begins a
    /// session.
    pub async fn accept_invitation(
        &self,
        token: &str,
        name: &str,
        email: &str,
    ) -> Result<SignedIn, Error> {
        if !self.email_sign_in {
            return Err(Error::FailedPrecondition(
                "e-mail sign-in is off (STUDIO_EMAIL_SIGN_IN=false): accept the invitation with a passkey"
                    .to_owned(),
            ));
        }
        let name = staff::parse_name(name).map_err(Error::InvalidArgument)?;
        let email = match email.trim() {
            "" => None,
            given => Some(StaffEmail::parse(given).map_err(Error::InvalidArgument)?),
        };
        let session_token = new_token()?;
        let now = unix_now();
        let expires_at = now + tokens::SESSION_SECONDS;
        let acceptance = Acceptance {
            new_staff_id: &tokens::new_id()?,
            name: &name,
            email: email.as_ref(),
            session_digest: &sha256_hex(&session_token),
            session_expires_at: expires_at,
            passkey: None,
        };
        let staff = invitations::accept(self.store.pool(), &sha256_hex(token), &acceptance, now)
            .await
            .map_err(|refusal| match refusal {
                NotAccepted::Unusable => Error::Unauthenticated(refusal.to_string()),
                NotAccepted::Email(problem) => Error::InvalidArgument(problem),
                NotAccepted::Store(error) => Error::Store(error),
            })?;
        tracing::info!(staff = %staff.id, "an invitation was accepted");
        let grants = stored_staff::grants(self.store.pool(), &staff.id).await?;
        Ok(SignedIn {
            session_token,
            expires_at,
            me: Me { staff, grants },
        })
    }

    /// Mails a one-time sign-in link, `{studio}/sign-in?token=...` (15 minutes), to the
    /// staff member of `email`. The answer comes before anything is looked up and is the
    /// same for every well-formed address, in what it says and in how long it takes: the
    /// lookup, the link and the mail run after it (their failures are logged), so the call
    /// tells nobody who is staff.
    pub async fn mail_sign_in_link(&self, email: &str) -> Result<(), Error> {
        if !self.email_sign_in {
            return Err(Error::FailedPrecondition(
                "e-mail sign-in is off (STUDIO_EMAIL_SIGN_IN=false): sign in with a passkey"
                    .to_owned(),
            ));
        }
        let email = StaffEmail::parse(email).map_err(Error::InvalidArgument)?;
        let studio = self.clone();
        tokio::spawn(async move {
            if let Err(error) = studio.send_sign_in_link(&email).await {
                tracing::error!(%error, "a sign-in link was not mailed");
            }
        });
        Ok(())
    }

    /// The link of [`Studio::mail_sign_in_link`], for a staff member who has not been sent
    /// one in the last minute (a flood of asks sends one mail a minute at most).
    async fn send_sign_in_link(&self, email: &StaffEmail) -> Result<(), Error> {
        let Some(staff) = stored_staff::by_email(self.store.pool(), email).await? else {
            tracing::info!("a sign-in link was asked for an address that is no staff member's");
            return Ok(());
        };
        let token = new_token()?;
        let now = unix_now();
        let stored = sign_in_links::insert(
            self.store.pool(),
            &sha256_hex(&token),
            &staff.id,
            now,
            now + tokens::SIGN_IN_LINK_SECONDS,
        )
        .await?;
        if !stored {
            tracing::info!(staff = %staff.id, "a sign-in link was asked again within a minute: none sent");
            return Ok(());
        }
        let link = format!("{}/sign-in?token={token}", self.studio_url);
        let body = format!(
            "Hello {name},\n\nOpen this link within 15 minutes to sign in to the studio:\n\n{link}\n\n\
             It works once. If you did not ask to sign in, you can ignore this message.\n",
            name = staff.name
        );
        self.mailer
            .send(&staff.email, "Your sign-in link to the studio", &body)
            .await?;
        tracing::info!(staff = %staff.id, "a sign-in link was mailed");
        Ok(())
    }

    /// Signs in with a mailed link, once and within 15 minutes, beginning a session.
    pub async fn sign_in_with_link(&self, token: &str) -> Result<SignedIn, Error> {
        if !self.email_sign_in {
            return Err(Error::FailedPrecondition(
                "e-mail sign-in is off (STUDIO_EMAIL_SIGN_IN=false): sign in with a passkey"
                    .to_owned(),
            ));
        }
        let session_token = new_token()?;
        let now = unix_now();
        let expires_at = now + tokens::SESSION_SECONDS;
        let staff = sign_in_links::use_once(
            self.store.pool(),
            &sha256_hex(token),
            &sha256_hex(&session_token),
            now,
            expires_at,
        )
        .await?
        .ok_or_else(|| {
            Error::Unauthenticated("the sign-in link is unknown, used or expired".to_owned())
        })?;
        tracing::info!(staff = %staff.id, "signed in with a mailed link");
        let grants = stored_staff::grants(self.store.pool(), &staff.id).await?;
        Ok(SignedIn {
            session_token,
            expires_at,
            me: Me { staff, grants },
        })
    }

    /// The staff member of a live session.
    pub async fn authenticate(&self, session_token: &str) -> Result<Me, Error> {
        let staff = sessions::staff_of(self.store.pool(), &sha256_hex(session_token), unix_now())
            .await?
            .ok_or_else(|| Error::Unauthenticated("no session: sign in".to_owned()))?;
        let grants = stored_staff::grants(self.store.pool(), &staff.id).await?;
        Ok(Me { staff, grants })
    }

    /// The session's staff member, allowed `permission` on `site_id`: NOT_FOUND for a site
    /// they hold no grant on (as if there were none), PERMISSION_DENIED without the
    /// permission.
    pub async fn allowed(
        &self,
        session_token: &str,
        site_id: &str,
        permission: Permission,
    ) -> Result<Me, Error> {
        let me = self.authenticate(session_token).await?;
        match access::authorise(&me.grants, site_id, None, permission) {
            Ok(()) => Ok(me),
            Err(refusal) => Err(refused(site_id, refusal)),
        }
    }

    pub async fn sign_out(&self, session_token: &str) -> Result<(), Error> {
        sessions::end(self.store.pool(), &sha256_hex(session_token)).await?;
        Ok(())
    }

    /// At a start with no staff: a new operator's invitation written to `file` (mode
    /// 0600, replacing one written before, whose link is withdrawn) and the log saying
    /// where. With staff, nothing.
    pub async fn invite_first_operator(&self, file: &Path) -> Result<(), Error> {
        if stored_staff::count(self.store.pool()).await? > 0 {
            return Ok(());
        }
        let grant = Grant::new(crate::domain::access::Role::Operator, None, &[])
            .map_err(Error::InvalidArgument)?;
        invitations::withdraw_unaddressed(self.store.pool()).await?;
        let url = self.invite(None, &grant, None).await?;
        write_private(file, &format!("{url}\n")).map_err(|source| Error::File {
            path: file.display().to_string(),
            source,
        })?;
        tracing::info!(
            file = %file.display(),
            "no staff yet: the first operator's invitation link (24 hours, single use) is in the file"
        );
        Ok(())
    }
}

/// Writes `text` to `file`, readable by its owner only, its folder made when missing.
fn write_private(file: &Path, text: &str) -> std::io::Result<()> {
    if let Some(folder) = file.parent() {
        std::fs::create_dir_all(folder)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut opened = options.open(file)?;
    // A file written before with wider rights keeps them unless set again.
    #[cfg(unix)]
    std::fs::set_permissions(file, std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    opened.write_all(text.as_bytes())
}

/// A call refused on `site_id`, as the caller is told: a site without a grant is not
/// found (as if there were none), a grant without the permission forbidden.
pub fn refused(site_id: &str, refusal: Refusal) -> Error {
    match refusal {
        Refusal::NotFound => Error::NotFound(format!("no site '{site_id}'")),
        Refusal::Forbidden => {
            Error::PermissionDenied(format!("your role on '{site_id}' does not allow this"))
        }
    }
}
