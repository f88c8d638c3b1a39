//! adsDisplay: which ad mode a site runs, its ad class, network and site code, and the
//! script the browser loads (docs/consent-and-ads.md#display-ads).

pub const PROGRAMMATIC: &str = "PROGRAMMATIC";
pub const CUSTOM: &str = "CUSTOM";
pub const CUSTOM_WITHOUT_WRAPPER: &str = "CUSTOM_WITHOUT_WRAPPER";

/// The ad server's own tag, loaded directly in CUSTOM_WITHOUT_WRAPPER mode.
pub const AD_SERVER_TAG_URL: &str = "https://securepubads.g.doubleclick.net/tag/js/gpt.js";

/// The ad class: every ad for PROGRAMMATIC and CUSTOM, restricted otherwise.
pub fn ad_class(ads_display: &str) -> &'static str {
    if ads_display == PROGRAMMATIC || ads_display == CUSTOM {
        "allads"
    } else {
        "restrictedads"
    }
}

pub fn is_restricted(ads_display: &str) -> bool {
    ad_class(ads_display) == "restrictedads"
}

/// The network id and site code: the French network for France, else the default.
pub fn network_and_site_code(country_code: &str) -> (&'static str, &'static str) {
    if country_code.eq_ignore_ascii_case("fr") {
        ("120157152", "WMP_FR_WEB")
    } else {
        ("9518146", "WMP_US_WEB")
    }
}

/// `{network}/{site code}`, or in CUSTOM mode the part of adsCustom.url after "library/".
/// In CUSTOM_WITHOUT_WRAPPER mode the site's own adsCustom.networkCode, when set,
/// replaces the network id: the ad server is then the customer's own.
pub fn base(ads_display: &str, country_code: &str, custom: &CustomAds) -> String {
    if ads_display == CUSTOM {
        return custom
            .url
            .split_once("library/")
            .map(|(_, after)| after.trim_matches('/').to_owned())
            .unwrap_or_default();
    }
    let (network, site_code) = network_and_site_code(country_code);
    let own_network = custom.network_code.trim();
    if ads_display == CUSTOM_WITHOUT_WRAPPER && !own_network.is_empty() {
        return format!("{own_network}/{site_code}");
    }
    format!("{network}/{site_code}")
}

/// The adsCustom settings the base depends on.
#[derive(Debug, Clone, Copy, Default)]
pub struct CustomAds<'a> {
    pub url: &'a str,
    pub network_code: &'a str,
}

/// The script the browser loads: the custom library in CUSTOM mode, the ad server's
/// tag in CUSTOM_WITHOUT_WRAPPER mode, else the ad library (wrapper) of the base.
pub fn script_url(ads_display: &str, library_url: &str, base: &str, custom_url: &str) -> String {
    match ads_display {
        CUSTOM => custom_url.to_owned(),
        CUSTOM_WITHOUT_WRAPPER => AD_SERVER_TAG_URL.to_owned(),
        _ => format!("{}/{base}/wrapper.js", library_url.trim_end_matches('/')),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programmatic_and_custom_show_every_ad_and_the_rest_are_restricted() {
        for (display, class) in [
            (PROGRAMMATIC, "allads"),
            (CUSTOM, "allads"),
            (CUSTOM_WITHOUT_WRAPPER, "restrictedads"),
            ("CAPTIVE", "restrictedads"),
        ] {
            assert_eq!(ad_class(display), class, "{display}");
        }
    }

    #[test]
    fn france_has_its_own_network_and_site_code() {
        assert_eq!(network_and_site_code("fr"), ("120157152", "WMP_FR_WEB"));
        assert_eq!(network_and_site_code("FR"), ("120157152", "WMP_FR_WEB"));
        assert_eq!(network_and_site_code("us"), ("9518146", "WMP_US_WEB"));
        assert_eq!(network_and_site_code(""), ("9518146", "WMP_US_WEB"));
    }

    #[test]
    fn the_base_follows_the_mode_country_and_custom_settings() {
        let custom = |url, network_code| CustomAds { url, network_code };
        for (display, country, settings, expected) in [
            (
                CUSTOM,
                "us",
                custom("https://cdn.example.com/library/4242/MY_SITE/", ""),
                "4242/MY_SITE",
            ),
            (
                CUSTOM,
                "us",
                custom("https://cdn.example.com/lib.js", ""),
                "",
            ),
            (
                PROGRAMMATIC,
                "fr",
                custom("ignored/library/x", "77"),
                "120157152/WMP_FR_WEB",
            ),
            (PROGRAMMATIC, "us", custom("", ""), "9518146/WMP_US_WEB"),
            (
                CUSTOM_WITHOUT_WRAPPER,
                "us",
                custom("", " 21700 "),
                "21700/WMP_US_WEB",
            ),
            (
                CUSTOM_WITHOUT_WRAPPER,
                "fr",
                custom("", ""),
                "120157152/WMP_FR_WEB",
            ),
        ] {
            assert_eq!(
                base(display, country, &settings),
                expected,
                "{display} {country}"
            );
        }
    }

    #[test]
    fn each_mode_loads_its_script() {
        let library = "https://ads.example/library";
        assert_eq!(
            script_url(PROGRAMMATIC, library, "9518146/WMP_US_WEB", ""),
            "https://ads.example/library/9518146/WMP_US_WEB/wrapper.js"
        );
        assert_eq!(
            script_url(CUSTOM, library, "b", "https://c.example/library/b"),
            "https://c.example/library/b"
        );
        assert_eq!(
            script_url(CUSTOM_WITHOUT_WRAPPER, library, "b", ""),
            AD_SERVER_TAG_URL
        );
    }
}
