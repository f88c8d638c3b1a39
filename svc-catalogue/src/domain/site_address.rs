//! Where a site is served (docs/architecture.md#sites): the host names the gateway picks it by,
//! and its public URL (canonical links, Open Graph, JSON-LD, the sitemap).

use super::invalid::Invalid;

/// A site's host names and public URL, as the store keeps them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SiteAddress {
    pub site_id: String,
    /// Lower-cased, without ports, in order.
    pub hosts: Vec<String>,
    /// Without a trailing slash; empty for the deployment's PUBLIC_URL.
    pub public_url: String,
}

/// The longest host name DNS allows.
const HOST_MAX: usize = 253;
/// The longest label of a host name.
const LABEL_MAX: usize = 63;

/// `given` as the gateway compares a request's Host: lower-cased, without the dot that
/// may end it. A port, an empty label or a character a host name cannot have is refused.
pub fn host(given: &str) -> Result<String, Invalid> {
    let host = given.trim().to_ascii_lowercase();
    let host = host.strip_suffix('.').unwrap_or(&host);
    let refuse = |problem: &str| Err(Invalid::new("hosts", format!("'{given}': {problem}")));
    if host.is_empty() {
        return refuse("a host name is needed");
    }
    if host.contains(':') {
        return refuse("a host name without a port (the gateway ignores the port)");
    }
    if host.len() > HOST_MAX {
        return refuse("longer than a host name can be");
    }
    for label in host.split('.') {
        let valid = !label.is_empty()
            && label.len() <= LABEL_MAX
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !valid {
            return refuse("letters, digits and '-' between dots");
        }
    }
    Ok(host.to_owned())
}

/// `given` as a site's public URL: http or https with a host and nothing after it but
/// a slash, answered without that slash.
pub fn public_url(given: &str) -> Result<String, Invalid> {
    let refuse = |problem: &str| Err(Invalid::new("publicUrl", format!("'{given}': {problem}")));
    let Ok(url) = reqwest::Url::parse(given.trim()) else {
        return refuse("not a URL");
    };
    if !matches!(url.scheme(), "http" | "https") {
        return refuse("http or https only");
    }
    if url.host_str().is_none_or(str::is_empty) {
        return refuse("a URL with a host");
    }
    if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
        return refuse("the site's origin, without a path, query or fragment");
    }
    if !url.username().is_empty() || url.password().is_some() {
        return refuse("without a user name or password");
    }
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_is_lower_cased_without_its_final_dot() {
        assert_eq!(host("Demo.Example.COM.").as_deref(), Ok("demo.example.com"));
        assert_eq!(host("demo.localhost").as_deref(), Ok("demo.localhost"));
        assert_eq!(host("127.0.0.1").as_deref(), Ok("127.0.0.1"));
    }

    #[test]
    fn a_host_with_a_port_or_a_bad_label_is_refused_by_name() {
        for bad in [
            "",
            "demo.localhost:8080",
            "demo..example.com",
            "-demo.example.com",
            "demo_site.example.com",
            "https://demo.example.com",
        ] {
            let refused = host(bad).expect_err(bad);
            assert_eq!(refused.field, "hosts");
            assert!(refused.problem.contains(&format!("'{bad}'")), "{refused:?}");
        }
        assert!(host(&format!("{}.com", "a".repeat(64))).is_err());
    }

    #[test]
    fn a_public_url_is_an_origin_without_its_slash() {
        assert_eq!(
            public_url("https://www.marquee.example/").as_deref(),
            Ok("https://www.marquee.example")
        );
        assert_eq!(
            public_url("http://demo.localhost:8080").as_deref(),
            Ok("http://demo.localhost:8080")
        );
        for bad in [
            "marquee.example",
            "ftp://marquee.example",
            "https://marquee.example/cinemas/",
            "https://marquee.example/?a=1",
            "https://user:secret@marquee.example",
        ] {
            assert_eq!(public_url(bad).expect_err(bad).field, "publicUrl", "{bad}");
        }
    }
}
