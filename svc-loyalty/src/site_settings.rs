//! Each site's loyalty settings, learned from the catalogue itself (docs/architecture.md#sites):
//! svc-loyalty follows the catalogue's sites (WatchSites) and each site's revisions
//! (WatchSite), and normalises the loyalty block of every new revision
//! (docs/loyalty.md#configuration) for the calls about that site. A call waits a moment for
//! a site it has not learned yet (the catalogue answering just after a start) rather than
//! guess its rules.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use platform::trace::TracedChannel;
use proto::catalogue::v1 as catalogue;
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use tokio::sync::watch;
use tokio::task::{AbortHandle, JoinSet};

use loyalty_config::{LoyaltySettings, SiteContext, normalise};

use crate::Error;

/// How long after a stream from the catalogue ends it is asked again.
const RETRY: Duration = Duration::from_secs(1);

/// What the calls about a site need of its normalised loyalty settings.
#[derive(Debug, Clone, PartialEq)]
pub struct SiteLoyalty {
    /// The site's loyalty provider, for provider-specific rules and messages.
    pub provider: String,
    /// New members start inactive and go through the membership activation flow.
    pub include_activation: bool,
    /// The lifetime of refresh tokens (sessionTimeout; 720 when the settings name none).
    pub session_timeout_hours: i32,
    /// Whether a member past memberExpiry may log in.
    pub allow_expired_accounts_login: bool,
    /// The site's circuit, named by every member event; "" when the settings name none.
    pub circuit_id: String,
    /// The site's host names, lower-cased (none: a deployment's only site, on every host).
    pub hosts: Vec<String>,
    /// The site's public URL; "" when it has none of its own.
    pub public_url: String,
    /// The site's name, as members' mail names it.
    pub name: String,
}

impl SiteLoyalty {
    /// The loyalty settings of the catalogue's `site`, normalised.
    pub fn of(site: &catalogue::Site) -> Result<SiteLoyalty, Error> {
        let settings = LoyaltySettings::of(site)?;
        // Only the screens' cinema depends on the current theater, and no call reads that.
        let context = SiteContext::of(site, String::new());
        let config = normalise(settings, &context);
        Ok(SiteLoyalty {
            provider: config.provider,
            include_activation: config.include_activation,
            session_timeout_hours: config.session_timeout_hours,
            allow_expired_accounts_login: config.allow_expired_accounts_login,
            circuit_id: config.circuit_id,
            hosts: Vec::new(),
            public_url: String::new(),
            name: site
                .config
                .as_ref()
                .map(|config| config.name.clone())
                .unwrap_or_default(),
        })
    }

    /// The same settings, reached where `address` says.
    fn at(&self, address: &catalogue::SiteAddress) -> SiteLoyalty {
        SiteLoyalty {
            hosts: address.hosts.clone(),
            public_url: address.public_url.clone(),
            ..self.clone()
        }
    }

    /// Whether `url` is on one of the site's hosts or at its public URL's: a link mailed to
    /// a member of this site never leads to another site's pages. A site with neither is
    /// its deployment's only site, reached on every host.
    pub fn reaches(&self, url: &str) -> bool {
        if self.hosts.is_empty() && self.public_url.is_empty() {
            return true;
        }
        let host_of = |url: &str| {
            reqwest::Url::parse(url)
                .ok()
                .and_then(|url| url.host_str().map(str::to_ascii_lowercase))
        };
        let Some(host) = host_of(url) else {
            return false;
        };
        self.hosts.contains(&host) || host_of(&self.public_url).is_some_and(|own| own == host)
    }

    /// Where the site's pages are, for links sent to its members: [`SiteLoyalty::own_origin`],
    /// else the first of the deployment's `origins`; no trailing '/'.
    pub fn origin(&self, origins: &[String]) -> String {
        self.own_origin(origins)
            .or_else(|| {
                origins
                    .first()
                    .map(|origin| origin.trim_end_matches('/').to_owned())
            })
            .unwrap_or_default()
    }

