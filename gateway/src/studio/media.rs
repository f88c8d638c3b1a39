//! A site's media library on the studio's host (docs/studio.md#media): images listed
//! and searched; uploaded (`multipart/form-data`: `file`, `alt`), replaced, described and
//! removed. svc-studio checks the grant and audits each change; svc-catalogue refuses a
//! file that is not the JPEG, PNG or WebP image it says (naming `file`), an image still in
//! use (naming where), and keeps each width as JPEG and WebP, published on the site's host.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::handler::Handler;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, patch, put};
use axum::{Json, Router};
use proto::catalogue::v1 as catalogue;
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use tower::limit::GlobalConcurrencyLimitLayer;
use utoipa::{IntoParams, ToSchema};

use super::sign_in::EmptyBody;
use super::{SiteRefusals, StudioContext, rfc3339};
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract::{self, Query};

type StudioState = Arc<StudioContext>;

/// The largest image taken, as svc-catalogue takes it.
const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// Uploads this gateway reads and passes on at once (each holds its file, twice while it
/// is sent on); the others wait, their bodies unread.
const UPLOADS_AT_ONCE: usize = 4;
/// How long an upload's answer waits for this gateway to serve the new image's files
/// (the site is published again within seconds), so that `url` answers at once.
const SERVED_WITHIN: Duration = Duration::from_secs(10);
/// An upload's body: the file, its alt text and the form's own lines.
const MAX_UPLOAD_BYTES: usize = MAX_FILE_BYTES + 64 * 1024;

/// The routes whose changes come as `multipart/form-data` rather than JSON
/// ([`super::cross_site`] still asks them for a studio `Origin`).
pub const UPLOAD_ROUTES: [&str; 2] = ["/sites/{site_id}/media", "/sites/{site_id}/media/{id}/file"];

pub fn router() -> Router<StudioState> {
    let uploads = GlobalConcurrencyLimitLayer::new(UPLOADS_AT_ONCE);
    Router::new()
        .route(
            UPLOAD_ROUTES[0],
            get(list_media).post(upload_media.layer(uploads.clone())),
        )
        .route(
            "/sites/{site_id}/media/{id}",
            patch(describe_media).delete(delete_media),
        )
        .route(UPLOAD_ROUTES[1], put(replace_media.layer(uploads)))
        .route_layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES))
}

/// An image of the library.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioMediaItem)]
struct MediaItemBody {
    id: String,
    /// The path pages, events and the logo name it by (its largest JPEG), on the site's
    /// host; `url` is the same on the site's public origin.
    path: String,
    url: String,
    /// What the image shows: pages take it as the image's alt text.
    alt: String,
    file_name: String,
    /// The largest file's size, in pixels.
    width: u32,
    height: u32,
    /// Its files' bytes together, every width in JPEG and WebP.
    bytes: u64,
    /// Its narrowest WebP file, for lists.
    thumbnail_url: String,
    /// RFC 3339.
    uploaded_at: String,
    uploaded_by: String,
}

impl MediaItemBody {
    fn of(item: catalogue::MediaItem, origin: &str) -> MediaItemBody {
        let thumbnail = item
            .files
            .iter()
            .find(|file| file.content_type == "image/webp")
            .map_or(item.path.as_str(), |file| file.path.as_str());
        MediaItemBody {
            url: format!("{origin}{}", item.path),
            thumbnail_url: format!("{origin}{thumbnail}"),
            bytes: item.files.iter().map(|file| file.bytes).sum(),
            uploaded_at: rfc3339(item.uploaded_at),
            id: item.id,
            path: item.path,
            alt: item.alt,
            file_name: item.file_name,
            width: item.width,
            height: item.height,
            uploaded_by: item.uploaded_by,
        }
    }
}

/// An upload kept: where the site serves it and its size.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioMediaUploaded)]
struct UploadedBody {
    id: String,
    /// Its largest JPEG on the site's public origin.
    url: String,
    width: u32,
    height: u32,
}

/// An upload, as `multipart/form-data`.
#[derive(Debug, ToSchema)]
#[expect(dead_code, reason = "describes the form in the API document")]
#[schema(as = StudioMediaUpload)]
struct UploadForm {
    /// A JPEG, PNG or WebP image of at most 10 MiB and 40 megapixels.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// What the image shows, for those who cannot see it: required, at most 500
    /// characters, one line.
    alt: String,
}

