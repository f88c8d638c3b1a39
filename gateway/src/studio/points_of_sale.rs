//! A theater's point of sale on the studio's host (docs/studio.md#point-of-sale): its
//! link and how its schedule and seats came in lately, for every role of the site; linked,
//! unlinked and given the cinema's token (write-only) by the site's admins and the
//! theater's own managers, through svc-studio.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1 as catalogue;
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{SiteRefusals, StudioContext, rfc3339};
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract::StrictJson;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new().route(
        "/sites/{site_id}/theaters/{theater_id}/point-of-sale",
        get(read_point_of_sale).put(set_point_of_sale),
    )
}

/// A theater's link to a point-of-sale connector.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = StudioPointOfSaleLink)]
struct LinkBody {
    /// "veezi".
    provider: String,
    /// A token file in the connector's folder; empty: the token uploaded here.
    #[serde(default)]
    token_file: String,
    /// The cinema's attribute short names and the vocabulary code each means.
    #[serde(default)]
    attributes: BTreeMap<String, String>,
}

/// A theater's point of sale and how it did lately.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioPointOfSale)]
struct PointOfSaleBody {
    /// Null: the schedule is pushed through the ingest API.
    #[schema(required = true)]
    link: Option<LinkBody>,
    /// Whether an uploaded token is kept (it is never shown), when and by whom.
    token_kept: bool,
    #[schema(required = true)]
    token_set_at: Option<String>,
    token_set_by: String,
    /// The connector's last poll that brought the theater in step (RFC 3339).
    #[schema(required = true)]
    last_success_at: Option<String>,
    /// Why its last failed poll failed, and when.
    last_error: String,
    #[schema(required = true)]
    last_error_at: Option<String>,
    /// In the last hour: showtimes written or removed, and seat counts changed.
    showtimes_changed_last_hour: i64,
    seat_updates_last_hour: i64,
    /// When the schedule or seats last changed, within the hour.
    #[schema(required = true)]
    last_change_at: Option<String>,
}

impl From<catalogue::PointOfSaleState> for PointOfSaleBody {
    fn from(state: catalogue::PointOfSaleState) -> Self {
        let time = |seconds: i64| (seconds > 0).then(|| rfc3339(seconds));
        PointOfSaleBody {
            link: state.link.map(|link| LinkBody {
                provider: link.provider,
                token_file: link.token,
                attributes: link.attributes,
            }),
            token_kept: state.token_kept,
            token_set_at: time(state.token_set_at),
            token_set_by: state.token_set_by,
            last_success_at: time(state.last_success_at),
            last_error: state.last_error,
            last_error_at: time(state.last_error_at),
            showtimes_changed_last_hour: state.showtimes_changed,
            seat_updates_last_hour: state.seats_changed,
            last_change_at: time(state.last_change_at),
        }
    }
}

/// A theater's point of sale as a staff member sets it (its Debug never shows the
/// token).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = StudioPointOfSaleSetting)]
struct SettingBody {
    /// Null: unlinked (a kept token is dropped). Required: a body without it is refused,
    /// never read as unlinking.
    #[serde(default, deserialize_with = "present")]
    #[schema(required = true, value_type = Option<LinkBody>)]
    link: Option<Option<LinkBody>>,
    /// The cinema's API token, uploaded: kept for the connector, never shown again.
    #[serde(default)]
    token: Option<String>,
}

impl std::fmt::Debug for SettingBody {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("SettingBody")
            .field("link", &self.link)
            .field("token", &self.token.as_ref().map(|_| "(uploaded)"))
            .finish()
    }
}

/// A field that may be null, told apart from one left out: `Some(None)` for null.
fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A theater's point of sale: its link and how its schedule and seats came in lately.
/// Every role of the site.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/theaters/{theaterId}/point-of-sale", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("theaterId" = String, Path, description = "The theater"),
    ),
    responses(
        (status = 200, description = "The point of sale", body = PointOfSaleBody),
        SiteRefusals,
    ))]
async fn read_point_of_sale(
    State(studio): State<StudioState>,
    Path((site_id, theater_id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<PointOfSaleBody>, AppError> {
    let state = studio
        .client
        .clone()
        .get_point_of_sale(studio::TheaterRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            theater_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(state.into()))
}

/// Links a theater to its point of sale (or unlinks it), with the cinema's token uploaded
/// (write-only). Takes effect at once, as one commit; audited without the token. Admins,
/// operators and the theater's managers.
#[utoipa::path(put, path = "/studio/api/v1/sites/{siteId}/theaters/{theaterId}/point-of-sale", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("theaterId" = String, Path, description = "The theater"),
    ),
    request_body = SettingBody,
    responses(
        (status = 200, description = "The point of sale as now set", body = PointOfSaleBody),
        (status = 400, description = "Invalid setting; `field` names it (`link.provider`, `token`, `link.attributes.OC`)", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn set_point_of_sale(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, theater_id)): Path<(String, String)>,
    headers: HeaderMap,
    StrictJson(setting): StrictJson<SettingBody>,
) -> Result<Json<PointOfSaleBody>, AppError> {
    let link = setting.link.ok_or_else(|| AppError::InvalidField {
        field: "link".to_owned(),
        problem: "required: the link, or null to unlink".to_owned(),
    })?;
    let state = studio
        .client
        .clone()
        .set_point_of_sale(studio::SetPointOfSaleRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            theater_id,
            link: link.map(|link| catalogue::PointOfSale {
                provider: link.provider,
                token: link.token_file,
                attributes: link.attributes,
            }),
            token: setting.token,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(state.into()))
}
