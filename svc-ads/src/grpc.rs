//! The gRPC adapter: checks the request, asks the domain, logs its warnings.

use proto::ads::v1 as pb;
use tonic::{Request, Response, Status};

use crate::Error;
use crate::domain::setup::ad_setup;

#[derive(Debug, Clone)]
pub struct AdsService {
    pub library_url: String,
}

#[tonic::async_trait]
impl pb::ads_server::Ads for AdsService {
    async fn get_ads_config(
        &self,
        request: Request<pb::GetAdsConfigRequest>,
    ) -> Result<Response<pb::AdsConfig>, Status> {
        let request = request.into_inner();
        if !request.path.starts_with('/') {
            return Err(
                Error::InvalidArgument("path: required, starting with '/'".to_owned()).into(),
            );
        }
        let setup = ad_setup(&request, &self.library_url);
        for warning in &setup.warnings {
            tracing::warn!(path = %request.path, "{warning}");
        }
        Ok(Response::new(setup))
    }
}
