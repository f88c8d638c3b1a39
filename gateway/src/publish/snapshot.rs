//! A published snapshot: every public file of the site as bytes, compressed once, looked
//! up by path. Immutable once built; [`Published`] swaps the current one atomically, so
//! a request reads it without a lock.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;

use arc_swap::ArcSwapOption;
use axum::http::{HeaderValue, StatusCode};
use bytes::Bytes;
use proto::catalogue::v1::SiteVersion;

use crate::etag::ETag;
use crate::site_snapshot::SiteSnapshot;

/// Brotli at its best quality, and a window as large as the largest page needs. Quality
/// 11 takes about 0.5 s for a 450 KB page (a theater of a large chain, measured with
/// bench/publish.sh), quality 10 a quarter of that for about 7 % more bytes: files past
/// BROTLI_BEST_MAX are compressed at 10, so a large chain publishes in seconds, not minutes.
const BROTLI_BEST: u32 = 11;
const BROTLI_LARGE: u32 = 10;
const BROTLI_BEST_MAX: usize = 128 * 1024;
const BROTLI_WINDOW: u32 = 22;
const GZIP_LEVEL: u32 = 9;

/// One published file in each encoding a client may take.
#[derive(Debug)]
pub struct PublishedFile {
    pub status: StatusCode,
    pub content_type: HeaderValue,
    pub identity: Encoded,
    /// Its gzip and Brotli forms; `None` for a file compressed already (a PNG image).
    pub compressed: Option<Compressed>,
    /// Its Content-Security-Policy: an HTML page's names the hashes of its inline
    /// scripts; other files carry the site's.
    pub content_security_policy: Option<HeaderValue>,
    /// When these bytes were first published: a page whose bytes did not change keeps
    /// it (the sitemap's lastmod).
    pub changed_at: jiff::Timestamp,
}

#[derive(Debug)]
pub struct Compressed {
    pub gzip: Encoded,
    pub brotli: Encoded,
}

/// A representation: its bytes and its strong entity tag.
#[derive(Debug, Clone)]
pub struct Encoded {
    pub bytes: Bytes,
    pub etag: ETag,
}

impl PublishedFile {
    /// Compresses `body` both ways, unless it is a raster image (CPU-heavy: run it off
    /// the async threads).
    pub fn new(
        status: StatusCode,
        content_type: &'static str,
        body: Bytes,
        content_security_policy: Option<HeaderValue>,
        changed_at: jiff::Timestamp,
    ) -> PublishedFile {
        let etag = ETag::of(&body);
        let compressed = compressible(content_type).then(|| Compressed {
            gzip: Encoded {
                bytes: gzip(&body),
                etag: etag.with_suffix("gz"),
            },
            brotli: Encoded {
                bytes: brotli(&body),
                etag: etag.with_suffix("br"),
            },
        });
        PublishedFile {
            status,
            content_type: HeaderValue::from_static(content_type),
            compressed,
            identity: Encoded { bytes: body, etag },
            content_security_policy,
            changed_at,
        }
    }

    /// Whether `other` would be published with the same bytes and headers.
    pub fn same_as(&self, status: StatusCode, body: &[u8], policy: Option<&HeaderValue>) -> bool {
        self.status == status
            && self.identity.bytes == body
            && self.content_security_policy.as_ref() == policy
    }
}

/// Text compresses; PNG, JPEG and WebP images are compressed already.
fn compressible(content_type: &str) -> bool {
    !content_type.starts_with("image/") || content_type.starts_with("image/svg+xml")
}

fn gzip(body: &[u8]) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 3),
        flate2::Compression::new(GZIP_LEVEL),
    );
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(body);
    Bytes::from(encoder.finish().unwrap_or_default())
}

