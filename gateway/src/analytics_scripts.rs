//! The enterprise-analytics launch script (SPEC.md sections 4 "Consent" and 7
//! "Third-party loads"), configured by `ANALYTICS_LAUNCH_SCRIPT_URL`: the browser learns
//! its URL from the app data, and the Content-Security-Policy allows its origin.

use proto::config::ConfigError;

const VARIABLE: &str = "ANALYTICS_LAUNCH_SCRIPT_URL";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchScript {
    url: String,
    /// `scheme://host[:port]`: the script and what it loads next come from there.
    origin: String,
}

impl LaunchScript {
    /// `None` when the variable is unset or empty.
    pub fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<Option<LaunchScript>, ConfigError> {
        match lookup(VARIABLE).map(|value| value.trim().to_owned()) {
            None => Ok(None),
            Some(value) if value.is_empty() => Ok(None),
            Some(value) => LaunchScript::parse(&value).map(Some),
        }
    }

    /// An absolute https URL; plain http only on a loopback host (local setups).
    pub fn parse(url: &str) -> Result<LaunchScript, ConfigError> {
        let problem = |why: &str| ConfigError {
            variable: VARIABLE,
            problem: format!("'{url}' {why}"),
        };
        let (scheme, rest) = url
            .split_once("://")
            .ok_or_else(|| problem("is not an absolute URL"))?;
        let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
        let host = authority
            .rsplit_once(':')
            .map_or(authority, |(host, _)| host);
        let well_formed = !host.is_empty()
            && authority
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'));
        if !well_formed {
            return Err(problem("has no valid host"));
        }
        let loopback = matches!(host, "localhost" | "127.0.0.1");
        match scheme {
            "https" => {}
            "http" if loopback => {}
            _ => return Err(problem("must use https")),
        }
        if url
            .chars()
            .any(|c| c.is_whitespace() || c == '"' || c == '<')
        {
            return Err(problem("contains characters a URL may not"));
        }
        Ok(LaunchScript {
            url: url.to_owned(),
            origin: format!("{scheme}://{authority}"),
        })
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn origin(&self) -> &str {
        &self.origin
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_origin_is_the_scripts_scheme_host_and_port() {
        let script = LaunchScript::parse("https://assets.adobedtm.com/abc/launch-123.min.js")
            .expect("a valid URL");
        assert_eq!(script.origin(), "https://assets.adobedtm.com");
        let local = LaunchScript::parse("http://127.0.0.1:9000/launch.js").expect("loopback");
        assert_eq!(local.origin(), "http://127.0.0.1:9000");
    }

    #[test]
    fn unset_or_empty_means_no_launch_script() {
        assert_eq!(LaunchScript::from_lookup(&|_| None).expect("unset"), None);
        let empty = LaunchScript::from_lookup(&|_| Some("  ".to_owned())).expect("empty");
        assert_eq!(empty, None);
    }

    #[test]
    fn a_bad_url_names_the_variable_and_the_value() {
        for bad in [
            "assets.adobedtm.com/launch.js",
            "http://assets.adobedtm.com/launch.js",
            "ftp://assets.adobedtm.com/launch.js",
            "https:///launch.js",
            "https://evil.example; script-src */x.js",
            "https://a.example/x y.js",
        ] {
            let error = LaunchScript::parse(bad).expect_err(bad);
            assert_eq!(error.variable, VARIABLE);
            assert!(error.problem.contains(bad), "{}", error.problem);
        }
    }
}
