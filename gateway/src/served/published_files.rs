//! The published files: every public file of the site as bytes, compressed once, looked
//! up by path. Immutable once built; [`Published`] swaps the current one atomically, so
//! a request reads it without a lock.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;

use arc_swap::ArcSwapOption;
use axum::http::{HeaderValue, StatusCode};
use bytes::Bytes;
use proto::catalogue::v1::SiteVersion;
use sha2::{Digest, Sha256};

use super::cache::FileCache;
use super::depot::DepotError;
use crate::etag::ETag;
use crate::site_data::SiteData;

/// Brotli at its best quality for every file in the end: 11 for a file up to
/// [`BROTLI_LARGE`], 10 past it. Quality 11 takes about 0.5 s for a 300 KB page (a theater of
/// a large chain, measured with bench/publish.sh), quality 10 a quarter of that for about
/// one per cent more bytes, and tens of milliseconds for a demo page; for fifty sites
/// published at once, or a large chain's 2,700 pages of 170 to 400 KB, that is minutes to
/// hours of both cores (bench/sites.sh, bench/deployment.sh). So every file is first
/// published at BROTLI_FAST (a hundredth of the time, about a quarter more bytes) and
/// compressed again at its best in the background ([`PublishedFiles::awaiting_best_brotli`]),
/// a few files at once on every core at the lowest CPU priority, and only while no site is
/// publishing: a changed movie of a large chain, or a deployment's every site, goes out in
/// seconds, and the pages reach their smallest size soon after.
const BROTLI_BEST: u32 = 11;
/// Past this many bytes a file's best Brotli is quality 10.
const BROTLI_LARGE: usize = 128 * 1024;
const BROTLI_FAST: u32 = 5;
const BROTLI_WINDOW: u32 = 22;
/// zlib's own default: level 9 took twice the time for about one per cent fewer bytes,
/// and only the rare client without Brotli reads the gzip form.
const GZIP_LEVEL: u32 = 6;

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
    /// The Brotli form's quality: BROTLI_FAST until the background pass replaces it.
    pub brotli_quality: u32,
}

/// A representation: its bytes, its strong entity tag, and the name of the object that
/// holds its bytes in the published files' store (their SHA-256, in hex: a file whose
/// bytes do not change between revisions is stored once).
#[derive(Debug, Clone)]
pub struct Encoded {
    /// Its bytes, when this process holds them (it published them); empty when they are
    /// only in the deployment's store (`in_store`), fetched through the file cache.
    pub bytes: Bytes,
    pub etag: ETag,
    pub object: String,
    pub length: usize,
    pub in_store: bool,
}

impl Encoded {
    fn new(bytes: Bytes, etag: ETag) -> Encoded {
        let object = hex::encode(Sha256::digest(&bytes));
        Encoded {
            length: bytes.len(),
            bytes,
            etag,
            object,
            in_store: false,
        }
    }

    /// Whether it is `bytes`: compared by their SHA-256 when only the store holds it.
    pub fn holds(&self, bytes: &[u8]) -> bool {
        if self.in_store {
            self.length == bytes.len() && self.object == hex::encode(Sha256::digest(bytes))
        } else {
            self.bytes == bytes
        }
    }

    /// A representation whose `length` bytes are the deployment's store's `object`.
    pub fn in_store(object: String, etag: ETag, length: usize) -> Encoded {
        Encoded {
            bytes: Bytes::new(),
            etag,
            object,
            length,
            in_store: true,
        }
    }
}

impl PublishedFile {
    /// Compresses `body` both ways (Brotli at BROTLI_FAST until the background pass),
    /// unless it is a raster image (CPU-heavy: run it off the async threads).
    pub fn new(
        status: StatusCode,
        content_type: &'static str,
        body: Bytes,
        content_security_policy: Option<HeaderValue>,
        changed_at: jiff::Timestamp,
    ) -> PublishedFile {
        let compression = compressible(content_type).then_some((GZIP_LEVEL, BROTLI_FAST));
        PublishedFile::encoded(
            status,
            content_type,
            body,
            compression,
            content_security_policy,
            changed_at,
        )
    }

