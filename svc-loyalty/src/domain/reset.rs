//! docs/loyalty.md#password-reset: where the e-mailed reset link
//! points and which query parameters it carries, per provider.

use loyalty_config::{BOOST_POS, BOOST_POS_WITHOUT_LOYALTY, TAPOS};

/// How long a reset code works, in seconds.
pub const RESET_CODE_SECONDS: i64 = 60 * 60;

/// The link: `{rootUrl}/{path}` when a path is given, else `rootUrl` (the page the
/// member asked from); then `resetCode`, plus `uid` and `token` for TAPOS, plus `email`
/// for every provider but the BOOST_POS variants and TAPOS.
pub fn reset_link(
    root_url: &str,
    path: &str,
    provider: &str,
    code: &str,
    member_id: &str,
    email: &str,
) -> String {
    let path = path.trim_start_matches('/');
    let base = if path.is_empty() {
        root_url.to_owned()
    } else {
        format!("{}/{path}", root_url.trim_end_matches('/'))
    };
    let mut query = vec![("resetCode", code)];
    match provider {
        TAPOS => query.extend([("uid", member_id), ("token", code)]),
        BOOST_POS | BOOST_POS_WITHOUT_LOYALTY => {}
        _ => query.push(("email", email)),
    }
    let separator = if base.contains('?') { '&' } else { '?' };
    let query = serde_urlencoded::to_string(&query).unwrap_or_default();
    format!("{base}{separator}{query}")
}

/// Whether `root_url` is at one of the site's own origins, so a reset e-mail never links
/// to a page that is not the chain's. An origin may name every subdomain of a host with
/// `*.` (`http://*.localhost:8080`: the local demo's sites, docs/architecture.md#sites).
pub fn is_allowed_root(root_url: &str, origins: &[String]) -> bool {
    origins
        .iter()
        .any(|origin| match origin.split_once("://*.") {
            Some((scheme, host)) => at_subdomain(root_url, scheme, host),
            None => {
                root_url == origin
                    || root_url
                        .strip_prefix(origin.as_str())
                        .is_some_and(|rest| rest.starts_with('/') || rest.starts_with('?'))
            }
        })
}

/// Whether `root_url` is `scheme`://`label.`…`host`, with labels of letters, digits and '-'.
fn at_subdomain(root_url: &str, scheme: &str, host: &str) -> bool {
    let Some(rest) = root_url
        .strip_prefix(scheme)
        .and_then(|rest| rest.strip_prefix("://"))
    else {
        return false;
    };
    let authority = &rest[..rest.find(['/', '?']).unwrap_or(rest.len())];
    authority
        .strip_suffix(host)
        .and_then(|labels| labels.strip_suffix('.'))
        .is_some_and(|labels| {
            labels.split('.').all(|label| {
                !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_path_is_joined_to_the_root_url() {
        let link = reset_link(
            "https://mq.example/",
            "/reset",
            BOOST_POS,
            "abc",
            "m1",
            "a@b.co",
        );
        assert_eq!(link, "https://mq.example/reset?resetCode=abc");
    }

    #[test]
    fn without_a_path_the_link_points_at_the_page_asked_from() {
        let link = reset_link(
            "https://mq.example/login?x=1",
            "",
            BOOST_POS,
            "abc",
            "m1",
            "a@b.co",
        );
        assert_eq!(link, "https://mq.example/login?x=1&resetCode=abc");
    }

    #[test]
    fn tapos_also_carries_uid_and_token() {
        let link = reset_link("https://mq.example", "reset", TAPOS, "abc", "m1", "a@b.co");
        assert_eq!(
            link,
            "https://mq.example/reset?resetCode=abc&uid=m1&token=abc"
        );
    }

    #[test]
    fn other_providers_also_carry_the_email() {
        let link = reset_link(
            "https://mq.example",
            "reset",
            "RTS",
            "abc",
            "m1",
            "a+b@c.co",
        );
        assert_eq!(
            link,
            "https://mq.example/reset?resetCode=abc&email=a%2Bb%40c.co"
        );
    }

    #[test]
    fn only_the_sites_own_origins_may_receive_reset_links() {
        let origins = vec!["https://mq.example".to_owned()];
        assert!(is_allowed_root("https://mq.example", &origins));
        assert!(is_allowed_root("https://mq.example/account", &origins));
        assert!(!is_allowed_root("https://mq.example.evil.test/", &origins));
        assert!(!is_allowed_root("https://evil.test/", &origins));
    }

    #[test]
    fn an_origin_with_a_star_allows_the_subdomains_of_its_host_and_nothing_else() {
        let origins = vec!["http://*.localhost:8080".to_owned()];
        for allowed in [
            "http://single.localhost:8080",
            "http://demo.localhost:8080/account?x=1",
            "http://a.b-c.localhost:8080/",
        ] {
            assert!(is_allowed_root(allowed, &origins), "{allowed}");
        }
        for refused in [
            "http://localhost:8080",
            "https://single.localhost:8080",
            "http://single.localhost:8081",
            "http://single.localhost:8080.evil.test/",
            "http://user@single.localhost:8080",
            "http://evil.test/.localhost:8080",
            "http://.localhost:8080",
        ] {
            assert!(!is_allowed_root(refused, &origins), "{refused}");
        }
    }
}
