//! Member support on the studio's host (docs/studio.md#member-support): a site's members
//! found by exact e-mail or card number, unlocked, sent an activation code or a password
//! reset link again, deleted with a reason. svc-studio checks that the caller may support
//! the site's members (support, admins, operators), keeps each staff member within their
//! budget, audits each call and asks svc-loyalty, which owns the members.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use proto::loyalty::v1 as loyalty;
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::sign_in::EmptyBody;
use super::{SiteRefusals, StudioContext, rfc3339};
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new()
        .route("/sites/{site_id}/members", get(find_members))
        .route(
            "/sites/{site_id}/members/{member_id}",
            delete(delete_member),
        )
        .route("/sites/{site_id}/members/{member_id}/unlock", post(unlock))
        .route(
            "/sites/{site_id}/members/{member_id}/activation",
            post(send_activation),
        )
        .route(
            "/sites/{site_id}/members/{member_id}/password-reset",
            post(send_password_reset),
        )
}

/// Whom to find: an exact e-mail address or card number, one of the two.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct MembersQuery {
    /// The member's e-mail address, exactly (case aside).
    email: Option<String>,
    /// One of the member's card numbers, exactly.
    card: Option<String>,
}

/// A member as support staff see them: never a password, a token or a whole card number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioMember)]
struct MemberBody {
    id: String,
    email: String,
    /// active, not-activated, locked (after failed sign-ins, for a while) or blocked
    /// (after repeated lockouts, until unlocked or the password is reset).
    status: String,
    /// RFC 3339; null when no sign-in is recorded.
    #[schema(required = true)]
    last_login_at: Option<String>,
    /// The member's cards, each masked but its last four characters.
    cards: Vec<String>,
}

impl From<loyalty::SupportedMember> for MemberBody {
    fn from(member: loyalty::SupportedMember) -> Self {
        MemberBody {
            id: member.id,
            email: member.email,
            status: member.status,
            last_login_at: (member.last_login_at > 0).then(|| rfc3339(member.last_login_at)),
            cards: member.cards,
        }
    }
}

/// Why an account is deleted: kept in the audit log.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioMemberDeletion)]
struct DeletionBody {
    /// 3 to 500 characters.
    #[schema(min_length = 3, max_length = 500)]
    reason: String,
}

/// What every member call may answer besides its own and the site's refusals.
#[derive(utoipa::IntoResponses)]
#[expect(dead_code, reason = "describes the answers in the API document")]
enum MemberRefusals {
    #[response(
        status = 429,
        description = "More than 30 member-support calls in a minute by this staff member"
    )]
    TooMany(ErrorBody),
}

/// The site's members of an exact e-mail address or card number (one of the two): for
/// support staff, admins and operators. Audited.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/members", tag = "studio",
    params(("siteId" = String, Path, description = "The site"), MembersQuery),
    responses(
        (status = 200, description = "The members found (none, or one)", body = [MemberBody]),
        (status = 400, description = "Neither or both given, or one malformed; `field` names email or card", body = ErrorBody),
        MemberRefusals,
        SiteRefusals,
    ))]
