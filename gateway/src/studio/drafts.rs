//! A site's draft, publishing and history on the studio's host
//! (docs/studio.md#drafts-and-publishing): the site's document changed by merge patch,
//! pages and events put and removed, the draft published now or at a time or discarded,
//! the revisions listed and one restored. svc-studio checks the caller's grant and
//! audits each change; svc-catalogue keeps the draft and publishes it.

use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use proto::catalogue::v1 as catalogue;
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::sign_in::EmptyBody;
use super::{SiteRefusals, StudioContext, rfc3339};
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract::{self, StrictJson, same_id};

type StudioState = Arc<StudioContext>;

/// The largest page taken: a long page of blocks (a 5,000-word one is about 100 KB of
/// JSON) is more than the studio's other bodies.
const MAX_PAGE_BYTES: usize = 1024 * 1024;

pub fn router() -> Router<StudioState> {
    Router::new()
        .route(
            "/sites/{site_id}/draft",
            get(read_draft).delete(discard_draft),
        )
        .route(
            "/sites/{site_id}/draft/site",
            get(read_draft_site).patch(patch_draft_site),
        )
        .route("/sites/{site_id}/draft/pages", get(list_draft_pages))
        .route(
            "/sites/{site_id}/draft/pages/{slug}",
            get(read_draft_page)
                .put(put_draft_page)
                .delete(delete_draft_page)
                .layer(DefaultBodyLimit::max(MAX_PAGE_BYTES)),
        )
        .route("/sites/{site_id}/draft/events", get(list_draft_events))
        .route(
            "/sites/{site_id}/draft/events/{id}",
            get(read_draft_event)
                .put(put_draft_event)
                .delete(delete_draft_event),
        )
        .route("/sites/{site_id}/draft/publish", post(publish_draft))
        .route("/sites/{site_id}/revisions", get(list_revisions))
        .route(
            "/sites/{site_id}/revisions/{revision}/restore",
            post(restore_revision),
        )
}

/// A record the draft changes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioDraftChange)]
struct DraftChangeBody {
    /// site, page or event.
    kind: String,
    /// The page's slug, the event's id; empty for the site's document.
    id: String,
    /// Who changed it last.
    by: String,
    /// RFC 3339.
    at: String,
    /// Whether the draft removes it.
    removed: bool,
}

/// The draft's publishing at a time.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioScheduledPublish)]
struct ScheduleBody {
    /// RFC 3339.
    publish_at: String,
    by: String,
    /// Why it did not publish at its time (a record changed since); empty until then.
    failure: String,
}

/// A site's draft: the records it changes, and when it will be published.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioDraft)]
struct DraftBody {
    changes: Vec<DraftChangeBody>,
    #[schema(required = true)]
    schedule: Option<ScheduleBody>,
}

impl From<catalogue::Draft> for DraftBody {
    fn from(draft: catalogue::Draft) -> Self {
        DraftBody {
            changes: draft
                .changes
                .into_iter()
                .map(|change| DraftChangeBody {
                    kind: change.kind,
                    id: change.id,
                    by: change.by,
                    at: rfc3339(change.at),
                    removed: change.removed,
                })
                .collect(),
            schedule: draft.schedule.map(|schedule| ScheduleBody {
                publish_at: rfc3339(schedule.publish_at),
                by: schedule.by,
                failure: schedule.failure,
            }),
        }
    }
}

