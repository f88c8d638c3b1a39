//! The gRPC adapter: proto <-> domain, errors -> Status.

use proto::loyalty::v1 as pb;
use tonic::{Request, Response, Status};

use crate::provider::{Envelope, Provider};
use crate::site_settings::SiteSettings;
use crate::upstream::Upstream;

#[derive(Debug, Clone)]
pub struct LoyaltyService {
    /// The site of a call that names none (SITE_ID).
    pub default_site: String,
    /// Each site's loyalty settings, learned from the catalogue.
    pub sites: SiteSettings,
    pub provider: Provider,
    /// Set in upstream mode: cypher calls go there instead of to the provider.
    pub upstream: Option<Upstream>,
}

#[tonic::async_trait]
impl pb::loyalty_server::Loyalty for LoyaltyService {
    async fn cypher(
        &self,
        request: Request<pb::CypherRequest>,
    ) -> Result<Response<pb::CypherReply>, Status> {
        let site_id = proto::site::named(&request)?
            .unwrap_or(&self.default_site)
            .to_owned();
        let request = request.into_inner();
        let payload = serde_json::Value::Object(
            request
                .payload
                .map(proto::json::from_struct)
                .unwrap_or_default(),
        );
        let envelope = Envelope {
            method: request.method,
            route: request.route,
            session_token: request.session_token,
            refresh_token: request.refresh_token,
            payload,
            captcha_token: request.captcha_token,
            client_address: request.client_address,
            loyalty: self.sites.of(&site_id).await?,
            site_id,
        };
        let answer = match &self.upstream {
            Some(upstream) => upstream.forward(&envelope).await,
            None => self.provider.handle(&envelope).await,
        };
        let reply = answer.map_err(|error| {
            tracing::error!("cypher call failed: {error}");
            Status::from(error)
        })?;
        Ok(Response::new(pb::CypherReply {
            http_status: u32::from(reply.status),
            content_type: reply.content_type,
            body: reply.body,
        }))
    }
}
