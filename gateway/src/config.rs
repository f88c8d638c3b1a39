//! Gateway configuration from the environment and the command line; a bad value
//! stops the process with a message naming the variable.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

pub use platform::config::ConfigError;
use platform::config::host_port;
use platform::nats::NatsAccess;

use crate::client_address::{ForwardedHeader, TrustedProxies};
use crate::external_scripts::analytics::AnalyticsScripts;
use crate::external_scripts::proxy::ProxyConfig;
use crate::publish::lease::LEASE_TTL;
use crate::served::depot::Buckets;

/// Where each service answers (host:port), from the `*_ADDR` variables.
#[derive(Debug, Clone)]
pub struct ServiceAddrs {
    pub catalogue: String,
    pub loyalty: String,
    pub ads: String,
    pub consent: String,
    /// svc-studio: the studio's staff, sessions and audit (docs/studio.md).
    pub studio: String,
}

#[derive(Debug, Clone)]
pub struct Config {
    /// Where the HTTP server listens (GATEWAY_ADDR).
    pub addr: SocketAddr,
    /// Where the operations listener serves `/metrics` and the detailed `/readyz`
    /// (OPS_ADDR); unset, none does.
    pub ops_addr: Option<SocketAddr>,
    pub services: ServiceAddrs,
    /// Run the four services inside this process on loopback ports (`--embedded`).
    pub embedded: bool,
    /// The built web app (WEB_DIST).
    pub web_dist: PathBuf,
    /// Deadline of every gRPC call (GRPC_TIMEOUT_MS).
    pub grpc_timeout: Duration,
    /// Where the site is reached from outside (PUBLIC_URL), without a trailing slash:
    /// canonical links, Open Graph URLs and the sitemap are absolute on it.
    pub public_url: String,
    /// The Node renderer (RENDERER_URL); `None` with `--embedded` starts one as a child.
    pub renderer_url: Option<String>,
    /// The NATS server whose JetStream stores each site's published revisions
    /// (PUBLISH_NATS_URL); unset, published files stay in this process only.
    pub publish_nats_url: Option<String>,
    /// The store's buckets (`published-files`, `published-revisions`, `publish-leases`)
    /// and their limits (PUBLISHED_STORE_MB, PUBLISHED_KEEP_REVISIONS, NATS_REPLICAS).
    pub publish_buckets: Buckets,
    /// TLS and replicas of the NATS connection (NATS_CA_FILE, NATS_REPLICAS).
    pub nats: NatsAccess,
    /// How long a site's publishing lease outlives its holder's last renewal.
    pub lease_ttl: Duration,
    /// The deployment's default site (SITE_ID; unset, svc-catalogue's rule): the name
    /// its published revisions are stored under.
    pub site_id: String,
    /// Whether this gateway publishes its sites (GATEWAY_PUBLISHES, default true); false
    /// serves each site's revision stored at PUBLISH_NATS_URL, which it then needs.
    pub publishes: bool,
    /// Bytes of stored files a gateway that does not publish keeps in memory
    /// (GATEWAY_CACHE_MB, default 256).
    pub cache_bytes: u64,
    /// Bytes of the JSON API's kept answers, every site's together (GATEWAY_ANSWERS_MB,
    /// default 64).
    pub answer_bytes: u64,
    /// The renderer's script, started with `node` when the gateway runs it (RENDERER_SCRIPT).
    pub renderer_script: PathBuf,
    /// `/__third-party-proxy` (THIRD_PARTY_PROXY_*).
    pub third_party_proxy: ProxyConfig,
    /// Names the loyalty session headers, `{Brand}-Session-Token` (LOYALTY_BRAND).
    pub loyalty_brand: String,
    /// The enterprise-analytics launch script (ANALYTICS_LAUNCH_SCRIPT_URL) and the
    /// cinema-marketing tracker (CINEMA_MARKETING_CUSTOMER_ID, CINEMA_MARKETING_SCRIPT_URL).
    pub analytics_scripts: AnalyticsScripts,
    /// How long in-flight requests may run on after SIGTERM before the process exits
    /// anyway (SHUTDOWN_GRACE_MS); below the orchestrator's kill deadline.
    pub shutdown_grace: Duration,
    /// Serve the stand-in ticketing site and point the loyalty ticketingUrl at it
    /// (TICKETING_SANDBOX; on by default with `--embedded`, where no real one exists).
    pub ticketing_sandbox: bool,
    /// The invisible captcha's public site key (CAPTCHA_SITE_KEY): the browser loads the
    /// captcha and sends its token with login and gift-card calls; unset, no captcha.
    pub captcha_site_key: Option<String>,
    /// The proxies in front of the gateway whose forwarding header names the client
    /// (TRUSTED_PROXIES, TRUSTED_PROXY_HEADER); none by default.
    pub trusted_proxies: TrustedProxies,
    /// Requests answered at once beyond the published files (GATEWAY_MAX_IN_FLIGHT);
    /// more are answered 503 with Retry-After.
    pub max_in_flight: usize,
    /// Where the studio is served (STUDIO_HOSTS, STUDIO_URL).
    pub studio: StudioSettings,
}

