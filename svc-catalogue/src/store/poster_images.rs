//! The point of sale's poster images, fetched once and kept beside the movies that name
//! them ([`crate::poster_images`] fetches them).

use std::collections::BTreeMap;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};
use sqlx::{Any, Row, Transaction};

use super::{Author, Change, Commit, Store, StoreError, stored_image, unix_now};
use crate::domain::movies::MovieEntry;
use crate::domain::poster::StoredPosterImage;

/// The poster images' writer: they are no editable record, so never in the history.
const POSTERS: Author<'static> = Author::named("poster images");

/// How many poster images one site keeps, and their bytes together
/// (POSTER_IMAGES_PER_SITE, POSTER_IMAGES_MB_PER_SITE): a key holder naming a new image
/// for movie after movie fills its own site's share, never the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PosterLimits {
    pub images: u64,
    pub bytes: u64,
}

impl Default for PosterLimits {
    fn default() -> PosterLimits {
        PosterLimits {
            images: 500,
            bytes: 256 * 1024 * 1024,
        }
    }
}
impl Store {
    /// Keeps `body`, fetched from `source_url`, as movie `movie_id`'s poster, if the movie
    /// still names that address (it may have changed while the image was fetched).
    #[tracing::instrument(skip(self, body), fields(bytes = body.len()))]
    pub async fn put_poster_image(
        &self,
        site_id: &str,
        movie_id: &str,
        source_url: &str,
        content_type: &str,
        body: &[u8],
        limits: PosterLimits,
    ) -> Result<Commit, StoreError> {
        let mut transaction = self.begin_site_write(site_id).await?;
        let doc: Option<String> =
            sqlx::query_scalar("SELECT doc FROM catalogue_movies WHERE site_id = $1 AND id = $2")
                .bind(site_id)
                .bind(movie_id)
                .fetch_optional(&mut *transaction)
                .await?;
        let still_named = doc
            .and_then(|doc| serde_json::from_str::<MovieEntry>(&doc).ok())
            .is_some_and(|movie| movie.poster_image_url == source_url);
        let digest = hex::encode(Sha256::digest(body));
        let stored: Option<(String, String)> = sqlx::query(
            "SELECT source_url, digest FROM catalogue_poster_images WHERE site_id = $1 AND movie_id = $2",
        )
        .bind(site_id)
        .bind(movie_id)
        .fetch_optional(&mut *transaction)
        .await?
        .map(|row| Ok::<_, sqlx::Error>((row.try_get("source_url")?, row.try_get("digest")?)))
        .transpose()?;
        let unchanged = stored.is_some_and(|(url, kept)| url == source_url && kept == digest);
        if !still_named || unchanged {
            return self
                .commit_change(transaction, site_id, 0, Change::uneditable(POSTERS))
                .await;
        }
        // The site's other images, and this one, within its share. Stored as base64:
        // four characters for three bytes.
        let (others, encoded): (i64, i64) = sqlx::query_as(
            "SELECT COUNT(*), COALESCE(SUM(LENGTH(body)), 0) FROM catalogue_poster_images \
             WHERE site_id = $1 AND movie_id <> $2",
        )
        .bind(site_id)
        .bind(movie_id)
        .fetch_one(&mut *transaction)
        .await?;
        let others = u64::try_from(others).unwrap_or(0);
        let bytes = u64::try_from(encoded).unwrap_or(0) / 4 * 3 + body.len() as u64;
        if others + 1 > limits.images || bytes > limits.bytes {
            return Err(StoreError::Limit(format!(
                "site {site_id} keeps {others} poster images of {} MB: one more of {} KB is past its share \
                 ({} images, {} MB: POSTER_IMAGES_PER_SITE, POSTER_IMAGES_MB_PER_SITE)",
                (bytes - body.len() as u64) / (1024 * 1024),
                body.len() / 1024,
                limits.images,
                limits.bytes / (1024 * 1024),
            )));
        }
        sqlx::query("DELETE FROM catalogue_poster_images WHERE site_id = $1 AND movie_id = $2")
            .bind(site_id)
            .bind(movie_id)
            .execute(&mut *transaction)
            .await?;
        sqlx::query(
            "INSERT INTO catalogue_poster_images \
             (site_id, movie_id, source_url, content_type, digest, body, fetched_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(site_id)
        .bind(movie_id)
        .bind(source_url)
        .bind(content_type)
        .bind(&digest)
        .bind(STANDARD.encode(body))
        .bind(unix_now())
        .execute(&mut *transaction)
        .await?;
        self.commit_change(transaction, site_id, 1, Change::uneditable(POSTERS))
            .await
    }

    /// Movie `movie_id`'s stored poster image: its content type and bytes.
    pub async fn poster_image(
        &self,
        site_id: &str,
        movie_id: &str,
    ) -> Result<Option<(String, Vec<u8>)>, StoreError> {
        let row = sqlx::query(
            "SELECT content_type, body FROM catalogue_poster_images WHERE site_id = $1 AND movie_id = $2",
        )
        .bind(site_id)
        .bind(movie_id)
        .fetch_optional(&self.pool)
        .await?;
        stored_image(site_id, "poster image", row)
    }
}

/// The site's stored poster images by movie id, without their bytes.
pub(super) async fn read_poster_images(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
) -> Result<BTreeMap<String, StoredPosterImage>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT movie_id, source_url, content_type, digest FROM catalogue_poster_images WHERE site_id = $1",
    )
    .bind(site_id)
    .fetch_all(&mut **transaction)
    .await?;
    rows.into_iter()
        .map(|row| {
            Ok((
                row.try_get("movie_id")?,
                StoredPosterImage {
                    source_url: row.try_get("source_url")?,
                    content_type: row.try_get("content_type")?,
                    digest: row.try_get("digest")?,
                },
            ))
        })
        .collect()
}
