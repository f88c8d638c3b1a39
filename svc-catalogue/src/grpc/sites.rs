//! The gRPC adapter of the sites and their ingest keys run from the studio (proto
//! catalogue.v1.Sites), over [`crate::import`] and [`crate::store::keys`]. The caller,
//! svc-studio, has authorised the staff member.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use proto::catalogue::v1 as pb;
use tonic::{Request, Response, Status};

use crate::Error;
use crate::domain::invalid::Invalid;
use crate::domain::site_address;
use crate::follow::Catalogues;
use crate::import;
use crate::store::keys::IngestKey;
use crate::store::{Author, Store, StoreError};
use crate::version::Clock;

/// The longest label a key is given.
const MAX_LABEL_CHARS: usize = 100;
/// The longest name a new site is given.
const MAX_NAME_CHARS: usize = 100;
/// How long a new site's answer waits for the site to be served here (listed, with its
/// hosts): the follower hears of it within a second on SQLite, at once on PostgreSQL.
const SERVED_WITHIN: Duration = Duration::from_secs(10);

#[derive(Debug, Clone)]
pub struct SitesService {
    pub store: Store,
    pub catalogues: Catalogues,
    /// Where the site templates are (SITE_TEMPLATES_DIR).
    pub templates_dir: PathBuf,
    pub clock: Clock,
}

type Answer<T> = Result<Response<T>, Status>;

/// The host names `given`, checked and lower-cased, each once.
fn host_names(given: &[String]) -> Result<Vec<String>, Error> {
    let mut hosts = Vec::with_capacity(given.len());
    for host in given {
        let host = site_address::host(host).map_err(Error::Invalid)?;
        if !hosts.contains(&host) {
            hosts.push(host);
        }
    }
    Ok(hosts)
}

/// The public URL `given`, checked; empty for the deployment's.
fn public_url(given: &str) -> Result<String, Error> {
    match given.trim() {
        "" => Ok(String::new()),
        given => site_address::public_url(given).map_err(Error::Invalid),
    }
}

