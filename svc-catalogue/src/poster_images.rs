//! The point of sale's poster images (docs/ingest.md#poster-images): a movie that names one
//! (`posterImageUrl`) has it fetched once, checked to be a JPEG, PNG or WebP image by its
//! bytes, and kept in the store, from where the site serves it (so the page's policy and
//! its og:image stay on the site). Until then, and when the fetch fails, the movie keeps
//! its drawn poster; a failure is logged once and the address tried again after
//! [`RETRY_AFTER`], or at once when the movie names another.
//!
//! Only public https addresses are fetched: a key holder cannot make the catalogue reach
//! into the network it runs in (names resolving to private, loopback or link-local
//! addresses, and such addresses written out, are refused, redirects included).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::follow::SharedCatalogue;
use crate::leadership::Leadership;
use crate::store::Store;
use crate::store::poster_images::PosterLimits;

/// The largest image taken.
pub const MAX_BYTES: usize = 8 * 1024 * 1024;

/// How long a fetch may take in all.
const TIMEOUT: Duration = Duration::from_secs(20);
/// When an address that failed is tried again.
pub const RETRY_AFTER: Duration = Duration::from_secs(3600);
const MAX_REDIRECTS: usize = 3;

#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    Http(#[from] reqwest::Error),
    #[error("answered HTTP {0}")]
    Status(u16),
    #[error("larger than {MAX_BYTES} bytes")]
    TooLarge,
    #[error("not a JPEG, PNG or WebP image")]
    NotAnImage,
}

/// Fetches poster images.
#[derive(Debug, Clone)]
pub struct PosterFetcher {
    http: reqwest::Client,
    /// Whether local addresses and plain http are fetched too (tests' servers).
    local: bool,
}

impl PosterFetcher {
    /// A fetcher of public https addresses only.
    pub fn new() -> Result<PosterFetcher, reqwest::Error> {
        PosterFetcher::build(false)
    }

    /// A fetcher that also takes http and loopback addresses: for tests against a local
    /// server, never for a service.
    pub fn allowing_local_addresses() -> Result<PosterFetcher, reqwest::Error> {
        PosterFetcher::build(true)
    }

    fn build(local: bool) -> Result<PosterFetcher, reqwest::Error> {
        let redirects = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                attempt.error("too many redirects")
            } else if let Err(refused) = check_address(attempt.url(), local) {
                attempt.error(refused)
            } else {
                attempt.follow()
            }
        });
        let mut builder = platform::tls::http_client()
            .timeout(TIMEOUT)
            .redirect(redirects);
        if !local {
            builder = builder
                .https_only(true)
                .dns_resolver(Arc::new(platform::public_addresses::PublicOnly));
        }
        Ok(PosterFetcher {
            http: builder.build()?,
            local,
        })
    }

    /// The image at `url`: its content type (from its bytes) and its bytes.
    pub async fn fetch(&self, url: &str) -> Result<(&'static str, Vec<u8>), FetchError> {
        let parsed = reqwest::Url::parse(url)
            .map_err(|error| FetchError::Refused(format!("not an address: {error}")))?;
        check_address(&parsed, self.local).map_err(FetchError::Refused)?;
        let mut response = self
            .http
            .get(parsed)
            .header(reqwest::header::ACCEPT, "image/webp,image/png,image/jpeg")
            .send()
            .await
            .map_err(reqwest::Error::without_url)?;
        if !response.status().is_success() {
            return Err(FetchError::Status(response.status().as_u16()));
        }
        if response
            .content_length()
            .is_some_and(|length| length > MAX_BYTES as u64)
        {
            return Err(FetchError::TooLarge);
        }
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(reqwest::Error::without_url)?
        {
            if body.len() + chunk.len() > MAX_BYTES {
                return Err(FetchError::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        let content_type = image_type(&body).ok_or(FetchError::NotAnImage)?;
        Ok((content_type, body))
    }
}

/// The content type of `bytes` by their signature, if they are an image the site serves.
pub fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// Refuses what is not https, and addresses written out that are not public.
fn check_address(url: &reqwest::Url, local: bool) -> Result<(), String> {
    if local {
        return Ok(());
    }
    platform::public_addresses::check_url(url)
}

/// Fetches the poster images that `catalogue`'s movies name and the store does not keep,
/// after each revision while this replica leads (`leadership`), for as long as it is
/// polled.
pub async fn keep_fetched(
    store: Store,
    catalogue: SharedCatalogue,
    fetcher: PosterFetcher,
    limits: PosterLimits,
    mut leadership: Leadership,
) {
    {
        let mut revisions = catalogue.subscribe();
        // (movie id, address) -> when it last failed.
        let mut failed: HashMap<(String, String), Instant> = HashMap::new();
        loop {
            let current = revisions.borrow_and_update().clone();
            let missing: Vec<(String, String)> = current
                .movies
                .iter()
                .filter(|movie| {
                    !movie.poster_image_url.is_empty() && current.poster_image(movie).is_none()
                })
                .map(|movie| (movie.id.clone(), movie.poster_image_url.clone()))
                .collect();
            failed.retain(|key, _| missing.contains(key));
            // One replica fetches for all; the others read what it stores.
            if !missing.is_empty() && !leadership.leads() {
                leadership.until_leading().await;
                continue;
            }
            for key in missing {
                if failed
                    .get(&key)
                    .is_some_and(|at| at.elapsed() < RETRY_AFTER)
                {
                    continue;
                }
                let (movie_id, url) = &key;
                let stored = match fetcher.fetch(url).await {
                    Ok((content_type, body)) => store
                        .put_poster_image(
                            &current.site_id,
                            movie_id,
                            url,
                            content_type,
                            &body,
                            limits,
                        )
                        .await
                        .map_err(|error| error.to_string()),
                    Err(error) => Err(error.to_string()),
                };
                match stored {
                    Ok(_) => {
                        failed.remove(&key);
                    }
                    Err(error) => {
                        if !failed.contains_key(&key) {
                            tracing::warn!(site = %current.site_id, movie = %movie_id, %error, "poster image not fetched; the drawn poster serves");
                        }
                        failed.insert(key, Instant::now());
                    }
                }
            }
            let next_try = failed
                .values()
                .map(|at| RETRY_AFTER.saturating_sub(at.elapsed()))
                .min();
            tokio::select! {
                changed = revisions.changed() => if changed.is_err() { return },
                () = tokio::time::sleep(next_try.unwrap_or_default()), if next_try.is_some() => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_known_by_their_bytes() {
        assert_eq!(image_type(&[0xFF, 0xD8, 0xFF, 0xE0]), Some("image/jpeg"));
        assert_eq!(image_type(b"\x89PNG\r\n\x1a\nrest"), Some("image/png"));
        assert_eq!(image_type(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(image_type(b"<!DOCTYPE html>"), None);
        assert_eq!(image_type(b"<svg xmlns"), None);
        assert_eq!(image_type(b""), None);
    }

    #[test]
    fn plain_http_and_private_hosts_are_refused() {
        let check = |url: &str| check_address(&reqwest::Url::parse(url).expect("url"), false);
        assert!(check("https://images.example.com/poster.jpg").is_ok());
        assert!(check("http://images.example.com/poster.jpg").is_err());
        assert!(check("https://169.254.169.254/latest/meta-data").is_err());
        assert!(check("https://[::1]/poster.jpg").is_err());
        assert!(check("https://10.0.0.5/poster.jpg").is_err());
    }
}
