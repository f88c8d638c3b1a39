//! The address a request came from, for svc-loyalty's rate limits and the consent
//! receipts. Directly from a visitor it is the TCP peer. Behind the Ingress or load
//! balancer that deploy/README.md prescribes, every request's peer is the proxy, so the
//! proxies named in TRUSTED_PROXIES are looked through: the client is the rightmost
//! address in X-Forwarded-For (or RFC 7239 `Forwarded`, TRUSTED_PROXY_HEADER) that no
//! trusted proxy added. Entries left of it were written by the client and are never
//! believed; a request whose peer is not a trusted proxy is its own client, whatever it
//! claims.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderName};
use ipnet::IpNet;

/// Which header the trusted proxies append the client's address to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ForwardedHeader {
    /// `X-Forwarded-For: client, proxy1, proxy2` (ingress-nginx, cloud load balancers).
    #[default]
    XForwardedFor,
    /// RFC 7239 `Forwarded: for=client, for="[2001:db8::1]:4711"`.
    Forwarded,
}

impl ForwardedHeader {
    pub fn parse(value: &str) -> Option<ForwardedHeader> {
        match value.trim().to_ascii_lowercase().as_str() {
            "x-forwarded-for" => Some(ForwardedHeader::XForwardedFor),
            "forwarded" => Some(ForwardedHeader::Forwarded),
            _ => None,
        }
    }

    fn name(self) -> HeaderName {
        match self {
            ForwardedHeader::XForwardedFor => HeaderName::from_static("x-forwarded-for"),
            ForwardedHeader::Forwarded => axum::http::header::FORWARDED,
        }
    }

    /// The address of one hop as the header writes it, `None` for `unknown`, an
    /// obfuscated name or anything else that is not an address.
    fn address(self, hop: &str) -> Option<IpAddr> {
        let value = match self {
            ForwardedHeader::XForwardedFor => hop.trim(),
            ForwardedHeader::Forwarded => hop
                .split(';')
                .filter_map(|pair| pair.split_once('='))
                .find(|(key, _)| key.trim().eq_ignore_ascii_case("for"))
                .map(|(_, value)| value.trim().trim_matches('"'))?,
        };
        value
            .parse::<IpAddr>()
            .ok()
            .or_else(|| value.parse::<SocketAddr>().ok().map(|addr| addr.ip()))
            .or_else(|| {
                let bracketed = value.strip_prefix('[')?.strip_suffix(']')?;
                bracketed.parse().ok()
            })
            .map(|ip: IpAddr| ip.to_canonical())
    }
}

/// The proxies whose forwarding header is believed (TRUSTED_PROXIES); none by default.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies {
    networks: Vec<IpNet>,
    header: ForwardedHeader,
}

impl TrustedProxies {
    /// `10.0.0.0/8, 192.168.4.7`: networks in CIDR notation or single addresses, comma-
    /// separated. The error names the entry that is neither.
    pub fn parse(list: &str, header: ForwardedHeader) -> Result<TrustedProxies, String> {
        let networks = list
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry
                    .parse::<IpNet>()
                    .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("'{entry}' is neither an address nor a CIDR network"))
            })
            .collect::<Result<_, _>>()?;
        Ok(TrustedProxies { networks, header })
    }

    fn trusts(&self, address: IpAddr) -> bool {
        self.networks
            .iter()
            .any(|network| network.contains(&address))
    }

    /// The client of a request that came from `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.trusts(peer) {
            return peer;
        }
        let hops: Vec<&str> = headers
            .get_all(self.header.name())
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .collect();
        // Right to left: each trusted proxy appended the address it saw. The first one
        // it did not add is the client; a hop that is not an address stops the walk at
        // the last proxy that could be believed.
        let mut client = peer;
        for hop in hops.iter().rev() {
            let Some(address) = self.header.address(hop) else {
                break;
            };
            client = address;
            if !self.trusts(address) {
                break;
            }
        }
        client
    }
}

/// The request's client address as text ("" when the server does not know its peer,
/// as in tests that call the router directly).
pub struct ClientAddress(pub String);

/// A router state that knows which proxies to believe, so its handlers can extract the
/// [`ClientAddress`].
pub trait KnowsProxies {
    fn trusted_proxies(&self) -> &TrustedProxies;
}

