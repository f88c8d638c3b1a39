//! Where each site is served: its host names and public URL (docs/architecture.md#sites). A
//! host belongs to one site; a change is a commit of the site, so it is published.

use std::collections::BTreeMap;

use sqlx::{Any, Row, Transaction};

use super::{Author, Change, Store, StoreError};
use crate::domain::invalid::Invalid;
use crate::domain::site_address::SiteAddress;

impl Store {
    /// Every site's address, by site id.
    pub async fn site_addresses(&self) -> Result<Vec<SiteAddress>, StoreError> {
        let sites = sqlx::query("SELECT id, public_url FROM catalogue_sites ORDER BY id")
            .fetch_all(self.pool())
            .await?;
        let hosts = sqlx::query("SELECT site_id, host FROM catalogue_site_hosts ORDER BY host")
            .fetch_all(self.pool())
            .await?;
        let mut addresses = BTreeMap::new();
        for site in sites {
            let site_id: String = site.try_get("id")?;
            addresses.insert(
                site_id.clone(),
                SiteAddress {
                    site_id,
                    hosts: Vec::new(),
                    public_url: site.try_get("public_url")?,
                },
            );
        }
        for host in hosts {
            let site_id: String = host.try_get("site_id")?;
            if let Some(address) = addresses.get_mut(&site_id) {
                address.hosts.push(host.try_get("host")?);
            }
        }
        Ok(addresses.into_values().collect())
    }

    /// Gives `site_id` the host names `hosts` (in place of its own, when given) and the
    /// public URL `public_url` (when given), both checked by
    /// [`crate::domain::site_address`]. A host another site has is refused, naming it.
    #[tracing::instrument(skip(self))]
    pub async fn set_site_address(
        &self,
        site_id: &str,
        hosts: Option<&[String]>,
        public_url: Option<&str>,
    ) -> Result<super::Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let mut changed = 0;
        if let Some(hosts) = hosts {
            changed += assign_hosts(&mut transaction, site_id, hosts).await?;
        }
        if let Some(public_url) = public_url {
            let updated = sqlx::query(
                "UPDATE catalogue_sites SET public_url = $2 WHERE id = $1 AND public_url <> $2",
            )
            .bind(site_id)
            .bind(public_url)
            .execute(&mut *transaction)
            .await?;
            changed += updated.rows_affected();
        }
        self.commit_change(
            transaction,
            site_id,
            changed,
            Change::uneditable(Author::named("site addresses")),
        )
        .await
    }
}

/// Makes `hosts` the host names of `site_id`, in place of its own: a host another site has
/// is refused, naming it. Answers how many host names were added or removed.
pub(super) async fn assign_hosts(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    hosts: &[String],
) -> Result<u64, StoreError> {
    let mut changed = 0;
    for host in hosts {
        let owner: Option<String> =
            sqlx::query_scalar("SELECT site_id FROM catalogue_site_hosts WHERE host = $1")
                .bind(host)
                .fetch_optional(&mut **transaction)
                .await?;
        if let Some(owner) = owner.filter(|owner| owner != site_id) {
            return Err(StoreError::Exists(Invalid::new(
                "hosts",
                format!("'{host}' belongs to site '{owner}': remove it there first"),
            )));
        }
    }
    let kept: Vec<String> =
        sqlx::query_scalar("SELECT host FROM catalogue_site_hosts WHERE site_id = $1")
            .bind(site_id)
            .fetch_all(&mut **transaction)
            .await?;
    for host in kept.iter().filter(|host| !hosts.contains(host)) {
        sqlx::query("DELETE FROM catalogue_site_hosts WHERE host = $1")
            .bind(host)
            .execute(&mut **transaction)
            .await?;
        changed += 1;
    }
    for host in hosts.iter().filter(|host| !kept.contains(host)) {
        let inserted =
            sqlx::query("INSERT INTO catalogue_site_hosts (host, site_id) VALUES ($1, $2)")
                .bind(host)
                .bind(site_id)
                .execute(&mut **transaction)
                .await;
        match inserted {
            // Another site took it since it was looked at.
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                return Err(StoreError::Exists(Invalid::new(
                    "hosts",
                    format!("'{host}' belongs to another site: remove it there first"),
                )));
            }
            inserted => inserted?,
        };
        changed += 1;
    }
    Ok(changed)
}
