//! Which films exist: favourite films must be in the catalogue (else code 72). The
//! catalogue service is asked over gRPC, within the caller's request and trace.

use platform::trace::{TracedChannel, traced};
use proto::catalogue::v1::GetMovieRequest;
use proto::catalogue::v1::catalogue_client::CatalogueClient;

use crate::Error;

#[derive(Debug, Clone)]
pub struct FilmCatalogue {
    client: CatalogueClient<TracedChannel>,
}

impl FilmCatalogue {
    /// A lazily connected client of the catalogue at `addr` (host:port).
    pub fn connect_lazy(addr: &str) -> Result<FilmCatalogue, Error> {
        let endpoint = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))?
            .connect_timeout(std::time::Duration::from_secs(2))
            .timeout(std::time::Duration::from_secs(2));
        Ok(FilmCatalogue {
            client: CatalogueClient::new(traced(endpoint.connect_lazy())),
        })
    }

    /// Whether `site`'s catalogue has a movie with this id.
    pub async fn has_film(&self, site: &str, id: &str) -> Result<bool, Error> {
        let mut request = tonic::Request::new(GetMovieRequest { id: id.to_owned() });
        let site = site
            .parse()
            .map_err(|_| Error::BadInput(format!("'{site}' is not a site id")))?;
        request.metadata_mut().insert(proto::site::METADATA, site);
        let answer = self.client.clone().get_movie(request).await;
        match answer {
            Ok(_) => Ok(true),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(false),
            Err(status) => Err(Error::Catalogue(status)),
        }
    }
}