/// A replacement file, as `multipart/form-data`.
#[derive(Debug, ToSchema)]
#[expect(dead_code, reason = "describes the form in the API document")]
#[schema(as = StudioMediaReplacement)]
struct ReplacementForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = StudioMediaAlt)]
struct AltBody {
    /// What the image shows: required, at most 500 characters, one line.
    alt: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct MediaQuery {
    /// Words of the alt text or the file name, case ignored; empty or absent: every image.
    #[serde(default)]
    q: String,
}

/// The site's images, newest first.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/media", tag = "studio",
    params(("siteId" = String, Path, description = "The site"), MediaQuery),
    responses((status = 200, description = "The images", body = [MediaItemBody]), SiteRefusals))]
async fn list_media(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<MediaQuery>, AppError>,
) -> Result<Json<Vec<MediaItemBody>>, AppError> {
    let session_token = studio.session_token(&headers)?;
    let Query(query) = query?;
    let items = studio
        .client
        .clone()
        .list_media(studio::ListMediaRequest {
            session_token,
            site_id: site_id.clone(),
            query: query.q,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner()
        .items;
    let origin = super::sites::public_origin_of(&studio, &headers, &site_id).await?;
    Ok(Json(
        items
            .into_iter()
            .map(|item| MediaItemBody::of(item, &origin))
            .collect(),
    ))
}

/// Keeps an image in the site's library: each width as JPEG and WebP, without its
/// metadata, served from the site's host once published (within seconds).
#[utoipa::path(post, path = "/studio/api/v1/sites/{siteId}/media", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Kept", body = UploadedBody),
        (status = 400, description = "Not the JPEG, PNG or WebP image it says, an SVG, over 40 megapixels, no alt text; `field` names file or alt. Nothing kept", body = ErrorBody),
        (status = 413, description = "Over 10 MiB: nothing kept", body = ErrorBody),
        (status = 415, description = "Not multipart/form-data", body = ErrorBody),
        (status = 422, description = "The site's share of the store is full", body = ErrorBody),
        SiteRefusals,
    ))]
async fn upload_media(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    form: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<UploadedBody>), AppError> {
    let session_token = studio.session_token(&headers)?;
    // The session reaches the site before the body is read (401, 404).
    let origin = super::sites::public_origin_of(&studio, &headers, &site_id).await?;
    let sent = read_form(form?, true).await?;
    let item = studio
        .client
        .clone()
        .upload_media(studio::UploadMediaRequest {
            session_token,
            site_id: site_id.clone(),
            body: sent.body,
            content_type: sent.content_type,
            file_name: sent.file_name,
            alt: sent.alt,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    let began = Instant::now();
    while !studio.sites.serves(&site_id, &item.path) && began.elapsed() < SERVED_WITHIN {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok((
        StatusCode::CREATED,
        Json(UploadedBody {
            url: format!("{origin}{}", item.path),
            id: item.id,
            width: item.width,
            height: item.height,
        }),
    ))
}

/// Keeps a new file in place of an image: everything naming it shows the new one once
/// published. Its alt text stays.
#[utoipa::path(put, path = "/studio/api/v1/sites/{siteId}/media/{id}/file", tag = "studio",
    params(("siteId" = String, Path, description = "The site"), ("id" = String, Path, description = "The image")),
    request_body(content = ReplacementForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Replaced", body = MediaItemBody),
        (status = 400, description = "Not the JPEG, PNG or WebP image it says; `field` names file. Nothing changed", body = ErrorBody),
        (status = 413, description = "Over 10 MiB: nothing changed", body = ErrorBody),
        (status = 415, description = "Not multipart/form-data", body = ErrorBody),
        SiteRefusals,
    ))]
async fn replace_media(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, id)): Path<(String, String)>,
    headers: HeaderMap,
    form: Result<Multipart, MultipartRejection>,
) -> Result<Json<MediaItemBody>, AppError> {
    let session_token = studio.session_token(&headers)?;
    let origin = super::sites::public_origin_of(&studio, &headers, &site_id).await?;
    let sent = read_form(form?, false).await?;
    let item = studio
        .client
        .clone()
        .replace_media(studio::ReplaceMediaRequest {
            session_token,
            site_id: site_id.clone(),
            id,
            body: sent.body,
            content_type: sent.content_type,
            file_name: sent.file_name,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    Ok(Json(MediaItemBody::of(item, &origin)))
}

/// Changes an image's alt text in the library (a page keeps the alt text it was given).
#[utoipa::path(patch, path = "/studio/api/v1/sites/{siteId}/media/{id}", tag = "studio",
    params(("siteId" = String, Path, description = "The site"), ("id" = String, Path, description = "The image")),
    request_body = AltBody,
    responses(
        (status = 200, description = "Described", body = MediaItemBody),
        (status = 400, description = "Invalid body; `field` names alt", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        SiteRefusals,
    ))]
async fn describe_media(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, id)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<extract::Json<AltBody>, AppError>,
) -> Result<Json<MediaItemBody>, AppError> {
    let session_token = studio.session_token(&headers)?;
    let extract::Json(body) = body?;
    let item = studio
        .client
        .clone()
        .set_media_alt(studio::SetMediaAltRequest {
            session_token,
            site_id: site_id.clone(),
            id,
            alt: body.alt,
            client_address,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    let origin = super::sites::public_origin_of(&studio, &headers, &site_id).await?;
    Ok(Json(MediaItemBody::of(item, &origin)))
}

/// Removes an image no page, event, theater, movie or setting names, published or in
/// the draft; its files leave the site at the next publish.
#[utoipa::path(delete, path = "/studio/api/v1/sites/{siteId}/media/{id}", tag = "studio",
    params(("siteId" = String, Path, description = "The site"), ("id" = String, Path, description = "The image")),
    request_body = EmptyBody,
    responses(
        (status = 204, description = "Removed"),
        (status = 400, description = "Not a JSON object", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "Still in use; the message names where (`field` id)", body = ErrorBody),
        SiteRefusals,
    ))]
