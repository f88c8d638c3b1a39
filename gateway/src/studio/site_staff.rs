//! A site's staff on the studio's host: invitations mailed, the staff and the invitations
//! waiting listed, access removed. svc-studio checks that the caller may manage the
//! site's staff (admins and operators).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::sign_in::{EmptyBody, GrantBody};
use super::{StudioContext, rfc3339};
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new()
        .route("/invitations", post(invite_staff))
        .route("/sites/{site_id}/staff", get(list_site_staff))
        .route("/sites/{site_id}/staff/{staff_id}", delete(remove_staff))
        .route(
            "/sites/{site_id}/invitations",
            get(list_pending_invitations),
        )
}

/// Whom to invite, with what role where.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schema(as = StudioInvitationRequest)]
struct InvitationRequestBody {
    #[schema(max_length = 254)]
    email: String,
    /// operator, admin, editor, theater-manager, support or viewer.
    role: String,
    /// The site; none for an operator (every site).
    #[serde(default)]
    site_id: Option<String>,
    /// For a theater manager: the theaters (at least one).
    #[serde(default)]
    theater_ids: Vec<String>,
}

/// An invitation mailed (its link goes to the address only).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioInvitationSent)]
struct SentInvitationBody {
    email: String,
    role: String,
    #[schema(required = true)]
    site_id: Option<String>,
    theater_ids: Vec<String>,
    /// RFC 3339: when the link can no longer be used.
    expires_at: String,
}

impl From<studio::SentInvitation> for SentInvitationBody {
    fn from(sent: studio::SentInvitation) -> Self {
        let GrantBody {
            role,
            site_id,
            theater_ids,
        } = sent.grant.unwrap_or_default().into();
        SentInvitationBody {
            email: sent.email,
            role,
            site_id,
            theater_ids,
            expires_at: rfc3339(sent.expires_at),
        }
    }
}

/// Invites someone: the link (24 hours, once) is mailed to them. Admins of a site invite
/// onto it; operators anywhere, and only they invite operators.
#[utoipa::path(post, path = "/studio/api/v1/invitations", tag = "studio", request_body = InvitationRequestBody, responses(
    (status = 201, description = "Mailed", body = SentInvitationBody),
    (status = 400, description = "Invalid body; `field` names email, role, siteId or theaterIds", body = ErrorBody),
    (status = 401, description = "No session", body = ErrorBody),
    (status = 403, description = "The caller may not invite there, or not that role; or not from the studio's own pages", body = ErrorBody),
    (status = 404, description = "No site of that id the caller may see", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 503, description = "svc-studio or the mail relay is down: nothing was sent, ask again", body = ErrorBody),
))]
async fn invite_staff(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    headers: HeaderMap,
    extract::Json(body): extract::Json<InvitationRequestBody>,
) -> Result<(StatusCode, Json<SentInvitationBody>), AppError> {
    let sent = studio
        .client
        .clone()
        .invite_staff(studio::InviteStaffRequest {
            session_token: studio.session_token(&headers)?,
            email: body.email,
            grant: Some(studio::Grant {
                role: body.role,
                site_id: body.site_id.unwrap_or_default(),
                theater_ids: body.theater_ids,
            }),
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok((StatusCode::CREATED, Json(sent.into())))
}

/// A staff member's grant on the site.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioStaffGrant)]
struct StaffGrantBody {
    id: String,
    email: String,
    name: String,
    role: String,
    theater_ids: Vec<String>,
}

/// The staff holding a grant on the site (operators, who hold every site, are not
/// listed), by name.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/staff", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses(
    (status = 200, description = "The site's staff", body = [StaffGrantBody]),
    (status = 401, description = "No session", body = ErrorBody),
    (status = 403, description = "The caller may not manage the site's staff", body = ErrorBody),
    (status = 404, description = "No site of that id the caller may see", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn list_site_staff(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Vec<StaffGrantBody>>, AppError> {
    let staff = studio
        .client
        .clone()
        .list_site_staff(studio::SiteRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(
        staff
            .staff
            .into_iter()
            .map(|held| {
                let staff = held.staff.unwrap_or_default();
                let grant = held.grant.unwrap_or_default();
                StaffGrantBody {
                    id: staff.id,
                    email: staff.email,
                    name: staff.name,
                    role: grant.role,
                    theater_ids: grant.theater_ids,
                }
            })
            .collect(),
    ))
}

/// An invitation to the site waiting to be accepted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioPendingInvitation)]
struct PendingInvitationBody {
    email: String,
    role: String,
    theater_ids: Vec<String>,
    /// RFC 3339.
    expires_at: String,
}

/// The invitations to the site neither accepted nor expired, newest first.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/invitations", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses(
    (status = 200, description = "The invitations waiting", body = [PendingInvitationBody]),
    (status = 401, description = "No session", body = ErrorBody),
    (status = 403, description = "The caller may not manage the site's staff", body = ErrorBody),
    (status = 404, description = "No site of that id the caller may see", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn list_pending_invitations(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Vec<PendingInvitationBody>>, AppError> {
    let pending = studio
        .client
        .clone()
        .list_pending_invitations(studio::SiteRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(
        pending
            .invitations
            .into_iter()
            .map(|invitation| {
                let grant = invitation.grant.unwrap_or_default();
                PendingInvitationBody {
                    email: invitation.email,
                    role: grant.role,
                    theater_ids: grant.theater_ids,
                    expires_at: rfc3339(invitation.expires_at),
                }
            })
            .collect(),
    ))
}

/// Removes a staff member's access to the site and ends every session of theirs at once;
/// never the caller's own.
#[utoipa::path(delete, path = "/studio/api/v1/sites/{siteId}/staff/{staffId}", tag = "studio", request_body = EmptyBody,
    params(
        ("siteId" = String, Path, description = "The site"),
        ("staffId" = String, Path, description = "The staff member"),
    ),
    responses(
    (status = 204, description = "Removed; their sessions have ended"),
    (status = 400, description = "Not a JSON object", body = ErrorBody),
    (status = 401, description = "No session", body = ErrorBody),
    (status = 403, description = "The caller may not manage the site's staff; or not from the studio's own pages", body = ErrorBody),
    (status = 404, description = "No such site, or no such staff member on it", body = ErrorBody),
    (status = 409, description = "The caller's own access", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn remove_staff(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, staff_id)): Path<(String, String)>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<StatusCode, AppError> {
    studio
        .client
        .clone()
        .remove_grant(studio::RemoveGrantRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            staff_id,
            client_address,
        })
        .await
        .map_err(AppError::studio)?;
    Ok(StatusCode::NO_CONTENT)
}
