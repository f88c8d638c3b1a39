//! The published files' store in NATS JetStream (docs/publishing.md#published-store):
//! every representation of every file in an object store, named by the SHA-256
//! of its bytes, and each site's newest revision in a key-value bucket. A revision is
//! stored objects first, then its manifest (an object too), then the site's key is
//! switched to it: a reader never finds a revision naming a file that is not stored.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_nats::jetstream::{self, kv, object_store};
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::io::AsyncReadExt;
use tokio::sync::OnceCell;

use super::manifest::Manifest;
use super::published_files::{Encoded, PublishedFiles};

/// Objects remembered as stored, at most (about 10 MB); past it the depot forgets them
/// and asks the store again.
const KNOWN_AT_MOST: usize = 100_000;

/// The buckets' names.
#[derive(Debug, Clone)]
pub struct Buckets {
    /// The object store of every file's bytes.
    pub files: String,
    /// The key-value bucket of each site's newest revision.
    pub revisions: String,
    /// The key-value bucket of the sites' publishing leases.
    pub leases: String,
}

impl Default for Buckets {
    fn default() -> Buckets {
        Buckets {
            files: "published-files".to_owned(),
            revisions: "published-revisions".to_owned(),
            leases: "publish-leases".to_owned(),
        }
    }
}

/// A site's newest revision, as its key holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RevisionPointer {
    pub revision: String,
    /// The object holding the revision's manifest.
    pub manifest: String,
}

/// What storing a revision did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    pub revision: String,
    /// Objects the revision names, and how many of them were not stored before.
    pub objects: usize,
    pub written: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum DepotError {
    #[error("JetStream: {0}")]
    JetStream(String),
    #[error("storing the object {object}: {error}")]
    Put { object: String, error: String },
    #[error(
        "the object {object} is missing from the store, and its bytes are not here to store again"
    )]
    Missing { object: String },
    #[error("reading the object {object}: {error}")]
    Get { object: String, error: String },
    #[error("site {site}'s revision: {error}")]
    Revision { site: String, error: String },
}

/// The store, opened on first use (NATS may answer after the gateway starts).
#[derive(Debug, Clone)]
pub struct Depot {
    jetstream: jetstream::Context,
    buckets: Buckets,
    opened: Arc<OnceCell<Opened>>,
    /// Objects known to be stored, so that a revision asks only about new ones.
    known: Arc<Mutex<HashSet<String>>>,
}

struct Opened {
    files: object_store::ObjectStore,
    revisions: kv::Store,
}

impl std::fmt::Debug for Opened {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Opened")
            .field("revisions", &self.revisions.name)
            .finish_non_exhaustive()
    }
}

impl Depot {
    pub fn new(client: async_nats::Client, buckets: Buckets) -> Depot {
        Depot {
            jetstream: jetstream::new(client),
            buckets,
            opened: Arc::default(),
            known: Arc::default(),
        }
    }

    /// Whether the client is connected to NATS now (it reconnects by itself).
    pub fn connected(&self) -> bool {
        self.jetstream.client().connection_state() == async_nats::connection::State::Connected
    }

    /// The buckets, made when they do not exist yet.
    async fn opened(&self) -> Result<&Opened, DepotError> {
        self.opened
            .get_or_try_init(|| async {
                let failed = |bucket: &str, error: &dyn std::fmt::Display| {
                    DepotError::JetStream(format!("bucket {bucket}: {error}"))
                };
                let files = match self.jetstream.get_object_store(&self.buckets.files).await {
                    Ok(files) => files,
                    Err(_) => self
                        .jetstream
                        .create_object_store(object_store::Config {
                            bucket: self.buckets.files.clone(),
                            description: Some(
                                "every published file's bytes, by SHA-256".to_owned(),
                            ),
                            ..Default::default()
                        })
                        .await
                        .map_err(|error| failed(&self.buckets.files, &error))?,
                };
                let revisions =
                    key_value_bucket(&self.jetstream, &self.buckets.revisions, 5, Duration::ZERO)
                        .await
                        .map_err(|error| failed(&self.buckets.revisions, &error))?;
                Ok(Opened { files, revisions })
            })
            .await
    }

