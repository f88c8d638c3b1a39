//! The ingest API's keys (docs/ingest.md#ingest-keys): each writes one site. A key is shown
//! once, when it is made; the store keeps only its SHA-256.

use platform::tokens::{random_hex, sha256_hex};
use sqlx::Row;

use super::{Store, StoreError, unix_now};

/// What a key's text starts with, so that a leaked one is recognised (secret scanners,
/// logs).
pub const KEY_PREFIX: &str = "cik_";

/// A key as listed: never its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IngestKey {
    pub id: String,
    pub site_id: String,
    pub label: String,
    /// Unix seconds.
    pub created_at: i64,
    pub revoked_at: Option<i64>,
}

impl Store {
    /// Makes a key for `site_id`; answers it and its text, which is not kept.
    pub async fn create_key(
        &self,
        site_id: &str,
        label: &str,
    ) -> Result<(IngestKey, String), StoreError> {
        if self.revision(site_id).await?.is_none() {
            return Err(StoreError::NoSite(site_id.to_owned()));
        }
        let text = format!("{KEY_PREFIX}{}", random_hex::<32>()?);
        let key = IngestKey {
            id: random_hex::<8>()?,
            site_id: site_id.to_owned(),
            label: label.to_owned(),
            created_at: unix_now(),
            revoked_at: None,
        };
        sqlx::query(
            "INSERT INTO catalogue_ingest_keys (id, key_hash, site_id, label, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&key.id)
        .bind(sha256_hex(&text))
        .bind(&key.site_id)
        .bind(&key.label)
        .bind(key.created_at)
        .execute(self.pool())
        .await?;
        Ok((key, text))
    }

    /// The keys of `site_id`, or of every site, oldest first.
    pub async fn list_keys(&self, site_id: Option<&str>) -> Result<Vec<IngestKey>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, site_id, label, created_at, revoked_at FROM catalogue_ingest_keys \
             WHERE $1 = '' OR site_id = $1 ORDER BY created_at, id",
        )
        .bind(site_id.unwrap_or_default())
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| {
                Ok(IngestKey {
                    id: row.try_get("id")?,
                    site_id: row.try_get("site_id")?,
                    label: row.try_get("label")?,
                    created_at: row.try_get("created_at")?,
                    revoked_at: row.try_get("revoked_at")?,
                })
            })
            .collect()
    }

    /// Revokes the key `id` (of `site_id` alone, when given); answers whether there was
    /// such a key not yet revoked.
    pub async fn revoke_key(&self, id: &str, site_id: Option<&str>) -> Result<bool, StoreError> {
        let revoked = sqlx::query(
            "UPDATE catalogue_ingest_keys SET revoked_at = $2 \
             WHERE id = $1 AND revoked_at IS NULL AND ($3 = '' OR site_id = $3)",
        )
        .bind(id)
        .bind(unix_now())
        .bind(site_id.unwrap_or_default())
        .execute(self.pool())
        .await?;
        Ok(revoked.rows_affected() == 1)
    }

    /// The site a key writes and the key's label, if it is a key that is not revoked.
    pub async fn site_of_key(&self, text: &str) -> Result<Option<(String, String)>, StoreError> {
        if !text.starts_with(KEY_PREFIX) {
            return Ok(None);
        }
        Ok(sqlx::query_as(
            "SELECT site_id, label FROM catalogue_ingest_keys WHERE key_hash = $1 AND revoked_at IS NULL",
        )
        .bind(sha256_hex(text))
        .fetch_optional(self.pool())
        .await?)
    }
}
