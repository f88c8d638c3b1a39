//! `GET /__third-party-proxy?url=`: third-party scripts run off the main thread are
//! fetched through the site's own origin (docs/consent-and-ads.md#third-party-scripts).
//!
//! It is an open door to the network unless narrowed, so: only `https://` URLs, only
//! hosts on THIRD_PARTY_PROXY_HOSTS, never an address that is loopback, private,
//! link-local or otherwise not public (checked before the request and again by the
//! client's resolver, so a name cannot be re-pointed in between), no redirect to
//! another host, and a size and a time limit.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use reqwest::Url;
use serde::Deserialize;

use platform::config::ConfigError;
use platform::public_addresses::is_public;

use crate::error::error_response;
use crate::extract::Query;

pub const PATH: &str = "/__third-party-proxy";

/// The proxy's limits and allowlist (THIRD_PARTY_PROXY_*).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProxyConfig {
    /// Host names that may be fetched, lower-case (THIRD_PARTY_PROXY_HOSTS).
    pub allowed_hosts: Vec<String>,
    /// Largest body passed on (THIRD_PARTY_PROXY_MAX_BYTES).
    pub max_bytes: usize,
    /// Whole-request deadline (THIRD_PARTY_PROXY_TIMEOUT_MS).
    pub timeout: Duration,
    /// Only for tests against a local server: also allow `http://` and non-public
    /// addresses. No variable turns this on.
    pub allow_local_test_server: bool,
}

/// The analytics and tag-manager hosts the site loads its off-main-thread scripts from.
const DEFAULT_HOSTS: &str = "www.googletagmanager.com,www.google-analytics.com";

impl ProxyConfig {
    pub fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let hosts = lookup("THIRD_PARTY_PROXY_HOSTS").unwrap_or_else(|| DEFAULT_HOSTS.to_owned());
        let allowed_hosts: Vec<String> = hosts
            .split(',')
            .map(|host| host.trim().to_ascii_lowercase())
            .filter(|host| !host.is_empty())
            .collect();
        if let Some(bad) = allowed_hosts.iter().find(|host| {
            !host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
        }) {
            return Err(ConfigError {
                variable: "THIRD_PARTY_PROXY_HOSTS",
                problem: format!("'{bad}' is not a host name"),
            });
        }
        let max_bytes = match lookup("THIRD_PARTY_PROXY_MAX_BYTES") {
            None => 2 * 1024 * 1024,
            Some(value) => value
                .parse::<usize>()
                .ok()
                .filter(|bytes| *bytes > 0)
                .ok_or_else(|| ConfigError {
                    variable: "THIRD_PARTY_PROXY_MAX_BYTES",
                    problem: format!("'{value}' is not a positive number of bytes"),
                })?,
        };
        Ok(ProxyConfig {
            allowed_hosts,
            max_bytes,
            timeout: platform::config::millis(lookup, "THIRD_PARTY_PROXY_TIMEOUT_MS", 5000)?,
            allow_local_test_server: false,
        })
    }
}

/// The proxy's configuration and its HTTP client.
#[derive(Debug, Clone)]
pub struct ThirdPartyProxy {
    config: Arc<ProxyConfig>,
    client: reqwest::Client,
}

impl ThirdPartyProxy {
    pub fn new(config: ProxyConfig) -> Result<ThirdPartyProxy, reqwest::Error> {
        let same_host_only = reqwest::redirect::Policy::custom(|attempt| {
            let first = attempt.previous().first().and_then(Url::host_str);
            if attempt.previous().len() > 3 || attempt.url().host_str() != first {
                attempt.stop()
            } else {
                attempt.follow()
            }
        });
        let mut builder = platform::tls::http_client()
            .redirect(same_host_only)
            .timeout(config.timeout)
            .no_proxy();
        if !config.allow_local_test_server {
            builder = builder
                .https_only(true)
                .dns_resolver(Arc::new(platform::public_addresses::PublicOnly));
        }
        Ok(ThirdPartyProxy {
            client: builder.build()?,
            config: Arc::new(config),
        })
    }
}

pub fn router(proxy: ThirdPartyProxy) -> Router {
    Router::new()
        .route(PATH, get(self::proxy))
        .with_state(proxy)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ProxyQuery {
    /// The absolute https:// URL to fetch (no user name or password); a host not on the
    /// allowlist or not public: 403.
    #[param(
        required = true,
        min_length = 1,
        pattern = r"^https://([A-Za-z0-9-]+\.)*[A-Za-z][A-Za-z0-9-]*\.?(:[0-9]{1,4})?(/[^\s]*)?$",
        example = "https://www.googletagmanager.com/gtag/js?id=G-1"
    )]
    url: Option<String>,
}

/// Why a URL may not be fetched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("url: not an absolute URL")]
    NotAUrl,
    #[error("url: only https:// URLs are fetched")]
    NotHttps,
    #[error("url: the host '{0}' is not on the allowlist")]
    HostNotAllowed(String),
    #[error("url: the host '{0}' is not a public address")]
    NotPublic(String),
}

