//! The audit log (docs/studio.md#audit): every change a staff member makes is an entry,
//! written once the change succeeded: when, who, with what role, on which site, the
//! action and its target, each changed field before and after (never a secret), the
//! client's address and the request's id. Read by site, staff member, action and time by
//! those who may read the site's audit (admins, operators). Each entry is also published
//! on NATS as `studio.audit.{siteId}` (docs/asyncapi.yaml), through the outbox written in
//! the entry's transaction.

use platform::outbox::{Outbox, OutboxEvent};
use serde_json::{Value, json};

use crate::Error;
use crate::domain::access::{Permission, Role};
use crate::store::audit::{self, AuditEntry, AuditFilter};
use crate::studio::{Me, Studio};

/// The audit events waiting for NATS.
pub const OUTBOX: Outbox = Outbox::new("studio_outbox");

/// The subject of a deployment's entry (an operator's invitation): no site id starts
/// with '_'.
const DEPLOYMENT_SUBJECT: &str = "studio.audit._deployment";

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
        let mut transaction = self.store.pool().begin().await?;
        audit::append(&mut transaction, &entry).await?;
        OUTBOX.insert(&mut transaction, &event_of(&entry)).await?;
        transaction.commit().await?;
        self.audit_events.notify_one();
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

/// The entry as analytics consumers receive it (docs/asyncapi.yaml, `StudioAuditEvent`):
/// the staff member by id, never by name or address; a target that is an e-mail address
/// (an invitation's) left out, and a member-support action's target and changes (a
/// member, a deletion's reason) too.
fn event_of(entry: &AuditEntry) -> OutboxEvent {
    let about_a_member = entry.action.starts_with("member.");
    let subject = if entry.site_id.is_empty() {
        DEPLOYMENT_SUBJECT.to_owned()
    } else {
        format!("studio.audit.{}", entry.site_id)
    };
    let occurred_at = jiff::Timestamp::from_millisecond(entry.at)
        .map(|at| at.to_string())
        .unwrap_or_default();
    let payload = json!({
        "eventId": entry.id,
        "type": "studio.audit",
        "occurredAt": occurred_at,
        "siteId": (!entry.site_id.is_empty()).then_some(&entry.site_id),
        "staffId": entry.staff_id,
        "role": entry.role,
        "action": entry.action,
        "target": (!entry.target.contains('@') && !about_a_member).then_some(&entry.target),
        "changes": if about_a_member {
            json!({})
        } else {
            serde_json::from_str::<Value>(&entry.changes).unwrap_or(Value::Null)
        },
        "requestId": entry.request_id,
    });
    OutboxEvent {
        event_id: entry.id.clone(),
        subject,
        payload: payload.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(site_id: &str, target: &str) -> AuditEntry {
        AuditEntry {
            id: "e1".to_owned(),
            at: 1_764_500_000_123,
            staff_id: "s1".to_owned(),
            staff_email: "ana@chain.example".to_owned(),
            staff_name: "Ana".to_owned(),
            role: "admin".to_owned(),
            site_id: site_id.to_owned(),
            action: "invitation.sent".to_owned(),
            target: target.to_owned(),
            changes: r#"{"role": {"before": null, "after": "editor"}}"#.to_owned(),
            client_address: "203.0.113.9".to_owned(),
            request_id: "r1".to_owned(),
        }
    }

    #[test]
    fn an_event_names_the_staff_member_by_id_and_carries_no_address() {
        let event = event_of(&entry("demo", "bo@chain.example"));
        assert_eq!(event.subject, "studio.audit.demo");
        let payload: Value = serde_json::from_str(&event.payload).expect("JSON");
        assert_eq!(payload["staffId"], "s1");
        assert_eq!(payload["target"], Value::Null);
        assert_eq!(payload["changes"]["role"]["after"], "editor");
        assert_eq!(payload["occurredAt"], "2025-11-30T10:53:20.123Z");
        for personal in [
            "ana@chain.example",
            "Ana",
            "bo@chain.example",
            "203.0.113.9",
        ] {
            assert!(
                !event.payload.contains(personal),
                "{personal} in {}",
                event.payload
            );
        }
    }

    #[test]
    fn a_deployments_entry_has_a_subject_no_site_can_have() {
        let event = event_of(&entry("", "operator"));
        assert_eq!(event.subject, DEPLOYMENT_SUBJECT);
        let payload: Value = serde_json::from_str(&event.payload).expect("JSON");
        assert_eq!(payload["siteId"], Value::Null);
        assert_eq!(payload["target"], "operator");
    }
}
