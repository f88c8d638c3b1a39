//! The catalogues being served: one immutable revision per site, rebuilt from the store
//! after each commit (this process's, or on PostgreSQL any replica's) and swapped in
//! whole; after commits that changed only showtimes (schedule calls, seats), made from
//! the revision before and the theaters' schedules and seats that changed. Whoever
//! watches a site's ([`SharedCatalogue::subscribe`]) hears of each new revision. Every
//! site of the store is served ([`Catalogues`]), a site written there after start-up
//! from its first commit on.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use tokio::sync::{broadcast, watch};
use tokio::task::JoinSet;

use crate::Error;
use crate::domain::catalogue::Catalogue;
use crate::domain::site_address::SiteAddress;
use crate::store::sites::{Changes, StoredSite};
use crate::store::{EVERY_SITE, Store};

/// The catalogue being served, shared by the gRPC handlers and the follower, with the
/// store's version of the site it was read at.
#[derive(Debug, Clone)]
pub struct SharedCatalogue {
    current: Arc<watch::Sender<Arc<Catalogue>>>,
    /// Set after `current`: whoever sees a version sees its catalogue or a newer one.
    version: Arc<watch::Sender<i64>>,
}

impl SharedCatalogue {
    pub fn new(catalogue: Catalogue, version: i64) -> SharedCatalogue {
        SharedCatalogue {
            current: Arc::new(watch::Sender::new(Arc::new(catalogue))),
            version: Arc::new(watch::Sender::new(version)),
        }
    }

    pub fn get(&self) -> Arc<Catalogue> {
        self.current.borrow().clone()
    }

    /// Whether the store's `version` of the site or a newer one is served here, waiting
    /// for it at most `within` (a version that cannot be served does not hold a caller
    /// up for longer).
    pub async fn serves(&self, version: i64, within: Duration) -> bool {
        let mut served = self.version.subscribe();
        let reached = tokio::time::timeout(within, served.wait_for(|served| *served >= version));
        matches!(reached.await, Ok(Ok(_)))
    }

    /// Sees each catalogue that replaces the current one.
    pub fn subscribe(&self) -> watch::Receiver<Arc<Catalogue>> {
        self.current.subscribe()
    }

    fn replace(&self, catalogue: Catalogue, version: i64) {
        self.current.send_replace(Arc::new(catalogue));
        self.version.send_replace(version);
    }
}

/// Every site's address as the store has it, and why a site cannot be served, if one
/// cannot (its error, by site id; for a site served, why its newest revision is not):
/// the gateway's `/readyz` names it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SiteList {
    pub addresses: Vec<SiteAddress>,
    pub unavailable: BTreeMap<String, String>,
}

/// Every site's catalogue being served, by site id, and where each is served.
#[derive(Debug, Clone)]
pub struct Catalogues {
    /// The site of a call that names none (SITE_ID): a deployment's only site.
    default_site: SharedCatalogue,
    sites: Arc<RwLock<HashMap<String, SharedCatalogue>>>,
    /// Every site's host names and public URL, as the store has them.
    addresses: Arc<watch::Sender<Arc<SiteList>>>,
}

impl Catalogues {
    pub fn new(default_site: SharedCatalogue) -> Catalogues {
        let sites = HashMap::from([(default_site.get().site_id.clone(), default_site.clone())]);
        Catalogues {
            default_site,
            sites: Arc::new(RwLock::new(sites)),
            addresses: Arc::new(watch::Sender::new(Arc::new(SiteList::default()))),
        }
    }

    /// The site `site_id` names, or with none the default site; `None` for a site not
    /// served.
    pub fn site(&self, site_id: Option<&str>) -> Option<SharedCatalogue> {
        match site_id {
            None => Some(self.default_site.clone()),
            Some(site_id) => self
                .sites
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .get(site_id)
                .cloned(),
        }
    }

    pub fn default_site(&self) -> &SharedCatalogue {
        &self.default_site
    }

    /// Every site served.
    pub fn all(&self) -> Vec<SharedCatalogue> {
        self.sites
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .values()
            .cloned()
            .collect()
    }

