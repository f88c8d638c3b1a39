//! The audit log (docs/studio.md#audit): every change a staff member makes is an entry,
//! written once the change succeeded: when, who, with what role, on which site, the
//! action and its target, each changed field before and after (never a secret), the
//! client's address and the request's id. Read by site, staff member, action and time by
//! those who may read the site's audit (admins, operators).

use serde_json::Value;

use crate::Error;
use crate::domain::access::{Permission, Role};
use crate::store::audit::{self, AuditEntry, AuditFilter};
use crate::studio::{Me, Studio};

/// A change to record.
#[derive(Debug, Clone)]
pub struct Change<'a> {
    /// `None`: the deployment's (an operator's invitation).
    pub site_id: Option<&'a str>,
    /// What was done, `noun.verb`: `invitation.sent`, `staff.removed`.
    pub action: &'static str,
    /// What it was done to (an address, a staff id, a record).
    pub target: &'a str,
    /// Each changed field's `{"before", "after"}`.
    pub changes: Value,
    /// The client's address, as the gateway saw it.
    pub client_address: &'a str,
}

/// The role `me` acted with on `site_id`: their grant there, else operator.
fn role_on(me: &Me, site_id: Option<&str>) -> String {
    me.grants
        .iter()
        .find(|grant| site_id.is_some() && grant.site_id.as_deref() == site_id)
        .or_else(|| me.grants.iter().find(|grant| grant.role == Role::Operator))
        .map(|grant| grant.role.code().to_owned())
        .unwrap_or_default()
}

impl Studio {
    /// Appends `change`, made by `me`, to the audit log.
    pub async fn record(&self, me: &Me, change: Change<'_>) -> Result<(), Error> {
        let entry = AuditEntry {
            id: platform::tokens::random_hex::<16>()?,
            at: jiff::Timestamp::now().as_millisecond(),
            staff_id: me.staff.id.clone(),
            staff_email: me.staff.email.clone(),
            staff_name: me.staff.name.clone(),
            role: role_on(me, change.site_id),
            site_id: change.site_id.unwrap_or_default().to_owned(),
            action: change.action.to_owned(),
            target: change.target.to_owned(),
            changes: change.changes.to_string(),
            client_address: change.client_address.to_owned(),
            request_id: platform::trace::current_request_id().unwrap_or_default(),
        };
        audit::append(self.store.pool(), &entry).await?;
        Ok(())
    }

    /// The entries `filter` selects, newest first: of a site, for those who may read its
    /// audit; of every site (no `site_id`), for operators.
    pub async fn audit(
        &self,
        session_token: &str,
        filter: &AuditFilter,
    ) -> Result<Vec<AuditEntry>, Error> {
        match filter.site_id.as_deref().filter(|site| !site.is_empty()) {
            Some(site_id) => {
                self.allowed(session_token, site_id, Permission::ReadAudit)
                    .await?;
            }
            None => {
                let me = self.authenticate(session_token).await?;
                if !me.grants.iter().any(|grant| grant.role == Role::Operator) {
                    return Err(Error::InvalidArgument(
                        "siteId: required, but for an operator".to_owned(),
                    ));
                }
            }
        }
        Ok(audit::read(self.store.pool(), filter).await?)
    }
}
