//! One page's ad set-up: mode, script, page path, targeting and slots, composed from
//! the rules of the sibling modules.

use std::collections::BTreeMap;

use proto::ads::v1 as pb;

use super::mode::{self, CUSTOM_WITHOUT_WRAPPER};
use super::page::page_path;
use super::size_mapping::{self, SizeMappingEntry};
use super::slots::{Slot, slots};
use super::typed_id::decoded_id;

/// The set-up of `request`'s page. `library_url` is where the ad library (wrapper)
/// is served from.
pub fn ad_setup(request: &pb::GetAdsConfigRequest, library_url: &str) -> pb::AdsConfig {
    let settings = request.settings.clone().unwrap_or_default();
    let display = settings.ads_display.trim();
    if display.is_empty() {
        return pb::AdsConfig::default();
    }
    let ad_class = mode::ad_class(display);
    let base = mode::base(
        display,
        &settings.country_code,
        &mode::CustomAds {
            url: &settings.custom_url,
            network_code: &settings.custom_network_code,
        },
    );
    let mapping = size_mapping::parse(
        &settings.custom_size_mapping,
        &settings.custom_location_keys,
    );
    let (slots, slot_warnings) = slots(
        &settings.ads_location,
        &settings.custom_location_keys,
        &mapping.by_location,
    );
    let warnings: Vec<String> = mapping.warnings.into_iter().chain(slot_warnings).collect();
    pb::AdsConfig {
        enabled: true,
        mode: display.to_owned(),
        script_url: mode::script_url(display, library_url, &base, &settings.custom_url),
        ad_class: ad_class.to_owned(),
        page_path: page_path(
            &base,
            ad_class,
            settings.is_single_location,
            &settings.circuit_name,
            &request.theater_name,
        ),
        targeting: targeting(request, &settings),
        slots: slots.into_iter().map(slot_message).collect(),
        warnings,
        requires_consent: display == CUSTOM_WITHOUT_WRAPPER,
        single_request: true,
        collapse_empty_slots: true,
    }
}

/// The key-values sent to the ad provider, all strings (docs/consent-and-ads.md#ad-targeting).
fn targeting(
    request: &pb::GetAdsConfigRequest,
    settings: &pb::AdsSettings,
) -> BTreeMap<String, String> {
    let origin = if settings.domain.is_empty() {
        String::new()
    } else {
        format!("https://{}", settings.domain)
    };
    let ad_type = if mode::is_restricted(&settings.ads_display) {
        "captif-uniquement"
    } else {
        "captif-et-hors-captif"
    };
    let mut targeting: BTreeMap<String, String> = [
        ("page", request.page_title.clone()),
        ("adType", ad_type.to_owned()),
        ("websiteID", decoded_id(&settings.website_id)),
        ("domain", settings.domain.clone()),
        ("currentPath", request.path.clone()),
        ("urlOrigin", origin.clone()),
        ("theater", request.theater_name.clone()),
        ("theaterID", request.theater_id.clone()),
        ("theaterGroup", settings.circuit_name.clone()),
        ("theaterGroupID", decoded_id(&settings.circuit_id)),
        ("scheduledMovieIds", request.scheduled_movie_ids.join(",")),
    ]
    .into_iter()
    .map(|(key, value)| (key.to_owned(), value))
    .collect();
    if !request.movie_id.is_empty() {
        targeting.insert(
            "moviePermalinkPath".to_owned(),
            format!("/permalink/movie/{}", request.movie_id),
        );
        targeting.insert("moviePermalinkOrigin".to_owned(), origin);
    }
    if let Some(logged_in) = request.is_logged_in {
        targeting.insert("isLoggedIn".to_owned(), logged_in.to_string());
    }
    targeting
}

