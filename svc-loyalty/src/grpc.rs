//! The gRPC adapter: proto <-> domain, errors -> Status.

use proto::loyalty::v1 as pb;
use tonic::{Request, Response, Status};

use crate::provider::support::SupportedMember;
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

    async fn unsubscribe(
        &self,
        request: Request<pb::UnsubscribeRequest>,
    ) -> Result<Response<pb::UnsubscribeReply>, Status> {
        let site_id = proto::site::named(&request)?
            .unwrap_or(&self.default_site)
            .to_owned();
        let kind = self
            .provider
            .unsubscribe(&site_id, &request.into_inner().token)
            .await?;
        Ok(Response::new(pb::UnsubscribeReply {
            kind: kind.code().to_owned(),
        }))
    }
}

/// Member support for the studio's staff: svc-studio calls it for a staff member it
/// authorised on the call's site (the `site-id` metadata).
#[derive(Debug, Clone)]
pub struct MemberSupportService {
    pub sites: SiteSettings,
    pub provider: Provider,
    /// Whether members are kept by an upstream loyalty API (LOYALTY_UPSTREAM_URL): then
    /// none is here to support.
    pub upstream: bool,
}

impl MemberSupportService {
    /// The call's site (its `site-id` metadata), refused while members are kept upstream.
    fn site_of<T>(&self, request: &Request<T>) -> Result<String, Status> {
        if self.upstream {
            return Err(Status::from(crate::Error::NotApplicable(
                "members are kept by the upstream loyalty API (LOYALTY_UPSTREAM_URL): support them there"
                    .to_owned(),
            )));
        }
        // Never the default site by omission: support is always for a site it names.
        proto::site::named(request)?
            .map(str::to_owned)
            .ok_or_else(|| {
                Status::from(crate::Error::BadInput(
                    "site-id: member support names its site".to_owned(),
                ))
            })
    }
}

fn supported(member: SupportedMember) -> pb::SupportedMember {
    pb::SupportedMember {
        id: member.id,
        email: member.email,
        status: member.status.to_owned(),
        last_login_at: member.last_login_at,
        cards: member.cards,
    }
}

#[tonic::async_trait]
impl pb::member_support_server::MemberSupport for MemberSupportService {
    async fn find_members(
        &self,
        request: Request<pb::FindMembersRequest>,
    ) -> Result<Response<pb::SupportedMembers>, Status> {
        let site = self.site_of(&request)?;
        let request = request.into_inner();
        let members = self
            .provider
            .find_members(&site, &request.email, &request.card)
            .await?;
        Ok(Response::new(pb::SupportedMembers {
            members: members.into_iter().map(supported).collect(),
        }))
    }

    async fn unlock_member(
        &self,
        request: Request<pb::MemberRequest>,
    ) -> Result<Response<pb::SupportedMember>, Status> {
        let site = self.site_of(&request)?;
        let member = self
            .provider
            .unlock_member(&site, &request.into_inner().member_id)
            .await?;
        Ok(Response::new(supported(member)))
    }

    async fn send_activation(
        &self,
        request: Request<pb::MemberRequest>,
    ) -> Result<Response<pb::SupportedMember>, Status> {
        let site = self.site_of(&request)?;
        let member = self
            .provider
            .send_activation(&site, &request.into_inner().member_id)
            .await?;
        Ok(Response::new(supported(member)))
    }

    async fn send_password_reset(
        &self,
        request: Request<pb::SendPasswordResetRequest>,
    ) -> Result<Response<pb::SupportedMember>, Status> {
        let site = self.site_of(&request)?;
        let loyalty = self.sites.of(&site).await?;
        let request = request.into_inner();
        let member = self
            .provider
            .send_password_reset(&site, &loyalty, &request.member_id, &request.root_url)
            .await?;
        Ok(Response::new(supported(member)))
    }

    async fn delete_member(
        &self,
        request: Request<pb::MemberRequest>,
    ) -> Result<Response<pb::DeleteMemberResponse>, Status> {
        let site = self.site_of(&request)?;
        let loyalty = self.sites.of(&site).await?;
        self.provider
            .delete_for_support(&site, &loyalty, &request.into_inner().member_id)
            .await?;
        Ok(Response::new(pb::DeleteMemberResponse {}))
    }
}