    /// Stores `snapshot` as `site`'s newest revision: the objects not stored yet, its
    /// manifest, then the site's key. Nothing is switched when an object cannot be
    /// stored.
    pub async fn store(&self, site: &str, snapshot: &PublishedFiles) -> Result<Stored, DepotError> {
        let opened = self.opened().await?;
        let manifest = Manifest::of(site, snapshot);
        let encodings: HashMap<&str, &Encoded> = snapshot
            .files
            .values()
            .chain(&snapshot.shell)
            .flat_map(|file| {
                std::iter::once(&file.identity).chain(
                    file.compressed
                        .iter()
                        .flat_map(|compressed| [&compressed.gzip, &compressed.brotli]),
                )
            })
            .map(|encoded| (encoded.object.as_str(), encoded))
            .collect();
        let mut written = 0;
        for (object, encoded) in &encodings {
            // The client would hold each write until NATS answers again: the publisher
            // goes on publishing meanwhile and stores its revision later.
            if !self.connected() {
                return Err(DepotError::JetStream("NATS is not connected".to_owned()));
            }
            // A file kept from a stored revision has no bytes here: it must be stored.
            let bytes = (!encoded.in_store).then_some(&encoded.bytes);
            if self.put_new(opened, object, bytes).await? {
                written += 1;
            }
        }
        let manifest_bytes =
            Bytes::from(
                serde_json::to_vec(&manifest).map_err(|error| DepotError::Revision {
                    site: site.to_owned(),
                    error: error.to_string(),
                })?,
            );
        let manifest_object = hex::encode(Sha256::digest(&manifest_bytes));
        self.put_new(opened, &manifest_object, Some(&manifest_bytes))
            .await?;
        let pointer = RevisionPointer {
            revision: manifest.revision.clone(),
            manifest: manifest_object,
        };
        let value = serde_json::to_vec(&pointer).unwrap_or_default();
        opened
            .revisions
            .put(site, Bytes::from(value))
            .await
            .map_err(|error| DepotError::Revision {
                site: site.to_owned(),
                error: error.to_string(),
            })?;
        Ok(Stored {
            revision: manifest.revision,
            objects: encodings.len(),
            written,
        })
    }

    /// Stores `bytes` as `object` unless it is stored already: whether it was written;
    /// an object that is not stored and whose bytes are not given is missing.
    async fn put_new(
        &self,
        opened: &Opened,
        object: &str,
        bytes: Option<&Bytes>,
    ) -> Result<bool, DepotError> {
        if self.is_known(object) {
            return Ok(false);
        }
        let stored = match opened.files.info(object).await {
            // A deleted object keeps its name, marked deleted.
            Ok(info) => !info.deleted,
            Err(error) if error.kind() == object_store::InfoErrorKind::NotFound => false,
            Err(error) => {
                return Err(DepotError::Put {
                    object: object.to_owned(),
                    error: error.to_string(),
                });
            }
        };
        if !stored {
            let Some(bytes) = bytes else {
                return Err(DepotError::Missing {
                    object: object.to_owned(),
                });
            };
            opened
                .files
                .put(object, &mut bytes.as_ref())
                .await
                .map_err(|error| DepotError::Put {
                    object: object.to_owned(),
                    error: error.to_string(),
                })?;
        }
        let mut known = self
            .known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if known.len() >= KNOWN_AT_MOST {
            known.clear();
        }
        known.insert(object.to_owned());
        Ok(!stored)
    }

    fn is_known(&self, object: &str) -> bool {
        self.known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains(object)
    }

    /// `site`'s newest revision and its manifest; `None` before the first.
    pub async fn revision(&self, site: &str) -> Result<Option<Manifest>, DepotError> {
        let opened = self.opened().await?;
        let failed = |error: &dyn std::fmt::Display| DepotError::Revision {
            site: site.to_owned(),
            error: error.to_string(),
        };
        let Some(value) = opened
            .revisions
            .get(site)
            .await
            .map_err(|error| failed(&error))?
        else {
            return Ok(None);
        };
        let pointer: RevisionPointer =
            serde_json::from_slice(&value).map_err(|error| failed(&error))?;
        let manifest = self.object(&pointer.manifest).await?;
        serde_json::from_slice(&manifest)
            .map(Some)
            .map_err(|error| failed(&error))
    }

    /// Each change of `site`'s key, from its current value on: a stream of the revisions
    /// named (read them with [`Depot::revision`]).
    pub async fn watch(&self, site: &str) -> Result<kv::Watch, DepotError> {
        let opened = self.opened().await?;
        opened
            .revisions
            .watch_with_history(site)
            .await
            .map_err(|error| DepotError::Revision {
                site: site.to_owned(),
                error: error.to_string(),
            })
    }