/// The studio's host names and whether its cookie must be a secure one.
#[derive(Debug, Clone, Default)]
pub struct StudioSettings {
    /// STUDIO_HOSTS, comma-separated, lower-cased (default with `--embedded`:
    /// `studio.localhost`; otherwise none, and no studio is served).
    pub hosts: Vec<String>,
    /// Whether STUDIO_URL is https: the session cookie is then `Secure` with the
    /// `__Host-` prefix.
    pub https: bool,
    /// STUDIO_URL, when the studio is served (STUDIO_HOSTS): the origin whose frame the
    /// sites' pages accept, and whose customisation messages (live preview).
    pub origin: Option<String>,
}

impl StudioSettings {
    fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
        embedded: bool,
    ) -> Result<StudioSettings, ConfigError> {
        let listed = match lookup("STUDIO_HOSTS") {
            Some(hosts) => hosts,
            None if embedded => "studio.localhost".to_owned(),
            None => String::new(),
        };
        let mut hosts = Vec::new();
        for host in listed
            .split(',')
            .map(str::trim)
            .filter(|host| !host.is_empty())
        {
            let valid = host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
            if !valid {
                return Err(ConfigError {
                    variable: "STUDIO_HOSTS",
                    problem: format!("'{host}' is not a host name (no scheme, port or path)"),
                });
            }
            hosts.push(host.to_ascii_lowercase());
        }
        let url = platform::config::http_url(lookup, "STUDIO_URL", "http://studio.localhost:8080")?;
        Ok(StudioSettings {
            https: url.starts_with("https://"),
            origin: (!hosts.is_empty()).then(|| url.trim_end_matches('/').to_owned()),
            hosts,
        })
    }
}

