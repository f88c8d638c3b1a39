//! The gRPC adapter: requests -> the studio's calls -> messages; errors -> Status.

use proto::studio::v1 as pb;
use tonic::{Request, Response, Status};

use crate::domain::access::Grant;
use crate::store::staff::StaffMember;
use crate::studio::{Me, SignedIn, Studio};

#[derive(Debug, Clone)]
pub struct StudioService {
    pub studio: Studio,
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl pb::studio_server::Studio for StudioService {
    async fn describe_invitation(
        &self,
        request: Request<pb::DescribeInvitationRequest>,
    ) -> Reply<pb::Invitation> {
        let invitation = self
            .studio
            .describe_invitation(&request.into_inner().token)
            .await?;
        Ok(Response::new(pb::Invitation {
            email: invitation.email.unwrap_or_default(),
            grant: Some(invitation.grant.into()),
            expires_at: invitation.expires_at,
            accept_without_passkey: self.studio.email_sign_in,
        }))
    }

    async fn accept_invitation(
        &self,
        request: Request<pb::AcceptInvitationRequest>,
    ) -> Reply<pb::SignedIn> {
        let request = request.into_inner();
        let signed_in = self
            .studio
            .accept_invitation(&request.token, &request.name, &request.email)
            .await?;
        Ok(Response::new(signed_in.into()))
    }

    async fn mail_sign_in_link(
        &self,
        request: Request<pb::MailSignInLinkRequest>,
    ) -> Reply<pb::MailSignInLinkResponse> {
        self.studio
            .mail_sign_in_link(&request.into_inner().email)
            .await?;
        Ok(Response::new(pb::MailSignInLinkResponse {}))
    }

    async fn sign_in_with_link(
        &self,
        request: Request<pb::SignInWithLinkRequest>,
    ) -> Reply<pb::SignedIn> {
        let signed_in = self
            .studio
            .sign_in_with_link(&request.into_inner().token)
            .await?;
        Ok(Response::new(signed_in.into()))
    }

    async fn authenticate(&self, request: Request<pb::AuthenticateRequest>) -> Reply<pb::Me> {
        let me = self
            .studio
            .authenticate(&request.into_inner().session_token)
            .await?;
        Ok(Response::new(me.into()))
    }

    async fn sign_out(&self, request: Request<pb::SignOutRequest>) -> Reply<pb::SignOutResponse> {
        self.studio
            .sign_out(&request.into_inner().session_token)
            .await?;
        Ok(Response::new(pb::SignOutResponse {}))
    }
}

impl From<SignedIn> for pb::SignedIn {
    fn from(signed_in: SignedIn) -> Self {
        Self {
            session_token: signed_in.session_token,
            expires_at: signed_in.expires_at,
            me: Some(signed_in.me.into()),
        }
    }
}

impl From<Me> for pb::Me {
    fn from(me: Me) -> Self {
        Self {
            staff: Some(me.staff.into()),
            grants: me.grants.into_iter().map(pb::Grant::from).collect(),
        }
    }
}

impl From<StaffMember> for pb::Staff {
    fn from(staff: StaffMember) -> Self {
        Self {
            id: staff.id,
            email: staff.email,
            name: staff.name,
        }
    }
}

impl From<Grant> for pb::Grant {
    fn from(grant: Grant) -> Self {
        Self {
            role: grant.role.code().to_owned(),
            site_id: grant.site_id.unwrap_or_default(),
            theater_ids: grant.theater_ids,
        }
    }
}