/// The URL to fetch, if the configuration allows it (no name resolution here).
pub fn check_url(text: &str, config: &ProxyConfig) -> Result<Url, Refusal> {
    let url = Url::parse(text).map_err(|_| Refusal::NotAUrl)?;
    let scheme_allowed =
        url.scheme() == "https" || (config.allow_local_test_server && url.scheme() == "http");
    if !scheme_allowed {
        return Err(Refusal::NotHttps);
    }
    let host = url
        .host_str()
        .ok_or(Refusal::NotAUrl)?
        .trim_end_matches('.')
        .to_ascii_lowercase();
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Refusal::NotAUrl);
    }
    if !config.allowed_hosts.contains(&host) {
        return Err(Refusal::HostNotAllowed(host));
    }
    if let Ok(ip) = host.trim_matches(['[', ']']).parse::<IpAddr>()
        && !config.allow_local_test_server
        && !is_public(ip)
    {
        return Err(Refusal::NotPublic(host));
    }
    Ok(url)
}

/// Fetch an allow-listed third-party script through the site's origin.
///
/// Only https:// URLs whose host is on THIRD_PARTY_PROXY_HOSTS and resolves to public
/// addresses; redirects are followed only on the same host; the body is limited to
/// THIRD_PARTY_PROXY_MAX_BYTES and the request to THIRD_PARTY_PROXY_TIMEOUT_MS; only
/// JavaScript, JSON, plain text and GIF answers are passed on.
#[utoipa::path(get, path = "/__third-party-proxy", params(ProxyQuery), responses(
    (status = 200, description = "The third party's answer, with its status and content type", body = String, content_type = "*/*"),
    (status = 400, description = "No url, or not an absolute URL", body = crate::error::ErrorBody),
    (status = 403, description = "Not https, host not allow-listed, or not a public address", body = crate::error::ErrorBody),
    (status = 502, description = "Unreachable, too large, redirected to another host, or of a content type not passed on (HTML, SVG, ...)", body = crate::error::ErrorBody),
    (status = 504, description = "No answer in time", body = crate::error::ErrorBody),
))]
async fn proxy(State(proxy): State<ThirdPartyProxy>, Query(query): Query<ProxyQuery>) -> Response {
    let Some(text) = query.url else {
        return refused(StatusCode::BAD_REQUEST, "url: required");
    };
    let url = match check_url(&text, &proxy.config) {
        Ok(url) => url,
        Err(Refusal::NotAUrl) => {
            return refused(StatusCode::BAD_REQUEST, &Refusal::NotAUrl.to_string());
        }
        Err(refusal) => return refused(StatusCode::FORBIDDEN, &refusal.to_string()),
    };
    if !proxy.config.allow_local_test_server
        && let Some(refusal) = resolves_to_non_public(&url).await
    {
        return refused(StatusCode::FORBIDDEN, &refusal.to_string());
    }
    fetch(&proxy, url).await
}

/// The content types passed on from the site's origin: scripts, and what analytics
/// endpoints answer (JSON, plain text, a GIF pixel). An HTML page or an SVG image served
/// from the site's own origin would run as the site's.
const PASSED_ON: [&str; 7] = [
    "text/javascript",
    "application/javascript",
    "application/x-javascript",
    "application/ecmascript",
    "application/json",
    "text/plain",
    "image/gif",
];

fn is_passed_on(content_type: &HeaderValue) -> bool {
    content_type.to_str().is_ok_and(|kind| {
        let essence = kind.split(';').next().unwrap_or_default().trim();
        PASSED_ON
            .iter()
            .any(|passed| essence.eq_ignore_ascii_case(passed))
    })
}

async fn resolves_to_non_public(url: &Url) -> Option<Refusal> {
    let host = url.host_str()?;
    let port = url.port_or_known_default().unwrap_or(443);
    match tokio::net::lookup_host((host, port)).await {
        Ok(mut addrs) => addrs
            .any(|addr| !is_public(addr.ip()))
            .then(|| Refusal::NotPublic(host.to_owned())),
        // Unresolvable names fail at the fetch with a 502.
        Err(_) => None,
    }
}

