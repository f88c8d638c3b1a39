//! Custom size mapping (docs/consent-and-ads.md#size-mapping): adsCustom.sizeMapping, a
//! JSON object keyed by location ('interstitial' or a configured location key), each value
//! an object of viewport widths to lists of [width, height] sizes.

use std::collections::BTreeMap;

use serde_json::Value;

pub const INTERSTITIAL: &str = "interstitial";

/// One viewport width and the sizes served from it up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizeMappingEntry {
    pub viewport_width: u32,
    pub sizes: Vec<(u32, u32)>,
}

/// The mapping per location, plus the warnings the spec asks for.
#[derive(Debug, Default, PartialEq)]
pub struct ParsedSizeMapping {
    pub by_location: BTreeMap<String, Vec<SizeMappingEntry>>,
    pub warnings: Vec<String>,
}

pub fn parse(text: &str, location_keys: &[String]) -> ParsedSizeMapping {
    let mut parsed = ParsedSizeMapping::default();
    if text.trim().is_empty() {
        return parsed;
    }
    let Ok(Value::Object(locations)) = serde_json::from_str::<Value>(text) else {
        parsed
            .warnings
            .push("Error parsing size mapping".to_owned());
        return parsed;
    };
    for (key, value) in locations {
        let known = key == INTERSTITIAL || location_keys.contains(&key);
        if !known {
            continue;
        }
        let Value::Object(widths) = value else {
            parsed
                .warnings
                .push(format!("Invalid size mapping for ad location: {key}"));
            continue;
        };
        let mut entries: Vec<SizeMappingEntry> = widths
            .iter()
            .filter_map(|(width, sizes)| {
                let viewport_width = width.parse::<u32>().ok()?;
                Some(SizeMappingEntry {
                    viewport_width,
                    sizes: sizes_of(sizes),
                })
            })
            .collect();
        entries.sort_by_key(|entry| std::cmp::Reverse(entry.viewport_width));
        parsed.by_location.insert(key, entries);
    }
    parsed
}

/// The [width, height] pairs of a list, in order, each once.
fn sizes_of(value: &Value) -> Vec<(u32, u32)> {
    let mut sizes = Vec::new();
    for size in value.as_array().into_iter().flatten() {
        let pair = size.as_array().and_then(|pair| match pair.as_slice() {
            [w, h] => Some((
                u32::try_from(w.as_u64()?).ok()?,
                u32::try_from(h.as_u64()?).ok()?,
            )),
            _ => None,
        });
        if let Some(pair) = pair
            && !sizes.contains(&pair)
        {
            sizes.push(pair);
        }
    }
    sizes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> Vec<String> {
        vec!["sidebar".to_owned()]
    }

    #[test]
    fn widths_are_applied_in_descending_order_with_duplicates_merged() {
        let parsed = parse(
            r#"{"sidebar": {"0": [[300,250]], "1024": [[728,90],[728,90],[970,250]], "768": [[468,60]]}}"#,
            &keys(),
        );
        assert!(parsed.warnings.is_empty());
        let widths: Vec<u32> = parsed.by_location["sidebar"]
            .iter()
            .map(|e| e.viewport_width)
            .collect();
        assert_eq!(widths, vec![1024, 768, 0]);
        assert_eq!(
            parsed.by_location["sidebar"][0].sizes,
            vec![(728, 90), (970, 250)]
        );
    }

    #[test]
    fn unknown_locations_and_non_numeric_widths_are_ignored() {
        let parsed = parse(
            r#"{"elsewhere": {"0": [[1,1]]}, "interstitial": {"wide": [[1,1]], "0": [[320,480]]}}"#,
            &keys(),
        );
        assert!(parsed.warnings.is_empty());
        assert!(!parsed.by_location.contains_key("elsewhere"));
        assert_eq!(
            parsed.by_location["interstitial"],
            vec![SizeMappingEntry {
                viewport_width: 0,
                sizes: vec![(320, 480)]
            }]
        );
    }

    #[test]
    fn a_location_whose_value_is_not_an_object_is_skipped_with_a_warning() {
        let parsed = parse(
            r#"{"sidebar": [[300,250]], "interstitial": {"0": [[1,1]]}}"#,
            &keys(),
        );
        assert_eq!(
            parsed.warnings,
            vec!["Invalid size mapping for ad location: sidebar"]
        );
        assert!(!parsed.by_location.contains_key("sidebar"));
        assert!(parsed.by_location.contains_key("interstitial"));
    }

    #[test]
    fn text_that_is_not_a_json_object_applies_no_mapping() {
        for text in ["{not json", "[1,2]", "\"x\""] {
            let parsed = parse(text, &keys());
            assert_eq!(
                parsed.warnings,
                vec!["Error parsing size mapping"],
                "{text}"
            );
            assert!(parsed.by_location.is_empty());
        }
        assert_eq!(parse("  ", &keys()), ParsedSizeMapping::default());
    }
}
