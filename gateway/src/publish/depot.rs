//! The published files' store in NATS JetStream (docs/publishing.md#published-store):
//! every representation of every file in an object store, named by the SHA-256
//! of its bytes, and each site's newest revision in a key-value bucket. A revision is
//! stored objects first, then its manifest (an object too), then the site's key is
//! switched to it: a reader never finds a revision naming a file that is not stored.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::jetstream::{self, kv, object_store};
use bytes::Bytes;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::io::AsyncReadExt;
use tokio::sync::OnceCell;

use super::manifest::Manifest;
use super::published_files::{Encoded, PublishedFiles};

/// Objects remembered as stored, at most (about 10 MB); past it the depot forgets them
/// and asks the store again.
const KNOWN_AT_MOST: usize = 100_000;

/// How long an object seen stored is believed still stored without asking. Collection
/// deletes only objects no retained revision has named for [`COLLECTION_GRACE`], well
/// past this: a publisher never names an object it last saw before collection took it.
const KNOWN_FOR: Duration = Duration::from_secs(5 * 60);

/// How long an object must have been named by no retained revision before it is deleted:
/// what a serving gateway still reads of a revision it is leaving, and what a publisher
/// believes stored ([`KNOWN_FOR`]), are well within it.
pub const COLLECTION_GRACE: Duration = Duration::from_secs(15 * 60);

/// The buckets' names and limits.
#[derive(Debug, Clone)]
pub struct Buckets {
    /// The object store of every file's bytes.
    pub files: String,
    /// The key-value bucket of each site's newest revision.
    pub revisions: String,
    /// The key-value bucket of the sites' publishing leases.
    pub leases: String,
    /// The object store's byte limit (PUBLISHED_STORE_MB): past it a revision is not
    /// stored (the last ones keep serving) until collection frees room. The member
    /// events' stream has its own (svc-loyalty's LOYALTY_STREAM_MB).
    pub files_bytes: i64,
    /// Revisions kept per site (PUBLISHED_KEEP_REVISIONS): the key's history, and what
    /// collection keeps the objects of.
    pub keep_revisions: i64,
    /// Replicas of each bucket (NATS_REPLICAS).
    pub replicas: usize,
}

/// The key-value buckets' byte limit: pointers and leases are a few hundred bytes each.
const KEY_VALUE_BYTES: i64 = 64 * 1024 * 1024;

impl Default for Buckets {
    fn default() -> Buckets {
        Buckets {
            files: "published-files".to_owned(),
            revisions: "published-revisions".to_owned(),
            leases: "publish-leases".to_owned(),
            files_bytes: 1024 * 1024 * 1024,
            keep_revisions: 5,
            replicas: 1,
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

/// What a collection did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Collected {
    /// Objects the retained revisions name.
    pub retained: usize,
    /// Objects deleted.
    pub deleted: usize,
    /// Objects named by no retained revision, deleted once the grace has passed.
    pub waiting: usize,
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
    #[error("the object {object} is not the bytes its name is the SHA-256 of: refused")]
    Tampered { object: String },
    #[error("site {site}'s revision: {error}")]
    Revision { site: String, error: String },
    #[error(
        "site {site}'s revision was switched by another publisher since this one last saw it: not overwritten"
    )]
    Superseded { site: String },
    #[error("site {site}'s lease is not this gateway's: its revision is stored by the holder")]
    NotHeld { site: String },
}

