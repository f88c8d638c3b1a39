//! A site's media library ([`crate::media_uploads`] makes an upload into its files): each
//! image with its files, kept within the site's share; an image still named by a record,
//! published or drafted, is not removed.

use std::collections::BTreeMap;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};
use sqlx::{Any, Row, Transaction};

use super::{Author, Change, Commit, Store, StoreError, stored_image, unix_now};
use crate::domain::invalid::Invalid;
use crate::domain::media::{self, MediaFile, MediaFormat, MediaItem};
use crate::media_uploads::ProcessedImage;

/// The library's writer: its images are no editable record, so never in the history.
const LIBRARY: Author<'static> = Author::named("media library");

/// How many images one site's library keeps, and their files' bytes together
/// (MEDIA_PER_SITE, MEDIA_MB_PER_SITE).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MediaLimits {
    pub images: u64,
    pub bytes: u64,
}

impl Default for MediaLimits {
    fn default() -> MediaLimits {
        MediaLimits {
            images: 1_000,
            bytes: 512 * 1024 * 1024,
        }
    }
}

/// An upload as the library is asked to keep it.
#[derive(Debug)]
pub struct MediaUpload<'a> {
    pub alt: &'a str,
    pub file_name: &'a str,
    pub image: &'a ProcessedImage,
    pub by: &'a str,
}