    /// Sees every site's address now and at each change.
    pub fn addresses(&self) -> watch::Receiver<Arc<SiteList>> {
        self.addresses.subscribe()
    }

    /// Records why `site_id`'s newest revision cannot be served, or (`None`) that it is.
    fn set_problem(&self, site_id: &str, problem: Option<String>) {
        self.addresses.send_if_modified(|list| {
            if list.unavailable.get(site_id) == problem.as_ref() {
                return false;
            }
            let list = Arc::make_mut(list);
            match problem {
                Some(problem) => list.unavailable.insert(site_id.to_owned(), problem),
                None => list.unavailable.remove(site_id),
            };
            true
        });
    }

    fn add(&self, site: SharedCatalogue) {
        let site_id = site.get().site_id.clone();
        self.sites
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(site_id, site);
    }
}

/// The site's catalogue as the store holds it now, with the store's version of it.
pub async fn read(store: &Store, site_id: &str) -> Result<(i64, Catalogue), Error> {
    let stored = store
        .load_site(site_id)
        .await?
        .ok_or_else(|| Error::NoSite(site_id.to_owned()))?;
    build(site_id, stored).await
}

/// The site's catalogue as it will be once its draft is published (what its preview
/// shows), with the store's version of the site.
pub async fn read_drafted(store: &Store, site_id: &str) -> Result<(i64, Catalogue), Error> {
    let stored = store
        .load_drafted_site(site_id)
        .await?
        .ok_or_else(|| Error::NoSite(site_id.to_owned()))?;
    build(site_id, stored).await
}

async fn build(site_id: &str, stored: StoredSite) -> Result<(i64, Catalogue), Error> {
    let catalogue = tokio::task::spawn_blocking({
        let site_id = site_id.to_owned();
        // Building the search index would hold up the gRPC calls sharing this thread.
        move || Catalogue::build(&site_id, &stored.revision, stored.content)
    })
    .await
    .map_err(|failed| Error::Unreadable {
        site: site_id.to_owned(),
        problem: failed.to_string(),
    })??;
    Ok((stored.version, catalogue))
}

/// Serves every site of the store in `catalogues` until the returned task is aborted:
/// the default site from its `version` on, the others from their first revision read
/// here, including sites written after start-up. Each site served gets its follower and
/// the tasks `per_site` starts. A site that cannot be read is logged, left out, and read
/// again when its revision changes. Every site's address is kept up to date.
pub fn follow_sites(
    store: Store,
    catalogues: Catalogues,
    version: i64,
    per_site: impl Fn(&SharedCatalogue, &mut JoinSet<()>) + Send + 'static,
) -> tokio::task::JoinHandle<()> {
    let mut commits = store.commits();
    let default_commits = store.commits();
    tokio::spawn(async move {
        // Aborted with this task.
        let mut followers = JoinSet::new();
        let default = catalogues.default_site().clone();
        followers.spawn(follow_site(
            store.clone(),
            catalogues.clone(),
            default.clone(),
            version,
            default_commits,
        ));
        per_site(&default, &mut followers);
        // Site id -> the revision it could not be read at, and why.
        let mut unreadable: HashMap<String, (String, String)> = HashMap::new();
        loop {
            match store.site_addresses().await {
                Ok(addresses) => {
                    for address in &addresses {
                        let site_id = &address.site_id;
                        if catalogues.site(Some(site_id)).is_some() {
                            continue;
                        }
                        let revision = store.revision(site_id).await.ok().flatten();
                        let revision = revision.map(|(_, revision)| revision).unwrap_or_default();
                        if unreadable
                            .get(site_id)
                            .is_some_and(|(at, _)| *at == revision)
                        {
                            continue;
                        }
                        let site_commits = store.commits();
                        match read(&store, site_id).await {
                            Ok((version, catalogue)) => {
                                tracing::info!(site = %site_id, revision = %catalogue.revision, "catalogue loaded");
                                unreadable.remove(site_id);
                                let shared = SharedCatalogue::new(catalogue, version);
                                catalogues.add(shared.clone());
                                followers.spawn(follow_site(
                                    store.clone(),
                                    catalogues.clone(),
                                    shared.clone(),
                                    version,
                                    site_commits,
                                ));
                                per_site(&shared, &mut followers);
                            }
                            Err(error) => {
                                tracing::error!(%error, site = %site_id, "the site cannot be served; the others are");
                                unreadable.insert(site_id.clone(), (revision, error.to_string()));
                            }
                        }
                    }
                    // A site not served: why it could not be read; a site served: what its
                    // follower said of its newest revision.
                    let followed = catalogues.addresses.borrow().unavailable.clone();
                    let list = SiteList {
                        unavailable: addresses
                            .iter()
                            .filter_map(|address| {
                                let site_id = &address.site_id;
                                let problem = match unreadable.get(site_id) {
                                    Some((_, error)) => error.clone(),
                                    None if catalogues.site(Some(site_id)).is_some() => {
                                        followed.get(site_id)?.clone()
                                    }
                                    None => return None,
                                };
                                Some((site_id.clone(), problem))
                            })
                            .collect(),
                        addresses,
                    };
                    catalogues.addresses.send_if_modified(|current| {
                        let changed = **current != list;
                        if changed {
                            *current = Arc::new(list);
                        }
                        changed
                    });
                }
                Err(error) => {
                    tracing::error!(%error, "catalogue: reading the sites failed");
                }
            }
            match commits.recv().await {
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return,
            }
            while commits.try_recv().is_ok() {}
        }
    })
}

