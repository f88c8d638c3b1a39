//! Ad slots (docs/consent-and-ads.md#ad-slots): the fixed containers chosen by adsLocation and
//! one custom slot per configured location key. A custom location keyed 'interstitial' is
//! the CustomInterstitial slot: over the page like the interstitial, so 1x1 and out of
//! page, with the 'interstitial' size mapping.

use super::size_mapping::{INTERSTITIAL, SizeMappingEntry};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    pub id: String,
    pub container: String,
    /// Fixed sizes; empty = fluid.
    pub sizes: Vec<(u32, u32)>,
    pub size_mapping: Vec<SizeMappingEntry>,
}

/// adsLocation value -> (slot id, container).
fn fixed_slot(location: &str) -> Option<(&'static str, &'static str)> {
    match location {
        "INTERSTITIAL" => Some((INTERSTITIAL, "InterstitialContainer")),
        "PAGES_TOP" => Some(("header", "HeaderPromoContainer")),
        "PAGES_BOTTOM" => Some(("footer", "FooterPromoContainer")),
        "PULSE" => Some(("pulse", "PulsePromoContainer")),
        _ => None,
    }
}

/// The slots of a page, and a warning per unknown adsLocation value.
pub fn slots(
    ads_location: &[String],
    custom_location_keys: &[String],
    size_mapping: &std::collections::BTreeMap<String, Vec<SizeMappingEntry>>,
) -> (Vec<Slot>, Vec<String>) {
    let mut slots = Vec::new();
    let mut warnings = Vec::new();
    for location in ads_location {
        let Some((id, container)) = fixed_slot(location) else {
            warnings.push(format!("Unknown ad location: {location}"));
            continue;
        };
        if slots.iter().any(|slot: &Slot| slot.id == id) {
            continue;
        }
        let interstitial = id == INTERSTITIAL;
        slots.push(Slot {
            id: id.to_owned(),
            container: container.to_owned(),
            // The interstitial is a 1x1 out-of-page slot; the others are fluid.
            sizes: if interstitial {
                vec![(1, 1)]
            } else {
                Vec::new()
            },
            size_mapping: if interstitial {
                size_mapping.get(INTERSTITIAL).cloned().unwrap_or_default()
            } else {
                Vec::new()
            },
        });
    }
    for key in custom_location_keys {
        slots.push(Slot {
            id: format!("WMP_{key}"),
            container: format!("{key}CustomPromoContainer"),
            sizes: if key == INTERSTITIAL {
                vec![(1, 1)]
            } else {
                Vec::new()
            },
            size_mapping: size_mapping.get(key).cloned().unwrap_or_default(),
        });
    }
    (slots, warnings)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn strings(values: &[&str]) -> Vec<String> {
        values.iter().map(|v| (*v).to_owned()).collect()
    }

    #[test]
    fn every_ads_location_maps_to_its_fixed_container() {
        let (slots, warnings) = slots(
            &strings(&["INTERSTITIAL", "PAGES_BOTTOM", "PAGES_TOP", "PULSE"]),
            &[],
            &BTreeMap::new(),
        );
        assert!(warnings.is_empty());
        let found: Vec<(&str, &str)> = slots
            .iter()
            .map(|s| (s.id.as_str(), s.container.as_str()))
            .collect();
        assert_eq!(
            found,
            vec![
                ("interstitial", "InterstitialContainer"),
                ("footer", "FooterPromoContainer"),
                ("header", "HeaderPromoContainer"),
                ("pulse", "PulsePromoContainer"),
            ]
        );
        assert_eq!(slots[0].sizes, vec![(1, 1)]);
        assert!(slots[1..].iter().all(|s| s.sizes.is_empty()), "fluid");
    }

    #[test]
    fn each_custom_location_gets_a_prefixed_slot_with_its_mapping() {
        let mut mapping = BTreeMap::new();
        let entry = SizeMappingEntry {
            viewport_width: 0,
            sizes: vec![(300, 250)],
        };
        mapping.insert("sidebar".to_owned(), vec![entry.clone()]);
        let (slots, _) = slots(&[], &strings(&["sidebar", "lobby"]), &mapping);
        assert_eq!(slots[0].id, "WMP_sidebar");
        assert_eq!(slots[0].container, "sidebarCustomPromoContainer");
        assert_eq!(slots[0].size_mapping, vec![entry]);
        assert_eq!(slots[1].container, "lobbyCustomPromoContainer");
        assert!(slots[1].size_mapping.is_empty());
    }

    #[test]
    fn a_custom_location_keyed_interstitial_is_the_custom_interstitial() {
        let mut mapping = BTreeMap::new();
        let entry = SizeMappingEntry {
            viewport_width: 0,
            sizes: vec![(320, 480)],
        };
        mapping.insert(INTERSTITIAL.to_owned(), vec![entry.clone()]);
        let (slots, _) = slots(&[], &strings(&["interstitial", "lobby"]), &mapping);
        assert_eq!(slots[0].id, "WMP_interstitial");
        assert_eq!(slots[0].container, "interstitialCustomPromoContainer");
        assert_eq!(slots[0].sizes, vec![(1, 1)]);
        assert_eq!(slots[0].size_mapping, vec![entry]);
        assert!(slots[1].sizes.is_empty(), "other custom slots stay fluid");
    }

    #[test]
    fn unknown_locations_are_warned_about_and_duplicates_dropped() {
        let (slots, warnings) = slots(
            &strings(&["PAGES_TOP", "SIDEWAYS", "PAGES_TOP"]),
            &[],
            &BTreeMap::new(),
        );
        assert_eq!(slots.len(), 1);
        assert_eq!(warnings, vec!["Unknown ad location: SIDEWAYS"]);
    }
}