impl Config {
    pub fn from_env(embedded: bool) -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok(), embedded)
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(
        lookup: impl Fn(&str) -> Option<String>,
        embedded: bool,
    ) -> Result<Config, ConfigError> {
        let var =
            |name: &'static str, default: &str| lookup(name).unwrap_or_else(|| default.to_owned());
        let addr = platform::config::socket_addr(&lookup, "GATEWAY_ADDR", "127.0.0.1:8080")?;
        let ops_addr = platform::config::optional_socket_addr(&lookup, "OPS_ADDR")?;
        let services = ServiceAddrs {
            catalogue: host_port(&lookup, "CATALOGUE_ADDR", "127.0.0.1:50051")?,
            loyalty: host_port(&lookup, "LOYALTY_ADDR", "127.0.0.1:50052")?,
            ads: host_port(&lookup, "ADS_ADDR", "127.0.0.1:50053")?,
            consent: host_port(&lookup, "CONSENT_ADDR", "127.0.0.1:50054")?,
            studio: host_port(&lookup, "STUDIO_ADDR", "127.0.0.1:50055")?,
        };
        let nats = NatsAccess::from_lookup(&lookup)?;
        Ok(Config {
            ops_addr,
            addr,
            services,
            embedded,
            web_dist: PathBuf::from(var("WEB_DIST", "web/dist")),
            grpc_timeout: platform::config::millis(&lookup, "GRPC_TIMEOUT_MS", 2000)?,
            public_url: public_url(&lookup)?,
            renderer_url: match lookup("RENDERER_URL").filter(|url| !url.trim().is_empty()) {
                Some(url) => Some(http_url("RENDERER_URL", &url)?),
                None if embedded => None,
                None => Some(DEFAULT_RENDERER_URL.to_owned()),
            },
            renderer_script: PathBuf::from(var("RENDERER_SCRIPT", "web/renderer/server.mjs")),
            publish_nats_url: lookup("PUBLISH_NATS_URL").filter(|url| !url.trim().is_empty()),
            publish_buckets: Buckets {
                files_bytes: i64::try_from(
                    positive(&lookup, "PUBLISHED_STORE_MB", 1024)?.saturating_mul(1024 * 1024),
                )
                .unwrap_or(i64::MAX),
                keep_revisions: i64::try_from(positive(&lookup, "PUBLISHED_KEEP_REVISIONS", 5)?)
                    .unwrap_or(i64::MAX),
                replicas: nats.replicas,
                ..Buckets::default()
            },
            nats,
            lease_ttl: LEASE_TTL,
            site_id: platform::config::site_id(&lookup)?,
            publishes: publishes(&lookup)?,
            cache_bytes: positive(&lookup, "GATEWAY_CACHE_MB", 256)?.saturating_mul(1024 * 1024),
            answer_bytes: positive(&lookup, "GATEWAY_ANSWERS_MB", 64)?.saturating_mul(1024 * 1024),
            third_party_proxy: ProxyConfig::from_lookup(&lookup)?,
            loyalty_brand: platform::config::loyalty_brand(&lookup)?,
            analytics_scripts: AnalyticsScripts::from_lookup(&lookup)?,
            shutdown_grace: platform::config::millis(&lookup, "SHUTDOWN_GRACE_MS", 20_000)?,
            captcha_site_key: lookup("CAPTCHA_SITE_KEY").filter(|key| !key.trim().is_empty()),
            trusted_proxies: trusted_proxies(&lookup)?,
            max_in_flight: max_in_flight(&lookup)?,
            ticketing_sandbox: platform::config::flag(&lookup, "TICKETING_SANDBOX", embedded)?,
            studio: StudioSettings::from_lookup(&lookup, embedded)?,
        })
    }
}

/// GATEWAY_PUBLISHES: true (the default) or false, which needs PUBLISH_NATS_URL.
fn publishes(lookup: &impl Fn(&str) -> Option<String>) -> Result<bool, ConfigError> {
    let problem = |problem: String| ConfigError {
        variable: "GATEWAY_PUBLISHES",
        problem,
    };
    match lookup("GATEWAY_PUBLISHES").as_deref() {
        None | Some("true") => Ok(true),
        Some("false") => match lookup("PUBLISH_NATS_URL").filter(|url| !url.trim().is_empty()) {
            Some(_) => Ok(false),
            None => Err(problem(
                "false needs PUBLISH_NATS_URL: the store whose revisions it serves".to_owned(),
            )),
        },
        Some(other) => Err(problem(format!("'{other}' is neither true nor false"))),
    }
}

