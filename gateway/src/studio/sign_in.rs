//! Who is signed in to the studio, and how one gets in: the session's staff member,
//! invitations read and accepted, one-time links by e-mail, single sign-on by OpenID
//! Connect, signing out. (Passkeys are [`super::passkeys`].)

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{StudioContext, rfc3339};
use crate::error::{AppError, ErrorBody};
use crate::extract;

type StudioState = Arc<StudioContext>;

/// The calls under `/studio/api/v1/`.
pub fn router() -> Router<StudioState> {
    Router::new()
        .route("/me", get(me))
        .route("/invitation", post(invitation))
        .route("/invitations/accept", post(accept_invitation))
        .route("/sign-in/methods", get(sign_in_methods))
        .route("/sign-in/link", post(mail_sign_in_link))
        .route("/sign-out", post(sign_out))
}

/// The pages that sign in by leaving the studio and coming back: a mailed link's,
/// `/sign-in?token=...` (a HEAD, as mail scanners check links, answers without using the
/// link), and single sign-on's, `/sign-in/sso` (to the provider) and
/// `/sign-in/sso/callback` (back from it).
pub fn link_router() -> Router<StudioState> {
    Router::new()
        .route(
            "/sign-in",
            get(sign_in_with_link).head(|| async { StatusCode::OK }),
        )
        .route("/sign-in/sso", get(begin_single_sign_on))
        .route("/sign-in/sso/callback", get(end_single_sign_on))
}

/// A staff member and what they may do.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioMe)]
pub struct MeBody {
    staff: StaffBody,
    grants: Vec<GrantBody>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioStaff)]
pub struct StaffBody {
    pub(super) id: String,
    pub(super) email: String,
    pub(super) name: String,
}

/// A role on a site (`siteId` null: every site, for an operator) and, for a theater
/// manager, its theaters.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioGrant)]
pub struct GrantBody {
    /// operator, admin, editor, theater-manager, support or viewer.
    pub(super) role: String,
    #[schema(required = true)]
    pub(super) site_id: Option<String>,
    pub(super) theater_ids: Vec<String>,
}

impl From<studio::Me> for MeBody {
    fn from(me: studio::Me) -> Self {
        MeBody {
            staff: me.staff.unwrap_or_default().into(),
            grants: me.grants.into_iter().map(GrantBody::from).collect(),
        }
    }
}

impl From<studio::Staff> for StaffBody {
    fn from(staff: studio::Staff) -> Self {
        StaffBody {
            id: staff.id,
            email: staff.email,
            name: staff.name,
        }
    }
}

impl From<studio::Grant> for GrantBody {
    fn from(grant: studio::Grant) -> Self {
        GrantBody {
            role: grant.role,
            site_id: (!grant.site_id.is_empty()).then_some(grant.site_id),
            theater_ids: grant.theater_ids,
        }
    }
}