impl SitesService {
    /// Whether `site_id` is served here, with its address, waiting for it at most
    /// [`SERVED_WITHIN`]: a studio that lists the sites once it is made lists it.
    async fn served(&self, site_id: &str) -> bool {
        let started = Instant::now();
        loop {
            let listed = self
                .catalogues
                .addresses()
                .borrow()
                .addresses
                .iter()
                .any(|address| address.site_id == site_id);
            if listed && self.catalogues.site(Some(site_id)).is_some() {
                return true;
            }
            if started.elapsed() >= SERVED_WITHIN {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl From<IngestKey> for pb::IngestKeyEntry {
    fn from(key: IngestKey) -> Self {
        pb::IngestKeyEntry {
            id: key.id,
            label: key.label,
            created_at: key.created_at,
        }
    }
}

#[tonic::async_trait]
impl pb::sites_server::Sites for SitesService {
    async fn create_site(
        &self,
        request: Request<pb::CreateSiteRequest>,
    ) -> Answer<pb::SiteAddress> {
        let request = request.into_inner();
        if !proto::site::is_site_id(&request.id) {
            return Err(Error::Invalid(Invalid::new(
                "id",
                format!("'{}': lower-case letters, digits and '-'", request.id),
            ))
            .into());
        }
        let name = request.name.trim();
        if name.is_empty()
            || name.chars().count() > MAX_NAME_CHARS
            || name.chars().any(char::is_control)
        {
            return Err(Error::Invalid(Invalid::new(
                "name",
                format!("1 to {MAX_NAME_CHARS} characters, none a control character"),
            ))
            .into());
        }
        if !import::TEMPLATES.contains(&request.template.as_str()) {
            return Err(Error::Invalid(Invalid::new(
                "template",
                format!(
                    "'{}': one of {}",
                    request.template,
                    import::TEMPLATES.join(", ")
                ),
            ))
            .into());
        }
        let hosts = host_names(&request.hosts)?;
        let public_url = public_url(&request.public_url)?;
        let content =
            import::from_template(&self.templates_dir, &request.template, name, self.clock).await?;
        let author = Author {
            name: &request.author,
            note: Some("Created the site"),
        };
        let commit = self
            .store
            .create_site(&request.id, &content, &hosts, &public_url, author)
            .await
            .map_err(Error::from)?;
        tracing::info!(
            site = %request.id,
            template = %request.template,
            revision = %commit.revision,
            "site created from a template"
        );
        if !self.served(&request.id).await {
            tracing::warn!(site = %request.id, "the new site is not served yet; it will be once its revision loads");
        }
        Ok(Response::new(pb::SiteAddress {
            site_id: request.id,
            hosts,
            public_url,
            name: name.to_owned(),
            ..Default::default()
        }))
    }

    async fn set_site_address(
        &self,
        request: Request<pb::SetSiteAddressRequest>,
    ) -> Answer<pb::SiteAddress> {
        let request = request.into_inner();
        let hosts = match request.set_hosts {
            true => Some(host_names(&request.hosts)?),
            false => None,
        };
        let public_url = request.public_url.as_deref().map(public_url).transpose()?;
        let commit = self
            .store
            .set_site_address(&request.site_id, hosts.as_deref(), public_url.as_deref())
            .await
            .map_err(|error| match error {
                StoreError::NoSite(id) => Error::NotFound { kind: "site", id },
                error => Error::from(error),
            })?;
        tracing::info!(site = %request.site_id, revision = %commit.revision, "site address set");
        let address = self
            .store
            .site_addresses()
            .await
            .map_err(Error::from)?
            .into_iter()
            .find(|address| address.site_id == request.site_id)
            .unwrap_or_default();
        Ok(Response::new(pb::SiteAddress {
            site_id: request.site_id,
            hosts: address.hosts,
            public_url: address.public_url,
            ..Default::default()
        }))
    }

    async fn list_ingest_keys(
        &self,
        request: Request<pb::SiteKeysRequest>,
    ) -> Answer<pb::IngestKeys> {
        let site_id = request.into_inner().site_id;
        if self
            .store
            .revision(&site_id)
            .await
            .map_err(Error::from)?
            .is_none()
        {
            return Err(Error::NotFound {
                kind: "site",
                id: site_id,
            }
            .into());
        }
        let keys = self
            .store
            .list_keys(Some(&site_id))
            .await
            .map_err(Error::from)?
            .into_iter()
            .filter(|key| key.revoked_at.is_none())
            .map(pb::IngestKeyEntry::from)
            .collect();
        Ok(Response::new(pb::IngestKeys { keys }))
    }

    async fn create_ingest_key(
        &self,
        request: Request<pb::CreateIngestKeyRequest>,
    ) -> Answer<pb::CreatedIngestKey> {
        let request = request.into_inner();
        let label = request.label.trim();
        if label.is_empty() || label.chars().count() > MAX_LABEL_CHARS {
            return Err(Error::Invalid(Invalid::new(
                "label",
                format!("1 to {MAX_LABEL_CHARS} characters: what the key is for"),
            ))
            .into());
        }
        if label.chars().any(char::is_control) {
            return Err(Error::Invalid(Invalid::new("label", "no control characters")).into());
        }
        let (key, text) = self
            .store
            .create_key(&request.site_id, label)
            .await
            .map_err(Error::from)?;
        Ok(Response::new(pb::CreatedIngestKey {
            key: Some(key.into()),
            text,
        }))
    }

    async fn revoke_ingest_key(
        &self,
        request: Request<pb::RevokeIngestKeyRequest>,
    ) -> Answer<pb::RevokeIngestKeyResponse> {
        let request = request.into_inner();
        if request.site_id.is_empty() {
            return Err(Error::Invalid(Invalid::new("siteId", "required")).into());
        }
        let revoked = self
            .store
            .revoke_key(&request.id, Some(&request.site_id))
            .await
            .map_err(Error::from)?;
        if !revoked {
            return Err(Error::NotFound {
                kind: "ingest key",
                id: request.id,
            }
            .into());
        }
        Ok(Response::new(pb::RevokeIngestKeyResponse {}))
    }

    async fn republish_site(
        &self,
        request: Request<pb::RepublishSiteRequest>,
    ) -> Answer<pb::RepublishSiteResponse> {
        let request = request.into_inner();
        let author = request.author.trim();
        if author.is_empty() {
            return Err(Error::InvalidArgument("author: required".to_owned()).into());
        }
        let commit = self
            .store
            .republish(&request.site_id, Author::named(author))
            .await
            .map_err(Error::from)?;
        tracing::info!(site = %request.site_id, revision = %commit.revision, "the site is to be published again in full");
        Ok(Response::new(pb::RepublishSiteResponse {
            revision: commit.revision,
        }))
    }
}