/// TRUSTED_PROXIES (CIDR networks or addresses, comma-separated) and the header they
/// append the client to, TRUSTED_PROXY_HEADER (`x-forwarded-for` or `forwarded`).
fn trusted_proxies(
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<TrustedProxies, ConfigError> {
    let header = match lookup("TRUSTED_PROXY_HEADER") {
        None => ForwardedHeader::default(),
        Some(value) => ForwardedHeader::parse(&value).ok_or_else(|| ConfigError {
            variable: "TRUSTED_PROXY_HEADER",
            problem: format!("'{value}' is neither x-forwarded-for nor forwarded"),
        })?,
    };
    TrustedProxies::parse(&lookup("TRUSTED_PROXIES").unwrap_or_default(), header).map_err(
        |problem| ConfigError {
            variable: "TRUSTED_PROXIES",
            problem,
        },
    )
}

/// `variable`: a positive whole number (of megabytes, revisions, ...), `default` when
/// unset.
fn positive(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: u64,
) -> Result<u64, ConfigError> {
    match lookup(variable) {
        None => Ok(default),
        Some(value) => match value.parse::<u64>() {
            Ok(megabytes) if megabytes > 0 => Ok(megabytes),
            _ => Err(ConfigError {
                variable,
                problem: format!("'{value}' is not a positive whole number"),
            }),
        },
    }
}

fn max_in_flight(lookup: &impl Fn(&str) -> Option<String>) -> Result<usize, ConfigError> {
    match lookup("GATEWAY_MAX_IN_FLIGHT") {
        None => Ok(1024),
        Some(value) => match value.parse::<usize>() {
            Ok(max) if max > 0 => Ok(max),
            _ => Err(ConfigError {
                variable: "GATEWAY_MAX_IN_FLIGHT",
                problem: format!("'{value}' is not a positive number of requests"),
            }),
        },
    }
}

/// Where the renderer listens when it runs as its own service.
const DEFAULT_RENDERER_URL: &str = "http://127.0.0.1:8093";

/// PUBLIC_URL: an absolute http(s) origin, maybe with a path prefix; no query.
fn public_url(lookup: &impl Fn(&str) -> Option<String>) -> Result<String, ConfigError> {
    let value = lookup("PUBLIC_URL").unwrap_or_else(|| "http://127.0.0.1:8080".to_owned());
    http_url("PUBLIC_URL", &value)
}

/// `value` as an absolute http(s) URL without query, fragment or trailing slash.
fn http_url(variable: &'static str, value: &str) -> Result<String, ConfigError> {
    let problem = |why: &str| ConfigError {
        variable,
        problem: format!("'{value}' {why}"),
    };
    let rest = value
        .strip_prefix("https://")
        .or_else(|| value.strip_prefix("http://"))
        .ok_or_else(|| problem("is not an http:// or https:// URL"))?;
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() || host.contains(['@', ' ']) {
        return Err(problem("names no host"));
    }
    if value.contains(['?', '#', ' ', '"', '<', '>']) {
        return Err(problem(
            "may hold neither a query, a fragment nor spaces or quotes",
        ));
    }
    Ok(value.trim_end_matches('/').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_listen_on_loopback_8080() {
        let config = Config::from_lookup(|_| None, false).expect("defaults are valid");
        assert_eq!(config.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(config.services.catalogue, "127.0.0.1:50051");
        assert_eq!(config.grpc_timeout, Duration::from_secs(2));
        assert_eq!(config.max_in_flight, 1024);
    }

    #[test]
    fn each_bad_value_names_its_variable() {
        for (name, value) in [
            ("GATEWAY_ADDR", "8080"),
            ("CATALOGUE_ADDR", "svc-catalogue"),
            ("ADS_ADDR", "host:notaport"),
            ("GRPC_TIMEOUT_MS", "soon"),
            ("PUBLIC_URL", "marquee.example"),
            ("PUBLIC_URL", "https://"),
            ("PUBLIC_URL", "https://marquee.example/?utm=1"),
            ("RENDERER_URL", "renderer:8093"),
            (
                "ANALYTICS_LAUNCH_SCRIPT_URL",
                "http://assets.example/launch.js",
            ),
            ("SHUTDOWN_GRACE_MS", "-1"),
            ("TRUSTED_PROXIES", "10.0.0.0/8, ingress-nginx"),
            ("TRUSTED_PROXY_HEADER", "x-real-ip"),
            ("GATEWAY_MAX_IN_FLIGHT", "0"),
            ("GATEWAY_MAX_IN_FLIGHT", "many"),
            ("GATEWAY_CACHE_MB", "0"),
            ("GATEWAY_PUBLISHES", "no"),
            // Not publishing needs the store to serve from.
            ("GATEWAY_PUBLISHES", "false"),
            ("STUDIO_ADDR", "svc-studio"),
            ("STUDIO_HOSTS", "https://studio.example"),
            ("STUDIO_URL", "studio.example"),
        ] {
            let error =
                Config::from_lookup(|asked| (asked == name).then(|| value.to_owned()), false)
                    .expect_err("an invalid value");
            assert_eq!(error.variable, name);
        }
    }

    #[test]
    fn the_ticketing_sandbox_is_on_by_default_only_when_embedded() {
        let sandbox = |embedded, value: Option<&str>| {
            Config::from_lookup(
                |name| {
                    (name == "TICKETING_SANDBOX")
                        .then(|| value.map(str::to_owned))
                        .flatten()
                },
                embedded,
            )
            .map(|config| config.ticketing_sandbox)
        };
        assert!(sandbox(true, None).expect("valid"));
        assert!(!sandbox(false, None).expect("valid"));
        assert!(!sandbox(true, Some("false")).expect("valid"));
        assert!(sandbox(false, Some("true")).expect("valid"));
        let error = sandbox(false, Some("yes")).expect_err("not a boolean");
        assert_eq!(error.variable, "TICKETING_SANDBOX");
    }

    #[test]
    fn the_public_url_defaults_to_the_local_site_and_loses_its_trailing_slash() {
        let config = Config::from_lookup(|_| None, true).expect("defaults are valid");
        assert_eq!(config.public_url, "http://127.0.0.1:8080");
        assert_eq!(
            config.renderer_url, None,
            "embedded: the gateway starts one"
        );
        let config = Config::from_lookup(
            |name| (name == "PUBLIC_URL").then(|| "https://www.marquee.example/".to_owned()),
            false,
        )
        .expect("valid");
        assert_eq!(config.public_url, "https://www.marquee.example");
        assert_eq!(
            config.renderer_url.as_deref(),
            Some("http://127.0.0.1:8093")
        );
    }

    #[test]
    fn service_addresses_may_be_container_host_names() {
        let config = Config::from_lookup(
            |name| (name == "LOYALTY_ADDR").then(|| "svc-loyalty:50052".to_owned()),
            false,
        )
        .expect("a host name is fine");
        assert_eq!(config.services.loyalty, "svc-loyalty:50052");
    }

    #[test]
    fn the_studio_is_served_on_its_hosts_by_default_only_when_embedded() {
        let studio = |embedded, vars: &[(&str, &str)]| {
            let vars: Vec<(String, String)> = vars
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
                .collect();
            Config::from_lookup(
                |name| {
                    vars.iter()
                        .find(|(variable, _)| variable == name)
                        .map(|(_, value)| value.clone())
                },
                embedded,
            )
            .expect("valid")
            .studio
        };
        assert_eq!(studio(true, &[]).hosts, ["studio.localhost"]);
        assert!(!studio(true, &[]).https);
        assert!(studio(false, &[]).hosts.is_empty());
        let listed = studio(
            false,
            &[
                (
                    "STUDIO_HOSTS",
                    " Studio.Marquee.example, admin.marquee.example ,",
                ),
                ("STUDIO_URL", "https://studio.marquee.example"),
            ],
        );
        assert_eq!(
            listed.hosts,
            ["studio.marquee.example", "admin.marquee.example"]
        );
        assert!(listed.https);
        assert!(studio(true, &[("STUDIO_HOSTS", "")]).hosts.is_empty());
    }
}
