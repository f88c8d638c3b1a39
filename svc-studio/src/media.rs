//! A site's media library (docs/studio.md#media): listed for every role of the site;
//! uploaded, replaced, described and removed by those who may edit its content; passed
//! to svc-catalogue (the owner of site content) and audited once it succeeded.

use proto::catalogue::v1 as catalogue;
use serde_json::json;

use crate::Error;
use crate::audit::Change;
use crate::domain::access::Permission;
use crate::drafts::answer;
use crate::studio::Studio;

/// An image file as a staff member sent it.
#[derive(Debug, Clone)]
pub struct MediaUpload {
    pub body: Vec<u8>,
    /// Its content type as sent ("" for none).
    pub content_type: String,
    pub file_name: String,
}

impl Studio {
    pub async fn media(
        &self,
        token: &str,
        site_id: &str,
        query: &str,
    ) -> Result<catalogue::MediaItems, Error> {
        self.allowed(token, site_id, Permission::Read).await?;
        answer(self.media.clone().list_media(catalogue::ListMediaRequest {
            site_id: site_id.to_owned(),
            query: query.to_owned(),
        }))
        .await
    }

    /// Keeps `upload` as a new image described by `alt`.
    pub async fn upload_media(
        &self,
        token: &str,
        site_id: &str,
        upload: MediaUpload,
        alt: &str,
        client_address: &str,
    ) -> Result<catalogue::MediaItem, Error> {
        let me = self
            .allowed(token, site_id, Permission::EditContent)
            .await?;
        let item = answer(
            self.media
                .clone()
                .upload_media(catalogue::UploadMediaRequest {
                    site_id: site_id.to_owned(),
                    body: upload.body,
                    content_type: upload.content_type,
                    file_name: upload.file_name,
                    alt: alt.to_owned(),
                    author: me.staff.name.clone(),
                }),
        )
        .await?;
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "media.uploaded",
                target: &format!("image {}", item.id),
                changes: json!({
                    "fileName": {"before": null, "after": item.file_name},
                    "alt": {"before": null, "after": item.alt},
                }),
                client_address,
            },
        )
        .await?;
        Ok(item)
    }

    /// Keeps `upload` in place of image `id`.
    pub async fn replace_media(
        &self,
        token: &str,
        site_id: &str,
        id: &str,
        upload: MediaUpload,
        client_address: &str,
    ) -> Result<catalogue::MediaItem, Error> {
        let me = self
            .allowed(token, site_id, Permission::EditContent)
            .await?;
        let item = answer(
            self.media
                .clone()
                .replace_media(catalogue::ReplaceMediaRequest {
                    site_id: site_id.to_owned(),
                    id: id.to_owned(),
                    body: upload.body,
                    content_type: upload.content_type,
                    file_name: upload.file_name,
                    author: me.staff.name.clone(),
                }),
        )
        .await?;
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "media.replaced",
                target: &format!("image {id}"),
                changes: json!({"fileName": {"before": null, "after": item.file_name}}),
                client_address,
            },
        )
        .await?;
        Ok(item)
    }

    pub async fn set_media_alt(
        &self,
        token: &str,
        site_id: &str,
        id: &str,
        alt: &str,
        client_address: &str,
    ) -> Result<catalogue::MediaItem, Error> {
        let me = self
            .allowed(token, site_id, Permission::EditContent)
            .await?;
        let mut media = self.media.clone();
        let before = answer(media.list_media(catalogue::ListMediaRequest {
            site_id: site_id.to_owned(),
            query: String::new(),
        }))
        .await?
        .items
        .into_iter()
        .find(|item| item.id == id)
        .map(|item| item.alt);
        let item = answer(media.set_media_alt(catalogue::SetMediaAltRequest {
            site_id: site_id.to_owned(),
            id: id.to_owned(),
            alt: alt.to_owned(),
        }))
        .await?;
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "media.described",
                target: &format!("image {id}"),
                changes: json!({"alt": {"before": before, "after": item.alt}}),
                client_address,
            },
        )
        .await?;
        Ok(item)
    }

    pub async fn delete_media(
        &self,
        token: &str,
        site_id: &str,
        id: &str,
        client_address: &str,
    ) -> Result<(), Error> {
        let me = self
            .allowed(token, site_id, Permission::EditContent)
            .await?;
        answer(self.media.clone().delete_media(catalogue::MediaRequest {
            site_id: site_id.to_owned(),
            id: id.to_owned(),
        }))
        .await?;
        self.record(
            &me,
            Change {
                site_id: Some(site_id),
                action: "media.deleted",
                target: &format!("image {id}"),
                changes: json!({}),
                client_address,
            },
        )
        .await
    }
}
