//! docs/consent-and-ads.md#consent-state: the consent state under the visitor's privacy
//! regulation, and whether trackers may run.

use std::collections::HashMap;

/// Privacy regulations, in the order they are checked.
pub const REGULATIONS: [&str; 7] = ["gdpr", "ccpa", "cpra", "cpa", "ctdpa", "vcdpa", "tdpsa"];

/// The analytics vendors whose consent counts under GDPR: web analytics, the search
/// company's analytics and enterprise analytics.
pub const REQUIRED_GDPR_VENDORS: [&str; 3] = ["google-analytics", "bing", "adobe-analytics"];

pub use proto::vocabulary::ConsentState;

/// What the consent manager reports.
#[derive(Debug, Clone, Default)]
pub struct ConsentReport {
    pub regulation: String,
    pub consent_required: bool,
    /// Vendor -> granted (true), refused (false); absent or `None` = not decided.
    pub vendors: HashMap<String, Option<bool>>,
    pub do_not_sell: bool,
    /// The consent manager is on (a notice id is configured and no build flag turns it off).
    pub cmp_enabled: bool,
    /// An enterprise-analytics launch script is configured and the manager is ready.
    pub launch_script_ready: bool,
}

/// The regulation that applies: the first of [`REGULATIONS`], in that order, that the
/// report names. A consent manager may report several, separated by commas or spaces.
pub fn regulation(report: &ConsentReport) -> Option<&'static str> {
    let named = report.regulation.to_ascii_lowercase();
    let named: Vec<&str> = named
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|name| !name.is_empty())
        .collect();
    REGULATIONS
        .into_iter()
        .find(|regulation| named.contains(regulation))
}

pub fn state(report: &ConsentReport) -> ConsentState {
    match regulation(report) {
        Some("gdpr") => gdpr_state(report),
        Some("ccpa" | "cpra") => {
            if report.do_not_sell {
                ConsentState::Denied
            } else {
                ConsentState::Granted
            }
        }
        _ => ConsentState::Granted,
    }
}

fn gdpr_state(report: &ConsentReport) -> ConsentState {
    if !report.consent_required {
        return ConsentState::Granted;
    }
    let statuses: Vec<Option<bool>> = REQUIRED_GDPR_VENDORS
        .iter()
        .map(|vendor| report.vendors.get(*vendor).copied().flatten())
        .collect();
    if statuses.contains(&Some(false)) {
        ConsentState::Denied
    } else if statuses.iter().all(|status| *status == Some(true)) {
        ConsentState::Granted
    } else {
        ConsentState::Undetermined
    }
}

/// Trackers run with consent, without a consent manager, or once an enterprise
/// launch script is configured and the manager is ready.
pub fn trackers_enabled(report: &ConsentReport, state: ConsentState) -> bool {
    state == ConsentState::Granted || !report.cmp_enabled || report.launch_script_ready
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gdpr(required: bool, vendors: &[(&str, Option<bool>)]) -> ConsentReport {
        ConsentReport {
            regulation: "gdpr".to_owned(),
            consent_required: required,
            vendors: vendors.iter().map(|(v, s)| ((*v).to_owned(), *s)).collect(),
            cmp_enabled: true,
            ..Default::default()
        }
    }

    #[test]
    fn under_gdpr_only_the_required_analytics_vendors_count() {
        use ConsentState::*;
        let all = |status| {
            vec![
                ("google-analytics", status),
                ("bing", status),
                ("adobe-analytics", status),
            ]
        };
        let cases = [
            (gdpr(false, &[]), Granted),
            (gdpr(true, &all(Some(true))), Granted),
            (gdpr(true, &all(None)), Undetermined),
            (gdpr(true, &[]), Undetermined),
            (
                gdpr(
                    true,
                    &[
                        ("google-analytics", Some(true)),
                        ("bing", Some(false)),
                        ("adobe-analytics", None),
                    ],
                ),
                Denied,
            ),
            (
                gdpr(
                    true,
                    &[
                        ("google-analytics", Some(true)),
                        ("bing", Some(true)),
                        ("adobe-analytics", None),
                    ],
                ),
                Undetermined,
            ),
            (
                gdpr(
                    true,
                    &[
                        ("google-analytics", Some(true)),
                        ("bing", Some(true)),
                        ("adobe-analytics", Some(true)),
                        ("some-ad-network", Some(false)),
                    ],
                ),
                Granted,
            ),
        ];
        for (index, (report, expected)) in cases.iter().enumerate() {
            assert_eq!(state(report), *expected, "case {index}");
        }
    }

    #[test]
    fn under_ccpa_and_cpra_consent_holds_unless_do_not_sell() {
        for regulation in ["ccpa", "CPRA"] {
            let mut report = ConsentReport {
                regulation: regulation.to_owned(),
                ..Default::default()
            };
            assert_eq!(state(&report), ConsentState::Granted, "{regulation}");
            report.do_not_sell = true;
            assert_eq!(state(&report), ConsentState::Denied, "{regulation}");
        }
    }

    #[test]
    fn any_other_regime_is_granted() {
        for regulation in ["cpa", "ctdpa", "vcdpa", "tdpsa", "lgpd", ""] {
            let report = ConsentReport {
                regulation: regulation.to_owned(),
                do_not_sell: true,
                consent_required: true,
                ..Default::default()
            };
            assert_eq!(state(&report), ConsentState::Granted, "{regulation}");
        }
    }

    #[test]
    fn regulations_are_recognised_in_the_spec_order() {
        let named = |text: &str| {
            regulation(&ConsentReport {
                regulation: text.to_owned(),
                ..Default::default()
            })
        };
        for (text, expected) in [
            (" GDPR ", Some("gdpr")),
            ("tdpsa", Some("tdpsa")),
            ("pipeda", None),
            ("", None),
            ("ccpa,gdpr", Some("gdpr")),
            ("tdpsa cpa", Some("cpa")),
            ("vcdpa, ctdpa", Some("ctdpa")),
            ("cpra ccpa", Some("ccpa")),
        ] {
            assert_eq!(named(text), expected, "{text}");
        }
    }

    #[test]
    fn trackers_need_consent_unless_the_manager_is_off_or_the_launch_script_is_ready() {
        let mut report = gdpr(true, &[]);
        assert!(!trackers_enabled(&report, ConsentState::Undetermined));
        assert!(!trackers_enabled(&report, ConsentState::Denied));
        assert!(trackers_enabled(&report, ConsentState::Granted));
        report.launch_script_ready = true;
        assert!(trackers_enabled(&report, ConsentState::Denied));
        report.launch_script_ready = false;
        report.cmp_enabled = false;
        assert!(trackers_enabled(&report, ConsentState::Undetermined));
    }
}