/// The store, opened on first use (NATS may answer after the gateway starts).
#[derive(Debug, Clone)]
pub struct Depot {
    jetstream: jetstream::Context,
    buckets: Buckets,
    opened: Arc<OnceCell<Opened>>,
    /// Objects known to be stored, and when that was seen, so that a revision asks only
    /// about new ones.
    known: Arc<Mutex<HashMap<String, Instant>>>,
    /// Site -> the sequence of its revision key this depot last wrote or read (0: the
    /// key did not exist): a revision is stored only over the pointer last seen, so a
    /// publisher that stalled past its lease cannot put back an older revision over the
    /// new holder's.
    seen: Arc<Mutex<HashMap<String, u64>>>,
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
            seen: Arc::default(),
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
                            max_bytes: self.buckets.files_bytes,
                            num_replicas: self.buckets.replicas,
                            ..Default::default()
                        })
                        .await
                        .map_err(|error| failed(&self.buckets.files, &error))?,
                };
                let revisions = key_value_bucket(
                    &self.jetstream,
                    &self.buckets.revisions,
                    self.buckets.keep_revisions,
                    Duration::ZERO,
                    self.buckets.replicas,
                )
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
        let value = Bytes::from(serde_json::to_vec(&pointer).unwrap_or_default());
        self.switch(opened, site, value).await?;
        Ok(Stored {
            revision: manifest.revision,
            objects: encodings.len(),
            written,
        })
    }

    /// Points `site`'s key at `value`, provided the key is as this depot last saw it
    /// (compare-and-set on the key's sequence). The first switch of a site reads the key
    /// first; a switch refused because another publisher switched it since re-reads it,
    /// so that this depot's next switch is over the newest pointer (the caller decides
    /// whether it still may: it holds the site's lease).
    async fn switch(&self, opened: &Opened, site: &str, value: Bytes) -> Result<(), DepotError> {
        let failed = |error: &dyn std::fmt::Display| DepotError::Revision {
            site: site.to_owned(),
            error: error.to_string(),
        };
        let last = match self.seen_sequence(site) {
            Some(last) => last,
            None => self.read_sequence(opened, site).await?,
        };
        // Err(None): the key is not as this depot last saw it.
        let switched = if last == 0 {
            match opened.revisions.create(site, value).await {
                Ok(sequence) => Ok(sequence),
                Err(error) if error.kind() == kv::CreateErrorKind::AlreadyExists => Err(None),
                Err(error) => Err(Some(failed(&error))),
            }
        } else {
            match opened.revisions.update(site, value, last).await {
                Ok(sequence) => Ok(sequence),
                Err(error) if error.kind() == kv::UpdateErrorKind::WrongLastRevision => Err(None),
                Err(error) => Err(Some(failed(&error))),
            }
        };
        match switched {
            Ok(sequence) => {
                self.remember_sequence(site, sequence);
                Ok(())
            }
            Err(Some(error)) => Err(error),
            Err(None) => {
                self.read_sequence(opened, site).await?;
                Err(DepotError::Superseded {
                    site: site.to_owned(),
                })
            }
        }
    }

    fn seen_sequence(&self, site: &str) -> Option<u64> {
        self.seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(site)
            .copied()
    }

    fn remember_sequence(&self, site: &str, sequence: u64) {
        self.seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(site.to_owned(), sequence);
    }

    /// The sequence of `site`'s key now (0: none), remembered as seen.
    async fn read_sequence(&self, opened: &Opened, site: &str) -> Result<u64, DepotError> {
        let sequence = opened
            .revisions
            .entry(site)
            .await
            .map_err(|error| DepotError::Revision {
                site: site.to_owned(),
                error: error.to_string(),
            })?
            .map_or(0, |entry| entry.revision);
        self.remember_sequence(site, sequence);
        Ok(sequence)
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
        known.insert(object.to_owned(), Instant::now());
        Ok(!stored)
    }

    fn is_known(&self, object: &str) -> bool {
        self.known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(object)
            .is_some_and(|seen| seen.elapsed() < KNOWN_FOR)
    }

    /// Every object the retained revisions name: for each site, the revisions its key
    /// still holds (the last `keep_revisions`), their manifests and their files.
    async fn retained(&self, opened: &Opened) -> Result<HashSet<String>, DepotError> {
        let failed = |error: &dyn std::fmt::Display| DepotError::JetStream(error.to_string());
        let mut keys = opened
            .revisions
            .keys()
            .await
            .map_err(|error| failed(&error))?;
        let mut sites = Vec::new();
        while let Some(key) = keys.next().await {
            sites.push(key.map_err(|error| failed(&error))?);
        }
        let mut retained = HashSet::new();
        for site in sites {
            let mut history = opened
                .revisions
                .history(&site)
                .await
                .map_err(|error| failed(&error))?;
            while let Some(entry) = history.next().await {
                let entry = entry.map_err(|error| failed(&error))?;
                let Ok(pointer) = serde_json::from_slice::<RevisionPointer>(&entry.value) else {
                    continue;
                };
                // A manifest deleted already (its revision fell out long ago) names
                // nothing more to keep; one that cannot be read now stops the collection,
                // or its files would count as named by nothing.
                let gone = match opened.files.info(&pointer.manifest).await {
                    Ok(info) => info.deleted,
                    Err(error) if error.kind() == object_store::InfoErrorKind::NotFound => true,
                    Err(error) => return Err(failed(&error)),
                };
                if gone {
                    continue;
                }
                let bytes = self.object(&pointer.manifest).await?;
                let manifest: Manifest =
                    serde_json::from_slice(&bytes).map_err(|error| failed(&error))?;
                retained.extend(
                    manifest
                        .objects()
                        .into_iter()
                        .map(|object| object.object.clone()),
                );
                retained.insert(pointer.manifest);
            }
        }
        Ok(retained)
    }

    /// Deletes the objects that no retained revision has named for `grace`:
    /// `unnamed_since` remembers, from one collection to the next, since when each
    /// object was seen unnamed (an object named again leaves it). The store stays the
    /// size of the revisions kept.
    pub async fn collect(
        &self,
        unnamed_since: &mut HashMap<String, Instant>,
        grace: Duration,
    ) -> Result<Collected, DepotError> {
        let opened = self.opened().await?;
        let retained = self.retained(opened).await?;
        let failed = |error: &dyn std::fmt::Display| DepotError::JetStream(error.to_string());
        let mut listed = opened.files.list().await.map_err(|error| failed(&error))?;
        let mut unnamed = HashSet::new();
        while let Some(info) = listed.next().await {
            let info = info.map_err(|error| failed(&error))?;
            if !info.deleted && !retained.contains(&info.name) {
                unnamed.insert(info.name);
            }
        }
        let now = Instant::now();
        unnamed_since.retain(|object, _| unnamed.contains(object));
        let mut collected = Collected {
            retained: retained.len(),
            ..Collected::default()
        };
        for object in unnamed {
            let since = *unnamed_since.entry(object.clone()).or_insert(now);
            if now.duration_since(since) < grace {
                collected.waiting += 1;
                continue;
            }
            opened
                .files
                .delete(&object)
                .await
                .map_err(|error| failed(&error))?;
            unnamed_since.remove(&object);
            self.known
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .remove(&object);
            collected.deleted += 1;
        }
        Ok(collected)
    }

    /// The bytes the object store holds now (its stream's, deleted objects' markers
    /// included).
    pub async fn stored_bytes(&self) -> Result<u64, DepotError> {
        self.opened().await?;
        let mut stream = self
            .jetstream
            .get_stream(format!("OBJ_{}", self.buckets.files))
            .await
            .map_err(|error| DepotError::JetStream(error.to_string()))?;
        let info = stream
            .info()
            .await
            .map_err(|error| DepotError::JetStream(error.to_string()))?;
        Ok(info.state.bytes)
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
        // An object is named by its bytes' SHA-256: one whose bytes are not those (written
        // by a client that may write the store, or damaged) is refused, never served.
        if hex::encode(Sha256::digest(&bytes)) != object {
            return Err(DepotError::Tampered {
                object: object.to_owned(),
            });
        }
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
    replicas: usize,
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
            max_bytes: KEY_VALUE_BYTES,
            max_message_size: -1,
            allow_rollup: true,
            deny_delete: true,
            allow_direct: true,
            discard: jetstream::stream::DiscardPolicy::New,
            num_replicas: replicas,
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
                files_bytes: 64 * 1024 * 1024,
                ..Buckets::default()
            },
        )
    }

    fn snapshot(
        movies: Vec<proto::catalogue::v1::Movie>,
        previous: Option<&PublishedFiles>,
    ) -> PublishedFiles {
        packed(planned(movies, previous), previous)
    }

    async fn remove_buckets(depot: &Depot) {
        let _ = depot
            .jetstream
            .delete_object_store(&depot.buckets.files)
            .await;
        let _ = depot
            .jetstream
            .delete_key_value(&depot.buckets.revisions)
            .await;
    }

    #[tokio::test]
    async fn a_publisher_that_stalled_past_the_new_holders_revision_does_not_put_its_own_back() {
        let former = depot().await;
        let first = snapshot(vec![movie("1001", "A")], None);
        former.store("demo", &first).await.expect("stored");
        // The former holder stalls; the new one stores a newer revision over the
        // pointer it read when it took over.
        let holder = Depot::new(former.jetstream.client(), former.buckets.clone());
        let newer = snapshot(vec![movie("1001", "A"), movie("1002", "B")], Some(&first));
        holder.store("demo", &newer).await.expect("stored");

        // The former holder wakes with an older snapshot: refused, the pointer stays.
        let stale = snapshot(vec![movie("1001", "Old")], Some(&first));
        let refused = former.store("demo", &stale).await.expect_err("superseded");
        assert!(
            matches!(refused, DepotError::Superseded { .. }),
            "{refused}"
        );
        let served = holder
            .revision("demo")
            .await
            .expect("readable")
            .expect("stored");
        assert_eq!(served, Manifest::of("demo", &newer));
        // The holder's own next revision goes on over its own.
        let next = snapshot(vec![movie("1002", "B")], Some(&newer));
        holder.store("demo", &next).await.expect("stored");
        remove_buckets(&former).await;
    }

    #[tokio::test]
    async fn collection_keeps_the_store_to_the_revisions_retained() {
        let mut depot = depot().await;
        depot.buckets.keep_revisions = 3;
        let mut previous: Option<PublishedFiles> = None;
        let mut after_collection = Vec::new();
        let mut unnamed_since = HashMap::new();
        // Twelve revisions, each with a movie of its own: every one adds objects.
        for n in 0..12 {
            let next = snapshot(
                vec![
                    movie("1001", "A"),
                    movie(&format!("2{n:03}"), &format!("Film {n}")),
                ],
                previous.as_ref(),
            );
            depot.store("demo", &next).await.expect("stored");
            previous = Some(next);
            let collected = depot
                .collect(&mut unnamed_since, Duration::ZERO)
                .await
                .expect("collected");
            after_collection.push(live_objects(&depot).await);
            assert_eq!(collected.waiting, 0, "{collected:?}");
        }
        // The store holds the last three revisions' objects and no more: as many after
        // the twelfth revision as after the fourth.
        assert!(
            after_collection[11] <= after_collection[3] + 2,
            "{after_collection:?}"
        );
        assert!(
            after_collection[11] < after_collection[3] * 2,
            "{after_collection:?}"
        );
        // The newest revision is whole.
        let manifest = depot
            .revision("demo")
            .await
            .expect("readable")
            .expect("stored");
        for object in manifest.objects() {
            depot.object(&object.object).await.expect("kept");
        }
        remove_buckets(&depot).await;
    }

    #[tokio::test]
    async fn an_unnamed_object_is_kept_through_the_grace() {
        let depot = depot().await;
        let first = snapshot(vec![movie("1001", "A")], None);
        depot.store("demo", &first).await.expect("stored");
        let opened = depot.opened().await.expect("opened");
        opened
            .files
            .put("left-over", &mut b"bytes".as_ref())
            .await
            .expect("written");
        let mut unnamed_since = HashMap::new();
        let collected = depot
            .collect(&mut unnamed_since, Duration::from_secs(600))
            .await
            .expect("collected");
        assert_eq!((collected.deleted, collected.waiting), (0, 1));
        opened.files.info("left-over").await.expect("still stored");
        remove_buckets(&depot).await;
    }

    /// Objects stored and not deleted.
    async fn live_objects(depot: &Depot) -> usize {
        let opened = depot.opened().await.expect("opened");
        let mut listed = opened.files.list().await.expect("listed");
        let mut live = 0;
        while let Some(info) = listed.next().await {
            live += usize::from(!info.expect("an object").deleted);
        }
        live
    }

    #[tokio::test]
    async fn an_object_whose_bytes_are_not_its_name_is_refused() {
        let depot = depot().await;
        let first = snapshot(vec![movie("1001", "A")], None);
        depot.store("demo", &first).await.expect("stored");
        let manifest = depot
            .revision("demo")
            .await
            .expect("readable")
            .expect("stored");
        let page = manifest.files["/movies/1001/"].identity.object.clone();
        // A client that may write the store puts other bytes under the page's name.
        let opened = depot.opened().await.expect("opened");
        opened
            .files
            .put(page.as_str(), &mut b"<script>alert(1)</script>".as_ref())
            .await
            .expect("written");
        let refused = depot.object(&page).await.expect_err("tampered");
        assert!(matches!(refused, DepotError::Tampered { .. }), "{refused}");
        remove_buckets(&depot).await;
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
        remove_buckets(&depot).await;
    }
}
