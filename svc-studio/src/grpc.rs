//! The gRPC adapter: requests -> the studio's calls -> messages; errors -> Status.

use proto::catalogue::v1 as catalogue;
use proto::loyalty::v1 as loyalty;
use proto::studio::v1 as pb;
use tonic::{Request, Response, Status};

use crate::Error;
use crate::domain::access::{Grant, Role};
use crate::drafts::{DraftEdit, Publish};
use crate::media::MediaUpload;
use crate::member_support::Action;
use crate::passkeys::{Registered, Registrant};
use crate::points_of_sale::LinkSetting;
use crate::site_staff::SentInvitation;
use crate::sites::{NewSite, Site};
use crate::store::audit::AuditFilter;
use crate::store::staff::StaffMember;
use crate::studio::{Me, SignedIn, Studio};

#[derive(Debug, Clone)]
pub struct StudioService {
    pub studio: Studio,
}

type Reply<T> = Result<Response<T>, Status>;

/// The largest message the service takes: a media upload of 10 MiB and its fields.
pub const MAX_MESSAGE_BYTES: usize = 10 * 1024 * 1024 + 64 * 1024;

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

    async fn sign_in_methods(
        &self,
        _: Request<pb::SignInMethodsRequest>,
    ) -> Reply<pb::SignInMethodsResponse> {
        let methods = self.studio.sign_in_methods();
        Ok(Response::new(pb::SignInMethodsResponse {
            email_link: methods.email_link,
            single_sign_on: methods.single_sign_on,
        }))
    }

    async fn begin_single_sign_on(
        &self,
        _: Request<pb::BeginSingleSignOnRequest>,
    ) -> Reply<pb::SingleSignOnStart> {
        let begun = self.studio.begin_single_sign_on().await?;
        Ok(Response::new(pb::SingleSignOnStart {
            authorization_url: begun.authorization_url,
            state: begun.state,
        }))
    }

    async fn sign_in_with_single_sign_on(
        &self,
        request: Request<pb::SignInWithSingleSignOnRequest>,
    ) -> Reply<pb::SignedIn> {
        let request = request.into_inner();
        let signed_in = self
            .studio
            .sign_in_with_single_sign_on(&request.state, &request.code)
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

    async fn passkey_registration_options(
        &self,
        request: Request<pb::PasskeyRegistrationOptionsRequest>,
    ) -> Reply<pb::PasskeyOptions> {
        let registrant = request.into_inner().registrant.unwrap_or_default();
        let options = self
            .studio
            .passkey_registration_options(registrant_of(&registrant)?)
            .await?;
        Ok(Response::new(pb::PasskeyOptions {
            options_json: options.to_string(),
        }))
    }

    async fn register_passkey(
        &self,
        request: Request<pb::RegisterPasskeyRequest>,
    ) -> Reply<pb::SignedIn> {
        let request = request.into_inner();
        let registrant = request.registrant.unwrap_or_default();
        let registered = self
            .studio
            .register_passkey(
                registrant_of(&registrant)?,
                &request.credential_json,
                &request.label,
            )
            .await?;
        Ok(Response::new(match registered {
            Registered::Accepted(signed_in) => signed_in.into(),
            Registered::Added(me) => pb::SignedIn {
                session_token: String::new(),
                expires_at: 0,
                me: Some(me.into()),
            },
        }))
    }

    async fn passkey_sign_in_options(
        &self,
        _request: Request<pb::PasskeySignInOptionsRequest>,
    ) -> Reply<pb::PasskeyOptions> {
        let options = self.studio.passkey_sign_in_options().await?;
        Ok(Response::new(pb::PasskeyOptions {
            options_json: options.to_string(),
        }))
    }

    async fn sign_in_with_passkey(
        &self,
        request: Request<pb::SignInWithPasskeyRequest>,
    ) -> Reply<pb::SignedIn> {
        let signed_in = self
            .studio
            .sign_in_with_passkey(&request.into_inner().credential_json)
            .await?;
        Ok(Response::new(signed_in.into()))
    }

    async fn list_passkeys(
        &self,
        request: Request<pb::ListPasskeysRequest>,
    ) -> Reply<pb::Passkeys> {
        let passkeys = self
            .studio
            .passkeys(&request.into_inner().session_token)
            .await?;
        Ok(Response::new(pb::Passkeys {
            passkeys: passkeys
                .into_iter()
                .map(|passkey| pb::ListedPasskey {
                    id: passkey.id,
                    label: passkey.label,
                    created_at: passkey.created_at,
                    last_used_at: passkey.last_used_at.unwrap_or_default(),
                })
                .collect(),
        }))
    }

    async fn remove_passkey(
        &self,
        request: Request<pb::RemovePasskeyRequest>,
    ) -> Reply<pb::RemovePasskeyResponse> {
        let request = request.into_inner();
        self.studio
            .remove_passkey(&request.session_token, &request.id)
            .await?;
        Ok(Response::new(pb::RemovePasskeyResponse {}))
    }

    async fn invite_staff(
        &self,
        request: Request<pb::InviteStaffRequest>,
    ) -> Reply<pb::SentInvitation> {
        let request = request.into_inner();
        let asked = request.grant.unwrap_or_default();
        let role = Role::parse(&asked.role).map_err(Error::InvalidArgument)?;
        let site_id = (!asked.site_id.is_empty()).then_some(asked.site_id.as_str());
        let grant =
            Grant::new(role, site_id, &asked.theater_ids).map_err(Error::InvalidArgument)?;
        let sent = self
            .studio
            .invite_staff(
                &request.session_token,
                &request.email,
                &grant,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(sent.into()))
    }

    async fn list_site_staff(&self, request: Request<pb::SiteRequest>) -> Reply<pb::SiteStaff> {
        let request = request.into_inner();
        let staff = self
            .studio
            .site_staff(&request.session_token, &request.site_id)
            .await?;
        Ok(Response::new(pb::SiteStaff {
            staff: staff
                .into_iter()
                .map(|(staff, grant)| pb::StaffGrant {
                    staff: Some(staff.into()),
                    grant: Some(grant.into()),
                })
                .collect(),
        }))
    }

    async fn list_pending_invitations(
        &self,
        request: Request<pb::SiteRequest>,
    ) -> Reply<pb::PendingInvitations> {
        let request = request.into_inner();
        let pending = self
            .studio
            .pending_invitations(&request.session_token, &request.site_id)
            .await?;
        Ok(Response::new(pb::PendingInvitations {
            invitations: pending
                .into_iter()
                .map(|invitation| pb::SentInvitation {
                    email: invitation.email,
                    grant: Some(invitation.grant.into()),
                    expires_at: invitation.expires_at,
                })
                .collect(),
        }))
    }

    async fn remove_grant(
        &self,
        request: Request<pb::RemoveGrantRequest>,
    ) -> Reply<pb::RemoveGrantResponse> {
        let request = request.into_inner();
        self.studio
            .remove_grant(
                &request.session_token,
                &request.site_id,
                &request.staff_id,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(pb::RemoveGrantResponse {}))
    }

    async fn list_audit(&self, request: Request<pb::ListAuditRequest>) -> Reply<pb::AuditEntries> {
        let request = request.into_inner();
        let given = |text: String| (!text.is_empty()).then_some(text);
        let filter = AuditFilter {
            site_id: given(request.site_id),
            staff_id: given(request.staff_id),
            action: given(request.action),
            from: (request.from != 0).then_some(request.from),
            to: (request.to != 0).then_some(request.to),
        };
        let entries = self.studio.audit(&request.session_token, &filter).await?;
        Ok(Response::new(pb::AuditEntries {
            entries: entries
                .into_iter()
                .map(|entry| pb::AuditEntry {
                    at: entry.at,
                    staff: Some(pb::Staff {
                        id: entry.staff_id,
                        email: entry.staff_email,
                        name: entry.staff_name,
                    }),
                    role: entry.role,
                    site_id: entry.site_id,
                    action: entry.action,
                    target: entry.target,
                    changes_json: entry.changes,
                    client_address: entry.client_address,
                    request_id: entry.request_id,
                })
                .collect(),
        }))
    }

    async fn list_sites(&self, request: Request<pb::ListSitesRequest>) -> Reply<pb::Sites> {
        let sites = self
            .studio
            .sites(&request.into_inner().session_token)
            .await?;
        Ok(Response::new(pb::Sites {
            sites: sites.into_iter().map(pb::Site::from).collect(),
        }))
    }

    async fn create_site(&self, request: Request<pb::CreateSiteRequest>) -> Reply<pb::Site> {
        let request = request.into_inner();
        let new = NewSite {
            id: request.id,
            name: request.name,
            template: request.template,
            hosts: request.hosts,
            public_url: request.public_url,
        };
        let site = self
            .studio
            .create_site(&request.session_token, new, &request.client_address)
            .await?;
        Ok(Response::new(pb::Site::from(site)))
    }

    async fn set_site_address(
        &self,
        request: Request<pb::SetSiteAddressRequest>,
    ) -> Reply<pb::Site> {
        let request = request.into_inner();
        let site = self
            .studio
            .set_site_address(
                &request.session_token,
                &request.site_id,
                request.set_hosts.then_some(request.hosts),
                request.public_url,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(pb::Site::from(site)))
    }

    async fn get_draft(&self, request: Request<pb::SiteRequest>) -> Reply<catalogue::Draft> {
        let request = request.into_inner();
        Ok(Response::new(
            self.studio
                .draft(&request.session_token, &request.site_id)
                .await?,
        ))
    }

    async fn get_draft_site(
        &self,
        request: Request<pb::SiteRequest>,
    ) -> Reply<catalogue::DraftedRecord> {
        let request = request.into_inner();
        Ok(Response::new(
            self.studio
                .draft_site(&request.session_token, &request.site_id)
                .await?,
        ))
    }

    async fn list_draft_records(
        &self,
        request: Request<pb::DraftRecordsRequest>,
    ) -> Reply<catalogue::DraftRecordSummaries> {
        let request = request.into_inner();
        Ok(Response::new(
            self.studio
                .drafted_records(&request.session_token, &request.site_id, &request.kind)
                .await?,
        ))
    }

    async fn get_draft_record(
        &self,
        request: Request<pb::DraftRecordRequest>,
    ) -> Reply<catalogue::DraftedRecord> {
        let request = request.into_inner();
        Ok(Response::new(
            self.studio
                .drafted_record(
                    &request.session_token,
                    &request.site_id,
                    &request.kind,
                    &request.id,
                )
                .await?,
        ))
    }

    async fn list_revisions(
        &self,
        request: Request<pb::SiteRequest>,
    ) -> Reply<catalogue::Revisions> {
        let request = request.into_inner();
        Ok(Response::new(
            self.studio
                .revisions(&request.session_token, &request.site_id)
                .await?,
        ))
    }

    async fn patch_draft_site(
        &self,
        request: Request<pb::PatchDraftSiteRequest>,
    ) -> Reply<catalogue::DraftedRecord> {
        let request = request.into_inner();
        let edit = DraftEdit::Site {
            patch_json: request.patch_json,
        };
        self.edit_draft(
            &request.session_token,
            &request.site_id,
            edit,
            &request.client_address,
        )
        .await
    }

    async fn put_draft_page(
        &self,
        request: Request<pb::PutDraftPageRequest>,
    ) -> Reply<catalogue::DraftedRecord> {
        let request = request.into_inner();
        let page = request
            .page
            .ok_or_else(|| Error::InvalidArgument("page: required".to_owned()))?;
        self.edit_draft(
            &request.session_token,
            &request.site_id,
            DraftEdit::Page(page),
            &request.client_address,
        )
        .await
    }

    async fn put_draft_event(
        &self,
        request: Request<pb::PutDraftEventRequest>,
    ) -> Reply<catalogue::DraftedRecord> {
        let request = request.into_inner();
        let event = request
            .event
            .ok_or_else(|| Error::InvalidArgument("event: required".to_owned()))?;
        self.edit_draft(
            &request.session_token,
            &request.site_id,
            DraftEdit::Event(event),
            &request.client_address,
        )
        .await
    }

    async fn put_draft_theater(
        &self,
        request: Request<pb::PutDraftTheaterRequest>,
    ) -> Reply<catalogue::DraftedRecord> {
        let request = request.into_inner();
        let edit = DraftEdit::Theater {
            id: request.theater_id,
            details: request.details.unwrap_or_default(),
        };
        self.edit_draft(
            &request.session_token,
            &request.site_id,
            edit,
            &request.client_address,
        )
        .await
    }

    async fn get_point_of_sale(
        &self,
        request: Request<pb::TheaterRequest>,
    ) -> Reply<catalogue::PointOfSaleState> {
        let request = request.into_inner();
        let state = self
            .studio
            .point_of_sale(
                &request.session_token,
                &request.site_id,
                &request.theater_id,
            )
            .await?;
        Ok(Response::new(state))
    }

    async fn set_point_of_sale(
        &self,
        request: Request<pb::SetPointOfSaleRequest>,
    ) -> Reply<catalogue::PointOfSaleState> {
        let request = request.into_inner();
        let setting = LinkSetting {
            link: request.link,
            token: request.token,
        };
        let state = self
            .studio
            .set_point_of_sale(
                &request.session_token,
                &request.site_id,
                &request.theater_id,
                setting,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(state))
    }

    async fn delete_draft_record(
        &self,
        request: Request<pb::DeleteDraftRecordRequest>,
    ) -> Reply<catalogue::DraftedRecord> {
        let request = request.into_inner();
        let edit = DraftEdit::Remove {
            kind: request.kind,
            id: request.id,
        };
        self.edit_draft(
            &request.session_token,
            &request.site_id,
            edit,
            &request.client_address,
        )
        .await
    }

    async fn discard_draft(
        &self,
        request: Request<pb::DraftActionRequest>,
    ) -> Reply<catalogue::DiscardDraftResponse> {
        let request = request.into_inner();
        self.studio
            .discard_draft(
                &request.session_token,
                &request.site_id,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(catalogue::DiscardDraftResponse {}))
    }

    async fn publish_draft(
        &self,
        request: Request<pb::PublishDraftRequest>,
    ) -> Reply<catalogue::PublishDraftResponse> {
        let request = request.into_inner();
        let publish = Publish {
            publish_at: request.publish_at,
            overwrite: request.overwrite,
        };
        Ok(Response::new(
            self.studio
                .publish_draft(
                    &request.session_token,
                    &request.site_id,
                    publish,
                    &request.client_address,
                )
                .await?,
        ))
    }

    async fn restore_revision(
        &self,
        request: Request<pb::RestoreRevisionRequest>,
    ) -> Reply<catalogue::PublishDraftResponse> {
        let request = request.into_inner();
        Ok(Response::new(
            self.studio
                .restore_revision(
                    &request.session_token,
                    &request.site_id,
                    &request.revision,
                    &request.client_address,
                )
                .await?,
        ))
    }

    async fn open_preview(&self, request: Request<pb::SiteRequest>) -> Reply<pb::Preview> {
        let request = request.into_inner();
        let preview = self
            .studio
            .open_preview(&request.session_token, &request.site_id)
            .await?;
        Ok(Response::new(pb::Preview {
            token: preview.token,
            expires_at: preview.expires_at,
            site: Some(preview.site.into()),
        }))
    }

    async fn list_ingest_keys(
        &self,
        request: Request<pb::SiteRequest>,
    ) -> Reply<catalogue::IngestKeys> {
        let request = request.into_inner();
        let keys = self
            .studio
            .ingest_keys(&request.session_token, &request.site_id)
            .await?;
        Ok(Response::new(catalogue::IngestKeys { keys }))
    }

    async fn create_ingest_key(
        &self,
        request: Request<pb::CreateIngestKeyRequest>,
    ) -> Reply<catalogue::CreatedIngestKey> {
        let request = request.into_inner();
        Ok(Response::new(
            self.studio
                .create_ingest_key(
                    &request.session_token,
                    &request.site_id,
                    &request.label,
                    &request.client_address,
                )
                .await?,
        ))
    }

    async fn revoke_ingest_key(
        &self,
        request: Request<pb::RevokeIngestKeyRequest>,
    ) -> Reply<pb::RevokeIngestKeyResponse> {
        let request = request.into_inner();
        self.studio
            .revoke_ingest_key(
                &request.session_token,
                &request.site_id,
                &request.key_id,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(pb::RevokeIngestKeyResponse {}))
    }

    async fn check_preview(
        &self,
        request: Request<pb::CheckPreviewRequest>,
    ) -> Reply<pb::PreviewedSite> {
        let site_id = self
            .studio
            .previewed_site(&request.into_inner().token)
            .await?;
        Ok(Response::new(pb::PreviewedSite { site_id }))
    }

    async fn find_members(
        &self,
        request: Request<pb::FindMembersRequest>,
    ) -> Reply<loyalty::SupportedMembers> {
        let request = request.into_inner();
        let members = self
            .studio
            .find_members(
                &request.session_token,
                &request.site_id,
                &request.email,
                &request.card,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(loyalty::SupportedMembers { members }))
    }

    async fn support_member(
        &self,
        request: Request<pb::SupportMemberRequest>,
    ) -> Reply<pb::SupportMemberResponse> {
        let request = request.into_inner();
        let action = match request.action() {
            pb::SupportAction::Unlock => Action::Unlock,
            pb::SupportAction::SendActivation => Action::SendActivation,
            pb::SupportAction::SendPasswordReset => Action::SendPasswordReset {
                root_url: &request.root_url,
            },
            pb::SupportAction::Delete => Action::Delete {
                reason: &request.reason,
            },
            pb::SupportAction::Unspecified => {
                return Err(
                    Error::InvalidArgument("action: which support action".to_owned()).into(),
                );
            }
        };
        let member = self
            .studio
            .support_member(
                &request.session_token,
                &request.site_id,
                &request.member_id,
                action,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(pb::SupportMemberResponse { member }))
    }

    async fn list_site_theaters(
        &self,
        request: Request<pb::SiteRequest>,
    ) -> Reply<catalogue::ListTheatersResponse> {
        let request = request.into_inner();
        let theaters = self
            .studio
            .site_theaters(&request.session_token, &request.site_id)
            .await?;
        Ok(Response::new(theaters))
    }

    async fn authorise_operator(&self, request: Request<pb::AuthenticateRequest>) -> Reply<pb::Me> {
        let me = self
            .studio
            .operator(&request.into_inner().session_token)
            .await?;
        Ok(Response::new(me.into()))
    }

    async fn republish_site(
        &self,
        request: Request<pb::DraftActionRequest>,
    ) -> Reply<catalogue::RepublishSiteResponse> {
        let request = request.into_inner();
        let republished = self
            .studio
            .republish_site(
                &request.session_token,
                &request.site_id,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(republished))
    }

    async fn list_site_movies(
        &self,
        request: Request<pb::SiteRequest>,
    ) -> Reply<catalogue::SiteMovies> {
        let request = request.into_inner();
        let movies = self
            .studio
            .site_movies(&request.session_token, &request.site_id)
            .await?;
        Ok(Response::new(movies))
    }

    async fn list_media(
        &self,
        request: Request<pb::ListMediaRequest>,
    ) -> Reply<catalogue::MediaItems> {
        let request = request.into_inner();
        let items = self
            .studio
            .media(&request.session_token, &request.site_id, &request.query)
            .await?;
        Ok(Response::new(items))
    }

    async fn upload_media(
        &self,
        request: Request<pb::UploadMediaRequest>,
    ) -> Reply<catalogue::MediaItem> {
        let request = request.into_inner();
        let upload = MediaUpload {
            body: request.body,
            content_type: request.content_type,
            file_name: request.file_name,
        };
        let item = self
            .studio
            .upload_media(
                &request.session_token,
                &request.site_id,
                upload,
                &request.alt,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(item))
    }

    async fn replace_media(
        &self,
        request: Request<pb::ReplaceMediaRequest>,
    ) -> Reply<catalogue::MediaItem> {
        let request = request.into_inner();
        let upload = MediaUpload {
            body: request.body,
            content_type: request.content_type,
            file_name: request.file_name,
        };
        let item = self
            .studio
            .replace_media(
                &request.session_token,
                &request.site_id,
                &request.id,
                upload,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(item))
    }

    async fn set_media_alt(
        &self,
        request: Request<pb::SetMediaAltRequest>,
    ) -> Reply<catalogue::MediaItem> {
        let request = request.into_inner();
        let item = self
            .studio
            .set_media_alt(
                &request.session_token,
                &request.site_id,
                &request.id,
                &request.alt,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(item))
    }

    async fn delete_media(
        &self,
        request: Request<pb::DeleteMediaRequest>,
    ) -> Reply<pb::DeleteMediaResponse> {
        let request = request.into_inner();
        self.studio
            .delete_media(
                &request.session_token,
                &request.site_id,
                &request.id,
                &request.client_address,
            )
            .await?;
        Ok(Response::new(pb::DeleteMediaResponse {}))
    }
}