/// Follows the store's `commits` to `shared`'s site from `version` on. Commits that come
/// while a revision is being built are taken together.
async fn follow_site(
    store: Store,
    catalogues: Catalogues,
    shared: SharedCatalogue,
    version: i64,
    mut commits: broadcast::Receiver<String>,
) {
    let site_id = shared.get().site_id.clone();
    let mut served = version;
    loop {
        match commits.recv().await {
            Ok(site) if site != site_id && site != EVERY_SITE => continue,
            // Lagging behind, commits were missed: read again.
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
            Err(broadcast::error::RecvError::Closed) => return,
        }
        // What came meanwhile is read with this.
        while commits.try_recv().is_ok() {}
        match store.changes_since(&site_id, served).await {
            Ok(Changes::None) => continue,
            Ok(Changes::Showtimes {
                version,
                revision,
                schedules,
                seats,
            }) => {
                let current = shared.get();
                let next = tokio::task::spawn_blocking(move || {
                    current.with_showtimes(&revision, schedules, &seats)
                })
                .await;
                match next {
                    Ok(Ok(next)) => {
                        tracing::debug!(site = %site_id, revision = %next.revision, "catalogue revision served (showtimes)");
                        served = version;
                        shared.replace(next, version);
                        catalogues.set_problem(&site_id, None);
                        continue;
                    }
                    // Read whole below: what it cannot serve stops the revision there.
                    Ok(Err(error)) => {
                        tracing::warn!(%error, site = %site_id, "catalogue: the showtimes changed cannot be patched in; reading the site whole");
                    }
                    Err(_) => continue,
                }
            }
            Ok(Changes::Records) => {}
            Err(error) => {
                tracing::error!(%error, site = %site_id, "catalogue: reading the changes failed");
                continue;
            }
        }
        match read(&store, &site_id).await {
            Ok((version, catalogue)) if version > served => {
                tracing::info!(site = %site_id, revision = %catalogue.revision, "catalogue revision served");
                served = version;
                shared.replace(catalogue, version);
                catalogues.set_problem(&site_id, None);
            }
            Ok(_) => {}
            Err(error) => {
                tracing::error!(%error, site = %site_id, "catalogue: the new revision cannot be served; the last one keeps serving");
                catalogues.set_problem(
                    &site_id,
                    Some(format!(
                        "its newest revision cannot be served (the last one is): {error}"
                    )),
                );
            }
        }
    }
}
