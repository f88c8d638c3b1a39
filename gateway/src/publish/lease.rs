//! Who publishes each site (docs/publishing.md#leases): one publishing
//! gateway holds a site's lease, a key of the `publish-leases` bucket whose entries live
//! LEASE_TTL after their last write. The holder renews it well within that time; when it
//! dies, the key expires and another gateway takes the lease over, so a site is rendered
//! by one process at a time and by some process always.

use std::time::Duration;

use async_nats::jetstream::{self, kv};
use bytes::Bytes;
use tokio::sync::OnceCell;

use crate::served::depot::{DepotError, key_value_bucket};

/// How long a lease outlives its holder's last renewal.
pub const LEASE_TTL: Duration = Duration::from_secs(10);

/// The leases of one gateway, by the name it holds them under.
#[derive(Debug, Clone)]
pub struct Leases {
    jetstream: jetstream::Context,
    bucket: String,
    ttl: Duration,
    /// This gateway's name in the leases it holds (unique per process).
    holder: String,
    /// Replicas of the bucket (NATS_REPLICAS).
    replicas: usize,
    store: std::sync::Arc<OnceCell<kv::Store>>,
}

/// A lease held: renew it within the time to live.
#[derive(Debug)]
pub struct Lease {
    site: String,
    revision: u64,
}

impl Leases {
    pub fn new(
        client: async_nats::Client,
        bucket: String,
        ttl: Duration,
        replicas: usize,
    ) -> Leases {
        Leases {
            bucket,
            ttl,
            replicas,
            holder: client.new_inbox(),
            jetstream: jetstream::new(client),
            store: std::sync::Arc::default(),
        }
    }

    /// How often a holder renews: three times within the time to live.
    pub fn renew_every(&self) -> Duration {
        self.ttl / 3
    }

    async fn store(&self) -> Result<&kv::Store, DepotError> {
        self.store
            .get_or_try_init(|| async {
                key_value_bucket(&self.jetstream, &self.bucket, 1, self.ttl, self.replicas)
                    .await
                    .map_err(|error| {
                        DepotError::JetStream(format!("bucket {}: {error}", self.bucket))
                    })
            })
            .await
    }

    /// The lease of `site` when nobody holds it, or this gateway does (a renewal whose
    /// answer was lost); `None` when another gateway does. Each gateway that does not
    /// hold a site asks every few seconds: that costs one read.
    pub async fn try_hold(&self, site: &str) -> Result<Option<Lease>, DepotError> {
        let store = self.store().await?;
        let held = store
            .entry(site)
            .await
            .map_err(|error| DepotError::JetStream(error.to_string()))?
            .filter(|entry| entry.operation == kv::Operation::Put);
        if let Some(entry) = held {
            return Ok((entry.value == self.holder.as_bytes()).then(|| Lease {
                site: site.to_owned(),
                revision: entry.revision,
            }));
        }
        match store.create(site, Bytes::from(self.holder.clone())).await {
            Ok(revision) => Ok(Some(Lease {
                site: site.to_owned(),
                revision,
            })),
            // Another gateway took it since the read.
            Err(error) if error.kind() == kv::CreateErrorKind::AlreadyExists => Ok(None),
            Err(error) => Err(DepotError::JetStream(error.to_string())),
        }
    }

    /// Whether this gateway holds `site`'s lease now: asked just before a revision is
    /// stored, so that a gateway whose lease expired while it stalled stores nothing.
    pub async fn holds(&self, site: &str) -> Result<bool, DepotError> {
        let store = self.store().await?;
        let held = store
            .entry(site)
            .await
            .map_err(|error| DepotError::JetStream(error.to_string()))?;
        Ok(held.is_some_and(|entry| {
            entry.operation == kv::Operation::Put && entry.value == self.holder.as_bytes()
        }))
    }

    /// Renews `lease`: whether it is still held (false: it expired and another gateway
    /// may hold it now).
    pub async fn renew(&self, lease: &mut Lease) -> Result<bool, DepotError> {
        let store = self.store().await?;
        match store
            .update(
                &lease.site,
                Bytes::from(self.holder.clone()),
                lease.revision,
            )
            .await
        {
            Ok(revision) => {
                lease.revision = revision;
                Ok(true)
            }
            Err(error) if error.kind() == kv::UpdateErrorKind::WrongLastRevision => Ok(false),
            Err(error) => Err(DepotError::JetStream(error.to_string())),
        }
    }

    /// Gives `lease` up, so that another gateway need not wait for it to expire.
    pub async fn release(&self, lease: Lease) {
        if let Ok(store) = self.store().await {
            let _ = store
                .delete_expect_revision(&lease.site, Some(lease.revision))
                .await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn client() -> async_nats::Client {
        let url = std::env::var("TEST_NATS_URL")
            .ok()
            .filter(|url| !url.is_empty())
            .unwrap_or_else(|| "nats://127.0.0.1:4222".to_owned());
        async_nats::connect(&url)
            .await
            .expect("nats-server answers")
    }

    #[tokio::test]
    async fn one_gateway_holds_a_sites_lease_until_it_stops_renewing_it() {
        let bucket = test_support::dirs::unique_name("leases").replace('_', "-");
        let ttl = Duration::from_secs(1);
        let first = Leases::new(client().await, bucket.clone(), ttl, 1);
        let second = Leases::new(client().await, bucket.clone(), ttl, 1);
        let mut held = first.try_hold("demo").await.expect("asked").expect("free");
        assert!(second.try_hold("demo").await.expect("asked").is_none());
        let again = first.try_hold("demo").await.expect("asked");
        assert!(
            again.is_some_and(|lease| lease.revision == held.revision),
            "its own"
        );
        assert!(
            second.try_hold("single").await.expect("asked").is_some(),
            "per site"
        );
        assert!(first.renew(&mut held).await.expect("asked"));

        // The first stops renewing (it died): the lease expires and the second takes it.
        let mut taken = None;
        for _ in 0..100 {
            taken = second.try_hold("demo").await.expect("asked");
            if taken.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let taken = taken.expect("taken over once it expired");
        assert!(!first.renew(&mut held).await.expect("asked"), "lost");
        second.release(taken).await;
        assert!(
            first.try_hold("demo").await.expect("asked").is_some(),
            "given up"
        );
        let jetstream = jetstream::new(client().await);
        jetstream.delete_key_value(&bucket).await.expect("removed");
    }
}
