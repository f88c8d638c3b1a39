//! Public addresses only: what a service fetches or posts to because someone outside
//! named it (a point of sale's poster image, an allow-listed third-party script, a
//! member's push subscription) must not let them reach into the network the service
//! runs in. [`is_public`] tells an address on the public internet; [`PublicOnly`]
//! resolves names for reqwest, refusing a name with any address that is not.

use std::net::{IpAddr, SocketAddr};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// Whether an address is on the public internet: not loopback, private (RFC 1918,
/// unique local), link-local, carrier-grade NAT, documentation, benchmarking,
/// multicast, broadcast or unspecified.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 198 && (b == 18 || b == 19))
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || first == 0x2001 && v6.segments()[1] == 0x0db8)
        }
    }
}

/// Refuses an address that is not https, or whose host is an IP address written out that
/// is not public (reqwest connects to those without asking the resolver).
pub fn check_url(url: &reqwest::Url) -> Result<(), String> {
    if url.scheme() != "https" {
        return Err("only https addresses are taken".to_owned());
    }
    let host = url.host_str().ok_or("the address has no host")?;
    match host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<IpAddr>()
    {
        Ok(ip) if !is_public(ip) => Err(format!("{ip} is not a public address")),
        _ => Ok(()),
    }
}

/// Resolves names for reqwest and refuses one with any address that is not public (a
/// name resolving to both cannot be made to reach inside by the order of its answers).
#[derive(Debug)]
pub struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((name.as_str(), 443))
                .await?
                .collect();
            if found.is_empty() || found.iter().any(|addr| !is_public(addr.ip())) {
                return Err(
                    format!("{} has no address or one that is not public", name.as_str()).into(),
                );
            }
            let addrs: Addrs = Box::new(found.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_public_addresses_are_recognised() {
        for (ip, public) in [
            ("8.8.8.8", true),
            ("142.250.74.46", true),
            ("127.0.0.1", false),
            ("10.1.2.3", false),
            ("172.16.0.1", false),
            ("192.168.1.1", false),
            ("169.254.169.254", false),
            ("100.64.0.1", false),
            ("0.0.0.0", false),
            ("255.255.255.255", false),
            ("2a00:1450:4007:80e::200e", true),
            ("::1", false),
            ("fd00::1", false),
            ("fe80::1", false),
            ("::ffff:127.0.0.1", false),
            ("::", false),
        ] {
            let address: IpAddr = ip.parse().expect("an address");
            assert_eq!(is_public(address), public, "{ip}");
        }
    }

    #[test]
    fn an_address_must_be_https_and_not_a_private_one_written_out() {
        let check = |url: &str| check_url(&reqwest::Url::parse(url).expect("url"));
        assert!(check("https://fcm.googleapis.com/fcm/send/abc").is_ok());
        assert!(check("https://8.8.8.8/x").is_ok());
        assert!(check("http://fcm.googleapis.com/x").is_err());
        assert!(check("https://169.254.169.254/latest/meta-data").is_err());
        assert!(check("https://10.0.0.5:8443/x").is_err());
        assert!(check("https://[::1]/x").is_err());
        assert!(check("https://[::ffff:127.0.0.1]/x").is_err());
    }
}
