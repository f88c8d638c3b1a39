//! Staff members as the studio knows them: an e-mail address (how they are invited and
//! sign in) and a name.

/// An e-mail address as given, trimmed and lower-cased: one staff member per address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffEmail(String);

impl StaffEmail {
    /// The longest address accepted (RFC 5321's path limit).
    const MAX_LEN: usize = 254;

    pub fn parse(text: &str) -> Result<StaffEmail, String> {
        let email = text.trim().to_lowercase();
        let valid = email.len() <= Self::MAX_LEN
            && email.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty()
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
            })
            && !email.chars().any(|c| c.is_whitespace() || c.is_control());
        if valid {
            Ok(StaffEmail(email))
        } else {
            Err(format!("email: '{}' is not an e-mail address", text.trim()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A staff member's name as they give it: 1 to 100 characters, trimmed.
pub fn parse_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err("name: 1 to 100 characters, no control characters".to_owned());
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_kept_lower_cased_and_a_malformed_one_is_named() {
        assert_eq!(
            StaffEmail::parse(" Ana@Chain.Example ")
                .expect("valid")
                .as_str(),
            "ana@chain.example"
        );
        for bad in [
            "",
            "ana",
            "ana@",
            "@chain.example",
            "ana@chain",
            "a na@chain.example",
        ] {
            let problem = StaffEmail::parse(bad).expect_err(bad);
            assert!(problem.starts_with("email: "), "{problem}");
        }
    }

    #[test]
    fn a_name_is_one_to_a_hundred_characters() {
        assert_eq!(parse_name("  Ana Ruiz ").expect("valid"), "Ana Ruiz");
        assert!(parse_name(" ").is_err());
        assert!(parse_name(&"a".repeat(101)).is_err());
    }
}