    /// The site's own origin: its public URL, else the first of the deployment's
    /// `origins` on one of its hosts (an origin naming every subdomain with `*.` gives the
    /// site's host in its place); none when neither is, as a link that must reach this
    /// site's pages (an unsubscribe link) would then name another's. No trailing '/'.
    pub fn own_origin(&self, origins: &[String]) -> Option<String> {
        if !self.public_url.is_empty() {
            return Some(self.public_url.trim_end_matches('/').to_owned());
        }
        origins
            .iter()
            .find_map(|origin| match origin.split_once("*.") {
                None => self.reaches(origin).then(|| origin.clone()),
                Some((scheme, rest)) => {
                    let (domain, port) = rest.split_once(':').unwrap_or((rest, ""));
                    self.hosts
                        .iter()
                        .find(|host| host.ends_with(&format!(".{domain}")))
                        .map(|host| match port {
                            "" => format!("{scheme}{host}"),
                            port => format!("{scheme}{host}:{port}"),
                        })
                }
            })
            .map(|origin| origin.trim_end_matches('/').to_owned())
    }

    /// How long a refresh token lives, in seconds.
    pub fn refresh_seconds(&self) -> i64 {
        i64::from(self.session_timeout_hours) * 60 * 60
    }
}

/// What is known of the catalogue's sites.
#[derive(Debug, Default)]
struct Known {
    /// The sites the catalogue last named, with where each is reached; `None` until it
    /// has named them once.
    listed: Option<HashMap<String, catalogue::SiteAddress>>,
    /// Each site's settings as of its newest revision, or why they cannot be read.
    settings: HashMap<String, Result<Arc<SiteLoyalty>, String>>,
}

/// Every site's loyalty settings, kept up to date by [`SiteSettings::follow`].
#[derive(Debug, Clone)]
pub struct SiteSettings {
    known: Arc<watch::Sender<Known>>,
    /// How long a call waits for a site whose settings are not known yet.
    patience: Duration,
}

impl SiteSettings {
    /// Nothing known yet; a call waits up to `patience` for its site.
    pub fn new(patience: Duration) -> SiteSettings {
        SiteSettings {
            known: Arc::new(watch::Sender::new(Known::default())),
            patience,
        }
    }

    /// The settings of `site`: at once when known, else once the catalogue has named
    /// them, within the patience. A site the catalogue does not have is not found; one
    /// whose settings cannot be read, or that the catalogue has not answered for in time,
    /// is an error that says so.
    pub async fn of(&self, site: &str) -> Result<Arc<SiteLoyalty>, Error> {
        let mut changes = self.known.subscribe();
        let deadline = tokio::time::Instant::now() + self.patience;
        loop {
            {
                let known = changes.borrow_and_update();
                match known.settings.get(site) {
                    Some(Ok(settings)) => return Ok(settings.clone()),
                    Some(Err(problem)) => {
                        return Err(Error::SiteSettings(format!(
                            "the loyalty settings of site '{site}' cannot be read: {problem}"
                        )));
                    }
                    None => {}
                }
                if known
                    .listed
                    .as_ref()
                    .is_some_and(|listed| !listed.contains_key(site))
                {
                    return Err(Error::NoSuchSite(site.to_owned()));
                }
            }
            let changed = tokio::time::timeout_at(deadline, changes.changed()).await;
            if !matches!(changed, Ok(Ok(()))) {
                return Err(Error::SiteSettingsUnknown(site.to_owned()));
            }
        }
    }

    /// Follows the catalogue's sites for as long as the task runs: each site named is
    /// followed revision by revision, a site no longer named is forgotten. Streams that
    /// end are asked for again.
    pub fn follow(&self, catalogue: CatalogueClient<TracedChannel>) -> tokio::task::JoinHandle<()> {
        let settings = self.clone();
        tokio::spawn(async move {
            let mut followers = JoinSet::new();
            let mut following: HashMap<String, AbortHandle> = HashMap::new();
            loop {
                match catalogue
                    .clone()
                    .watch_sites(catalogue::WatchSitesRequest {})
                    .await
                {
                    Ok(stream) => {
                        let mut stream = stream.into_inner();
                        while let Ok(Some(addresses)) = stream.message().await {
                            // A catalogue still reading its store names no site yet.
                            if addresses.sites.is_empty() {
                                continue;
                            }
                            let named: HashMap<String, catalogue::SiteAddress> = addresses
                                .sites
                                .into_iter()
                                .map(|address| (address.site_id.clone(), address))
                                .collect();
                            following.retain(|site, follower| {
                                let keep = named.contains_key(site);
                                if !keep {
                                    follower.abort();
                                }
                                keep
                            });
                            for site in named.keys() {
                                if !following.contains_key(site) {
                                    let follower = followers.spawn(
                                        settings
                                            .clone()
                                            .follow_site(catalogue.clone(), site.clone()),
                                    );
                                    following.insert(site.clone(), follower);
                                }
                            }
                            settings.list(named);
                            while followers.try_join_next().is_some() {}
                        }
                    }
                    Err(status) => {
                        tracing::warn!("the catalogue's sites could not be followed: {status}");
                    }
                }
                tokio::time::sleep(RETRY).await;
            }
        })
    }

