//! A site's theaters and movies as published, for the studio's forms (an event's theater
//! and movie) and its movies screen: read by every role of the site from svc-catalogue.

use proto::catalogue::v1 as catalogue;

use crate::Error;
use crate::domain::access::Permission;
use crate::drafts::answer;
use crate::studio::Studio;

impl Studio {
    pub async fn site_theaters(
        &self,
        token: &str,
        site_id: &str,
    ) -> Result<catalogue::ListTheatersResponse, Error> {
        self.allowed(token, site_id, Permission::Read).await?;
        let request = for_site(site_id, catalogue::ListTheatersRequest::default())?;
        answer(self.catalogue.clone().list_theaters(request)).await
    }

    pub async fn site_movies(
        &self,
        token: &str,
        site_id: &str,
    ) -> Result<catalogue::SiteMovies, Error> {
        self.allowed(token, site_id, Permission::Read).await?;
        let request = catalogue::DraftRequest {
            site_id: site_id.to_owned(),
        };
        answer(self.drafts.clone().list_site_movies(request)).await
    }
}

/// `message` as a call about site `site_id` (its `site-id` metadata).
fn for_site<T>(site_id: &str, message: T) -> Result<tonic::Request<T>, Error> {
    let mut request = tonic::Request::new(message);
    let site = site_id
        .parse()
        .map_err(|_| Error::InvalidArgument(format!("siteId: '{site_id}' is not a site id")))?;
    request.metadata_mut().insert(proto::site::METADATA, site);
    Ok(request)
}
