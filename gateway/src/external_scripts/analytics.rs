//! The analytics scripts the gateway is configured with (docs/consent-and-ads.md#analytics):
//! the enterprise-analytics launch script
//! (`ANALYTICS_LAUNCH_SCRIPT_URL`) and the cinema-marketing web tracker keyed by a customer
//! id (`CINEMA_MARKETING_CUSTOMER_ID` with `CINEMA_MARKETING_SCRIPT_URL`; off by default,
//! as docs/consent-and-ads.md#analytics has it). The browser learns them from the app data, and the
//! Content-Security-Policy allows their origins.

use platform::config::ConfigError;

const LAUNCH_SCRIPT: &str = "ANALYTICS_LAUNCH_SCRIPT_URL";
const MARKETING_CUSTOMER: &str = "CINEMA_MARKETING_CUSTOMER_ID";
const MARKETING_SCRIPT: &str = "CINEMA_MARKETING_SCRIPT_URL";

/// What the gateway adds to every site's analytics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnalyticsScripts {
    pub launch_script: Option<ThirdPartyScript>,
    pub cinema_marketing: Option<CinemaMarketing>,
}

/// The cinema-marketing integration: its tracker script and the chain's customer id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CinemaMarketing {
    pub customer_id: String,
    pub script: ThirdPartyScript,
}

/// A script from another origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThirdPartyScript {
    url: String,
    /// `scheme://host[:port]`: the script and what it loads next come from there.
    origin: String,
}

impl AnalyticsScripts {
    pub fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<AnalyticsScripts, ConfigError> {
        let value = |variable: &str| {
            lookup(variable)
                .map(|value| value.trim().to_owned())
                .filter(|value| !value.is_empty())
        };
        let launch_script = value(LAUNCH_SCRIPT)
            .map(|url| ThirdPartyScript::parse(LAUNCH_SCRIPT, &url))
            .transpose()?;
        let cinema_marketing = match (value(MARKETING_CUSTOMER), value(MARKETING_SCRIPT)) {
            (None, None) => None,
            (Some(_), None) => return Err(needs(MARKETING_SCRIPT, MARKETING_CUSTOMER)),
            (None, Some(_)) => return Err(needs(MARKETING_CUSTOMER, MARKETING_SCRIPT)),
            (Some(customer_id), Some(url)) => Some(CinemaMarketing::parse(&customer_id, &url)?),
        };
        Ok(AnalyticsScripts {
            launch_script,
            cinema_marketing,
        })
    }

    /// The origins the policy opens for scripts and their connections.
    pub fn origins(&self) -> impl Iterator<Item = &str> {
        let marketing = self.cinema_marketing.as_ref().map(|m| &m.script);
        self.launch_script
            .iter()
            .chain(marketing)
            .map(ThirdPartyScript::origin)
    }
}

fn needs(missing: &'static str, given: &str) -> ConfigError {
    ConfigError {
        variable: missing,
        problem: format!("is needed once {given} is set"),
    }
}

impl CinemaMarketing {
    pub fn parse(customer_id: &str, script_url: &str) -> Result<CinemaMarketing, ConfigError> {
        let well_formed = customer_id.len() <= 64
            && customer_id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'));
        if !well_formed {
            return Err(ConfigError {
                variable: MARKETING_CUSTOMER,
                problem: format!("'{customer_id}' is not up to 64 letters, digits, '-' or '_'"),
            });
        }
        Ok(CinemaMarketing {
            customer_id: customer_id.to_owned(),
            script: ThirdPartyScript::parse(MARKETING_SCRIPT, script_url)?,
        })
    }
}

impl ThirdPartyScript {
    /// An absolute https URL; plain http only on a loopback host (local setups). Errors
    /// name `variable`.
    pub fn parse(variable: &'static str, url: &str) -> Result<ThirdPartyScript, ConfigError> {
        let problem = |why: &str| ConfigError {
            variable,
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
        Ok(ThirdPartyScript {
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

    fn from(pairs: &[(&str, &str)]) -> Result<AnalyticsScripts, ConfigError> {
        AnalyticsScripts::from_lookup(&|name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        })
    }

    #[test]
    fn the_origin_is_the_scripts_scheme_host_and_port() {
        let script = ThirdPartyScript::parse(
            LAUNCH_SCRIPT,
            "https://assets.adobedtm.com/abc/launch-123.min.js",
        )
        .expect("a valid URL");
        assert_eq!(script.origin(), "https://assets.adobedtm.com");
        let local = ThirdPartyScript::parse(LAUNCH_SCRIPT, "http://127.0.0.1:9000/launch.js")
            .expect("loopback");
        assert_eq!(local.origin(), "http://127.0.0.1:9000");
    }

    #[test]
    fn unset_or_empty_means_neither_script() {
        assert_eq!(from(&[]).expect("unset"), AnalyticsScripts::default());
        let empty = from(&[
            (LAUNCH_SCRIPT, "  "),
            (MARKETING_CUSTOMER, ""),
            (MARKETING_SCRIPT, " "),
        ])
        .expect("empty");
        assert_eq!(empty, AnalyticsScripts::default());
    }

    #[test]
    fn the_cinema_marketing_tracker_needs_both_its_customer_and_its_script() {
        let scripts = from(&[
            (MARKETING_CUSTOMER, "marquee-42"),
            (
                MARKETING_SCRIPT,
                "https://tracker.cinema-marketing.example/web.js",
            ),
        ])
        .expect("both set");
        let marketing = scripts.cinema_marketing.as_ref().expect("on");
        assert_eq!(marketing.customer_id, "marquee-42");
        assert_eq!(
            scripts.origins().collect::<Vec<_>>(),
            vec!["https://tracker.cinema-marketing.example"]
        );
        let alone = from(&[(MARKETING_CUSTOMER, "marquee-42")]).expect_err("no script");
        assert_eq!(alone.variable, MARKETING_SCRIPT);
        let alone = from(&[(MARKETING_SCRIPT, "https://t.example/web.js")]).expect_err("no id");
        assert_eq!(alone.variable, MARKETING_CUSTOMER);
        let bad = from(&[
            (MARKETING_CUSTOMER, "a b\"c"),
            (MARKETING_SCRIPT, "https://t.example/web.js"),
        ])
        .expect_err("a bad id");
        assert_eq!(bad.variable, MARKETING_CUSTOMER);
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
            let error = ThirdPartyScript::parse(LAUNCH_SCRIPT, bad).expect_err(bad);
            assert_eq!(error.variable, LAUNCH_SCRIPT);
            assert!(error.problem.contains(bad), "{}", error.problem);
        }
    }
}