    /// Follows `site`'s revisions: each new one's settings are read and normalised.
    async fn follow_site(self, catalogue: CatalogueClient<TracedChannel>, site: String) {
        let mut seen = String::new();
        loop {
            let stream = match proto::site::about(&site, catalogue::WatchSiteRequest {}) {
                Ok(request) => catalogue.clone().watch_site(request).await,
                Err(status) => Err(status),
            };
            match stream {
                Ok(stream) => {
                    let mut stream = stream.into_inner();
                    while let Ok(Some(version)) = stream.message().await {
                        if version.revision != seen && self.read(&catalogue, &site).await {
                            seen = version.revision;
                        }
                    }
                }
                Err(status) => {
                    tracing::warn!(%site, "the site's revisions could not be followed: {status}");
                }
            }
            tokio::time::sleep(RETRY).await;
        }
    }

    /// Reads `site`'s settings from the catalogue: whether it answered.
    async fn read(&self, catalogue: &CatalogueClient<TracedChannel>, site: &str) -> bool {
        let answer = match proto::site::about(site, catalogue::GetSiteRequest {}) {
            Ok(request) => catalogue.clone().get_site(request).await,
            Err(status) => Err(status),
        };
        match answer {
            Ok(answer) => {
                let settings = SiteLoyalty::of(&answer.into_inner()).map_err(|error| {
                    tracing::error!(%site, "the site's loyalty settings cannot be read: {error}");
                    error.to_string()
                });
                self.set(site, settings);
                true
            }
            Err(status) => {
                tracing::warn!(%site, "the site's settings could not be read: {status}");
                false
            }
        }
    }

    /// The catalogue names these sites, reached at these addresses: the others are
    /// forgotten.
    fn list(&self, named: HashMap<String, catalogue::SiteAddress>) {
        self.known.send_modify(|known| {
            known.settings.retain(|site, _| named.contains_key(site));
            for (site, settings) in &mut known.settings {
                if let (Ok(settings), Some(address)) = (settings, named.get(site)) {
                    *settings = Arc::new(settings.at(address));
                }
            }
            known.listed = Some(named);
        });
    }