async fn delete_media(
    State(studio): State<StudioState>,
    ClientAddress(client_address): ClientAddress,
    Path((site_id, id)): Path<(String, String)>,
    headers: HeaderMap,
    extract::Json(EmptyBody {}): extract::Json<EmptyBody>,
) -> Result<StatusCode, AppError> {
    studio
        .client
        .clone()
        .delete_media(studio::DeleteMediaRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
            id,
            client_address,
        })
        .await
        .map_err(AppError::studio)?;
    Ok(StatusCode::NO_CONTENT)
}

/// An upload's fields as sent.
#[derive(Debug, Default)]
struct SentForm {
    body: Vec<u8>,
    content_type: String,
    file_name: String,
    alt: String,
}

/// The form's `file` (required) and, when `with_alt`, its `alt`; any other field is
/// refused, naming it.
async fn read_form(mut form: Multipart, with_alt: bool) -> Result<SentForm, AppError> {
    let mut sent = SentForm::default();
    let mut has_file = false;
    while let Some(field) = form.next_field().await.map_err(form_error)? {
        match field.name().unwrap_or_default() {
            "file" if !has_file => {
                has_file = true;
                sent.content_type = field.content_type().unwrap_or_default().to_owned();
                sent.file_name = field.file_name().unwrap_or_default().to_owned();
                sent.body = read_file(field).await?;
            }
            "alt" if with_alt => sent.alt = field.text().await.map_err(form_error)?,
            name => {
                return Err(AppError::InvalidField {
                    field: name.to_owned(),
                    problem: if with_alt {
                        "the form takes one file and its alt text".to_owned()
                    } else {
                        "the form takes one file".to_owned()
                    },
                });
            }
        }
    }
    if !has_file || sent.body.is_empty() {
        return Err(AppError::InvalidField {
            field: "file".to_owned(),
            problem: "choose a JPEG, PNG or WebP image".to_owned(),
        });
    }
    Ok(sent)
}

/// The file's bytes, refused past [`MAX_FILE_BYTES`] as they arrive.
async fn read_file(mut field: Field<'_>) -> Result<Vec<u8>, AppError> {
    let mut body = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(form_error)? {
        if body.len() + chunk.len() > MAX_FILE_BYTES {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

impl From<MultipartRejection> for AppError {
    fn from(rejection: MultipartRejection) -> AppError {
        AppError::BadRequest(format!(
            "an upload is multipart/form-data: {}",
            rejection.body_text()
        ))
    }
}

fn form_error(error: MultipartError) -> AppError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        AppError::BadRequest(format!("malformed form data: {}", error.body_text()))
    }
}

fn too_large() -> AppError {
    AppError::PayloadTooLarge(format!(
        "file: an image is at most {} MiB",
        MAX_FILE_BYTES / (1024 * 1024)
    ))
}