    /// A JSON answer of the API kept for a catalogue revision: compressed at once and
    /// quickly (Brotli BROTLI_FAST), since a revision may last seconds.
    pub fn answer(
        status: StatusCode,
        body: Bytes,
        content_security_policy: Option<HeaderValue>,
        changed_at: jiff::Timestamp,
    ) -> PublishedFile {
        PublishedFile::encoded(
            status,
            "application/json",
            body,
            Some((GZIP_LEVEL, BROTLI_FAST)),
            content_security_policy,
            changed_at,
        )
    }

    /// `body`, and its gzip and Brotli forms at `compression` (gzip level, Brotli quality).
    fn encoded(
        status: StatusCode,
        content_type: &'static str,
        body: Bytes,
        compression: Option<(u32, u32)>,
        content_security_policy: Option<HeaderValue>,
        changed_at: jiff::Timestamp,
    ) -> PublishedFile {
        let etag = ETag::of(&body);
        let compressed = compression.map(|(gzip_level, brotli_quality)| Compressed {
            gzip: Encoded::new(gzip(&body, gzip_level), etag.with_suffix("gz")),
            brotli: brotli_encoded(&body, &etag, brotli_quality),
            brotli_quality,
        });
        PublishedFile {
            status,
            content_type: HeaderValue::from_static(content_type),
            compressed,
            identity: Encoded::new(body, etag),
            content_security_policy,
            changed_at,
        }
    }

    /// Whether its Brotli form waits to be compressed at the best quality: only a file
    /// whose bytes this process holds (the store's are its publisher's to improve).
    pub fn awaits_best_brotli(&self) -> bool {
        !self.identity.in_store
            && self.compressed.as_ref().is_some_and(|compressed| {
                compressed.brotli_quality < best_brotli(self.identity.bytes.len())
            })
    }

    /// The same file with its Brotli form at its best quality (CPU-heavy).
    pub fn with_best_brotli(&self) -> PublishedFile {
        let quality = best_brotli(self.identity.bytes.len());
        PublishedFile {
            status: self.status,
            content_type: self.content_type.clone(),
            identity: self.identity.clone(),
            compressed: self.compressed.as_ref().map(|compressed| Compressed {
                gzip: compressed.gzip.clone(),
                brotli: brotli_encoded(&self.identity.bytes, &self.identity.etag, quality),
                brotli_quality: quality,
            }),
            content_security_policy: self.content_security_policy.clone(),
            changed_at: self.changed_at,
        }
    }

    /// Whether `other` would be published with the same bytes and headers.
    pub fn same_as(&self, status: StatusCode, body: &[u8], policy: Option<&HeaderValue>) -> bool {
        self.status == status
            && self.identity.holds(body)
            && self.content_security_policy.as_ref() == policy
    }
}

/// The best Brotli quality a file of `len` bytes is given in the background.
fn best_brotli(len: usize) -> u32 {
    if len > BROTLI_LARGE {
        BROTLI_BEST - 1
    } else {
        BROTLI_BEST
    }
}

/// Text compresses; PNG, JPEG and WebP images are compressed already.
fn compressible(content_type: &str) -> bool {
    !content_type.starts_with("image/") || content_type.starts_with("image/svg+xml")
}

fn gzip(body: &[u8], level: u32) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 3),
        flate2::Compression::new(level),
    );
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(body);
    Bytes::from(encoder.finish().unwrap_or_default())
}

