//! The sites a staff member may see: every site for an operator, else those they hold a
//! grant on, as svc-catalogue serves them (the only owner of sites).

use proto::catalogue::v1 as catalogue;

use crate::Error;
use crate::domain::access::{self, Permission};
use crate::studio::{Me, Studio};

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