    /// `site`'s settings as of its newest revision, reached where the catalogue last
    /// said, unless it is no longer named.
    fn set(&self, site: &str, settings: Result<SiteLoyalty, String>) {
        self.known.send_if_modified(|known| {
            let Some(address) = known.listed.as_ref().and_then(|listed| listed.get(site)) else {
                return false;
            };
            let settings = settings.map(|settings| Arc::new(settings.at(address)));
            known.settings.insert(site.to_owned(), settings);
            true
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(loyalty: &str, circuit: &str) -> catalogue::Site {
        catalogue::Site {
            loyalty_settings: serde_json::from_str(loyalty)
                .ok()
                .map(proto::json::to_struct),
            settings: Some(catalogue::SiteSettings {
                circuit: Some(catalogue::Circuit {
                    id: circuit.to_owned(),
                    ..Default::default()
                }),
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    #[test]
    fn a_sites_loyalty_block_is_normalised_with_its_circuit() {
        let loyalty = SiteLoyalty::of(&site(
            r#"{"provider":"BOOST_POS","includeActivation":true,"sessionTimeout":2}"#,
            "MQ",
        ))
        .expect("readable");
        assert_eq!(
            loyalty,
            SiteLoyalty {
                provider: "BOOST_POS".to_owned(),
                include_activation: true,
                session_timeout_hours: 2,
                allow_expired_accounts_login: false,
                circuit_id: "MQ".to_owned(),
                hosts: Vec::new(),
                public_url: String::new(),
                name: String::new(),
            }
        );
        assert_eq!(loyalty.refresh_seconds(), 2 * 60 * 60);
        let empty = SiteLoyalty::of(&site("", "MQ")).expect("readable");
        assert_eq!(empty.provider, "NONE");
        assert_eq!(empty.session_timeout_hours, 720);
        assert!(SiteLoyalty::of(&site(r#"{"includeActivation":"yes"}"#, "")).is_err());
    }

    fn address(site: &str, hosts: &[&str], public_url: &str) -> (String, catalogue::SiteAddress) {
        let address = catalogue::SiteAddress {
            site_id: site.to_owned(),
            hosts: hosts.iter().map(|host| (*host).to_owned()).collect(),
            public_url: public_url.to_owned(),
            ..Default::default()
        };
        (site.to_owned(), address)
    }

    #[tokio::test]
    async fn a_call_gets_its_sites_settings_once_known_and_a_site_not_named_is_not_found() {
        let settings = SiteSettings::new(Duration::from_secs(5));
        let waiting = tokio::spawn({
            let settings = settings.clone();
            async move { settings.of("single").await }
        });
        settings.list(HashMap::from([
            address("demo", &[], ""),
            address("single", &["bijou.example"], ""),
        ]));
        let bijou = SiteLoyalty::of(&site(r#"{"provider":"RTS"}"#, "")).expect("ok");
        settings.set("single", Ok(bijou.clone()));
        let answered = waiting.await.expect("joined").expect("known");
        assert_eq!(answered.provider, "RTS");
        assert_eq!(answered.hosts, ["bijou.example"]);

        let unknown = settings.of("elsewhere").await.expect_err("not named");
        assert!(matches!(unknown, Error::NoSuchSite(_)), "{unknown}");

        settings.set("demo", Err("includeActivation: not a boolean".to_owned()));
        let broken = settings.of("demo").await.expect_err("unreadable");
        assert!(broken.to_string().contains("not a boolean"), "{broken}");

        // The Bijou moves to a new host: its settings go with it.
        settings.list(HashMap::from([
            address("demo", &[], ""),
            address("single", &["www.bijou.example"], ""),
        ]));
        let moved = settings.of("single").await.expect("known");
        assert_eq!(moved.hosts, ["www.bijou.example"]);

        settings.list(HashMap::from([address("demo", &[], "")]));
        settings.set("single", Ok(bijou));
        let forgotten = settings.of("single").await.expect_err("no longer named");
        assert!(matches!(forgotten, Error::NoSuchSite(_)), "{forgotten}");
    }

    #[test]
    fn a_site_reaches_its_own_hosts_and_public_url_only() {
        let mut bijou = SiteLoyalty::of(&site("", "")).expect("ok");
        assert!(bijou.reaches("https://anywhere.example/"), "the only site");
        bijou.hosts = vec!["single.localhost".to_owned()];
        bijou.public_url = "https://www.bijou.example".to_owned();
        assert!(bijou.reaches("http://single.localhost:8080/reset"));
        assert!(bijou.reaches("https://WWW.bijou.example/account/"));
        assert!(!bijou.reaches("http://demo.localhost:8080/reset"));
        assert!(!bijou.reaches("https://bijou.example.evil.example/"));
        assert!(!bijou.reaches("not a url"));
    }

    #[tokio::test]
    async fn a_call_waits_no_longer_than_the_patience_for_a_catalogue_that_does_not_answer() {
        let settings = SiteSettings::new(Duration::from_millis(50));
        let unknown = settings.of("demo").await.expect_err("never named");
        assert!(
            matches!(unknown, Error::SiteSettingsUnknown(_)),
            "{unknown}"
        );
    }

    fn site_on(hosts: &[&str]) -> SiteLoyalty {
        let mut site = SiteLoyalty::of(&Default::default()).expect("readable");
        site.hosts = hosts.iter().map(|host| (*host).to_owned()).collect();
        site
    }

    #[test]
    fn a_site_is_reached_at_an_origin_on_its_own_hosts() {
        let origins = [
            "http://127.0.0.1:8080",
            "http://localhost:8080",
            "http://*.localhost:8080",
        ]
        .map(str::to_owned);
        let demo = site_on(&["demo.localhost", "127.0.0.1", "localhost"]);
        assert_eq!(demo.origin(&origins), "http://127.0.0.1:8080");
        let single = site_on(&["single.localhost"]);
        assert_eq!(single.origin(&origins), "http://single.localhost:8080");
        let elsewhere = site_on(&["bijou.example"]);
        assert_eq!(elsewhere.origin(&origins), "http://127.0.0.1:8080");
        assert_eq!(elsewhere.own_origin(&origins), None, "none of its own");
        assert_eq!(site_on(&[]).origin(&origins), "http://127.0.0.1:8080");
    }

    #[test]
    fn a_site_with_a_public_url_is_reached_there() {
        let mut site = site_on(&["bijou.example"]);
        site.public_url = "https://www.bijou.example/".to_owned();
        assert_eq!(site.origin(&[]), "https://www.bijou.example");
    }
}
