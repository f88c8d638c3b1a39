//! Security headers on every response: a strict Content-Security-Policy whose
//! frame-ancestors are the site's allowed embedding domains, nosniff, a referrer policy
//! and a permissions policy.

use axum::http::{HeaderValue, header};
use proto::catalogue::v1 as catalogue;

use crate::external_scripts::analytics::AnalyticsScripts;
use crate::external_scripts::csp::ThirdPartySources;

/// The policy when no site is known yet: nothing but our own origin.
pub const FALLBACK_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

/// The site's Content-Security-Policy, before the hashes of a page's inline scripts.
#[derive(Debug, Clone)]
pub struct ContentSecurityPolicy {
    script: String,
    rest: String,
}

impl ContentSecurityPolicy {
    /// The policy of an HTML page whose inline scripts have these hashes
    /// (`sha256-...`): only they, and what they load, may run ('strict-dynamic'). The
    /// host sources are for browsers too old for 'strict-dynamic', which newer ones
    /// ignore.
    pub fn for_page(&self, script_hashes: &[String]) -> HeaderValue {
        let hashes: String = script_hashes
            .iter()
            .map(|hash| format!(" '{hash}'"))
            .collect();
        let policy = format!(
            "script-src{hashes} 'strict-dynamic' 'self'{}; {}",
            self.script, self.rest
        );
        HeaderValue::from_str(&policy).unwrap_or_else(|_| HeaderValue::from_static(FALLBACK_CSP))
    }

    /// The policy before any site is known: nothing but our own origin.
    pub fn fallback() -> ContentSecurityPolicy {
        content_security_policy(
            &catalogue::SiteConfig::default(),
            &catalogue::SiteSettings::default(),
            &[],
            "",
            &DeploymentSources::default(),
            &[],
        )
    }

    /// The policy of anything that is not a page (JSON, images, scripts).
    pub fn header(&self) -> HeaderValue {
        let policy = format!("script-src 'self'{}; {}", self.script, self.rest);
        HeaderValue::from_str(&policy).unwrap_or_else(|_| HeaderValue::from_static(FALLBACK_CSP))
    }
}

/// What the deployment adds to every site's policy: the analytics scripts it runs, its
/// invisible captcha, and the studio's origin (which frames the site's pages).
#[derive(Debug, Clone, Copy)]
pub struct DeploymentSources<'a> {
    pub analytics: &'a AnalyticsScripts,
    pub captcha: bool,
    pub studio_origin: Option<&'a str>,
}

/// No analytics, no captcha, no studio.
impl Default for DeploymentSources<'static> {
    fn default() -> Self {
        static NO_ANALYTICS: std::sync::LazyLock<AnalyticsScripts> =
            std::sync::LazyLock::new(AnalyticsScripts::default);
        DeploymentSources {
            analytics: &NO_ANALYTICS,
            captcha: false,
            studio_origin: None,
        }
    }
}

/// Where movie trailers play: YouTube's privacy-enhanced player, framed only after the
/// visitor agrees to it (web/src/features/movies/components/trailer-dialog.tsx).
const TRAILER_PLAYER: &str = "https://www.youtube-nocookie.com";

