//! A site's ingest keys on the studio's host (docs/studio.md#ingest-keys): listed without
//! their text, made (the text shown once), revoked. svc-studio checks that the caller may
//! manage the site's keys (admins and operators) and audits each change.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{delete, get};
use axum::{Json, Router};
use proto::catalogue::v1 as catalogue;
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::sign_in::EmptyBody;
use super::{SiteRefusals, StudioContext, rfc3339};
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new()
        .route(
            "/sites/{site_id}/ingest-keys",
            get(list_ingest_keys).post(create_ingest_key),
        )
        .route(
            "/sites/{site_id}/ingest-keys/{key_id}",
            delete(revoke_ingest_key),
        )
}

/// An ingest key in use: never its text.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioIngestKey)]
struct IngestKeyBody {
    id: String,
    /// What it is for; the history names the key's writes by it.
    label: String,
    /// RFC 3339.
    created_at: String,
}

impl From<catalogue::IngestKeyEntry> for IngestKeyBody {
    fn from(key: catalogue::IngestKeyEntry) -> Self {
        IngestKeyBody {
            id: key.id,
            label: key.label,
            created_at: rfc3339(key.created_at),
        }
    }
}

/// What a new key is for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioIngestKeyRequest)]
struct IngestKeyRequestBody {
    /// 1 to 100 characters: the point of sale that will hold it.
    #[schema(max_length = 100)]
    label: String,
}

/// A key made: its text, shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioIngestKeyCreated)]
struct CreatedKeyBody {
    id: String,
    /// The key (`cik_...`) for the ingest API's `Authorization: Bearer`; not kept by the
    /// platform, which keeps its SHA-256.
    key: String,
    label: String,
    /// RFC 3339.
    created_at: String,
}

/// The site's ingest keys in use, oldest first: never their text.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/ingest-keys", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses((status = 200, description = "The keys", body = [IngestKeyBody]), SiteRefusals))]
async fn list_ingest_keys(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Vec<IngestKeyBody>>, AppError> {
    let keys = studio
        .client
        .clone()
        .list_ingest_keys(studio::SiteRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(
        keys.keys.into_iter().map(IngestKeyBody::from).collect(),
    ))
}

/// Makes an ingest key for the site's point of sale: its text is in this answer alone.
#[utoipa::path(post, path = "/studio/api/v1/sites/{siteId}/ingest-keys", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    request_body = IngestKeyRequestBody,
    responses(
        (status = 201, description = "Made; the key is shown this once", body = CreatedKeyBody),
        (status = 400, description = "Invalid body; `field` names label", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn create_ingest_key(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    extract::Json(body): extract::Json<IngestKeyRequestBody>,
) -> Result<(StatusCode, Json<CreatedKeyBody>), AppError> {
    let created = studio
        .client
        .clone()
        .create_ingest_key(studio::CreateIngestKeyRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            label: body.label,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    let key = IngestKeyBody::from(created.key.unwrap_or_default());
    Ok((
        StatusCode::CREATED,
        Json(CreatedKeyBody {
            id: key.id,
            key: created.text,
            label: key.label,
            created_at: key.created_at,
        }),
    ))
}

/// Revokes one of the site's ingest keys: the ingest API refuses it from then on.
#[utoipa::path(delete, path = "/studio/api/v1/sites/{siteId}/ingest-keys/{keyId}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("keyId" = String, Path, description = "The key"),
    ),
    request_body = EmptyBody,
    responses(
        (status = 204, description = "Revoked"),
        (status = 400, description = "Not a JSON object", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn revoke_ingest_key(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, key_id)): Path<(String, String)>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<StatusCode, AppError> {
    studio
        .client
        .clone()
        .revoke_ingest_key(studio::RevokeIngestKeyRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            key_id,
            client_address,
        })
        .await
        .map_err(AppError::studio)?;
    Ok(StatusCode::NO_CONTENT)
}
