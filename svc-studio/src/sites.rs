//! The sites a staff member may see: every site for an operator, else those they hold a
//! grant on, as svc-catalogue serves them (the only owner of sites); and new sites, made
//! by operators from a template (docs/studio.md#sites-and-staff).

use proto::catalogue::v1 as catalogue;
use serde_json::json;

use crate::Error;
use crate::audit::Change;
use crate::domain::access::{self, Permission};
use crate::studio::{Me, Studio};

/// What a new site is made of and where it is served, as an operator asks for it.
#[derive(Debug, Clone, Default)]
pub struct NewSite {
    pub id: String,
    pub name: String,
    /// `empty` or `demo`.
    pub template: String,
    pub hosts: Vec<String>,
    /// Its origin; empty for the deployment's.
    pub public_url: String,
}

/// A site as the studio lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    pub id: String,
    pub name: String,
    pub hosts: Vec<String>,
    /// Its origin; empty when it is the deployment's PUBLIC_URL.
    pub public_url: String,
    /// The deployment's default site.
    pub is_default: bool,
}

impl Studio {
    /// The sites the session's staff member may read, by id.
    pub async fn sites(&self, session_token: &str) -> Result<Vec<Site>, Error> {
        let me = self.authenticate(session_token).await?;
        self.sites_of(&me).await
    }

    /// Makes the site `new` from its template in svc-catalogue: operators only. The
    /// catalogue checks every field and refuses an id or a host already in use.
    pub async fn create_site(
        &self,
        session_token: &str,
        new: NewSite,
        client_address: &str,
    ) -> Result<Site, Error> {
        let me = self.authenticate(session_token).await?;
        if access::authorise_deployment(&me.grants, Permission::ManageSites).is_err() {
            return Err(Error::PermissionDenied(
                "only operators create sites".to_owned(),
            ));
        }
        let created = self
            .sites
            .clone()
            .create_site(catalogue::CreateSiteRequest {
                id: new.id.clone(),
                name: new.name.clone(),
                template: new.template.clone(),
                hosts: new.hosts,
                public_url: new.public_url,
                author: me.staff.name.clone(),
            })
            .await
            .map_err(Error::Catalogue)?
            .into_inner();
        tracing::info!(staff = %me.staff.id, site = %created.site_id, template = %new.template, "a site was created");
        self.record(
            &me,
            Change {
                site_id: Some(&created.site_id),
                action: "site.created",
                target: &format!("site {}", created.site_id),
                changes: json!({
                    "name": {"before": null, "after": created.name},
                    "template": {"before": null, "after": new.template},
                    "hosts": {"before": null, "after": created.hosts},
                    "publicUrl": {"before": null, "after": created.public_url},
                }),
                client_address,
            },
        )
        .await?;
        Ok(Site {
            id: created.site_id,
            name: created.name,
            hosts: created.hosts,
            public_url: created.public_url,
            is_default: false,
        })
    }

    /// Serves the site on `hosts` (in place of its own, when given) at `public_url` (when
    /// given; empty for the deployment's): operators only.
    pub async fn set_site_address(
        &self,
        session_token: &str,
        site_id: &str,
        hosts: Option<Vec<String>>,
        public_url: Option<String>,
        client_address: &str,
    ) -> Result<Site, Error> {
        let me = self
            .allowed(session_token, site_id, Permission::ManageSites)
            .await?;
        let before = self.site_of(&me, site_id).await?;
        let set = self
            .sites
            .clone()
            .set_site_address(catalogue::SetSiteAddressRequest {
                site_id: site_id.to_owned(),
                set_hosts: hosts.is_some(),
                hosts: hosts.unwrap_or_default(),
                public_url,
            })
            .await
            .map_err(Error::Catalogue)?
            .into_inner();
        tracing::info!(staff = %me.staff.id, site = %site_id, "a site's address was set");
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "site.address-set",
                target: &format!("site {site_id}"),
                changes: json!({
                    "hosts": {"before": before.hosts, "after": set.hosts},
                    "publicUrl": {"before": before.public_url, "after": set.public_url},
                }),
                client_address,
            },
        )
        .await?;
        Ok(Site {
            hosts: set.hosts,
            public_url: set.public_url,
            ..before
        })
    }

    /// The site `site_id`, which `me` may read; not found otherwise.
    pub async fn site_of(&self, me: &Me, site_id: &str) -> Result<Site, Error> {
        self.sites_of(me)
            .await?
            .into_iter()
            .find(|site| site.id == site_id)
            .ok_or_else(|| Error::NotFound(format!("no site '{site_id}'")))
    }

    /// The sites `me` may read, by id.
    pub async fn sites_of(&self, me: &Me) -> Result<Vec<Site>, Error> {
        let served = self
            .catalogue
            .clone()
            .list_sites(catalogue::ListSitesRequest {})
            .await
            .map_err(Error::Catalogue)?
            .into_inner();
        let mut sites: Vec<Site> = served
            .sites
            .into_iter()
            .filter(|site| {
                access::authorise(&me.grants, &site.site_id, None, Permission::Read).is_ok()
            })
            .map(|site| Site {
                name: if site.name.is_empty() {
                    site.site_id.clone()
                } else {
                    site.name
                },
                is_default: site.site_id == served.default_site_id,
                id: site.site_id,
                hosts: site.hosts,
                public_url: site.public_url,
            })
            .collect();
        sites.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(sites)
    }
}

impl Studio {
    /// The session's staff member, when an operator: who may see the deployment's
    /// publishing.
    pub async fn operator(&self, session_token: &str) -> Result<Me, Error> {
        let me = self.authenticate(session_token).await?;
        access::authorise_deployment(&me.grants, Permission::ManageSites).map_err(|_| {
            Error::PermissionDenied("only operators see the deployment's publishing".to_owned())
        })?;
        Ok(me)
    }

    /// Asks for the site to be published again in full (every page rendered): operators
    /// only, audited.
    pub async fn republish_site(
        &self,
        session_token: &str,
        site_id: &str,
        client_address: &str,
    ) -> Result<catalogue::RepublishSiteResponse, Error> {
        let me = self
            .allowed(session_token, site_id, Permission::ManageSites)
            .await?;
        let republished = self
            .sites
            .clone()
            .republish_site(catalogue::RepublishSiteRequest {
                site_id: site_id.to_owned(),
                author: me.staff.name.clone(),
            })
            .await
            .map_err(Error::Catalogue)?
            .into_inner();
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "site.republished",
                target: &format!("revision {}", republished.revision),
                changes: json!({}),
                client_address,
            },
        )
        .await?;
        Ok(republished)
    }
}
