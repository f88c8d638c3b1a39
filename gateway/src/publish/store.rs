//! Storing each revision for the deployment (docs/publishing.md#published-store): its
//! objects not stored yet, its manifest, then the site's key, switched only over the
//! pointer this depot last saw; and collecting the objects no retained revision names.
//! Reading the store is serving's ([`crate::served::depot`]).

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use async_nats::jetstream::{kv, object_store};
use bytes::Bytes;
use futures_util::StreamExt;
use sha2::{Digest, Sha256};

use crate::served::depot::{Depot, DepotError, Opened, RevisionPointer};
use crate::served::manifest::Manifest;
use crate::served::published_files::{Encoded, PublishedFiles};

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
    /// Objects the revision names (its files' and its site's), and how many of them were
    /// not stored before.
    pub objects: usize,
    pub written: usize,
}

impl Depot {
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
        if let Some(site_object) = &manifest.site
            && self
                .put_new(opened, site_object, Some(&snapshot.site.source))
                .await?
        {
            written += 1;
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
            objects: encodings.len() + manifest.site.iter().count(),
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
                retained.extend(manifest.site);
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
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{movie, packed, planned};
    use super::*;
    use crate::served::depot::Buckets;

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

/// The manifest of a packed snapshot, and the snapshot read back from it.
#[cfg(test)]
mod manifests {
    use std::sync::Arc;

    use super::super::fixture::{movie, packed, planned};
    use crate::served::manifest::Manifest;
    use crate::served::published_files::PublishedFiles;

    fn snapshot() -> PublishedFiles {
        packed(
            planned(vec![movie("1001", "A"), movie("1002", "B")], None),
            None,
        )
    }

    #[test]
    fn a_manifest_names_every_file_with_its_headers_and_objects() {
        let snapshot = snapshot();
        let manifest = Manifest::of("demo", &snapshot);
        assert_eq!(
            (manifest.site_id.as_str(), manifest.revision.as_str()),
            ("demo", "r7")
        );
        assert!(manifest.complete);
        assert_eq!(manifest.files.len(), snapshot.files.len());
        let page = &manifest.files["/movies/1001/"];
        let file = snapshot.file("/movies/1001/").expect("published");
        assert_eq!(page.status, 200);
        assert_eq!(page.content_type, "text/html; charset=utf-8");
        assert!(page.content_security_policy.is_some());
        assert_eq!(page.identity.length, file.identity.bytes.len());
        assert_eq!(
            page.identity.etag,
            file.identity.etag.header().to_str().expect("ascii")
        );
        let brotli = page.brotli.as_ref().expect("a Brotli form");
        assert_ne!(brotli.object, page.identity.object);
        assert_eq!(manifest.files["/404.html"].status, 404);
        assert!(manifest.shell.is_some());
        let json = serde_json::to_string(&manifest).expect("JSON");
        assert_eq!(
            serde_json::from_str::<Manifest>(&json).expect("read"),
            manifest
        );
    }

    #[test]
    fn a_manifest_read_back_is_the_snapshot_with_its_bytes_in_the_store() {
        let snapshot = snapshot();
        let manifest = Manifest::of("demo", &snapshot);
        let read = manifest
            .clone()
            .into_snapshot(snapshot.site.clone())
            .expect("readable");
        assert_eq!(Manifest::of("demo", &read), manifest);
        let file = read.file("/movies/1001/").expect("the page");
        assert!(file.identity.in_store && file.identity.bytes.is_empty());
        assert_eq!(read.entity_paths.movies["1001"], "/movies/1001/");
        assert_eq!(read.version.revision, snapshot.version.revision);
    }

    #[test]
    fn a_publisher_taking_over_a_stored_revision_keeps_what_did_not_change() {
        let snapshot = snapshot();
        assert!(snapshot.awaiting_best_brotli().count() > 0);
        let stored = Manifest::of("demo", &snapshot)
            .into_snapshot(snapshot.site.clone())
            .expect("readable");
        assert_eq!(
            stored.awaiting_best_brotli().count(),
            0,
            "the store's files are improved by the publisher that holds their bytes"
        );
        let again = planned(vec![movie("1001", "A"), movie("1002", "B")], Some(&stored));
        assert!(again.same_app_data);
        assert_eq!(
            again.to_render,
            Vec::<usize>::new(),
            "nothing to render again"
        );
        let next = packed(again, Some(&stored));
        for path in [
            "/movies/1001/",
            "/page-data/movies/1001/page-data.json",
            "/sitemap.xml",
        ] {
            assert!(
                Arc::ptr_eq(
                    stored.file(path).expect("stored"),
                    next.file(path).expect("published")
                ),
                "{path} kept"
            );
        }
    }

    #[test]
    fn a_manifest_stored_by_an_earlier_version_reads_without_its_site() {
        let mut earlier = serde_json::to_value(Manifest::of("demo", &snapshot())).expect("JSON");
        let fields = earlier.as_object_mut().expect("an object");
        assert!(fields.remove("site").is_some() && fields.remove("postersFetched").is_some());
        let read: Manifest = serde_json::from_value(earlier).expect("readable");
        assert_eq!(
            read.site, None,
            "served with the site read from the catalogue"
        );
        assert_eq!(read.posters_fetched, 0);
        assert!(read.into_snapshot(snapshot().site).is_ok());
    }

    #[test]
    fn bytes_published_twice_are_one_object() {
        let mut manifest = Manifest::of("demo", &snapshot());
        let before = manifest.objects().len();
        let page = manifest.files["/movies/1001/"].clone();
        manifest
            .files
            .insert("/movies/1001-again/".to_owned(), page);
        assert_eq!(
            manifest.objects().len(),
            before,
            "the same bytes, the same object"
        );
        for stored in manifest.objects() {
            assert_eq!(
                stored.object.len(),
                64,
                "a SHA-256 in hex: {}",
                stored.object
            );
        }
    }
}