async fn find_members(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    query: Result<extract::Query<MembersQuery>, AppError>,
) -> Result<Json<Vec<MemberBody>>, AppError> {
    // A stranger learns nothing of the query's rules: no session is 401 first.
    let session_token = studio.session_token(&headers)?;
    let extract::Query(query) = query?;
    let found = studio
        .client
        .clone()
        .find_members(studio::FindMembersRequest {
            session_token,
            site_id,
            email: query.email.unwrap_or_default(),
            card: query.card.unwrap_or_default(),
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(
        found.members.into_iter().map(MemberBody::from).collect(),
    ))
}

/// The support action `request` asks, in the session of `headers`.
async fn act(
    studio: &StudioContext,
    headers: &HeaderMap,
    request: studio::SupportMemberRequest,
) -> Result<Option<MemberBody>, AppError> {
    let request = studio::SupportMemberRequest {
        session_token: studio.session_token(headers)?,
        ..request
    };
    let answer = studio
        .client
        .clone()
        .support_member(request)
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(answer.member.map(MemberBody::from))
}

/// The request of `action` on the site's member.
fn support(
    (site_id, member_id): (String, String),
    action: studio::SupportAction,
    client_address: String,
) -> studio::SupportMemberRequest {
    studio::SupportMemberRequest {
        site_id,
        member_id,
        action: action.into(),
        client_address,
        ..Default::default()
    }
}

/// The member after an action that keeps them.
fn kept(member: Option<MemberBody>) -> Result<Json<MemberBody>, AppError> {
    member
        .map(Json)
        .ok_or_else(|| AppError::NotFound("the member is gone".to_owned()))
}

/// Lifts the member's lockout or block: they may sign in at once.
#[utoipa::path(post, path = "/studio/api/v1/sites/{siteId}/members/{memberId}/unlock", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("memberId" = String, Path, description = "The member"),
    ),
    request_body = EmptyBody,
    responses(
        (status = 200, description = "Unlocked: the member as they stand now", body = MemberBody),
        (status = 400, description = "Not a JSON object", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        MemberRefusals,
        SiteRefusals,
    ))]
async fn unlock(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(ids): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<extract::Json<EmptyBody>, AppError>,
) -> Result<Json<MemberBody>, AppError> {
    studio.session_token(&headers)?;
    body?;
    let request = support(ids, studio::SupportAction::Unlock, client_address);
    kept(act(&studio, &headers, request).await?)
}

/// Mails the member a new activation code (a day, once).
#[utoipa::path(post, path = "/studio/api/v1/sites/{siteId}/members/{memberId}/activation", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("memberId" = String, Path, description = "The member"),
    ),
    request_body = EmptyBody,
    responses(
        (status = 200, description = "Mailed: the member", body = MemberBody),
        (status = 400, description = "Not a JSON object", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "The member is activated already", body = ErrorBody),
        MemberRefusals,
        SiteRefusals,
    ))]
async fn send_activation(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(ids): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<extract::Json<EmptyBody>, AppError>,
) -> Result<Json<MemberBody>, AppError> {
    studio.session_token(&headers)?;
    body?;
    let request = support(ids, studio::SupportAction::SendActivation, client_address);
    kept(act(&studio, &headers, request).await?)
}

/// Mails the member a link to choose a new password (an hour, once), on the site's
/// public address; the password itself is never seen by staff.
#[utoipa::path(post, path = "/studio/api/v1/sites/{siteId}/members/{memberId}/password-reset", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("memberId" = String, Path, description = "The member"),
    ),
    request_body = EmptyBody,
    responses(
        (status = 200, description = "Mailed: the member", body = MemberBody),
        (status = 400, description = "Not a JSON object; or the site's public address is not one of the loyalty service's origins", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        MemberRefusals,
        SiteRefusals,
    ))]
async fn send_password_reset(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, member_id)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<extract::Json<EmptyBody>, AppError>,
) -> Result<Json<MemberBody>, AppError> {
    studio.session_token(&headers)?;
    body?;
    let root_url = super::sites::public_url_of(&studio, &headers, &site_id).await?;
    let action = studio::SupportAction::SendPasswordReset;
    let request = studio::SupportMemberRequest {
        root_url,
        ..support((site_id, member_id), action, client_address)
    };
    kept(act(&studio, &headers, request).await?)
}

/// Deletes the member's account and everything kept about them, saying why (the reason
/// stays in the audit log).
#[utoipa::path(delete, path = "/studio/api/v1/sites/{siteId}/members/{memberId}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("memberId" = String, Path, description = "The member"),
    ),
    request_body = DeletionBody,
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid body; `field` names reason", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        MemberRefusals,
        SiteRefusals,
    ))]
async fn delete_member(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(ids): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<extract::Json<DeletionBody>, AppError>,
) -> Result<StatusCode, AppError> {
    studio.session_token(&headers)?;
    let extract::Json(DeletionBody { reason }) = body?;
    let request = studio::SupportMemberRequest {
        reason,
        ..support(ids, studio::SupportAction::Delete, client_address)
    };
    act(&studio, &headers, request).await?;
    Ok(StatusCode::NO_CONTENT)
}
