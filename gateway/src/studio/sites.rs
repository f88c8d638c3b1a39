//! The sites a staff member may see, for the studio's site switcher.

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use proto::studio::v1 as studio;
use serde::Serialize;
use utoipa::ToSchema;

use super::StudioContext;
use crate::error::{AppError, ErrorBody};

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new().route("/sites", get(list_sites))
}

/// A site the staff member may see.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioSite)]
pub struct SiteBody {
    id: String,
    name: String,
    /// The host names it is served on, lower-cased.
    hosts: Vec<String>,
    /// Where the public reaches it: its own origin, else the one the gateway gives it.
    public_url: String,
}

/// The sites the signed-in staff member may see (an operator: every site), by id; a site
/// they hold no grant on is not listed.
#[utoipa::path(get, path = "/studio/api/v1/sites", tag = "studio", responses(
    (status = 200, description = "The sites", body = [SiteBody]),
    (status = 401, description = "No session", body = ErrorBody),
    (status = 503, description = "svc-studio or svc-catalogue is down", body = ErrorBody),
))]
async fn list_sites(
    State(studio): State<StudioState>,
    headers: HeaderMap,
) -> Result<Json<Vec<SiteBody>>, AppError> {
    let sites = studio
        .client
        .clone()
        .list_sites(studio::ListSitesRequest {
            session_token: studio.session_token(&headers)?,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(
        sites
            .sites
            .into_iter()
            .map(|site| SiteBody {
                public_url: crate::sites::public_origin(
                    &studio.public_url,
                    &site.public_url,
                    &site.hosts,
                    site.is_default,
                ),
                id: site.id,
                name: site.name,
                hosts: site.hosts,
            })
            .collect(),
    ))
}