impl Store {
    /// Keeps `upload` as a new image of the site's library, or in place of image
    /// `replacing` (its id, so every record naming it shows the new image).
    #[tracing::instrument(skip(self, upload), fields(files = upload.image.files.len()))]
    pub async fn put_media(
        &self,
        site_id: &str,
        replacing: Option<&str>,
        upload: MediaUpload<'_>,
        limits: MediaLimits,
    ) -> Result<MediaItem, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let id = match replacing {
            Some(id) => {
                let removed = sqlx::query(
                    "DELETE FROM catalogue_media_files WHERE site_id = $1 AND media_id = $2",
                )
                .bind(site_id)
                .bind(id)
                .execute(&mut *transaction)
                .await?;
                let updated = sqlx::query(
                    "UPDATE catalogue_media SET file_name = $3, width = $4, height = $5, \
                     uploaded_at = $6, uploaded_by = $7 WHERE site_id = $1 AND id = $2",
                )
                .bind(site_id)
                .bind(id)
                .bind(upload.file_name)
                .bind(i64::from(upload.image.width))
                .bind(i64::from(upload.image.height))
                .bind(unix_now())
                .bind(upload.by)
                .execute(&mut *transaction)
                .await?;
                if updated.rows_affected() == 0 && removed.rows_affected() == 0 {
                    return Err(not_found(id));
                }
                id.to_owned()
            }
            None => {
                let id = platform::tokens::random_hex::<8>()?;
                sqlx::query(
                    "INSERT INTO catalogue_media \
                     (site_id, id, alt, file_name, width, height, uploaded_at, uploaded_by) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(site_id)
                .bind(&id)
                .bind(upload.alt)
                .bind(upload.file_name)
                .bind(i64::from(upload.image.width))
                .bind(i64::from(upload.image.height))
                .bind(unix_now())
                .bind(upload.by)
                .execute(&mut *transaction)
                .await?;
                id
            }
        };
        let (images, bytes): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM catalogue_media WHERE site_id = $1), \
             (SELECT COALESCE(SUM(bytes), 0) FROM catalogue_media_files WHERE site_id = $1)",
        )
        .bind(site_id)
        .fetch_one(&mut *transaction)
        .await?;
        let adding: u64 = upload
            .image
            .files
            .iter()
            .map(|file| file.body.len() as u64)
            .sum();
        let kept = u64::try_from(bytes).unwrap_or(0);
        if u64::try_from(images).unwrap_or(0) > limits.images || kept + adding > limits.bytes {
            return Err(StoreError::Limit(format!(
                "site {site_id}'s media library holds {} images of {} MB: this one ({} KB in \
                 all its files) is past its share ({} images, {} MB: MEDIA_PER_SITE, \
                 MEDIA_MB_PER_SITE); remove images it no longer uses",
                images.saturating_sub(i64::from(replacing.is_none())),
                kept / (1024 * 1024),
                adding / 1024,
                limits.images,
                limits.bytes / (1024 * 1024),
            )));
        }
        for file in &upload.image.files {
            sqlx::query(
                "INSERT INTO catalogue_media_files \
                 (site_id, media_id, path, width, content_type, digest, bytes, body) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(site_id)
            .bind(&id)
            .bind(media::file_path(
                &id,
                file.width,
                upload.image.width,
                file.format,
            ))
            .bind(i64::from(file.width))
            .bind(file.format.content_type())
            .bind(hex::encode(Sha256::digest(&file.body)))
            .bind(i64::try_from(file.body.len()).unwrap_or(i64::MAX))
            .bind(STANDARD.encode(&file.body))
            .execute(&mut *transaction)
            .await?;
        }
        let item = read_item(&mut transaction, site_id, &id).await?;
        self.commit_change(transaction, site_id, 1, Change::uneditable(LIBRARY))
            .await?;
        item.ok_or_else(|| not_found(&id))
    }

    /// The site's images, newest first; with `query`, those whose alt text or file name
    /// holds it (case ignored).
    pub async fn media(&self, site_id: &str, query: &str) -> Result<Vec<MediaItem>, StoreError> {
        let mut transaction = self.begin_read().await?;
        let mut items: Vec<MediaItem> = read_media(&mut transaction, site_id)
            .await?
            .into_values()
            .collect();
        transaction.commit().await?;
        let query = query.trim().to_lowercase();
        items.retain(|item| {
            query.is_empty()
                || item.alt.to_lowercase().contains(&query)
                || item.file_name.to_lowercase().contains(&query)
        });
        items.sort_by(|a, b| b.uploaded_at.cmp(&a.uploaded_at).then(a.id.cmp(&b.id)));
        Ok(items)
    }

    /// Changes image `id`'s alt text (the library's own: a record keeps the alt text it
    /// was given).
    pub async fn set_media_alt(
        &self,
        site_id: &str,
        id: &str,
        alt: &str,
    ) -> Result<MediaItem, StoreError> {
        let mut transaction = self.pool.begin().await?;
        sqlx::query("UPDATE catalogue_media SET alt = $3 WHERE site_id = $1 AND id = $2")
            .bind(site_id)
            .bind(id)
            .bind(alt)
            .execute(&mut *transaction)
            .await?;
        let item = read_item(&mut transaction, site_id, id).await?;
        transaction.commit().await?;
        item.ok_or_else(|| not_found(id))
    }

    /// Removes image `id`, unless a record names it: the site, a theater, a movie, a page
    /// or an event, as published or as the draft has it (the refusal names them).
    pub async fn delete_media(&self, site_id: &str, id: &str) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let mut named_by = Vec::new();
        let settings: String =
            sqlx::query_scalar("SELECT settings FROM catalogue_sites WHERE id = $1")
                .bind(site_id)
                .fetch_one(&mut *transaction)
                .await?;
        if media::is_named_in(&settings, id) {
            named_by.push("the site's settings".to_owned());
        }
        let published = [
            ("catalogue_theaters", "id", "theater"),
            ("catalogue_movies", "id", "movie"),
            ("catalogue_pages", "slug", "page"),
            ("catalogue_events", "id", "event"),
        ];
        for (table, key, kind) in published {
            let rows = sqlx::query(&format!(
                "SELECT {key} AS id, doc FROM {table} WHERE site_id = $1 ORDER BY position"
            ))
            .bind(site_id)
            .fetch_all(&mut *transaction)
            .await?;
            for row in rows {
                let doc: String = row.try_get("doc")?;
                if media::is_named_in(&doc, id) {
                    named_by.push(format!("{kind} {}", row.try_get::<String, _>("id")?));
                }
            }
        }
        let drafted = sqlx::query(
            "SELECT kind, id, doc FROM catalogue_drafts WHERE site_id = $1 AND doc IS NOT NULL \
             ORDER BY kind, id",
        )
        .bind(site_id)
        .fetch_all(&mut *transaction)
        .await?;
        for row in drafted {
            let doc: String = row.try_get("doc")?;
            if media::is_named_in(&doc, id) {
                let kind: String = row.try_get("kind")?;
                let record: String = row.try_get("id")?;
                named_by.push(if kind == "site" {
                    "the draft's site settings".to_owned()
                } else {
                    format!("the draft's {kind} {record}")
                });
            }
        }
        if !named_by.is_empty() {
            named_by.dedup();
            return Err(StoreError::Conflict(Invalid::new(
                "id",
                format!("the image is in use: {}", named_by.join(", ")),
            )));
        }
        let removed = sqlx::query("DELETE FROM catalogue_media WHERE site_id = $1 AND id = $2")
            .bind(site_id)
            .bind(id)
            .execute(&mut *transaction)
            .await?;
        if removed.rows_affected() == 0 {
            return Err(not_found(id));
        }
        sqlx::query("DELETE FROM catalogue_media_files WHERE site_id = $1 AND media_id = $2")
            .bind(site_id)
            .bind(id)
            .execute(&mut *transaction)
            .await?;
        self.commit_change(transaction, site_id, 1, Change::uneditable(LIBRARY))
            .await
    }

    /// The bytes of the library's file at `path`, with its content type.
    pub async fn media_file(
        &self,
        site_id: &str,
        path: &str,
    ) -> Result<Option<(String, Vec<u8>)>, StoreError> {
        let row = sqlx::query(
            "SELECT content_type, body FROM catalogue_media_files WHERE site_id = $1 AND path = $2",
        )
        .bind(site_id)
        .bind(path)
        .fetch_optional(&self.pool)
        .await?;
        stored_image(site_id, "media file", row)
    }
}