/// The site's policy. Beyond its own origin it opens only what the site's configuration
/// names: the embedding domains, the third parties it turned on, the host of its logo
/// (a CDN) and of the images its content shows from other sites (`content_images`: page
/// image blocks, events' pictures, at https addresses), and as form targets the ticketing providers and the loyalty `ticketingUrl`
/// (the version 3 hand-off posts a form there).
pub fn content_security_policy(
    config: &catalogue::SiteConfig,
    settings: &catalogue::SiteSettings,
    theaters: &[catalogue::Theater],
    loyalty_ticketing_url: &str,
    deployment: &DeploymentSources<'_>,
    content_images: &[&str],
) -> ContentSecurityPolicy {
    let DeploymentSources {
        analytics,
        captcha,
        studio_origin,
    } = *deployment;
    let ancestors = sources(
        config
            .allowed_embedding_domains
            .iter()
            .map(String::as_str)
            .chain(studio_origin),
    );
    let ticketing = settings
        .ticketing_provider
        .iter()
        .chain(
            theaters
                .iter()
                .filter_map(|t| t.ticketing_provider.as_ref()),
        )
        .map(|provider| provider.url.as_str())
        .chain(std::iter::once(loyalty_ticketing_url))
        .filter_map(origin);
    let form_targets = sources(ticketing);
    let ThirdPartySources {
        script,
        connect,
        frame,
        img,
    } = ThirdPartySources::for_site(settings, analytics, captcha);
    let logo = settings.logo.as_ref().and_then(|logo| origin(&logo.src));
    let mut images: Vec<&str> = logo.into_iter().collect();
    for image in content_images.iter().filter_map(|address| origin(address)) {
        if !images.contains(&image) {
            images.push(image);
        }
    }
    let img = format!("{img}{}", sources(images.into_iter()));
    ContentSecurityPolicy {
        script,
        rest: format!(
            "default-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data:{img}; font-src 'self'; connect-src 'self'{connect}; \
             frame-src 'self' {TRAILER_PLAYER}{frame}; worker-src 'self'; object-src 'none'; \
             base-uri 'none'; form-action 'self'{form_targets}; frame-ancestors 'self'{ancestors}"
        ),
    }
}

/// ` a b c` of the well-formed host sources; anything that could break out of the
/// header or the directive is left out.
fn sources<'a>(candidates: impl Iterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for candidate in candidates {
        let candidate = candidate.trim();
        let well_formed = !candidate.is_empty()
            && candidate
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '/' | '*'));
        if well_formed && !out.split(' ').any(|existing| existing == candidate) {
            out.push(' ');
            out.push_str(candidate);
        } else if !well_formed {
            tracing::warn!(source = candidate, "ignored a malformed CSP source");
        }
    }
    out
}

/// `scheme://host[:port]` of an absolute http(s) URL.
fn origin(url: &str) -> Option<&str> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    (host_end > 0).then(|| &url[..url.len() - rest.len() + host_end])
}