    /// The bytes of `object`.
    pub async fn object(&self, object: &str) -> Result<Bytes, DepotError> {
        let opened = self.opened().await?;
        let failed = |error: &dyn std::fmt::Display| DepotError::Get {
            object: object.to_owned(),
            error: error.to_string(),
        };
        let mut reader = opened
            .files
            .get(object)
            .await
            .map_err(|error| failed(&error))?;
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|error| failed(&error))?;
        Ok(Bytes::from(bytes))
    }
}

/// The key-value bucket `bucket`, keeping `history` values of each key for `max_age`
/// (zero: for ever), made when it does not exist. Its stream is made here as async-nats makes it (`KV_{bucket}` on
/// `$KV.{bucket}.>`): the client's own way first reads the account's information, which
/// nats-server 2.9 (Debian's) answers without fields the client requires.
pub async fn key_value_bucket(
    jetstream: &jetstream::Context,
    bucket: &str,
    history: i64,
    max_age: std::time::Duration,
) -> Result<kv::Store, String> {
    if let Ok(store) = jetstream.get_key_value(bucket).await {
        return Ok(store);
    }
    jetstream
        .get_or_create_stream(jetstream::stream::Config {
            name: format!("KV_{bucket}"),
            subjects: vec![format!("$KV.{bucket}.>")],
            max_messages_per_subject: history,
            max_age,
            max_bytes: -1,
            max_message_size: -1,
            allow_rollup: true,
            deny_delete: true,
            allow_direct: true,
            discard: jetstream::stream::DiscardPolicy::New,
            num_replicas: 1,
            ..Default::default()
        })
        .await
        .map_err(|error| error.to_string())?;
    jetstream
        .get_key_value(bucket)
        .await
        .map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{movie, packed, planned};
    use super::*;

    /// A depot on the local nats-server (TEST_NATS_URL) in buckets of its own.
    async fn depot() -> Depot {
        let url = std::env::var("TEST_NATS_URL")
            .ok()
            .filter(|url| !url.is_empty())
            .unwrap_or_else(|| "nats://127.0.0.1:4222".to_owned());
        let client = async_nats::connect(&url)
            .await
            .expect("nats-server answers");
        let name = test_support::dirs::unique_name("depot").replace('_', "-");
        Depot::new(
            client,
            Buckets {
                files: format!("{name}-files"),
                revisions: format!("{name}-revisions"),
                leases: format!("{name}-leases"),
            },
        )
    }

    fn snapshot(
        movies: Vec<proto::catalogue::v1::Movie>,
        previous: Option<&PublishedFiles>,
    ) -> PublishedFiles {
        packed(planned(movies, previous), previous)
    }

    #[tokio::test]
    async fn a_revision_is_stored_whole_and_an_unchanged_file_is_not_stored_again() {
        let depot = depot().await;
        assert_eq!(depot.revision("demo").await.expect("readable"), None);
        let first = snapshot(vec![movie("1001", "A")], None);
        let stored = depot.store("demo", &first).await.expect("stored");
        assert_eq!(stored.written, stored.objects);
        let manifest = depot
            .revision("demo")
            .await
            .expect("readable")
            .expect("stored");
        assert_eq!(manifest, Manifest::of("demo", &first));
        for object in manifest.objects() {
            let bytes = depot.object(&object.object).await.expect("stored");
            assert_eq!(bytes.len(), object.length);
        }
        let page = &manifest.files["/movies/1001/"];
        assert_eq!(
            depot.object(&page.identity.object).await.expect("stored"),
            first
                .file("/movies/1001/")
                .expect("published")
                .identity
                .bytes
        );

        // A new movie: its files, and those that show it, are new; the rest is not.
        let second = snapshot(vec![movie("1001", "A"), movie("1002", "B")], Some(&first));
        let stored = depot.store("demo", &second).await.expect("stored");
        assert!(
            stored.written > 0 && stored.written < stored.objects,
            "{stored:?}"
        );
        // A depot that has not seen them asks the store, and writes nothing new.
        let again = Depot::new(depot.jetstream.client(), depot.buckets.clone());
        let stored = again.store("demo", &second).await.expect("stored");
        assert_eq!(stored.written, 0, "{stored:?}");
        depot
            .jetstream
            .delete_object_store(&depot.buckets.files)
            .await
            .expect("the test's files removed");
        depot
            .jetstream
            .delete_key_value(&depot.buckets.revisions)
            .await
            .expect("the test's revisions removed");
    }
}