fn brotli(body: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(body.len() / 4);
    let quality = if body.len() <= BROTLI_BEST_MAX {
        BROTLI_BEST
    } else {
        BROTLI_LARGE
    };
    // A window no larger than the body: the encoder's memory follows the window.
    let window = (usize::BITS - body.len().max(1 << 10).leading_zeros()).min(BROTLI_WINDOW);
    let params = brotli::enc::BrotliEncoderParams {
        quality: quality as i32,
        lgwin: window as i32,
        ..Default::default()
    };
    let _ = brotli::BrotliCompress(&mut &body[..], &mut out, &params);
    Bytes::from(out)
}

/// Everything published for one catalogue version.
#[derive(Debug)]
pub struct Snapshot {
    pub version: SiteVersion,
    pub published_at: jiff::Timestamp,
    /// The site the pages were built from (configuration, theaters, messages, policy).
    pub site: Arc<SiteSnapshot>,
    /// Site-rooted path -> file: every page's HTML, its page data, the app data, the
    /// generated posters and their link previews, sitemap.xml and robots.txt.
    pub files: HashMap<String, Arc<PublishedFile>>,
    /// The web app's shell for pages that are not published (the member area, previews),
    /// with the app data inline; `None` when the web app is not built.
    pub shell: Option<Arc<PublishedFile>>,
    /// Where each movie, theater and event page lives, by id.
    pub entity_paths: super::EntityPaths,
    /// Whether every page was rendered (false while the renderer has never answered:
    /// the pages are the shell with their data).
    pub complete: bool,
    /// How many public pages it holds, and how many of them were rendered anew (the
    /// rest kept their bytes from the snapshot before).
    pub pages: usize,
    pub pages_rendered: usize,
    /// How long publishing it took, from the catalogue's version to the swap.
    pub publish_time: std::time::Duration,
}

impl Snapshot {
    pub fn file(&self, path: &str) -> Option<&Arc<PublishedFile>> {
        self.files.get(path)
    }
}

/// The snapshot being served, swapped whole when a new one is published.
#[derive(Debug, Clone, Default)]
pub struct Published {
    current: Arc<ArcSwapOption<Snapshot>>,
}

impl Published {
    pub fn current(&self) -> Option<Arc<Snapshot>> {
        self.current.load_full()
    }

    /// The current snapshot without touching its reference count: the hot path.
    pub fn peek(&self) -> arc_swap::Guard<Option<Arc<Snapshot>>> {
        self.current.load()
    }

    pub fn swap(&self, snapshot: Snapshot) {
        self.current.store(Some(Arc::new(snapshot)));
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    #[test]
    fn each_encoding_decodes_to_the_same_bytes_and_has_its_own_tag() {
        let body = Bytes::from("<p>The Long Night</p>".repeat(50));
        let file = PublishedFile::new(
            StatusCode::OK,
            "text/html; charset=utf-8",
            body.clone(),
            None,
            jiff::Timestamp::UNIX_EPOCH,
        );
        let Compressed { gzip, brotli } = file.compressed.as_ref().expect("HTML is compressed");
        let mut gunzipped = Vec::new();
        flate2::read::GzDecoder::new(&gzip.bytes[..])
            .read_to_end(&mut gunzipped)
            .expect("gzip");
        assert_eq!(gunzipped, body);
        let mut unbrotlied = Vec::new();
        brotli::BrotliDecompress(&mut &brotli.bytes[..], &mut unbrotlied).expect("brotli");
        assert_eq!(unbrotlied, body);
        assert!(brotli.bytes.len() < gzip.bytes.len());
        assert!(gzip.bytes.len() < body.len());
        assert_ne!(file.identity.etag, gzip.etag);
        assert_ne!(gzip.etag, brotli.etag);
    }

    #[test]
    fn a_png_is_kept_as_it_is_and_an_svg_is_compressed() {
        let file = |content_type| {
            PublishedFile::new(
                StatusCode::OK,
                content_type,
                Bytes::from_static(b"<svg></svg>"),
                None,
                jiff::Timestamp::UNIX_EPOCH,
            )
        };
        assert!(file("image/png").compressed.is_none());
        assert!(file("image/svg+xml").compressed.is_some());
    }
}
