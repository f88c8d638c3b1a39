//! The bytes of the files this gateway serves from the deployment's store
//! (docs/publishing.md#serving-gateways): read from JetStream's object store on a miss and
//! kept in memory up to GATEWAY_CACHE_MB, the least recently used dropped first. Objects
//! are named by their bytes' SHA-256, so a kept object is never out of date.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;

use super::depot::{Depot, DepotError};

/// How long a miss may wait for the store before it is answered 503.
const READ_TIMEOUT: Duration = Duration::from_secs(2);

/// Objects expected in the cache, for its first sizing (a demo site's are about 400).
const EXPECTED_OBJECTS: usize = 4_096;

#[derive(Debug, Clone, Copy)]
struct ByLength;

impl quick_cache::Weighter<String, Bytes> for ByLength {
    fn weight(&self, object: &String, bytes: &Bytes) -> u64 {
        (object.len() + bytes.len()) as u64
    }
}

/// The file cache, shared by every site of the gateway.
#[derive(Clone)]
pub struct FileCache(Arc<Inner>);

struct Inner {
    depot: Depot,
    objects: quick_cache::sync::Cache<String, Bytes, ByLength>,
}

impl std::fmt::Debug for FileCache {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("FileCache")
            .field("bytes", &self.0.objects.weight())
            .finish_non_exhaustive()
    }
}

impl FileCache {
    /// A cache of at most `capacity` bytes over `depot`.
    pub fn new(depot: Depot, capacity: u64) -> FileCache {
        FileCache(Arc::new(Inner {
            depot,
            objects: quick_cache::sync::Cache::with_weighter(EXPECTED_OBJECTS, capacity, ByLength),
        }))
    }

    /// The bytes of `object`: kept, or read from the store (one read for requests that
    /// miss it at once), within READ_TIMEOUT.
    pub async fn get(&self, object: &str) -> Result<Bytes, DepotError> {
        let read = async {
            tokio::time::timeout(READ_TIMEOUT, self.0.depot.object(object))
                .await
                .unwrap_or_else(|_| {
                    Err(DepotError::Get {
                        object: object.to_owned(),
                        error: format!("no answer in {} ms", READ_TIMEOUT.as_millis()),
                    })
                })
        };
        self.0.objects.get_or_insert_async(object, read).await
    }

    /// The bytes kept now.
    pub fn bytes(&self) -> u64 {
        self.0.objects.weight()
    }
}