fn not_found(id: &str) -> StoreError {
    StoreError::NotFound {
        kind: "image",
        id: id.to_owned(),
    }
}

async fn read_item(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    id: &str,
) -> Result<Option<MediaItem>, StoreError> {
    Ok(read_media(transaction, site_id).await?.remove(id))
}

/// The site's library by image id, its files without their bytes.
pub(super) async fn read_media(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
) -> Result<BTreeMap<String, MediaItem>, StoreError> {
    let corrupt = |problem: String| StoreError::Corrupt {
        site: site_id.to_owned(),
        what: "media library",
        problem,
    };
    let size = |value: i64| u32::try_from(value).map_err(|_| corrupt(format!("a size of {value}")));
    let mut items = BTreeMap::new();
    let rows = sqlx::query(
        "SELECT id, alt, file_name, width, height, uploaded_at, uploaded_by FROM catalogue_media \
         WHERE site_id = $1",
    )
    .bind(site_id)
    .fetch_all(&mut **transaction)
    .await?;
    for row in rows {
        let id: String = row.try_get("id")?;
        items.insert(
            id.clone(),
            MediaItem {
                id,
                alt: row.try_get("alt")?,
                file_name: row.try_get("file_name")?,
                width: size(row.try_get("width")?)?,
                height: size(row.try_get("height")?)?,
                uploaded_at: row.try_get("uploaded_at")?,
                uploaded_by: row.try_get("uploaded_by")?,
                files: Vec::new(),
            },
        );
    }
    let files = sqlx::query(
        "SELECT media_id, path, width, content_type, digest, bytes FROM catalogue_media_files \
         WHERE site_id = $1 ORDER BY media_id, width, content_type",
    )
    .bind(site_id)
    .fetch_all(&mut **transaction)
    .await?;
    for row in files {
        let media_id: String = row.try_get("media_id")?;
        let content_type: String = row.try_get("content_type")?;
        let format = MediaFormat::of_content_type(&content_type)
            .ok_or_else(|| corrupt(format!("a file of type {content_type}")))?;
        if let Some(item) = items.get_mut(&media_id) {
            item.files.push(MediaFile {
                path: row.try_get("path")?,
                width: size(row.try_get("width")?)?,
                content_type: format.content_type(),
                digest: row.try_get("digest")?,
                bytes: u64::try_from(row.try_get::<i64, _>("bytes")?).unwrap_or(0),
            });
        }
    }
    Ok(items)
}
