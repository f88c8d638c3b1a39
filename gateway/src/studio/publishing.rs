//! The deployment's publishing on the studio's host (docs/studio.md#publishing-of-the-
//! deployment), for operators: each site as this gateway publishes or serves it (its
//! revision and when, pages rendered and stale, the revision stored for the deployment,
//! what is wrong) and the published store's use; and a site published again in full. What
//! a gateway publishes is its own to tell: svc-studio only says whether the caller is an
//! operator, and audits the republishing.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use proto::studio::v1 as studio;
use serde::Serialize;
use utoipa::ToSchema;

use super::sign_in::EmptyBody;
use super::{SiteRefusals, StudioContext};
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract;
use crate::ops::health::SiteState;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new()
        .route("/publishing", get(read_publishing))
        .route("/sites/{site_id}/republish", post(republish))
}

/// The deployment's publishing as this gateway sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioPublishing)]
struct PublishingBody {
    store: StoreBody,
    sites: Vec<SitePublishingBody>,
}

/// Where the sites' revisions are stored (PUBLISH_NATS_URL).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioPublishedStore)]
struct StoreBody {
    /// connected, unreachable or off (not set: each gateway publishes alone).
    status: &'static str,
    /// The bytes its files take, while connected.
    #[schema(required = true)]
    bytes: Option<u64>,
    /// Its limit (PUBLISHED_STORE_MB), while connected.
    #[schema(required = true)]
    limit_bytes: Option<i64>,
}

/// One site as this gateway publishes or serves it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioSitePublishing)]
struct SitePublishingBody {
    site_id: String,
    /// published, publishing, stale or unavailable (as `/readyz` says).
    status: &'static str,
    /// The revision its pages are of, and when they were published (RFC 3339); null
    /// before the first.
    #[schema(required = true)]
    revision: Option<String>,
    #[schema(required = true)]
    published_at: Option<String>,
    pages: usize,
    /// Pages whose last HTML stands in until they are rendered again.
    stale_pages: usize,
    /// The catalogue's revision still to publish.
    #[schema(required = true)]
    pending_revision: Option<String>,
    /// The revision last stored for the deployment.
    #[schema(required = true)]
    stored_revision: Option<String>,
    /// publisher (this gateway holds the site's lease) or replica; null: it publishes
    /// alone.
    #[schema(required = true)]
    role: Option<&'static str>,
    /// What is wrong, if anything.
    #[schema(required = true)]
    problem: Option<String>,
}

impl SitePublishingBody {
    fn of(site_id: &str, state: &SiteState) -> SitePublishingBody {
        let (status, problem) = state.standing();
        let publishing = state.status.get();
        let snapshot = state.published.current();
        SitePublishingBody {
            site_id: site_id.to_owned(),
            status,
            revision: snapshot
                .as_ref()
                .map(|snapshot| snapshot.version.revision.clone()),
            published_at: snapshot
                .as_ref()
                .map(|snapshot| snapshot.published_at.to_string()),
            pages: snapshot.as_ref().map_or(0, |snapshot| snapshot.pages),
            stale_pages: snapshot
                .as_ref()
                .map_or(0, |snapshot| snapshot.stale_pages.len()),
            pending_revision: publishing.pending.map(|version| version.revision),
            stored_revision: publishing.stored_revision,
            role: publishing.role.map(|role| role.name()),
            problem,
        }
    }
}

/// A site published again.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioRepublished)]
struct RepublishedBody {
    /// The catalogue's new revision, which its publisher renders in full.
    revision: String,
}

/// Each site as this gateway publishes or serves it, and the published store's use.
/// Operators only.
#[utoipa::path(get, path = "/studio/api/v1/publishing", tag = "studio",
    responses(
        (status = 200, description = "The deployment's publishing", body = PublishingBody),
        (status = 401, description = "No session", body = ErrorBody),
        (status = 403, description = "Not an operator", body = ErrorBody),
    ))]
async fn read_publishing(
    State(studio): State<StudioState>,
    headers: HeaderMap,
) -> Result<Json<PublishingBody>, AppError> {
    studio
        .client
        .clone()
        .authorise_operator(studio::AuthenticateRequest {
            session_token: studio.session_token(&headers)?,
        })
        .await
        .map_err(AppError::studio)?;
    let sites = studio
        .sites
        .all()
        .iter()
        .map(|(site_id, state)| SitePublishingBody::of(site_id, state))
        .collect();
    let store = match &studio.depot {
        None => StoreBody {
            status: "off",
            bytes: None,
            limit_bytes: None,
        },
        Some(depot) if depot.connected() => StoreBody {
            status: "connected",
            bytes: tokio::time::timeout(Duration::from_secs(1), depot.stored_bytes())
                .await
                .ok()
                .and_then(Result::ok),
            limit_bytes: Some(depot.buckets.files_bytes),
        },
        Some(_) => StoreBody {
            status: "unreachable",
            bytes: None,
            limit_bytes: None,
        },
    };
    Ok(Json(PublishingBody { store, sites }))
}

/// Publishes the site again in full: a new revision of the same content, every page of
/// which its publisher renders (after a renderer or template upgrade, or pages left
/// stale). Operators only; audited as `site.republished`.
#[utoipa::path(post, path = "/studio/api/v1/sites/{siteId}/republish", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    request_body = EmptyBody,
    responses(
        (status = 202, description = "Asked for: the site's publisher renders it", body = RepublishedBody),
        (status = 400, description = "The body is not an empty JSON object", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn republish(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<(StatusCode, Json<RepublishedBody>), AppError> {
    let republished = studio
        .client
        .clone()
        .republish_site(studio::DraftActionRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok((
        StatusCode::ACCEPTED,
        Json(RepublishedBody {
            revision: republished.revision,
        }),
    ))
}
