//! A published revision as a manifest (pure; docs/publishing.md#published-store):
//! every path of a site's snapshot with its headers and, for each of its encodings, the
//! object that holds its bytes. Objects are named by the SHA-256 of their bytes, so a
//! file that did not change between revisions, or that two sites share, is stored once.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::{HeaderValue, StatusCode};
use proto::catalogue::v1 as catalogue;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::published_files::{Compressed, Encoded, EntityPaths, PublishedFile, PublishedFiles};
use crate::etag::ETag;
use crate::site_data::SiteData;

/// The manifest of one site's revision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub site_id: String,
    /// The catalogue revision published, and the day it was published for.
    pub revision: String,
    pub today: String,
    /// RFC 3339.
    pub published_at: String,
    /// Whether every page was rendered.
    pub complete: bool,
    pub pages: usize,
    pub pages_rendered: usize,
    /// Absent from the manifests of versions before it: 0.
    #[serde(default)]
    pub posters_fetched: usize,
    /// How many times the site was published again in full (SiteVersion.republished);
    /// absent from the manifests of versions before it: 0.
    #[serde(default)]
    pub republished: i64,
    /// Pages whose HTML is older than their page data.
    pub stale_pages: Vec<String>,
    /// Site-rooted path -> file.
    pub files: BTreeMap<String, FileEntry>,
    /// The web app's shell, for pages that are not published.
    pub shell: Option<FileEntry>,
    /// Where each movie, theater and event page lives, by id.
    pub entity_paths: EntityPaths,
    /// The object holding the site the revision was published for
    /// ([`SiteData::source`]): a gateway serving the revision builds its site from it,
    /// without asking the catalogue. Absent from the manifests of versions before it.
    #[serde(default)]
    pub site: Option<String>,
}

/// One published file: its answer's headers and its encodings' objects.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileEntry {
    pub status: u16,
    pub content_type: String,
    pub content_security_policy: Option<String>,
    /// RFC 3339: when these bytes were first published.
    pub changed_at: String,
    pub identity: StoredBytes,
    pub gzip: Option<StoredBytes>,
    pub brotli: Option<StoredBytes>,
    /// The Brotli form's quality (the best one once the background pass has been).
    pub brotli_quality: Option<u32>,
}

/// Where one representation's bytes are, and its entity tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredBytes {
    /// The object's name: the SHA-256 of the bytes, in hex.
    pub object: String,
    pub etag: String,
    pub length: usize,
}

impl Manifest {
    /// The manifest of `snapshot`, a revision of `site_id`.
    pub fn of(site_id: &str, snapshot: &PublishedFiles) -> Manifest {
        let mut stale_pages: Vec<String> = snapshot.stale_pages.keys().cloned().collect();
        stale_pages.sort();
        Manifest {
            site_id: site_id.to_owned(),
            revision: snapshot.version.revision.clone(),
            today: snapshot.version.today.clone(),
            published_at: snapshot.published_at.to_string(),
            complete: snapshot.complete,
            pages: snapshot.pages,
            pages_rendered: snapshot.pages_rendered,
            posters_fetched: snapshot.posters_fetched,
            republished: snapshot.version.republished,
            stale_pages,
            files: snapshot
                .files
                .iter()
                .map(|(path, file)| (path.clone(), FileEntry::of(file)))
                .collect(),
            shell: snapshot.shell.as_deref().map(FileEntry::of),
            entity_paths: (*snapshot.entity_paths).clone(),
            site: Some(site_object(&snapshot.site)),
        }
    }