impl<T: KnowsProxies> KnowsProxies for std::sync::Arc<T> {
    fn trusted_proxies(&self) -> &TrustedProxies {
        T::trusted_proxies(self)
    }
}

impl<S: KnowsProxies + Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddress(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|ConnectInfo(peer)| {
                    state
                        .trusted_proxies()
                        .client(peer.ip(), &parts.headers)
                        .to_string()
                })
                .unwrap_or_default(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(name: &'static str, values: &[&'static str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(name, HeaderValue::from_static(value));
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    fn ingress() -> TrustedProxies {
        TrustedProxies::parse("10.0.0.0/8, 192.168.4.7", ForwardedHeader::XForwardedFor)
            .expect("valid")
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_it_claims() {
        let proxies = TrustedProxies::default();
        let claims = headers("x-forwarded-for", &["203.0.113.9"]);
        assert_eq!(
            proxies.client(ip("198.51.100.4"), &claims),
            ip("198.51.100.4")
        );
    }

    #[test]
    fn a_peer_that_is_not_a_trusted_proxy_is_the_client() {
        let claims = headers("x-forwarded-for", &["203.0.113.9"]);
        assert_eq!(
            ingress().client(ip("198.51.100.4"), &claims),
            ip("198.51.100.4")
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_client_is_the_rightmost_untrusted_hop() {
        let proxies = ingress();
        let table = [
            (&["203.0.113.9"][..], "203.0.113.9"),
            // The client's own claim left of what the proxies wrote is not believed.
            (&["1.2.3.4, 203.0.113.9"][..], "203.0.113.9"),
            (&["1.2.3.4, 203.0.113.9, 10.1.2.3"][..], "203.0.113.9"),
            // Across repeated headers, in order.
            (&["1.2.3.4", "203.0.113.9, 192.168.4.7"][..], "203.0.113.9"),
            (&[" 2001:db8::5 "][..], "2001:db8::5"),
            (&["203.0.113.9:51000"][..], "203.0.113.9"),
            // Nothing but proxies: the leftmost of them.
            (&["10.9.9.9, 10.1.1.1"][..], "10.9.9.9"),
            // No header: the proxy itself.
            (&[][..], "10.0.0.2"),
            // A hop that is no address stops at the last proxy believed.
            (&["203.0.113.9, garbage"][..], "10.0.0.2"),
        ];
        for (values, client) in table {
            let claims = headers("x-forwarded-for", values);
            assert_eq!(
                proxies.client(ip("10.0.0.2"), &claims),
                ip(client),
                "X-Forwarded-For {values:?}"
            );
        }
    }

    #[test]
    fn the_forwarded_header_is_read_when_configured_and_x_forwarded_for_is_then_ignored() {
        let proxies =
            TrustedProxies::parse("10.0.0.0/8", ForwardedHeader::Forwarded).expect("valid");
        let mut claims = headers(
            "forwarded",
            &[
                r#"for=1.2.3.4, for="[2001:db8:cafe::17]:4711";proto=https, for=10.0.0.3;by=10.0.0.2"#,
            ],
        );
        claims.append("x-forwarded-for", HeaderValue::from_static("198.51.100.1"));
        assert_eq!(
            proxies.client(ip("10.0.0.2"), &claims),
            ip("2001:db8:cafe::17")
        );
        let unknown = headers("forwarded", &["for=unknown"]);
        assert_eq!(proxies.client(ip("10.0.0.2"), &unknown), ip("10.0.0.2"));
    }

    #[test]
    fn an_ipv4_mapped_peer_is_matched_as_ipv4() {
        let claims = headers("x-forwarded-for", &["203.0.113.9"]);
        assert_eq!(
            ingress().client(ip("::ffff:10.0.0.2"), &claims),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn a_bad_entry_is_named() {
        let error = TrustedProxies::parse("10.0.0.0/8, ingress", ForwardedHeader::default())
            .expect_err("not an address");
        assert!(error.contains("'ingress'"), "{error}");
        assert!(TrustedProxies::parse("10.0.0.0/33", ForwardedHeader::default()).is_err());
        assert!(TrustedProxies::parse("", ForwardedHeader::default()).is_ok());
    }
}
