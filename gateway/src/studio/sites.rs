//! The sites a staff member may see, for the studio's site switcher; and new sites, made
//! by operators from a template, and where each is served (docs/studio.md#sites-and-staff).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::get;
use axum::{Json, Router};
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{SiteRefusals, StudioContext};
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new()
        .route("/sites", get(list_sites).post(create_site))
        .route(
            "/sites/{site_id}",
            get(site_details).patch(set_site_address),
        )
}

/// Where a site is served: each field given replaces what it has.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = StudioSiteAddress)]
struct SiteAddressBody {
    /// Its host names, in place of its own (`[]`: none).
    hosts: Option<Vec<String>>,
    /// Its own origin; empty: the deployment's.
    public_url: Option<String>,
}

/// What a new site is made from, and where it is served.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = StudioNewSite)]
struct NewSiteBody {
    /// Lower-case letters, digits and '-': its id in addresses, the ingest API and the
    /// audit log, never changed.
    #[schema(pattern = "^[a-z0-9-]+$", max_length = 63)]
    id: String,
    /// 1 to 100 characters.
    #[schema(max_length = 100)]
    name: String,
    template: Template,
    /// The host names it is served on (none: it is reached once an operator names them).
    #[serde(default)]
    hosts: Vec<String>,
    /// Its own origin (`https://www.chain.example`); absent or empty: the deployment's.
    #[serde(default)]
    public_url: String,
}

/// `empty`: one theater and no movies, for the chain's point of sale or its staff to fill;
/// `demo`: a copy of the demo chain, its days as of today.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = StudioSiteTemplate)]
enum Template {
    Empty,
    Demo,
}

impl Template {
    fn code(&self) -> &'static str {
        match self {
            Template::Empty => "empty",
            Template::Demo => "demo",
        }
    }
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

/// A site with where it is served as set: what the form of an operator shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioSiteDetails)]
struct SiteDetailsBody {
    id: String,
    name: String,
    /// The host names it is served on, lower-cased.
    hosts: Vec<String>,
    /// Where the public reaches it: its own origin, else the one the gateway gives it.
    public_url: String,
    /// Its own origin as an operator set it; empty: it has none, and `publicUrl` is the
    /// deployment's address on its first host name.
    own_public_url: String,
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
    Ok(Json(
        listed(&studio, &headers)
            .await?
            .into_iter()
            .map(|site| SiteBody::of(&studio, site))
            .collect(),
    ))
}

/// Makes a site from a template, served on its host names from its first commit:
/// operators only, audited. Its staff are then invited to it.
#[utoipa::path(post, path = "/studio/api/v1/sites", tag = "studio",
    request_body = NewSiteBody,
    responses(
        (status = 201, description = "Made and served", body = SiteBody),
        (status = 400, description = "Invalid body; `field` names id, name, template, hosts or publicUrl", body = ErrorBody),
        (status = 401, description = "No session", body = ErrorBody),
        (status = 403, description = "Not an operator; or not from the studio's own pages", body = ErrorBody),
        (status = 409, description = "A site of that id exists (`field` id), or another site has a host (`field` hosts): nothing made", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "The template is not installed on this deployment", body = ErrorBody),
        (status = 503, description = "svc-studio or svc-catalogue is down or did not answer in time: list the sites before trying again", body = ErrorBody),
    ))]
async fn create_site(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    headers: HeaderMap,
    body: Result<extract::StrictJson<NewSiteBody>, AppError>,
) -> Result<(StatusCode, Json<SiteBody>), AppError> {
    // No session is 401 whatever the body.
    let session_token = studio.session_token(&headers)?;
    let extract::StrictJson(body) = body?;
    let site = studio
        .client
        .clone()
        .create_site(studio::CreateSiteRequest {
            session_token,
            id: body.id,
            name: body.name,
            template: body.template.code().to_owned(),
            hosts: body.hosts,
            public_url: body.public_url,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok((StatusCode::CREATED, Json(SiteBody::of(&studio, site))))
}

/// A site the staff member may see, with its own public URL as set.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses(
        (status = 200, description = "The site", body = SiteDetailsBody),
        SiteRefusals,
    ))]