/// The Brotli form of `body`; its tag names the quality, since the bytes differ.
fn brotli_encoded(body: &[u8], etag: &ETag, quality: u32) -> Encoded {
    let mut out = Vec::with_capacity(body.len() / 4);
    // A window no larger than the body: the encoder's memory follows the window.
    let window = (usize::BITS - body.len().max(1 << 10).leading_zeros()).min(BROTLI_WINDOW);
    let params = brotli::enc::BrotliEncoderParams {
        quality: quality as i32,
        lgwin: window as i32,
        ..Default::default()
    };
    let _ = brotli::BrotliCompress(&mut &body[..], &mut out, &params);
    let suffix = if quality == BROTLI_BEST {
        "br".to_owned()
    } else {
        format!("br{quality}")
    };
    Encoded::new(Bytes::from(out), etag.with_suffix(&suffix))
}

/// Everything published for one catalogue version.
#[derive(Debug, Clone)]
pub struct PublishedFiles {
    pub version: SiteVersion,
    pub published_at: jiff::Timestamp,
    /// The site the pages were built from (configuration, theaters, messages, policy).
    pub site: Arc<SiteData>,
    /// Site-rooted path -> file: every page's HTML, its page data, the app data, the
    /// generated posters and their link previews, sitemap.xml and robots.txt.
    pub files: HashMap<String, Arc<PublishedFile>>,
    /// The web app's shell for pages that are not published (the member area, previews),
    /// with the app data inline; `None` when the web app is not built.
    pub shell: Option<Arc<PublishedFile>>,
    /// Where each movie, theater and event page lives, by id.
    pub entity_paths: Arc<EntityPaths>,
    /// Whether every page was rendered (false while the renderer has never answered:
    /// the pages are the shell with their data).
    pub complete: bool,
    /// Pages whose HTML is older than their page data (the data went out ahead of their
    /// rendering), with when they became so. The next publish renders them again
    /// whatever their data, those stale the longest first.
    pub stale_pages: HashMap<String, std::time::Instant>,
    /// How many public pages it holds, and how many of them were rendered anew (the
    /// rest kept their bytes from the snapshot before).
    pub pages: usize,
    pub pages_rendered: usize,
    /// How many generated posters its publish fetched from svc-catalogue (the others
    /// were kept from the snapshot before: their digest had not moved).
    pub posters_fetched: usize,
    /// How long publishing it took, from the catalogue's version to the swap.
    pub publish_time: std::time::Duration,
}

impl PublishedFiles {
    pub fn file(&self, path: &str) -> Option<&Arc<PublishedFile>> {
        self.files.get(path)
    }

    /// The bytes its files hold in all their encodings.
    pub fn bytes(&self) -> usize {
        self.files
            .values()
            .map(|file| {
                file.identity.bytes.len()
                    + file.compressed.as_ref().map_or(0, |compressed| {
                        compressed.gzip.bytes.len() + compressed.brotli.bytes.len()
                    })
            })
            .sum()
    }

    /// The paths of the files whose Brotli form is not at the best quality yet.
    pub fn awaiting_best_brotli(&self) -> impl Iterator<Item = &str> {
        self.files
            .iter()
            .filter(|(_, file)| file.awaits_best_brotli())
            .map(|(path, _)| path.as_str())
    }

    /// This snapshot with each `(path, replaced, file)`'s `file` published at `path` in
    /// place of `replaced`, those whose `path` holds another file now left out; `None`
    /// when none is left.
    pub fn replacing(
        &self,
        replacements: Vec<(String, Arc<PublishedFile>, PublishedFile)>,
    ) -> Option<PublishedFiles> {
        let mut snapshot: Option<PublishedFiles> = None;
        for (path, replaced, file) in replacements {
            let current = self.files.get(&path);
            if current.is_some_and(|current| Arc::ptr_eq(current, &replaced)) {
                snapshot
                    .get_or_insert_with(|| self.clone())
                    .files
                    .insert(path, Arc::new(file));
            }
        }
        snapshot
    }
}

/// The snapshot being served, swapped whole when a new one is published, and where the
/// bytes of its files in the deployment's store are read (none when it holds them all).
#[derive(Debug, Clone, Default)]
pub struct Published {
    current: Arc<ArcSwapOption<PublishedFiles>>,
    files: Option<FileCache>,
}

