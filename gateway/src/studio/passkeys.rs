//! Passkeys (WebAuthn) on the studio's host: a first one registered as an invitation is
//! accepted, more added when signed in, listed and removed, and signing in with one.
//! Options and credentials travel in WebAuthn's JSON forms
//! (`PublicKeyCredential.parseCreationOptionsFromJSON`, `credential.toJSON()`); svc-studio
//! checks them and keeps each ceremony under its challenge.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, post};
use axum::{Json, Router};
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::sign_in::{EmptyBody, MeBody, with_session};
use super::{StudioContext, rfc3339};
use crate::error::{AppError, ErrorBody};
use crate::extract;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new()
        .route("/passkeys/options", post(registration_options))
        .route("/passkeys", post(register).get(list_passkeys))
        .route("/passkeys/{id}", delete(remove_passkey))
        .route("/sign-in/passkey/options", post(sign_in_options))
        .route("/sign-in/passkey", post(sign_in))
}

/// Who a new passkey is for: someone accepting an invitation (with their name, and their
/// address when the invitation names none), or, with no invitation, the signed-in staff
/// member.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioPasskeyOptionsRequest)]
struct OptionsBody {
    /// The invitation link's token.
    #[serde(default)]
    invitation: Option<String>,
    /// With an invitation: the name of the person accepting it (1 to 100 characters).
    #[serde(default)]
    #[schema(max_length = 100)]
    name: Option<String>,
    /// With an invitation that names no address: theirs.
    #[serde(default)]
    #[schema(max_length = 254)]
    email: Option<String>,
}

/// The registrant of a call: the invitation's holder, else the session's staff member.
fn registrant(
    studio: &StudioContext,
    headers: &HeaderMap,
    invitation: Option<String>,
    name: Option<String>,
    email: Option<String>,
) -> Result<studio::Registrant, AppError> {
    Ok(match invitation {
        Some(token) => studio::Registrant {
            invitee: Some(studio::Invitee {
                token,
                name: name.unwrap_or_default(),
                email: email.unwrap_or_default(),
            }),
            session_token: String::new(),
        },
        None => studio::Registrant {
            invitee: None,
            session_token: studio.cookie.token(headers).ok_or_else(|| {
                AppError::Unauthenticated(
                    "no session and no invitation: sign in, or open the invitation link".to_owned(),
                )
            })?,
        },
    })
}

/// WebAuthn options as svc-studio wrote them.
fn options_json(options: studio::PasskeyOptions) -> Result<Json<serde_json::Value>, AppError> {
    serde_json::from_str(&options.options_json)
        .map(Json)
        .map_err(|_| AppError::studio(tonic::Status::internal("passkey options that are not JSON")))
}

