//! Consent receipts: the proof of one visitor's decision (when, under which regulation,
//! what was chosen, which policy version), checked before it is stored. The visitor's
//! IP address is never kept whole: only its network part is.

use std::collections::BTreeMap;
use std::net::IpAddr;

use crate::Error;

/// Longest regulation name, purpose or vendor name, and policy version accepted.
const MAX_NAME_LEN: usize = 64;
/// Most choices one receipt may carry.
const MAX_CHOICES: usize = 64;

/// A consent decision ready to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReceipt {
    pub regulation: String,
    pub choices: BTreeMap<String, bool>,
    pub policy_version: String,
    /// The truncated client address (IPv4 /24, IPv6 /48); empty when unknown.
    pub client_network: String,
}

impl NewReceipt {
    /// Checks every field; the error names the first bad one.
    pub fn parse(
        regulation: &str,
        choices: impl IntoIterator<Item = (String, bool)>,
        policy_version: &str,
        client_address: &str,
    ) -> Result<NewReceipt, Error> {
        let regulation = regulation.to_ascii_lowercase();
        if !is_name(&regulation) {
            return Err(invalid(
                "regulation",
                "required: letters, digits, '-' or '_', at most 64",
            ));
        }
        let policy_version = policy_version.to_owned();
        if policy_version.is_empty()
            || policy_version.chars().count() > MAX_NAME_LEN
            || policy_version.chars().any(char::is_control)
        {
            return Err(invalid(
                "policyVersion",
                "required, at most 64 characters without control characters",
            ));
        }
        let choices: BTreeMap<String, bool> = choices.into_iter().collect();
        if choices.is_empty() || choices.len() > MAX_CHOICES {
            return Err(invalid("choices", "between 1 and 64 choices"));
        }
        if let Some(name) = choices.keys().find(|name| !is_name(name)) {
            return Err(invalid(
                "choices",
                &format!("'{name}' is not a purpose or vendor name"),
            ));
        }
        Ok(NewReceipt {
            regulation,
            choices,
            policy_version,
            client_network: client_network(client_address),
        })
    }
}

fn invalid(field: &str, problem: &str) -> Error {
    Error::InvalidArgument(format!("{field}: {problem}"))
}

fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= MAX_NAME_LEN
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
}

/// The network part of an address: the last octet of IPv4 and all but the first 48
/// bits of IPv6 zeroed, so a receipt cannot name one household. Anything that is not
/// an address is dropped.
pub fn client_network(address: &str) -> String {
    match address.trim().parse::<IpAddr>() {
        Ok(IpAddr::V4(v4)) => {
            let [a, b, c, _] = v4.octets();
            format!("{a}.{b}.{c}.0")
        }
        Ok(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => client_network(&v4.to_string()),
            None => {
                let s = v6.segments();
                std::net::Ipv6Addr::new(s[0], s[1], s[2], 0, 0, 0, 0, 0).to_string()
            }
        },
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices(pairs: &[(&str, bool)]) -> Vec<(String, bool)> {
        pairs
            .iter()
            .map(|(name, granted)| ((*name).to_owned(), *granted))
            .collect()
    }

    #[test]
    fn a_client_address_keeps_only_its_network_part() {
        for (address, network) in [
            ("203.0.113.57", "203.0.113.0"),
            (" 10.1.2.3 ", "10.1.2.0"),
            ("2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"),
            ("::ffff:198.51.100.9", "198.51.100.0"),
            ("", ""),
            ("not an address", ""),
        ] {
            assert_eq!(client_network(address), network, "{address}");
        }
    }

    #[test]
    fn a_policy_version_of_64_characters_is_valid_whatever_their_bytes() {
        let version = "é".repeat(64);
        let receipt = NewReceipt::parse("gdpr", choices(&[("ads", true)]), &version, "")
            .expect("64 characters");
        assert_eq!(receipt.policy_version, version);
    }

    #[test]
    fn a_valid_receipt_is_normalised_and_never_holds_the_whole_address() {
        let receipt = NewReceipt::parse(
            "GDPR",
            choices(&[("analytics", true), ("ads", false)]),
            "2026-01",
            "192.0.2.44",
        )
        .expect("valid");
        assert_eq!(receipt.regulation, "gdpr");
        assert_eq!(receipt.choices.get("ads"), Some(&false));
        assert_eq!(receipt.client_network, "192.0.2.0");
    }

    #[test]
    fn each_bad_field_is_named() {
        let long = "x".repeat(65);
        let cases = [
            ("", choices(&[("ads", true)]), "1", "regulation"),
            ("gdpr!", choices(&[("ads", true)]), "1", "regulation"),
            // As the API's document says: no padding, and the length counts characters.
            (" gdpr", choices(&[("ads", true)]), "1", "regulation"),
            (
                "gdpr",
                choices(&[("ads", true)]),
                "2026\u{1}",
                "policyVersion",
            ),
            ("gdpr", choices(&[("ads", true)]), "", "policyVersion"),
            ("gdpr", choices(&[("ads", true)]), &long, "policyVersion"),
            ("gdpr", Vec::new(), "1", "choices"),
            ("gdpr", choices(&[("<script>", true)]), "1", "choices"),
        ];
        for (regulation, choices, version, field) in cases {
            let error = NewReceipt::parse(regulation, choices, version, "")
                .expect_err("invalid")
                .to_string();
            assert!(error.starts_with(field), "{error} should name {field}");
        }
    }
}