async fn fetch(proxy: &ThirdPartyProxy, url: Url) -> Response {
    let mut upstream = match proxy.client.get(url).send().await {
        Ok(response) => response,
        Err(error) if error.is_timeout() => return timed_out(),
        Err(error) => {
            tracing::warn!(%error, "third-party fetch failed");
            return refused(
                StatusCode::BAD_GATEWAY,
                "the third party could not be reached",
            );
        }
    };
    if upstream.status().is_redirection() {
        return refused(
            StatusCode::BAD_GATEWAY,
            "the third party redirected to another host",
        );
    }
    let too_large = || {
        refused(
            StatusCode::BAD_GATEWAY,
            &format!(
                "the third party's answer is larger than {} bytes",
                proxy.config.max_bytes
            ),
        )
    };
    if upstream
        .content_length()
        .is_some_and(|length| length > proxy.config.max_bytes as u64)
    {
        return too_large();
    }
    let status = upstream.status();
    let content_type = upstream.headers().get(header::CONTENT_TYPE).cloned();
    if let Some(kind) = &content_type
        && !is_passed_on(kind)
    {
        return refused(
            StatusCode::BAD_GATEWAY,
            &format!(
                "the third party answered {}, which is not passed on (JavaScript, JSON, plain text or a GIF pixel only)",
                kind.to_str().unwrap_or("a content type that is not text")
            ),
        );
    }
    let mut body = Vec::new();
    loop {
        match upstream.chunk().await {
            Ok(Some(chunk)) => {
                if body.len() + chunk.len() > proxy.config.max_bytes {
                    return too_large();
                }
                body.extend_from_slice(&chunk);
            }
            Ok(None) => break,
            Err(error) if error.is_timeout() => return timed_out(),
            Err(_) => {
                return refused(
                    StatusCode::BAD_GATEWAY,
                    "the third party's answer broke off",
                );
            }
        }
    }
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        content_type.unwrap_or_else(|| HeaderValue::from_static("application/octet-stream")),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=300"),
    );
    response
}

fn timed_out() -> Response {
    refused(
        StatusCode::GATEWAY_TIMEOUT,
        "the third party did not answer in time",
    )
}

fn refused(status: StatusCode, message: &str) -> Response {
    let code = match status {
        StatusCode::FORBIDDEN => "forbidden",
        StatusCode::BAD_REQUEST => "invalid_argument",
        StatusCode::GATEWAY_TIMEOUT => "upstream_timeout",
        _ => "bad_gateway",
    };
    error_response(status, code, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(hosts: &[&str]) -> ProxyConfig {
        ProxyConfig {
            allowed_hosts: hosts.iter().map(|h| (*h).to_owned()).collect(),
            max_bytes: 1024,
            timeout: Duration::from_secs(1),
            allow_local_test_server: false,
        }
    }

    #[test]
    fn only_https_urls_to_allowed_public_hosts_pass() {
        let allowed = config(&[
            "www.googletagmanager.com",
            "localhost",
            "127.0.0.1",
            "10.0.0.8",
            "169.254.169.254",
            "[::1]",
        ]);
        for (url, expected) in [
            ("https://www.googletagmanager.com/gtag/js?id=G-1", Ok(())),
            ("https://WWW.GoogleTagManager.com./gtm.js", Ok(())),
            (
                "http://www.googletagmanager.com/gtm.js",
                Err(Refusal::NotHttps),
            ),
            (
                "https://evil.example/x.js",
                Err(Refusal::HostNotAllowed("evil.example".to_owned())),
            ),
            (
                "https://127.0.0.1/x",
                Err(Refusal::NotPublic("127.0.0.1".to_owned())),
            ),
            (
                "https://10.0.0.8/x",
                Err(Refusal::NotPublic("10.0.0.8".to_owned())),
            ),
            (
                "https://169.254.169.254/latest/meta-data",
                Err(Refusal::NotPublic("169.254.169.254".to_owned())),
            ),
            (
                "https://[::1]/x",
                Err(Refusal::NotPublic("[::1]".to_owned())),
            ),
            ("https://user:pw@localhost/x", Err(Refusal::NotAUrl)),
            ("/relative.js", Err(Refusal::NotAUrl)),
            ("file:///etc/passwd", Err(Refusal::NotHttps)),
        ] {
            assert_eq!(check_url(url, &allowed).map(|_| ()), expected, "{url}");
        }
    }

    #[test]
    fn the_allowlist_and_limits_come_from_the_environment() {
        let config = ProxyConfig::from_lookup(&|name: &str| match name {
            "THIRD_PARTY_PROXY_HOSTS" => Some(" CDN.Example.com , ,tags.example ".to_owned()),
            "THIRD_PARTY_PROXY_MAX_BYTES" => Some("4096".to_owned()),
            _ => None,
        })
        .expect("valid");
        assert_eq!(config.allowed_hosts, ["cdn.example.com", "tags.example"]);
        assert_eq!(config.max_bytes, 4096);
        assert_eq!(config.timeout, Duration::from_secs(5));
        assert!(!config.allow_local_test_server);
        for (name, value) in [
            ("THIRD_PARTY_PROXY_HOSTS", "https://cdn.example.com"),
            ("THIRD_PARTY_PROXY_MAX_BYTES", "lots"),
            ("THIRD_PARTY_PROXY_TIMEOUT_MS", "0"),
        ] {
            let error =
                ProxyConfig::from_lookup(&|asked: &str| (asked == name).then(|| value.to_owned()))
                    .expect_err("invalid");
            assert_eq!(error.variable, name);
        }
    }
}