fn slot_message(slot: Slot) -> pb::AdSlot {
    let size = |(width, height): (u32, u32)| pb::AdSize {
        width: i32::try_from(width).unwrap_or(i32::MAX),
        height: i32::try_from(height).unwrap_or(i32::MAX),
    };
    pb::AdSlot {
        fluid: slot.sizes.is_empty(),
        sizes: slot.sizes.into_iter().map(size).collect(),
        size_mapping: slot
            .size_mapping
            .into_iter()
            .map(
                |SizeMappingEntry {
                     viewport_width,
                     sizes,
                 }| pb::SizeMappingEntry {
                    viewport_width: i32::try_from(viewport_width).unwrap_or(i32::MAX),
                    sizes: sizes.into_iter().map(size).collect(),
                },
            )
            .collect(),
        id: slot.id,
        container: slot.container,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(display: &str) -> pb::GetAdsConfigRequest {
        pb::GetAdsConfigRequest {
            settings: Some(pb::AdsSettings {
                ads_display: display.to_owned(),
                ads_location: vec!["INTERSTITIAL".to_owned(), "PAGES_TOP".to_owned()],
                country_code: "us".to_owned(),
                circuit_name: "Marquee Cinemas".to_owned(),
                circuit_id: "Q2lyY3VpdDo3Nw==".to_owned(),
                website_id: "V2Vic2l0ZTpjaW5lbWE6MTA0Mg==".to_owned(),
                domain: "www.marquee.example".to_owned(),
                ..Default::default()
            }),
            path: "/movies/1004-velocity/".to_owned(),
            page_title: "Velocity".to_owned(),
            theater_id: "103".to_owned(),
            theater_name: "Harbor IMAX Newport".to_owned(),
            movie_id: "1004".to_owned(),
            movie_title: "Velocity".to_owned(),
            scheduled_movie_ids: vec!["1004".to_owned(), "1001".to_owned()],
            is_logged_in: Some(false),
        }
    }

    #[test]
    fn without_ads_display_ads_are_off() {
        let setup = ad_setup(&request(""), "https://lib.example");
        assert!(!setup.enabled);
        assert!(setup.slots.is_empty());
    }

    #[test]
    fn a_programmatic_page_gets_path_script_slots_and_string_targeting() {
        let setup = ad_setup(&request("PROGRAMMATIC"), "https://lib.example/library");
        assert!(setup.enabled);
        assert_eq!(setup.ad_class, "allads");
        assert_eq!(
            setup.page_path,
            "/9518146/WMP_US_WEB/allads/marquee-cinemas/harbor-imax-newport"
        );
        assert_eq!(
            setup.script_url,
            "https://lib.example/library/9518146/WMP_US_WEB/wrapper.js"
        );
        assert!(setup.single_request && setup.collapse_empty_slots);
        assert!(!setup.requires_consent);
        let expected = [
            ("page", "Velocity"),
            ("adType", "captif-et-hors-captif"),
            ("websiteID", "1042"),
            ("domain", "www.marquee.example"),
            ("currentPath", "/movies/1004-velocity/"),
            ("urlOrigin", "https://www.marquee.example"),
            ("theater", "Harbor IMAX Newport"),
            ("theaterID", "103"),
            ("theaterGroup", "Marquee Cinemas"),
            ("theaterGroupID", "77"),
            ("moviePermalinkPath", "/permalink/movie/1004"),
            ("moviePermalinkOrigin", "https://www.marquee.example"),
            ("scheduledMovieIds", "1004,1001"),
            ("isLoggedIn", "false"),
        ];
        for (key, value) in expected {
            assert_eq!(
                setup.targeting.get(key).map(String::as_str),
                Some(value),
                "{key}"
            );
        }
        assert_eq!(setup.slots.len(), 2);
        assert_eq!(
            setup.slots[0].sizes,
            vec![pb::AdSize {
                width: 1,
                height: 1
            }]
        );
        assert!(setup.slots[1].fluid);
    }

    #[test]
    fn a_restricted_mode_says_captive_only() {
        let setup = ad_setup(&request("SPONSORED_ONLY"), "https://lib.example");
        assert_eq!(setup.ad_class, "restrictedads");
        assert_eq!(setup.targeting["adType"], "captif-uniquement");
    }

    #[test]
    fn direct_ad_server_mode_loads_the_tag_and_needs_consent() {
        let setup = ad_setup(&request("CUSTOM_WITHOUT_WRAPPER"), "https://lib.example");
        assert_eq!(setup.script_url, mode::AD_SERVER_TAG_URL);
        assert!(setup.requires_consent);
    }

    #[test]
    fn size_mapping_warnings_reach_the_set_up() {
        let mut bad = request("CUSTOM");
        if let Some(settings) = bad.settings.as_mut() {
            settings.custom_url = "https://cdn.example/library/4242/SITE".to_owned();
            settings.custom_location_keys = vec!["lobby".to_owned()];
            settings.custom_size_mapping = r#"{"lobby": 5}"#.to_owned();
        }
        let setup = ad_setup(&bad, "https://lib.example");
        assert_eq!(
            setup.page_path,
            "/4242/SITE/allads/marquee-cinemas/harbor-imax-newport"
        );
        assert_eq!(
            setup.warnings,
            vec!["Invalid size mapping for ad location: lobby"]
        );
        assert_eq!(setup.slots.last().map(|s| s.id.as_str()), Some("WMP_lobby"));
    }
}