/// The signed-in staff member and their grants.
#[utoipa::path(get, path = "/studio/api/v1/me", tag = "studio", responses(
    (status = 200, description = "The session's staff member", body = MeBody),
    (status = 401, description = "No session, or one that ended", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn me(
    State(studio): State<StudioState>,
    headers: HeaderMap,
) -> Result<Json<MeBody>, AppError> {
    Ok(Json(studio.signed_in(&headers).await?.into()))
}

/// An invitation link's token.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioInvitationToken)]
struct TokenBody {
    token: String,
}

/// What an invitation offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioInvitation)]
pub struct InvitationBody {
    /// The address it was sent to; null when the person accepting names theirs.
    #[schema(required = true)]
    email: Option<String>,
    role: String,
    #[schema(required = true)]
    site_id: Option<String>,
    theater_ids: Vec<String>,
    /// RFC 3339: when it can no longer be accepted.
    expires_at: String,
    /// Whether it may be accepted without registering a passkey.
    accept_without_passkey: bool,
}

/// What an invitation link offers, before it is accepted. (The token travels in the body,
/// not the URL, so that no log keeps it.)
#[utoipa::path(post, path = "/studio/api/v1/invitation", tag = "studio", request_body = TokenBody, responses(
    (status = 200, description = "The invitation", body = InvitationBody),
    (status = 400, description = "Invalid body", body = ErrorBody),
    (status = 401, description = "The invitation is unknown, used or expired", body = ErrorBody),
    (status = 403, description = "Not from the studio's own pages (Origin)", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn invitation(
    State(studio): State<StudioState>,
    extract::Json(body): extract::Json<TokenBody>,
) -> Result<Json<InvitationBody>, AppError> {
    let invitation = studio
        .client
        .clone()
        .describe_invitation(studio::DescribeInvitationRequest { token: body.token })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    let grant = GrantBody::from(invitation.grant.unwrap_or_default());
    Ok(Json(InvitationBody {
        email: (!invitation.email.is_empty()).then_some(invitation.email),
        role: grant.role,
        site_id: grant.site_id,
        theater_ids: grant.theater_ids,
        expires_at: rfc3339(invitation.expires_at),
        accept_without_passkey: invitation.accept_without_passkey,
    }))
}

/// An invitation accepted without a passkey.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioAcceptance)]
struct AcceptanceBody {
    token: String,
    /// 1 to 100 characters, not all spaces, no control characters.
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]*[^\\s\\u0000-\\u001F\\u007F-\\u009F][^\\u0000-\\u001F\\u007F-\\u009F]*$"
    )]
    name: String,
    /// Needed when the invitation names no address; otherwise not read. (The document
    /// asks for printable ASCII; the studio takes any address of 254 bytes at most.)
    #[serde(default)]
    #[schema(
        max_length = 254,
        pattern = "^$|^[!-?A-~]+@[!-\\-/-?A-~][!-?A-~]*\\.[!-?A-~]*[!-\\-/-?A-~]$"
    )]
    email: Option<String>,
}

