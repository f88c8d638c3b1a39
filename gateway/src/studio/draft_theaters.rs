//! A site's theaters in its draft, on the studio's host (docs/studio.md#theaters): their
//! descriptive fields (address, contact, opening hours, parking, accessibility, amenities,
//! time zone) read by every role of the site and changed by its admins and the theater's
//! own managers. A theater's identity, booking site and point of sale are never drafted.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1 as catalogue;
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::drafts::{DraftState, drafted_body, drafted_record, drafted_records};
use super::{SiteRefusals, StudioContext};
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract::StrictJson;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new()
        .route("/sites/{site_id}/draft/theaters", get(list_draft_theaters))
        .route(
            "/sites/{site_id}/draft/theaters/{id}",
            get(read_draft_theater).put(put_draft_theater),
        )
}

/// A theater of the site as the draft has it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioDraftTheater)]
struct DraftTheaterBody {
    id: String,
    name: String,
    state: DraftState,
}

/// A theater as the draft describes it: its id and name (the point of sale's, read-only)
/// and the descriptive fields `PUT` takes.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[schema(as = StudioTheaterDetails)]
struct TheaterBody {
    id: String,
    name: String,
    #[schema(required = true)]
    address: Option<catalogue::Address>,
    phone: String,
    email: String,
    description: String,
    amenities: Vec<String>,
    /// What a visitor with a disability can rely on, one note each.
    accessibility: Vec<String>,
    /// Where to park and how.
    parking: String,
    opening_hours: Vec<catalogue::OpeningHours>,
    /// IANA; empty = the site's.
    time_zone: String,
    latitude: f64,
    longitude: f64,
}

/// A theater as svc-catalogue keeps it, in the body `PUT` takes: its identity beyond
/// the id and name, its booking site and its point of sale left out.
fn theater_body(mut stored: Value, id: &str) -> Result<TheaterBody, AppError> {
    const FIELDS: [&str; 13] = [
        "id",
        "name",
        "address",
        "phone",
        "email",
        "description",
        "amenities",
        "accessibility",
        "parking",
        "openingHours",
        "timeZone",
        "latitude",
        "longitude",
    ];
    if let Some(fields) = stored.as_object_mut() {
        fields.retain(|field, _| FIELDS.contains(&field.as_str()));
    }
    serde_json::from_value(stored).map_err(|error| {
        AppError::studio(tonic::Status::internal(format!(
            "the draft's theater '{id}' is not one: {error}"
        )))
    })
}

/// The site's theaters as the draft has them, in the site's order, each with what the
/// draft does to it. Every role of the site.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/draft/theaters", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses((status = 200, description = "The site's theaters", body = [DraftTheaterBody]), SiteRefusals))]
async fn list_draft_theaters(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Vec<DraftTheaterBody>>, AppError> {
    let records = drafted_records(&studio, &headers, site_id, "theater").await?;
    Ok(Json(
        records
            .into_iter()
            .map(|record| DraftTheaterBody {
                id: record.id,
                name: record.title,
                state: DraftState::parse(&record.state),
            })
            .collect(),
    ))
}

/// A theater as the draft describes it (404 for a theater the site lacks).
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/draft/theaters/{id}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("id" = String, Path, description = "The theater's id"),
    ),
    responses(
        (status = 200, description = "The theater as the draft describes it", body = TheaterBody),
        SiteRefusals,
    ))]
async fn read_draft_theater(
    State(studio): State<StudioState>,
    Path((site_id, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<TheaterBody>, AppError> {
    let stored: Value = drafted_record(&studio, &headers, site_id, "theater", id.clone()).await?;
    theater_body(stored, &id).map(Json)
}

/// Describes a theater in the draft: its descriptive fields replaced by the body's (the
/// id and name sent are ignored). Admins, and the managers of that theater.
#[utoipa::path(put, path = "/studio/api/v1/sites/{siteId}/draft/theaters/{id}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("id" = String, Path, description = "The theater's id"),
    ),
    request_body = TheaterBody,
    responses(
        (status = 200, description = "The theater as the draft now describes it", body = TheaterBody),
        (status = 400, description = "Invalid details; `field` names the field (`openingHours[0].opens`, `parking`)", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn put_draft_theater(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, id)): Path<(String, String)>,
    headers: HeaderMap,
    StrictJson(body): StrictJson<TheaterBody>,
) -> Result<Json<TheaterBody>, AppError> {
    let details = catalogue::TheaterDetails {
        address: body.address,
        phone: body.phone,
        email: body.email,
        description: body.description,
        amenities: body.amenities,
        accessibility: body.accessibility,
        parking: body.parking,
        opening_hours: body.opening_hours,
        time_zone: body.time_zone,
        latitude: body.latitude,
        longitude: body.longitude,
    };
    let drafted = studio
        .client
        .clone()
        .put_draft_theater(studio::PutDraftTheaterRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            theater_id: id.clone(),
            details: Some(details),
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    let stored: Value = drafted_body(&drafted.after_json, "theater", &id)?;
    theater_body(stored, &id).map(Json)
}