impl StudioService {
    async fn edit_draft(
        &self,
        token: &str,
        site_id: &str,
        edit: DraftEdit,
        client_address: &str,
    ) -> Reply<catalogue::DraftedRecord> {
        Ok(Response::new(
            self.studio
                .edit_draft(token, site_id, edit, client_address)
                .await?,
        ))
    }
}

impl From<SentInvitation> for pb::SentInvitation {
    fn from(sent: SentInvitation) -> Self {
        Self {
            email: sent.email,
            grant: Some(sent.grant.into()),
            expires_at: sent.expires_at,
        }
    }
}

impl From<Site> for pb::Site {
    fn from(site: Site) -> Self {
        Self {
            id: site.id,
            name: site.name,
            hosts: site.hosts,
            public_url: site.public_url,
            is_default: site.is_default,
        }
    }
}

/// Who a passkey call registers for; a request naming nobody is refused.
fn registrant_of(registrant: &pb::Registrant) -> Result<Registrant<'_>, Status> {
    match (&registrant.invitee, registrant.session_token.as_str()) {
        (Some(invitee), _) => Ok(Registrant::Invited {
            token: &invitee.token,
            name: &invitee.name,
            email: &invitee.email,
        }),
        (None, "") => Err(Status::unauthenticated(
            "no session and no invitation: sign in, or open the invitation link",
        )),
        (None, session_token) => Ok(Registrant::SignedIn { session_token }),
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