/// The creation options of a new passkey (PublicKeyCredentialCreationOptionsJSON): a
/// discoverable credential with user verification, for this studio's host, excluding the
/// passkeys the person holds. Answer within five minutes with `POST /passkeys`.
#[utoipa::path(post, path = "/studio/api/v1/passkeys/options", tag = "studio", request_body = OptionsBody, responses(
    (status = 200, description = "PublicKeyCredentialCreationOptionsJSON", body = Object),
    (status = 400, description = "Invalid body; `field` names name or email", body = ErrorBody),
    (status = 401, description = "The invitation is unknown, used or expired; or, without one, no session", body = ErrorBody),
    (status = 403, description = "Not from the studio's own pages (Origin)", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 503, description = "svc-studio is down, or too many ceremonies are under way", body = ErrorBody),
))]
async fn registration_options(
    State(studio): State<StudioState>,
    headers: HeaderMap,
    extract::Json(body): extract::Json<OptionsBody>,
) -> Result<Json<serde_json::Value>, AppError> {
    let registrant = registrant(&studio, &headers, body.invitation, body.name, body.email)?;
    let options = studio
        .client
        .clone()
        .passkey_registration_options(studio::PasskeyRegistrationOptionsRequest {
            registrant: Some(registrant),
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    options_json(options)
}

/// A new passkey: the authenticator's answer to the creation options.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioPasskeyRegistration)]
struct RegistrationBody {
    /// The invitation the options were asked with, if any.
    #[serde(default)]
    invitation: Option<String>,
    /// The credential's `toJSON()`.
    #[schema(value_type = std::collections::HashMap<String, Value>)]
    credential: serde_json::Value,
    /// What its owner calls it (at most 60 characters; "Passkey" when none).
    #[serde(default)]
    #[schema(max_length = 60)]
    label: Option<String>,
}

/// Registers a passkey. With an invitation, accepts it (the staff member made or found
/// by the address, the grant given) and sets the session cookie; signed in, adds it.
#[utoipa::path(post, path = "/studio/api/v1/passkeys", tag = "studio", request_body = RegistrationBody, responses(
    (status = 201, description = "Registered; with an invitation, signed in (the session cookie is set)", body = MeBody),
    (status = 400, description = "A credential refused, or an invalid label; `field` names it", body = ErrorBody),
    (status = 401, description = "An answer to no ceremony of this registrant's (or one over five minutes old), an invitation used meanwhile, or no session", body = ErrorBody),
    (status = 403, description = "Not from the studio's own pages (Origin)", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn register(
    State(studio): State<StudioState>,
    headers: HeaderMap,
    extract::Json(body): extract::Json<RegistrationBody>,
) -> Result<Response, AppError> {
    let registrant = registrant(&studio, &headers, body.invitation, None, None)?;
    let signed_in = studio
        .client
        .clone()
        .register_passkey(studio::RegisterPasskeyRequest {
            registrant: Some(registrant),
            credential_json: body.credential.to_string(),
            label: body.label.unwrap_or_default(),
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    let me = (
        StatusCode::CREATED,
        Json(MeBody::from(signed_in.me.clone().unwrap_or_default())),
    )
        .into_response();
    Ok(if signed_in.session_token.is_empty() {
        me
    } else {
        with_session(&studio, &signed_in, me)
    })
}

/// A passkey of the signed-in staff member.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioPasskey)]
struct PasskeyBody {
    id: String,
    label: String,
    /// RFC 3339.
    created_at: String,
    /// RFC 3339; null when it never signed in.
    #[schema(required = true)]
    last_used_at: Option<String>,
}

/// The signed-in staff member's passkeys, newest first.
#[utoipa::path(get, path = "/studio/api/v1/passkeys", tag = "studio", responses(
    (status = 200, description = "The passkeys", body = [PasskeyBody]),
    (status = 401, description = "No session", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn list_passkeys(
    State(studio): State<StudioState>,
    headers: HeaderMap,
) -> Result<Json<Vec<PasskeyBody>>, AppError> {
    let passkeys = studio
        .client
        .clone()
        .list_passkeys(studio::ListPasskeysRequest {
            session_token: studio.session_token(&headers)?,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(
        passkeys
            .passkeys
            .into_iter()
            .map(|passkey| PasskeyBody {
                id: passkey.id,
                label: passkey.label,
                created_at: rfc3339(passkey.created_at),
                last_used_at: (passkey.last_used_at > 0).then(|| rfc3339(passkey.last_used_at)),
            })
            .collect(),
    ))
}

/// Removes a passkey of the signed-in staff member; their last one only while e-mail
/// sign-in is on (so that nobody is locked out).
#[utoipa::path(delete, path = "/studio/api/v1/passkeys/{id}", tag = "studio", request_body = EmptyBody,
    params(("id" = String, Path, description = "The passkey's id")),
    responses(
    (status = 204, description = "Removed"),
    (status = 400, description = "Not a JSON object", body = ErrorBody),
    (status = 401, description = "No session", body = ErrorBody),
    (status = 403, description = "Not from the studio's own pages (Origin)", body = ErrorBody),
    (status = 404, description = "No passkey of this id is the staff member's", body = ErrorBody),
    (status = 409, description = "Their last passkey, while e-mail sign-in is off", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn remove_passkey(
    State(studio): State<StudioState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<StatusCode, AppError> {
    studio
        .client
        .clone()
        .remove_passkey(studio::RemovePasskeyRequest {
            session_token: studio.session_token(&headers)?,
            id,
        })
        .await
        .map_err(AppError::studio)?;
    Ok(StatusCode::NO_CONTENT)
}

/// The request options of a sign-in with a passkey (PublicKeyCredentialRequestOptionsJSON):
/// no account named (the passkey names its staff member), user verification required.
/// Answer within five minutes with `POST /sign-in/passkey`.
#[utoipa::path(post, path = "/studio/api/v1/sign-in/passkey/options", tag = "studio", request_body = EmptyBody, responses(
    (status = 200, description = "PublicKeyCredentialRequestOptionsJSON", body = Object),
    (status = 400, description = "Not a JSON object", body = ErrorBody),
    (status = 403, description = "Not from the studio's own pages (Origin)", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 503, description = "svc-studio is down, or too many ceremonies are under way", body = ErrorBody),
))]
async fn sign_in_options(
    State(studio): State<StudioState>,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<Json<serde_json::Value>, AppError> {
    let options = studio
        .client
        .clone()
        .passkey_sign_in_options(studio::PasskeySignInOptionsRequest {})
        .await
        .map_err(AppError::studio)?
        .into_inner();
    options_json(options)
}

/// A passkey's answer to the sign-in options.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioPasskeySignIn)]
struct SignInBody {
    /// The credential's `toJSON()`.
    #[schema(value_type = std::collections::HashMap<String, Value>)]
    credential: serde_json::Value,
}

/// Signs in with a passkey: the session cookie is set.
#[utoipa::path(post, path = "/studio/api/v1/sign-in/passkey", tag = "studio", request_body = SignInBody, responses(
    (status = 200, description = "Signed in; the session cookie is set", body = MeBody),
    (status = 400, description = "Not a WebAuthn credential; `field` names credential", body = ErrorBody),
    (status = 401, description = "A passkey not registered, a signature refused, or an answer to no ceremony (or one over five minutes old)", body = ErrorBody),
    (status = 403, description = "Not from the studio's own pages (Origin)", body = ErrorBody),
    (status = 415, description = "Not a JSON body", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn sign_in(
    State(studio): State<StudioState>,
    extract::Json(body): extract::Json<SignInBody>,
) -> Result<Response, AppError> {
    let signed_in = studio
        .client
        .clone()
        .sign_in_with_passkey(studio::SignInWithPasskeyRequest {
            credential_json: body.credential.to_string(),
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    let me = Json(MeBody::from(signed_in.me.clone().unwrap_or_default()));
    Ok(with_session(&studio, &signed_in, me.into_response()))
}