async fn site_details(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<SiteDetailsBody>, AppError> {
    let site = listed(&studio, &headers)
        .await?
        .into_iter()
        .find(|site| site.id == site_id)
        .ok_or_else(|| AppError::NotFound(format!("no site '{site_id}'")))?;
    Ok(Json(SiteDetailsBody::of(&studio, site)))
}

/// Where a site is served: its host names (each a host no other site has) and its public
/// URL, for its canonical links, Open Graph and sitemap. Operators only, audited; served
/// so from the next commit.
#[utoipa::path(patch, path = "/studio/api/v1/sites/{siteId}", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    request_body = SiteAddressBody,
    responses(
        (status = 200, description = "Where it is served now", body = SiteDetailsBody),
        (status = 400, description = "Invalid body (neither field given, a field of the wrong type or unknown); `field` names hosts or publicUrl", body = ErrorBody),
        (status = 409, description = "Another site has one of the hosts (`field` hosts): nothing changed", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn set_site_address(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    body: Result<extract::StrictJson<SiteAddressBody>, AppError>,
) -> Result<Json<SiteDetailsBody>, AppError> {
    let session_token = studio.session_token(&headers)?;
    let extract::StrictJson(body) = body?;
    if body.hosts.is_none() && body.public_url.is_none() {
        return Err(AppError::BadRequest(
            "nothing to change: give hosts, publicUrl or both".to_owned(),
        ));
    }
    let site = studio
        .client
        .clone()
        .set_site_address(studio::SetSiteAddressRequest {
            session_token,
            site_id,
            set_hosts: body.hosts.is_some(),
            hosts: body.hosts.unwrap_or_default(),
            public_url: body.public_url,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(SiteDetailsBody::of(&studio, site)))
}

/// The sites the request's staff member may see, as svc-studio lists them.
/// Where the public reaches the site `site_id`, which the session's staff member may see
/// (404 otherwise).
pub(super) async fn public_url_of(
    studio: &StudioContext,
    headers: &HeaderMap,
    site_id: &str,
) -> Result<String, AppError> {
    listed(studio, headers)
        .await?
        .into_iter()
        .find(|site| site.id == site_id)
        .map(|site| SiteBody::of(studio, site).public_url)
        .ok_or_else(|| AppError::NotFound(format!("no site '{site_id}'")))
}

/// Where the public reaches site `site_id`, as the caller may see it (404 when they may
/// not).
pub(super) async fn public_origin_of(
    studio: &StudioContext,
    headers: &HeaderMap,
    site_id: &str,
) -> Result<String, AppError> {
    let site = listed(studio, headers)
        .await?
        .into_iter()
        .find(|site| site.id == site_id)
        .ok_or_else(|| AppError::NotFound(format!("no site '{site_id}'")))?;
    Ok(SiteBody::of(studio, site).public_url)
}

async fn listed(
    studio: &StudioContext,
    headers: &HeaderMap,
) -> Result<Vec<studio::Site>, AppError> {
    Ok(studio
        .client
        .clone()
        .list_sites(studio::ListSitesRequest {
            session_token: studio.session_token(headers)?,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner()
        .sites)
}

impl SiteBody {
    fn of(studio: &StudioContext, site: studio::Site) -> SiteBody {
        SiteBody {
            public_url: crate::sites::public_origin(
                &studio.public_url,
                &site.public_url,
                &site.hosts,
                site.is_default,
            ),
            id: site.id,
            name: site.name,
            hosts: site.hosts,
        }
    }
}

impl SiteDetailsBody {
    fn of(studio: &StudioContext, site: studio::Site) -> SiteDetailsBody {
        let own_public_url = site.public_url.clone();
        let SiteBody {
            id,
            name,
            hosts,
            public_url,
        } = SiteBody::of(studio, site);
        SiteDetailsBody {
            id,
            name,
            hosts,
            public_url,
            own_public_url,
        }
    }
}