/// Accepts an invitation without a passkey (while STUDIO_EMAIL_SIGN_IN is on): the staff
/// member is made or found by the invitation's address and given its grant, and the
/// session cookie is set.
#[utoipa::path(post, path = "/studio/api/v1/invitations/accept", tag = "studio", request_body = AcceptanceBody, responses(
    (status = 200, description = "Signed in; the session cookie is set", body = MeBody),
    (status = 400, description = "Invalid body; `field` names name or email", body = ErrorBody),
    (status = 401, description = "The invitation is unknown, used or expired", body = ErrorBody),
    (status = 403, description = "Not from the studio's own pages (Origin)", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 422, description = "Accepting without a passkey is off", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn accept_invitation(
    State(studio): State<StudioState>,
    extract::Json(body): extract::Json<AcceptanceBody>,
) -> Result<Response, AppError> {
    let signed_in = studio
        .client
        .clone()
        .accept_invitation(studio::AcceptInvitationRequest {
            token: body.token,
            name: body.name,
            email: body.email.unwrap_or_default(),
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    let me = Json(MeBody::from(signed_in.me.clone().unwrap_or_default()));
    Ok(with_session(&studio, &signed_in, me.into_response()))
}

/// Which ways in the studio offers besides passkeys.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioSignInMethods)]
pub struct SignInMethodsBody {
    /// One-time links by e-mail (and invitations accepted without a passkey).
    email_link: bool,
    /// Single sign-on by OpenID Connect, begun at `/sign-in/sso`.
    single_sign_on: bool,
}

/// Which ways in the studio offers besides passkeys, for its sign-in screen.
#[utoipa::path(get, path = "/studio/api/v1/sign-in/methods", tag = "studio", responses(
    (status = 200, description = "The ways in", body = SignInMethodsBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn sign_in_methods(
    State(studio): State<StudioState>,
) -> Result<Json<SignInMethodsBody>, AppError> {
    let methods = studio
        .client
        .clone()
        .sign_in_methods(studio::SignInMethodsRequest {})
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(SignInMethodsBody {
        email_link: methods.email_link,
        single_sign_on: methods.single_sign_on,
    }))
}

/// Where to mail a sign-in link.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioSignInLinkRequest)]
struct SignInLinkBody {
    #[schema(
        max_length = 254,
        pattern = "^[!-?A-~]+@[!-\\-/-?A-~][!-?A-~]*\\.[!-?A-~]*[!-\\-/-?A-~]$"
    )]
    email: String,
}

/// Mails a one-time sign-in link (15 minutes) to the staff member of the address. The
/// answer is the same whether or not the address is a staff member's.
#[utoipa::path(post, path = "/studio/api/v1/sign-in/link", tag = "studio", request_body = SignInLinkBody, responses(
    (status = 202, description = "A link is mailed if the address is a staff member's"),
    (status = 400, description = "Invalid body; `field` names email", body = ErrorBody),
    (status = 403, description = "Not from the studio's own pages (Origin)", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 422, description = "E-mail sign-in is off (STUDIO_EMAIL_SIGN_IN=false)", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn mail_sign_in_link(
    State(studio): State<StudioState>,
    extract::Json(body): extract::Json<SignInLinkBody>,
) -> Result<StatusCode, AppError> {
    studio
        .client
        .clone()
        .mail_sign_in_link(studio::MailSignInLinkRequest { email: body.email })
        .await
        .map_err(AppError::studio)?;
    Ok(StatusCode::ACCEPTED)
}

#[derive(Debug, Deserialize)]
struct LinkQuery {
    #[serde(default)]
    token: String,
}

/// A mailed link opened: the session begins (its cookie set) and the studio opens at `/`;
/// otherwise the sign-in screen opens saying why: the link used or expired
/// (`?sign-in=unusable`), links turned off (`off`), the studio away (`unavailable`).
async fn sign_in_with_link(
    State(studio): State<StudioState>,
    axum::extract::Query(query): axum::extract::Query<LinkQuery>,
) -> Response {
    let signed_in = studio
        .client
        .clone()
        .sign_in_with_link(studio::SignInWithLinkRequest { token: query.token })
        .await;
    let signed_in = match signed_in {
        Ok(signed_in) => signed_in.into_inner(),
        Err(status) => {
            let why = match status.code() {
                tonic::Code::Unauthenticated => "unusable",
                tonic::Code::FailedPrecondition => "off",
                _ => {
                    tracing::warn!(%status, "a sign-in link could not be taken");
                    "unavailable"
                }
            };
            return sign_in_screen_saying(why);
        }
    };
    with_session(&studio, &signed_in, Redirect::to("/").into_response())
}

/// How long a single sign-on may take, from here to the provider and back (svc-studio
/// keeps its state as long).
const SINGLE_SIGN_ON_SECONDS: i64 = 10 * 60;

/// Single sign-on begun: the browser keeps the state in a cookie and goes to the
/// provider (303). Otherwise the sign-in screen opens saying why: single sign-on not
/// configured (`?sign-in=sso-off`), the provider or the studio away (`unavailable`).
async fn begin_single_sign_on(State(studio): State<StudioState>) -> Response {
    let begun = studio
        .client
        .clone()
        .begin_single_sign_on(studio::BeginSingleSignOnRequest {})
        .await;
    let begun = match begun {
        Ok(begun) => begun.into_inner(),
        Err(status) => return sign_in_screen_saying(single_sign_on_refusal(&status)),
    };
    let mut response = Redirect::to(&begun.authorization_url).into_response();
    if let Some(cookie) = studio
        .cookie
        .set_sign_on(&begun.state, SINGLE_SIGN_ON_SECONDS)
    {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// What the provider sends back (OpenID Connect's authorisation response).
#[derive(Debug, Deserialize)]
struct ProviderAnswer {
    #[serde(default)]
    code: String,
    #[serde(default)]
    state: String,
    /// The provider's refusal (`access_denied` when the person declined).
    #[serde(default)]
    error: String,
}

/// Back from the provider: with the state this browser keeps, the session begins (its
/// cookie set) and the studio opens at `/`; otherwise the sign-in screen opens saying
/// why: the provider declined (`?sign-in=sso-declined`), a sign-on this browser did not
/// begin, or that ended or was refused (`sso-unusable`), an address that is no staff
/// member's (`sso-not-staff`), single sign-on off (`sso-off`), the provider or the studio
/// away (`unavailable`). The state's cookie ends either way.
async fn end_single_sign_on(
    State(studio): State<StudioState>,
    headers: HeaderMap,
    axum::extract::Query(answer): axum::extract::Query<ProviderAnswer>,
) -> Response {
    let began_here = studio
        .cookie
        .sign_on_state(&headers)
        .is_some_and(|kept| same_secret(&kept, &answer.state));
    let mut response = if !answer.error.is_empty() {
        sign_in_screen_saying("sso-declined")
    } else if !began_here {
        sign_in_screen_saying("sso-unusable")
    } else {
        let signed_in = studio
            .client
            .clone()
            .sign_in_with_single_sign_on(studio::SignInWithSingleSignOnRequest {
                state: answer.state,
                code: answer.code,
            })
            .await;
        match signed_in {
            Ok(signed_in) => with_session(
                &studio,
                &signed_in.into_inner(),
                Redirect::to("/").into_response(),
            ),
            Err(status) => sign_in_screen_saying(single_sign_on_refusal(&status)),
        }
    };
    response
        .headers_mut()
        .append(header::SET_COOKIE, studio.cookie.clear_sign_on());
    response
}

/// Whether two secrets are the same, compared by their digests (in a time that tells
/// nothing of where they differ).
fn same_secret(one: &str, other: &str) -> bool {
    use sha2::{Digest, Sha256};
    Sha256::digest(one.as_bytes()) == Sha256::digest(other.as_bytes())
}

/// Why svc-studio refused a single sign-on, as the sign-in screen's `?sign-in=`.
fn single_sign_on_refusal(status: &tonic::Status) -> &'static str {
    match status.code() {
        tonic::Code::Unauthenticated => "sso-unusable",
        tonic::Code::PermissionDenied => "sso-not-staff",
        tonic::Code::FailedPrecondition => "sso-off",
        _ => {
            tracing::warn!(%status, "a single sign-on could not be taken");
            "unavailable"
        }
    }
}

/// The sign-in screen, opened saying `why` (`/?sign-in=...`).
fn sign_in_screen_saying(why: &str) -> Response {
    Redirect::to(&format!("/?sign-in={why}")).into_response()
}

/// `response` with the cookie of the session `signed_in` began, for as long as it lasts.
pub(super) fn with_session(
    studio: &StudioContext,
    signed_in: &studio::SignedIn,
    mut response: Response,
) -> Response {
    let lasts = signed_in.expires_at - jiff::Timestamp::now().as_second();
    if let Some(cookie) = studio.cookie.set(&signed_in.session_token, lasts) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// An empty JSON object: a change must carry a JSON body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioEmpty)]
pub(super) struct EmptyBody {}

/// Ends the session and its cookie.
#[utoipa::path(post, path = "/studio/api/v1/sign-out", tag = "studio", request_body = EmptyBody, responses(
    (status = 204, description = "Signed out (also when no session was open)"),
    (status = 400, description = "Invalid body", body = ErrorBody),
    (status = 403, description = "Not from the studio's own pages (Origin)", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 503, description = "svc-studio is down; the session stays open", body = ErrorBody),
))]
async fn sign_out(
    State(studio): State<StudioState>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<Response, AppError> {
    if let Some(token) = studio.cookie.token(&headers) {
        studio
            .client
            .clone()
            .sign_out(studio::SignOutRequest {
                session_token: token,
            })
            .await
            .map_err(AppError::studio)?;
    }
    Ok((
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, studio.cookie.clear())],
    )
        .into_response())
}
