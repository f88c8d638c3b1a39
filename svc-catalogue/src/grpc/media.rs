//! The gRPC adapter of a site's media library (proto catalogue.v1.Media): an upload is
//! made into its files by [`crate::media_uploads`] and kept by [`crate::store::media`].
//! The caller, svc-studio, has authorised the staff member it names as `author`.

use proto::catalogue::v1 as pb;
use tonic::{Request, Response, Status};

use crate::Error;
use crate::domain::invalid::Invalid;
use crate::domain::media::{self, MediaItem};
use crate::media_uploads::MediaWorkers;
use crate::store::Store;
use crate::store::media::{MediaLimits, MediaUpload};

/// The largest message the service takes: an upload of 10 MiB and its fields.
pub const MAX_MESSAGE_BYTES: usize = media::MAX_BYTES + 64 * 1024;

#[derive(Debug, Clone)]
pub struct MediaService {
    pub store: Store,
    pub workers: MediaWorkers,
    pub limits: MediaLimits,
    /// The site a publisher's call means when it names none (the gateway's clients of
    /// one site name it in the call's metadata, a single-site deployment's do not).
    pub default_site: String,
}

type Answer<T> = Result<Response<T>, Status>;

impl MediaService {
    async fn keep(
        &self,
        site_id: &str,
        replacing: Option<&str>,
        sent: Sent,
        alt: &str,
    ) -> Result<pb::MediaItem, Error> {
        if sent.author.trim().is_empty() {
            return Err(Error::InvalidArgument("author: required".to_owned()));
        }
        let file_name = media::file_name(&sent.file_name);
        let image = self
            .workers
            .process(sent.body, sent.content_type)
            .await
            .map_err(|refused| {
                Invalid::new("file", refused.to_string().trim_start_matches("file: "))
            })?;
        let upload = MediaUpload {
            alt,
            file_name: &file_name,
            image: &image,
            by: &sent.author,
        };
        let item = self
            .store
            .put_media(site_id, replacing, upload, self.limits)
            .await?;
        tracing::info!(site = site_id, image = %item.id, replaced = replacing.is_some(), "media kept");
        Ok(item_message(item))
    }
}

/// An upload's file as sent.
struct Sent {
    body: Vec<u8>,
    content_type: String,
    file_name: String,
    author: String,
}

fn media_id(id: &str) -> Result<&str, Error> {
    if media::is_id(id) {
        Ok(id)
    } else {
        Err(Error::NotFound {
            kind: "image",
            id: id.to_owned(),
        })
    }
}

#[tonic::async_trait]
impl pb::media_server::Media for MediaService {
    async fn upload_media(
        &self,
        request: Request<pb::UploadMediaRequest>,
    ) -> Answer<pb::MediaItem> {
        let request = request.into_inner();
        let alt = media::parse_alt(&request.alt).map_err(|problem| {
            Error::Invalid(Invalid::new("alt", problem.trim_start_matches("alt: ")))
        })?;
        let sent = Sent {
            body: request.body,
            content_type: request.content_type,
            file_name: request.file_name,
            author: request.author,
        };
        Ok(Response::new(
            self.keep(&request.site_id, None, sent, &alt).await?,
        ))
    }

    async fn replace_media(
        &self,
        request: Request<pb::ReplaceMediaRequest>,
    ) -> Answer<pb::MediaItem> {
        let request = request.into_inner();
        let id = media_id(&request.id)?;
        let sent = Sent {
            body: request.body,
            content_type: request.content_type,
            file_name: request.file_name,
            author: request.author,
        };
        Ok(Response::new(
            self.keep(&request.site_id, Some(id), sent, "").await?,
        ))
    }

    async fn list_media(&self, request: Request<pb::ListMediaRequest>) -> Answer<pb::MediaItems> {
        let request = request.into_inner();
        let items = self
            .store
            .media(&request.site_id, &request.query)
            .await
            .map_err(Error::from)?;
        Ok(Response::new(pb::MediaItems {
            items: items.into_iter().map(item_message).collect(),
        }))
    }

    async fn set_media_alt(
        &self,
        request: Request<pb::SetMediaAltRequest>,
    ) -> Answer<pb::MediaItem> {
        let request = request.into_inner();
        let id = media_id(&request.id)?;
        let alt = media::parse_alt(&request.alt).map_err(|problem| {
            Error::Invalid(Invalid::new("alt", problem.trim_start_matches("alt: ")))
        })?;
        let item = self
            .store
            .set_media_alt(&request.site_id, id, &alt)
            .await
            .map_err(Error::from)?;
        Ok(Response::new(item_message(item)))
    }

    async fn delete_media(
        &self,
        request: Request<pb::MediaRequest>,
    ) -> Answer<pb::DeleteMediaResponse> {
        let request = request.into_inner();
        let id = media_id(&request.id)?;
        self.store
            .delete_media(&request.site_id, id)
            .await
            .map_err(Error::from)?;
        Ok(Response::new(pb::DeleteMediaResponse {}))
    }

    async fn get_media_file(
        &self,
        request: Request<pb::GetMediaFileRequest>,
    ) -> Answer<pb::MediaFileBody> {
        let named = proto::site::named(&request)?.map(str::to_owned);
        let request = request.into_inner();
        let site_id = match (request.site_id.as_str(), named) {
            ("", Some(named)) => named,
            ("", None) => self.default_site.clone(),
            (given, _) => given.to_owned(),
        };
        let file = self
            .store
            .media_file(&site_id, &request.path)
            .await
            .map_err(Error::from)?;
        let (content_type, body) = file.ok_or_else(|| Error::NotFound {
            kind: "media file",
            id: request.path.clone(),
        })?;
        Ok(Response::new(pb::MediaFileBody { content_type, body }))
    }
}

/// An image as the wire carries it.
pub fn item_message(item: MediaItem) -> pb::MediaItem {
    pb::MediaItem {
        path: media::image_path(&item.id),
        id: item.id,
        alt: item.alt,
        file_name: item.file_name,
        width: item.width,
        height: item.height,
        uploaded_at: item.uploaded_at,
        uploaded_by: item.uploaded_by,
        files: item
            .files
            .into_iter()
            .map(|file| pb::MediaFile {
                path: file.path,
                width: file.width,
                content_type: file.content_type.to_owned(),
                digest: file.digest,
                bytes: file.bytes,
            })
            .collect(),
    }
}
