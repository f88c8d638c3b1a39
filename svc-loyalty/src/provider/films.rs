//! Which films exist: favourite films must be in the catalogue (else code 72). The
//! catalogue service is asked over gRPC, within the caller's request and trace.

use std::time::Duration;

use platform::trace::TracedChannel;
use proto::catalogue::v1::GetMovieRequest;
use proto::catalogue::v1::catalogue_client::CatalogueClient;

use crate::Error;

#[derive(Debug, Clone)]
pub struct FilmCatalogue {
    client: CatalogueClient<TracedChannel>,
}

/// How long the catalogue may take to say whether a film exists.
const TIMEOUT: Duration = Duration::from_secs(2);

impl FilmCatalogue {
    pub fn new(client: CatalogueClient<TracedChannel>) -> FilmCatalogue {
        FilmCatalogue { client }
    }

    /// Whether `site`'s catalogue has a movie with this id.
    pub async fn has_film(&self, site: &str, id: &str) -> Result<bool, Error> {
        let request = proto::site::about(site, GetMovieRequest { id: id.to_owned() })
            .map_err(|status| Error::BadInput(status.message().to_owned()))?;
        let answer = tokio::time::timeout(TIMEOUT, self.client.clone().get_movie(request))
            .await
            .unwrap_or_else(|_| Err(tonic::Status::deadline_exceeded("no answer in 2 s")));
        match answer {
            Ok(_) => Ok(true),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(false),
            Err(status) => Err(Error::Catalogue(status)),
        }
    }
}