    /// The snapshot this manifest describes, for `site`, its files' bytes in the
    /// deployment's store. An entry that cannot be read names its path.
    pub fn into_snapshot(self, site: Arc<SiteData>) -> Result<PublishedFiles, String> {
        let published_at = timestamp(&self.published_at)?;
        let files = self
            .files
            .into_iter()
            .map(|(path, entry)| {
                let file = entry
                    .into_file()
                    .map_err(|error| format!("{path}: {error}"))?;
                Ok((path, Arc::new(file)))
            })
            .collect::<Result<HashMap<_, _>, String>>()?;
        let shell = match self.shell {
            Some(shell) => Some(Arc::new(shell.into_file()?)),
            None => None,
        };
        // A stored page's HTML is as old as the revision that stored it.
        let stale_since = Instant::now();
        Ok(PublishedFiles {
            version: catalogue::SiteVersion {
                revision: self.revision,
                today: self.today,
                republished: self.republished,
                ..Default::default()
            },
            published_at,
            site,
            files,
            shell,
            entity_paths: Arc::new(self.entity_paths),
            complete: self.complete,
            stale_pages: self
                .stale_pages
                .into_iter()
                .map(|path| (path, stale_since))
                .collect(),
            pages: self.pages,
            pages_rendered: self.pages_rendered,
            posters_fetched: self.posters_fetched,
            publish_time: Duration::ZERO,
        })
    }

    /// Every object the manifest names, each once.
    pub fn objects(&self) -> Vec<&StoredBytes> {
        let mut objects: Vec<&StoredBytes> = self
            .files
            .values()
            .chain(&self.shell)
            .flat_map(FileEntry::stored)
            .collect();
        objects.sort_by(|a, b| a.object.cmp(&b.object));
        objects.dedup_by(|a, b| a.object == b.object);
        objects
    }
}

/// The name of the object holding `site`'s source: its SHA-256, in hex.
pub fn site_object(site: &SiteData) -> String {
    hex::encode(Sha256::digest(&site.source))
}

impl FileEntry {
    fn of(file: &PublishedFile) -> FileEntry {
        FileEntry {
            status: file.status.as_u16(),
            content_type: file.content_type.to_str().unwrap_or_default().to_owned(),
            content_security_policy: file
                .content_security_policy
                .as_ref()
                .and_then(|policy| policy.to_str().ok())
                .map(str::to_owned),
            changed_at: file.changed_at.to_string(),
            identity: StoredBytes::of(&file.identity),
            gzip: file.compressed.as_ref().map(|c| StoredBytes::of(&c.gzip)),
            brotli: file.compressed.as_ref().map(|c| StoredBytes::of(&c.brotli)),
            brotli_quality: file.compressed.as_ref().map(|c| c.brotli_quality),
        }
    }

    /// Its representations' objects.
    pub fn stored(&self) -> impl Iterator<Item = &StoredBytes> {
        std::iter::once(&self.identity)
            .chain(&self.gzip)
            .chain(&self.brotli)
    }
}

impl FileEntry {
    fn into_file(self) -> Result<PublishedFile, String> {
        let header = |value: &str| {
            HeaderValue::from_str(value).map_err(|_| format!("'{value}' is not a header value"))
        };
        let compressed = match (self.gzip, self.brotli) {
            (Some(gzip), Some(brotli)) => Some(Compressed {
                gzip: gzip.into_encoded()?,
                brotli: brotli.into_encoded()?,
                brotli_quality: self.brotli_quality.unwrap_or_default(),
            }),
            _ => None,
        };
        Ok(PublishedFile {
            status: StatusCode::from_u16(self.status)
                .map_err(|_| format!("{} is not a status", self.status))?,
            content_type: header(&self.content_type)?,
            identity: self.identity.into_encoded()?,
            compressed,
            content_security_policy: self
                .content_security_policy
                .as_deref()
                .map(header)
                .transpose()?,
            changed_at: timestamp(&self.changed_at)?,
        })
    }
}

fn timestamp(value: &str) -> Result<jiff::Timestamp, String> {
    value
        .parse()
        .map_err(|_| format!("'{value}' is not a time"))
}

impl StoredBytes {
    fn into_encoded(self) -> Result<Encoded, String> {
        let etag = ETag::parse(&self.etag)
            .ok_or_else(|| format!("'{}' is not an entity tag", self.etag))?;
        Ok(Encoded::in_store(self.object, etag, self.length))
    }

    fn of(encoded: &Encoded) -> StoredBytes {
        StoredBytes {
            object: encoded.object.clone(),
            etag: encoded
                .etag
                .header()
                .to_str()
                .unwrap_or_default()
                .to_owned(),
            length: encoded.length,
        }
    }
}
