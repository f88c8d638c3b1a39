//! The published files' store in NATS JetStream (docs/publishing.md#published-store):
//! every representation of every file in an object store, named by the SHA-256
//! of its bytes, and each site's newest revision in a key-value bucket. This is its
//! reading side, what serving needs: a site's revision, its changes, an object's bytes
//! (checked against their name). Storing a revision and collecting the store are
//! publishing's ([`crate::publish::store`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::jetstream::{self, kv, object_store};
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::io::AsyncReadExt;
use tokio::sync::OnceCell;

use super::manifest::Manifest;

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
    pub(crate) jetstream: jetstream::Context,
    pub(crate) buckets: Buckets,
    opened: Arc<OnceCell<Opened>>,
    /// Objects known to be stored, and when that was seen, so that a revision asks only
    /// about new ones.
    pub(crate) known: Arc<Mutex<HashMap<String, Instant>>>,
    /// Site -> the sequence of its revision key this depot last wrote or read (0: the
    /// key did not exist): a revision is stored only over the pointer last seen, so a
    /// publisher that stalled past its lease cannot put back an older revision over the
    /// new holder's.
    pub(crate) seen: Arc<Mutex<HashMap<String, u64>>>,
}

pub(crate) struct Opened {
    pub(crate) files: object_store::ObjectStore,
    pub(crate) revisions: kv::Store,
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
    pub(crate) async fn opened(&self) -> Result<&Opened, DepotError> {
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