/// The headers every response carries whatever its content; a response that chose a
/// stricter referrer policy (one whose address holds a token) keeps its own.
pub fn insert_static_headers(headers: &mut axum::http::HeaderMap) {
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers
        .entry(header::REFERRER_POLICY)
        .or_insert(HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(
        "permissions-policy",
        HeaderValue::from_static("camera=(), microphone=(), geolocation=(self), payment=()"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(domains: &[&str]) -> catalogue::SiteConfig {
        catalogue::SiteConfig {
            allowed_embedding_domains: domains.iter().map(|d| (*d).to_owned()).collect(),
            ..Default::default()
        }
    }

    fn policy(config: &catalogue::SiteConfig, settings: &catalogue::SiteSettings) -> String {
        content_security_policy(
            config,
            settings,
            &[],
            "",
            &DeploymentSources::default(),
            &[],
        )
        .header()
        .to_str()
        .expect("ascii")
        .to_owned()
    }

    #[test]
    fn frame_ancestors_are_self_plus_the_allowed_embedding_domains() {
        let csp = policy(
            &config(&["https://partner.example.com", "*.builder.example"]),
            &Default::default(),
        );
        assert!(
            csp.ends_with("frame-ancestors 'self' https://partner.example.com *.builder.example"),
            "{csp}"
        );
    }

    #[test]
    fn the_studio_may_frame_the_site_for_its_preview() {
        let csp = content_security_policy(
            &config(&["https://partner.example.com"]),
            &Default::default(),
            &[],
            "",
            &DeploymentSources {
                studio_origin: Some("https://studio.marquee.example"),
                ..DeploymentSources::default()
            },
            &[],
        )
        .header();
        assert!(
            csp.to_str().expect("ascii").ends_with(
                "frame-ancestors 'self' https://partner.example.com https://studio.marquee.example"
            ),
            "{csp:?}"
        );
    }

    #[test]
    fn a_domain_that_would_inject_a_directive_is_left_out() {
        let csp = policy(
            &config(&["evil.example; script-src *", "ok.example"]),
            &Default::default(),
        );
        assert!(csp.ends_with("frame-ancestors 'self' ok.example"), "{csp}");
        assert!(!csp.contains("script-src *"), "{csp}");
    }

    #[test]
    fn images_the_content_shows_from_other_sites_open_img_src_for_their_origins_alone() {
        let csp = content_security_policy(
            &config(&[]),
            &catalogue::SiteSettings::default(),
            &[],
            "",
            &DeploymentSources::default(),
            &[
                "https://images.example.org/lobby.jpg",
                "https://images.example.org/screen.webp",
                "https://press.example.com:8443/still.png?w=1",
            ],
        )
        .header()
        .to_str()
        .expect("ascii")
        .to_owned();
        let img = csp
            .split("; ")
            .find(|directive| directive.starts_with("img-src"))
            .expect("img-src");
        assert!(
            img.ends_with(" https://images.example.org https://press.example.com:8443"),
            "{img}"
        );
    }

    #[test]
    fn the_logo_host_and_the_loyalty_ticketing_site_come_from_the_configuration() {
        let settings = catalogue::SiteSettings {
            logo: Some(catalogue::Logo {
                src: "https://cdn.marquee.example/brand/logo.svg".to_owned(),
                alt: "Marquee".to_owned(),
            }),
            ticketing_provider: Some(catalogue::TicketingProvider {
                name: "VISTA".to_owned(),
                url: "https://tickets.example.com/chain/".to_owned(),
                ..Default::default()
            }),
            ..Default::default()
        };
        let csp = content_security_policy(
            &config(&[]),
            &settings,
            &[],
            "https://members.marquee.example/sales/",
            &DeploymentSources::default(),
            &[],
        )
        .header()
        .to_str()
        .expect("ascii")
        .to_owned();
        let directive = |csp: &str, name: &str| {
            csp.split("; ")
                .find(|directive| directive.starts_with(name))
                .map(str::to_owned)
                .unwrap_or_default()
        };
        assert!(
            directive(&csp, "img-src").ends_with(" https://cdn.marquee.example"),
            "{csp}"
        );
        assert!(
            csp.contains(
                "form-action 'self' https://tickets.example.com https://members.marquee.example;"
            ),
            "{csp}"
        );
        // A logo and a ticketingUrl on this site open nothing more.
        let local = catalogue::SiteSettings {
            logo: Some(catalogue::Logo {
                src: "/logo.svg".to_owned(),
                alt: String::new(),
            }),
            ..Default::default()
        };
        let csp = content_security_policy(
            &config(&[]),
            &local,
            &[],
            "/ticketing-sandbox/",
            &DeploymentSources::default(),
            &[],
        )
        .header()
        .to_str()
        .expect("ascii")
        .to_owned();
        assert!(!directive(&csp, "img-src").contains("marquee"), "{csp}");
        assert!(csp.contains("form-action 'self';"), "{csp}");
    }

    #[test]
    fn the_ticketing_site_may_receive_the_hand_off_form() {
        let settings = catalogue::SiteSettings {
            ticketing_provider: Some(catalogue::TicketingProvider {
                name: "VISTA".to_owned(),
                url: "https://tickets.example.com/chain/".to_owned(),
                ..Default::default()
            }),
            ..Default::default()
        };
        let csp = policy(&config(&[]), &settings);
        assert!(
            csp.contains("form-action 'self' https://tickets.example.com;"),
            "{csp}"
        );
    }

    #[test]
    fn a_page_runs_only_its_hashed_scripts_and_what_they_load() {
        let csp = content_security_policy(
            &config(&[]),
            &Default::default(),
            &[],
            "",
            &DeploymentSources::default(),
            &[],
        )
        .for_page(&["sha256-abc=".to_owned()]);
        let csp = csp.to_str().expect("ascii");
        assert!(
            csp.starts_with("script-src 'sha256-abc=' 'strict-dynamic' 'self' "),
            "{csp}"
        );
        assert!(csp.contains("object-src 'none'"), "{csp}");
        assert!(csp.contains("base-uri 'none'"), "{csp}");
    }

    #[test]
    fn origins_are_scheme_host_and_port() {
        assert_eq!(
            origin("https://a.example:8443/x?y"),
            Some("https://a.example:8443")
        );
        assert_eq!(origin("http://a.example"), Some("http://a.example"));
        assert_eq!(origin("/ticketing-sandbox"), None);
        assert_eq!(origin("https:///path"), None);
    }
}
