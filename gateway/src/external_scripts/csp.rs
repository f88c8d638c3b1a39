//! The Content-Security-Policy sources the consent, analytics and ad scripts need
//! (docs/consent-and-ads.md#third-party-scripts), added only for what the site turns on or the
//! gateway is configured with (the analytics launch script). The browser still loads
//! none of them before the visitor's consent allows it.

use proto::catalogue::v1 as catalogue;

use crate::external_scripts::analytics::AnalyticsScripts;

/// Extra sources per directive, each a space-separated list starting with a space.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ThirdPartySources {
    pub script: String,
    pub connect: String,
    pub frame: String,
    pub img: String,
}

/// The analytics tag and tag-manager containers.
const ANALYTICS: &str = " https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com";
/// The consent manager's SDK and its API.
const CONSENT_MANAGER: &str = " https://sdk.privacy-center.org https://api.privacy-center.org";
/// The invisible captcha's script and its frame.
const CAPTCHA: &str = " https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/";

impl ThirdPartySources {
    /// `analytics`: the scripts the gateway is configured with; `captcha`: the site loads the
    /// invisible captcha (CAPTCHA_SITE_KEY is set).
    pub fn for_site(
        settings: &catalogue::SiteSettings,
        analytics: &AnalyticsScripts,
        captcha: bool,
    ) -> ThirdPartySources {
        let mut sources = ThirdPartySources {
            // The fixed measurement id is always loaded once trackers are enabled.
            script: ANALYTICS.to_owned(),
            connect: ANALYTICS.to_owned(),
            img: ANALYTICS.to_owned(),
            frame: String::new(),
        };
        if !settings.cookie_banner_didomi_id.trim().is_empty() {
            for directive in [&mut sources.script, &mut sources.connect, &mut sources.img] {
                directive.push_str(CONSENT_MANAGER);
            }
        }
        // The launch script and the marketing tracker load and send from their own origins.
        for origin in analytics.origins() {
            for directive in [&mut sources.script, &mut sources.connect] {
                directive.push(' ');
                directive.push_str(origin);
            }
        }
        if captcha {
            sources.script.push_str(CAPTCHA);
            sources.frame.push_str(CAPTCHA);
        }
        // Ad libraries, the ad server and their bidders load from hosts no list can
        // name in advance: a site that shows ads allows any https source for them.
        if !settings.ads_display.trim().is_empty() {
            for directive in [
                &mut sources.script,
                &mut sources.connect,
                &mut sources.frame,
                &mut sources.img,
            ] {
                directive.push_str(" https:");
            }
        }
        sources
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::external_scripts::analytics::ThirdPartyScript;

    fn settings(ads_display: &str, didomi: &str) -> catalogue::SiteSettings {
        catalogue::SiteSettings {
            ads_display: ads_display.to_owned(),
            cookie_banner_didomi_id: didomi.to_owned(),
            ..Default::default()
        }
    }

    #[test]
    fn each_feature_the_site_turns_on_adds_its_sources() {
        for (ads, didomi, consent_manager, any_https) in [
            ("", "", false, false),
            ("", "notice-1", true, false),
            ("PROGRAMMATIC", "", false, true),
        ] {
            let sources = ThirdPartySources::for_site(
                &settings(ads, didomi),
                &AnalyticsScripts::default(),
                false,
            );
            let tokens: Vec<&str> = sources.script.split_whitespace().collect();
            assert!(tokens.contains(&"https://www.googletagmanager.com"));
            assert_eq!(
                tokens.contains(&"https://sdk.privacy-center.org"),
                consent_manager,
                "{ads}/{didomi}"
            );
            assert_eq!(tokens.contains(&"https:"), any_https, "{ads}/{didomi}");
            assert_eq!(sources.frame.is_empty(), !any_https, "{ads}/{didomi}");
        }
    }

    #[test]
    fn a_configured_launch_script_adds_its_origin_to_scripts_and_connections() {
        let analytics = AnalyticsScripts {
            launch_script: Some(
                ThirdPartyScript::parse("X", "https://assets.adobedtm.com/abc/launch-1.min.js")
                    .expect("a valid URL"),
            ),
            cinema_marketing: None,
        };
        let sources = ThirdPartySources::for_site(&settings("", ""), &analytics, false);
        for directive in [&sources.script, &sources.connect] {
            assert!(
                directive
                    .split_whitespace()
                    .any(|source| source == "https://assets.adobedtm.com"),
                "{directive}"
            );
        }
        assert!(!sources.img.contains("adobedtm"), "{}", sources.img);
        let without =
            ThirdPartySources::for_site(&settings("", ""), &AnalyticsScripts::default(), false);
        assert!(!without.script.contains("adobedtm"));
    }

    #[test]
    fn the_captcha_adds_its_script_and_frame_hosts_only_when_configured() {
        let with =
            ThirdPartySources::for_site(&settings("", ""), &AnalyticsScripts::default(), true);
        assert!(with.script.contains("https://www.google.com/recaptcha/"));
        assert!(with.frame.contains("https://www.gstatic.com/recaptcha/"));
        let without =
            ThirdPartySources::for_site(&settings("", ""), &AnalyticsScripts::default(), false);
        assert!(!without.script.contains("recaptcha"));
    }
}