/// The site's draft: the records it changes, who changed each last, and its publishing
/// at a time, if any.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/draft", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses((status = 200, description = "The draft", body = DraftBody), SiteRefusals))]
async fn read_draft(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<DraftBody>, AppError> {
    let draft = studio
        .client
        .clone()
        .get_draft(studio::SiteRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(draft.into()))
}

/// The site's document (site.json's shape) as the draft has it: the published one where
/// the draft leaves it.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/draft/site", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses((status = 200, description = "The site's document", body = Object), SiteRefusals))]
async fn read_draft_site(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, AppError> {
    let drafted = studio
        .client
        .clone()
        .get_draft_site(studio::SiteRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(document(&drafted.after_json)))
}

/// Changes the site's document in the draft by an RFC 7396 merge patch
/// (`application/merge-patch+json`): `{"config": {"theme": {"palette": {"primary":
/// "#0A7E8C"}}}}`; null removes a field. The document after it is checked whole before
/// it is kept. Editors and admins; a patch of `loyalty`, admins only.
#[utoipa::path(patch, path = "/studio/api/v1/sites/{siteId}/draft/site", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    request_body(content = Object, content_type = "application/merge-patch+json"),
    responses(
        (status = 200, description = "The site's document as the draft now has it", body = Object),
        (status = 400, description = "Not a JSON object, or the document after it breaks a rule; `field` names the field (config.theme.palette.primary)", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn patch_draft_site(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    extract::Json(patch): extract::Json<serde_json::Map<String, Value>>,
) -> Result<Json<Value>, AppError> {
    let drafted = studio
        .client
        .clone()
        .patch_draft_site(studio::PatchDraftSiteRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            patch_json: Value::Object(patch).to_string(),
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(document(&drafted.after_json)))
}

/// A page of the site as the draft has it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioDraftPage)]
struct DraftPageBody {
    slug: String,
    title: String,
    state: DraftState,
}

/// An event of the site as the draft has it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioDraftEvent)]
struct DraftEventBody {
    id: String,
    title: String,
    state: DraftState,
}

/// What the draft does to a record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = StudioDraftState)]
pub(super) enum DraftState {
    /// The draft leaves it as published.
    Published,
    Added,
    Changed,
    Removed,
}

impl DraftState {
    pub(super) fn parse(state: &str) -> DraftState {
        match state {
            "added" => DraftState::Added,
            "changed" => DraftState::Changed,
            "removed" => DraftState::Removed,
            _ => DraftState::Published,
        }
    }
}

/// The site's pages as the draft has them: the published ones in the site's order, then
/// those the draft adds; each with what the draft does to it. Every role of the site.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/draft/pages", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses((status = 200, description = "The site's pages", body = [DraftPageBody]), SiteRefusals))]
async fn list_draft_pages(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Vec<DraftPageBody>>, AppError> {
    let records = drafted_records(&studio, &headers, site_id, "page").await?;
    Ok(Json(
        records
            .into_iter()
            .map(|record| DraftPageBody {
                slug: record.id,
                title: record.title,
                state: DraftState::parse(&record.state),
            })
            .collect(),
    ))
}

/// The site's events as the draft has them, as its pages are listed. Every role of the
/// site.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/draft/events", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses((status = 200, description = "The site's events", body = [DraftEventBody]), SiteRefusals))]
async fn list_draft_events(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Vec<DraftEventBody>>, AppError> {
    let records = drafted_records(&studio, &headers, site_id, "event").await?;
    Ok(Json(
        records
            .into_iter()
            .map(|record| DraftEventBody {
                id: record.id,
                title: record.title,
                state: DraftState::parse(&record.state),
            })
            .collect(),
    ))
}

/// A page as the draft has it, in the body `PUT` takes (404 when the draft has none: never
/// published, or removed).
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/draft/pages/{slug}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("slug" = String, Path, description = "The page's slug"),
    ),
    responses(
        (status = 200, description = "The page as the draft has it", body = catalogue::PageRecord),
        SiteRefusals,
    ))]
async fn read_draft_page(
    State(studio): State<StudioState>,
    Path((site_id, slug)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<catalogue::PageRecord>, AppError> {
    drafted_record(&studio, &headers, site_id, "page", slug)
        .await
        .map(Json)
}

/// An event as the draft has it, in the body `PUT` takes (404 when the draft has none).
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/draft/events/{id}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("id" = String, Path, description = "The event's id"),
    ),
    responses(
        (status = 200, description = "The event as the draft has it", body = catalogue::EventRecord),
        SiteRefusals,
    ))]
async fn read_draft_event(
    State(studio): State<StudioState>,
    Path((site_id, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<catalogue::EventRecord>, AppError> {
    drafted_record(&studio, &headers, site_id, "event", id)
        .await
        .map(Json)
}

/// The site's records of `kind` (page, event or theater) as the draft has them.
pub(super) async fn drafted_records(
    studio: &StudioContext,
    headers: &HeaderMap,
    site_id: String,
    kind: &str,
) -> Result<Vec<catalogue::DraftRecordSummary>, AppError> {
    Ok(studio
        .client
        .clone()
        .list_draft_records(studio::DraftRecordsRequest {
            session_token: studio.session_token(headers)?,
            site_id,
            kind: kind.to_owned(),
        })
        .await
        .map_err(AppError::studio)?
        .into_inner()
        .records)
}

/// The record `id` of `kind` as the draft has it, as svc-catalogue keeps it, in the body
/// `PUT` takes: 404 when the draft has none (never published, or removed).
pub(super) async fn drafted_record<T: serde::de::DeserializeOwned>(
    studio: &StudioContext,
    headers: &HeaderMap,
    site_id: String,
    kind: &str,
    id: String,
) -> Result<T, AppError> {
    let drafted = studio
        .client
        .clone()
        .get_draft_record(studio::DraftRecordRequest {
            session_token: studio.session_token(headers)?,
            site_id,
            kind: kind.to_owned(),
            id: id.clone(),
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    if drafted.after_json.is_empty() {
        return Err(AppError::NotFound(format!(
            "the draft has no {kind} '{id}'"
        )));
    }
    drafted_body(&drafted.after_json, kind, &id)
}

/// A record of the draft, as svc-catalogue keeps it, in the body `PUT` takes.
pub(super) fn drafted_body<T: serde::de::DeserializeOwned>(
    json: &str,
    kind: &str,
    id: &str,
) -> Result<T, AppError> {
    serde_json::from_str(json).map_err(|error| {
        AppError::studio(tonic::Status::internal(format!(
            "the draft's {kind} '{id}' is not one: {error}"
        )))
    })
}

/// Adds or replaces a page in the draft, with the body the ingest API takes.
#[utoipa::path(put, path = "/studio/api/v1/sites/{siteId}/draft/pages/{slug}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("slug" = String, Path, description = "The page's slug"),
    ),
    request_body = catalogue::PageRecord,
    responses(
        (status = 200, description = "The page as the draft now has it", body = catalogue::PageRecord),
        (status = 400, description = "Invalid page; `field` names the field (a slug that shadows a route, `blocks[3].text[0].link`)", body = ErrorBody),
        (status = 413, description = "A page of more than 1 MiB", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn put_draft_page(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, slug)): Path<(String, String)>,
    headers: HeaderMap,
    StrictJson(mut page): StrictJson<catalogue::PageRecord>,
) -> Result<Json<catalogue::PageRecord>, AppError> {
    same_id(&slug, &mut page.slug, "slug")?;
    let drafted = studio
        .client
        .clone()
        .put_draft_page(studio::PutDraftPageRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            page: Some(page),
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    drafted_body(&drafted.after_json, "page", &slug).map(Json)
}

/// Adds or replaces an event in the draft, with the body the ingest API takes.
#[utoipa::path(put, path = "/studio/api/v1/sites/{siteId}/draft/events/{id}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("id" = String, Path, description = "The event's id"),
    ),
    request_body = catalogue::EventRecord,
    responses(
        (status = 200, description = "The event as the draft now has it", body = catalogue::EventRecord),
        (status = 400, description = "Invalid event; `field` names the field", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn put_draft_event(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, id)): Path<(String, String)>,
    headers: HeaderMap,
    StrictJson(mut event): StrictJson<catalogue::EventRecord>,
) -> Result<Json<catalogue::EventRecord>, AppError> {
    same_id(&id, &mut event.id, "id")?;
    let drafted = studio
        .client
        .clone()
        .put_draft_event(studio::PutDraftEventRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            event: Some(event),
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    drafted_body(&drafted.after_json, "event", &id).map(Json)
}

/// Removes a page in the draft.
#[utoipa::path(delete, path = "/studio/api/v1/sites/{siteId}/draft/pages/{slug}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("slug" = String, Path, description = "The page's slug"),
    ),
    request_body = EmptyBody,
    responses(
        (status = 204, description = "The draft removes it"),
        (status = 400, description = "The body is not an empty JSON object", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn delete_draft_page(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, slug)): Path<(String, String)>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<StatusCode, AppError> {
    remove(&studio, &headers, site_id, "page", slug, client_address).await
}

/// Removes an event in the draft.
#[utoipa::path(delete, path = "/studio/api/v1/sites/{siteId}/draft/events/{id}", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("id" = String, Path, description = "The event's id"),
    ),
    request_body = EmptyBody,
    responses(
        (status = 204, description = "The draft removes it"),
        (status = 400, description = "The body is not an empty JSON object", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn delete_draft_event(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, id)): Path<(String, String)>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<StatusCode, AppError> {
    remove(&studio, &headers, site_id, "event", id, client_address).await
}

async fn remove(
    studio: &StudioContext,
    headers: &HeaderMap,
    site_id: String,
    kind: &str,
    id: String,
    client_address: String,
) -> Result<StatusCode, AppError> {
    studio
        .client
        .clone()
        .delete_draft_record(studio::DeleteDraftRecordRequest {
            session_token: studio.session_token(headers)?,
            site_id,
            kind: kind.to_owned(),
            id,
            client_address,
        })
        .await
        .map_err(AppError::studio)?;
    Ok(StatusCode::NO_CONTENT)
}

/// Discards the draft, and its publishing at a time.
#[utoipa::path(delete, path = "/studio/api/v1/sites/{siteId}/draft", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    request_body = EmptyBody,
    responses(
        (status = 204, description = "The draft is empty"),
        (status = 400, description = "The body is not an empty JSON object", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn discard_draft(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<StatusCode, AppError> {
    studio
        .client
        .clone()
        .discard_draft(studio::DraftActionRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            client_address,
        })
        .await
        .map_err(AppError::studio)?;
    Ok(StatusCode::NO_CONTENT)
}

/// How to publish the draft.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schema(as = StudioPublishRequest)]
struct PublishBody {
    /// RFC 3339: publish then (a time past publishes now); left out, now.
    publish_at: Option<String>,
    /// Publish over records changed since the draft began changing them.
    #[serde(default)]
    overwrite: bool,
}

/// A revision published.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioPublished)]
struct PublishedBody {
    revision: String,
}

/// A publish scheduled.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioPublishScheduled)]
struct ScheduledBody {
    /// RFC 3339.
    publish_at: String,
}

/// Publishes the draft as one commit, now (200) or at `publishAt` (202; a schedule that
/// survives restarts, replacing an earlier one). Refused with 409 naming the records
/// when some were changed since the draft began changing them (by the ingest API,
/// another publish), unless `overwrite`.
#[utoipa::path(post, path = "/studio/api/v1/sites/{siteId}/draft/publish", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    request_body = PublishBody,
    responses(
        (status = 200, description = "Published", body = PublishedBody),
        (status = 202, description = "Scheduled", body = ScheduledBody),
        (status = 400, description = "Invalid body; `field` names publishAt", body = ErrorBody),
        (status = 409, description = "Records changed since the draft began changing them, named", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "The draft holds no change, or an event is at a theater the site no longer has", body = ErrorBody),
        SiteRefusals,
    ))]
async fn publish_draft(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    extract::Json(body): extract::Json<PublishBody>,
) -> Result<Response, AppError> {
    let publish_at = body
        .publish_at
        .as_deref()
        .map(|at| {
            at.parse::<jiff::Timestamp>()
                .map(|at| at.as_second())
                .map_err(|error| AppError::InvalidField {
                    field: "publishAt".to_owned(),
                    problem: format!("'{at}' is not an RFC 3339 time: {error}"),
                })
        })
        .transpose()?;
    let published = studio
        .client
        .clone()
        .publish_draft(studio::PublishDraftRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            publish_at,
            overwrite: body.overwrite,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(if published.revision.is_empty() {
        let scheduled = ScheduledBody {
            publish_at: rfc3339(published.publish_at),
        };
        (StatusCode::ACCEPTED, Json(scheduled)).into_response()
    } else {
        Json(PublishedBody {
            revision: published.revision,
        })
        .into_response()
    })
}

/// A kept revision of the site's editable records.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioRevision)]
struct RevisionBody {
    revision: String,
    /// RFC 3339.
    at: String,
    /// A staff member, an ingest key's label, "bundle import".
    by: String,
    /// What changed: the site's fields, each page and event added, changed or removed.
    summary: String,
}

/// The revisions that changed the site's editable records, newest first (at most 200).
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/revisions", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses((status = 200, description = "The history", body = [RevisionBody]), SiteRefusals))]
async fn list_revisions(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Vec<RevisionBody>>, AppError> {
    let revisions = studio
        .client
        .clone()
        .list_revisions(studio::SiteRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(
        revisions
            .revisions
            .into_iter()
            .map(|revision| RevisionBody {
                revision: revision.revision,
                at: rfc3339(revision.at),
                by: revision.by,
                summary: revision.summary,
            })
            .collect(),
    ))
}

/// Commits an earlier revision's site document, pages and events as a new revision (the
/// history is never rewritten). Editors and admins.
#[utoipa::path(post, path = "/studio/api/v1/sites/{siteId}/revisions/{revision}/restore", tag = "studio",
    params(
        ("siteId" = String, Path, description = "The site"),
        ("revision" = String, Path, description = "A revision of the history"),
    ),
    request_body = EmptyBody,
    responses(
        (status = 200, description = "Restored, as this new revision", body = PublishedBody),
        (status = 400, description = "The body is not an empty JSON object", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "It no longer holds with the site (an event at a theater removed since, a movie named that is gone); `field` names it", body = ErrorBody),
        SiteRefusals,
    ))]
async fn restore_revision(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, revision)): Path<(String, String)>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<Json<PublishedBody>, AppError> {
    let restored = studio
        .client
        .clone()
        .restore_revision(studio::RestoreRevisionRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            revision,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(PublishedBody {
        revision: restored.revision,
    }))
}

/// A record svc-catalogue sent as JSON ("" for none: null).
fn document(json: &str) -> Value {
    serde_json::from_str(json).unwrap_or(Value::Null)
}