impl Published {
    /// A site's snapshots whose files' bytes are read through `files`.
    pub fn from_store(files: FileCache) -> Published {
        Published {
            current: Arc::default(),
            files: Some(files),
        }
    }

    /// The bytes of `encoded`: held here, or read through the file cache.
    pub async fn bytes(&self, encoded: &Encoded) -> Result<Bytes, DepotError> {
        match &self.files {
            Some(files) if encoded.in_store => files.get(&encoded.object).await,
            _ => Ok(encoded.bytes.clone()),
        }
    }

    pub fn current(&self) -> Option<Arc<PublishedFiles>> {
        self.current.load_full()
    }

    /// The current snapshot without touching its reference count: the hot path.
    pub fn peek(&self) -> arc_swap::Guard<Option<Arc<PublishedFiles>>> {
        self.current.load()
    }

    pub fn swap(&self, snapshot: PublishedFiles) {
        self.current.store(Some(Arc::new(snapshot)));
    }
}

/// Id -> page path of movies, theaters and events: where permalinks and other spellings
/// of an entity's path lead.
#[derive(Debug, Default, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EntityPaths {
    pub movies: HashMap<String, String>,
    pub theaters: HashMap<String, String>,
    pub events: HashMap<String, String>,
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
        let Compressed { gzip, brotli, .. } = file.compressed.as_ref().expect("HTML is compressed");
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
    fn a_file_goes_out_fast_and_its_best_brotli_decodes_to_the_same_bytes() {
        // Showtimes of a large theater's week: varied enough that quality tells.
        let titles = ["The Long Night", "Velocity", "Paper Moons", "Harbor Lights"];
        let body = Bytes::from(
            (0..8_000u64)
                .map(|n| {
                    let code = n.wrapping_mul(2_654_435_761) % 1_000_003;
                    let title = titles[(code % 4) as usize];
                    format!(
                        r#"{{"perfCode":"{code}","title":"{title}","time":"{}:{:02}"}},"#,
                        10 + n % 13,
                        code % 60
                    )
                })
                .collect::<String>(),
        );
        let fast = PublishedFile::new(
            StatusCode::OK,
            "text/html",
            body.clone(),
            None,
            jiff::Timestamp::UNIX_EPOCH,
        );
        assert!(fast.awaits_best_brotli());
        let best = fast.with_best_brotli();
        assert!(!best.awaits_best_brotli());
        let (fast_brotli, best_brotli) = (
            &fast.compressed.as_ref().expect("compressed").brotli,
            &best.compressed.as_ref().expect("compressed").brotli,
        );
        assert!(best_brotli.bytes.len() < fast_brotli.bytes.len());
        assert_ne!(best_brotli.etag, fast_brotli.etag);
        assert_eq!(best.identity.etag, fast.identity.etag);
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &best_brotli.bytes[..], &mut decoded).expect("brotli");
        assert_eq!(decoded, body);
    }

    #[test]
    fn the_best_brotli_is_quality_11_up_to_128_kb_and_10_past_it() {
        let best = |len: usize| {
            let file = PublishedFile::new(
                StatusCode::OK,
                "text/html",
                Bytes::from("<p>Velocity</p>".repeat(len / 15 + 1)[..len].to_owned()),
                None,
                jiff::Timestamp::UNIX_EPOCH,
            );
            assert!(file.awaits_best_brotli(), "{len} bytes go out fast");
            file.with_best_brotli()
        };
        for (len, quality, suffix) in [(BROTLI_LARGE, 11, "br"), (BROTLI_LARGE + 1, 10, "br10")] {
            let file = best(len);
            let compressed = file.compressed.as_ref().expect("compressed");
            assert_eq!(compressed.brotli_quality, quality, "{len} bytes");
            let tag = compressed.brotli.etag.header().to_str().expect("ascii");
            assert!(
                tag.ends_with(&format!("-{suffix}\"")),
                "{tag} names the quality"
            );
            assert!(!file.awaits_best_brotli(), "{len} bytes are done");
        }
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
