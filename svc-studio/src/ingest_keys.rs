//! A site's ingest keys (docs/studio.md#ingest-keys), run by its admins and the operators:
//! listed without their text, made (the text shown once, in the answer), revoked. Kept by
//! svc-catalogue, which the ingest API asks; each change audited once it was made.

use proto::catalogue::v1 as catalogue;
use serde_json::json;

use crate::Error;
use crate::audit::Change;
use crate::domain::access::Permission;
use crate::studio::Studio;

impl Studio {
    /// The site's keys in use, oldest first.
    pub async fn ingest_keys(
        &self,
        session_token: &str,
        site_id: &str,
    ) -> Result<Vec<catalogue::IngestKeyEntry>, Error> {
        self.allowed(session_token, site_id, Permission::ManageKeys)
            .await?;
        let keys = self
            .sites
            .clone()
            .list_ingest_keys(catalogue::SiteKeysRequest {
                site_id: site_id.to_owned(),
            })
            .await
            .map_err(Error::Catalogue)?
            .into_inner();
        Ok(keys.keys)
    }

    /// A new key for the site, labelled `label`: its text is in the answer alone.
    pub async fn create_ingest_key(
        &self,
        session_token: &str,
        site_id: &str,
        label: &str,
        client_address: &str,
    ) -> Result<catalogue::CreatedIngestKey, Error> {
        let me = self
            .allowed(session_token, site_id, Permission::ManageKeys)
            .await?;
        let created = self
            .sites
            .clone()
            .create_ingest_key(catalogue::CreateIngestKeyRequest {
                site_id: site_id.to_owned(),
                label: label.to_owned(),
            })
            .await
            .map_err(Error::Catalogue)?
            .into_inner();
        let key = created.key.clone().unwrap_or_default();
        tracing::info!(staff = %me.staff.id, site = %site_id, key = %key.id, "an ingest key was made");
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "ingest-key.created",
                target: &format!("ingest key {}", key.id),
                changes: json!({"label": {"before": null, "after": key.label}}),
                client_address,
            },
        )
        .await?;
        Ok(created)
    }

    /// Revokes the site's key `key_id`: the ingest API refuses it from then on.
    pub async fn revoke_ingest_key(
        &self,
        session_token: &str,
        site_id: &str,
        key_id: &str,
        client_address: &str,
    ) -> Result<(), Error> {
        let me = self
            .allowed(session_token, site_id, Permission::ManageKeys)
            .await?;
        let label = self
            .ingest_keys(session_token, site_id)
            .await?
            .into_iter()
            .find(|key| key.id == key_id)
            .map(|key| key.label)
            .ok_or_else(|| Error::NotFound(format!("no ingest key '{key_id}' in use")))?;
        self.sites
            .clone()
            .revoke_ingest_key(catalogue::RevokeIngestKeyRequest {
                site_id: site_id.to_owned(),
                id: key_id.to_owned(),
            })
            .await
            .map_err(Error::Catalogue)?;
        tracing::info!(staff = %me.staff.id, site = %site_id, key = %key_id, "an ingest key was revoked");
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "ingest-key.revoked",
                target: &format!("ingest key {key_id}"),
                changes: json!({"label": {"before": label, "after": null}}),
                client_address,
            },
        )
        .await
    }
}
